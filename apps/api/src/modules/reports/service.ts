// Reports (issue 13 part B): every figure is one SQL aggregate over the caller's bookings whose showing
// starts within the range, in the agent's time zone (a day is the agent's day: `AT TIME ZONE`). The range's
// bounds are turned into instants by PostgreSQL, so the (agent_id, starts_at) index does the selecting.
// Each report is one statement: the scoped rows once (a materialised CTE), then every aggregate over them.
import { sql, type SQL } from 'drizzle-orm';
import { BOOKING_STATUSES } from '@keyturn/domain/enums';
import {
  BENCHMARK_MIN_AGENTS,
  benchmarksAvailable,
  BOOKED_STATUSES,
  HELD_STATUSES,
  LEAD_TIME_BUCKETS,
  rate,
} from '@keyturn/domain/insights/reportRules';
import type { Benchmarks, CoreReport, ReportBreakdowns, ReportRange } from '@keyturn/domain/schemas/reports';
import type { Db } from '../../db/client';
import { classesByWeek, hotLeadsJson, rangeLeads, rangeWeeks } from '../leads/classes';

export type ReportAgent = { id: string; timeZone: string };

/** A Postgres array literal of constant words from the domain package (never user input). */
const list = (values: readonly string[]) => `{${values.join(',')}}`;

/**
 * The leads the lead classifier (classify.ts, run in TypeScript by ../leads/classes) calls hot as of the range's
 * end, as a relation `hot_leads(agent_id, email)` built from their JSON list.
 */
const hotLeads = (json: string) =>
  sql`hot_leads as materialized (
      select * from jsonb_to_recordset(${json}::jsonb) as h(agent_id uuid, email text))`;

/**
 * The caller's bookings whose showing starts within the range (agent-zone days), with their feedback: the
 * status, the `columns` a report needs, and whether the booking counts as booked, has feedback, is hot (has
 * feedback, and its buyer is a hot lead as of the range's end).
 */
function scoped(agent: ReportAgent, range: ReportRange, columns: SQL, hotJson: string): SQL {
  const tz = agent.timeZone;
  return sql`
    ${hotLeads(hotJson)},
    scoped as materialized (
      select b.status, ${columns},
             b.status = any(${list(BOOKED_STATUSES)}::text[]) as booked,
             f.id is not null as has_feedback,
             (f.id is not null and h.email is not null) as hot
      from bookings b
      left join feedback f on f.booking_id = b.id and f.agent_id = b.agent_id
      left join hot_leads h on h.agent_id = b.agent_id and h.email = lower(b.client_email)
      where b.agent_id = ${agent.id}
        and b.starts_at >= (${range.from}::date)::timestamp at time zone ${tz}
        and b.starts_at < (${range.to}::date + 1)::timestamp at time zone ${tz}
    )`;
}

const showed = sql.raw(`(s.status = 'completed' or s.has_feedback)`);

/** Per-status counts of the scoped rows grouped by day, then each status read back (0 for a day without any). */
const statusCounts = sql.raw(
  BOOKING_STATUSES.map((status) => `count(*) filter (where s.status = '${status}')::int as ${status}`).join(
    ', ',
  ),
);
const statusColumns = sql.raw(
  BOOKING_STATUSES.map((status) => `coalesce(c.${status}, 0) as ${status}`).join(', '),
);

type RawCore = {
  bookings_by_day: CoreReport['bookings_by_day'];
  showings_by_property: CoreReport['showings_by_property'];
  funnel: CoreReport['funnel'];
  no_shows: number;
  outcomes: number;
  cancellations: number;
  cancellation_reasons: CoreReport['cancellation_reasons'];
  weekdays: CoreReport['weekdays'];
  hours: CoreReport['hours'];
};

/** The Reports page's core figures (every plan). */
export async function coreReport(db: Db, agent: ReportAgent, range: ReportRange): Promise<CoreReport> {
  const [{ leads, end }, weeks] = await Promise.all([
    rangeLeads(db, { agentId: agent.id, timeZone: agent.timeZone }, range),
    rangeWeeks(db, agent.timeZone, range),
  ]);
  const result = await db.execute<RawCore>(sql`
    with ${scoped(agent, range, sql`b.property_id, b.cancel_reason, (b.starts_at at time zone ${agent.timeZone}) as local_start`, hotLeadsJson(leads, end))}
    select
      (select coalesce(json_agg(d order by d.date), '[]'::json) from (
         select to_char(day, 'YYYY-MM-DD') as date, coalesce(c.total, 0) as total, ${statusColumns}
         from generate_series(${range.from}::timestamp, ${range.to}::timestamp, interval '1 day') as day
         left join (select s.local_start::date as k, count(*)::int as total, ${statusCounts}
                    from scoped s group by 1) c on c.k = day::date
         ) d) as bookings_by_day,
      (select coalesce(json_agg(p order by p.bookings desc, p.address), '[]'::json) from (
         select s.property_id, pr.address, count(*)::int as bookings,
                count(*) filter (where s.status = 'completed')::int as completed,
                count(*) filter (where s.status = 'no_show')::int as no_show,
                count(*) filter (where s.status = 'cancelled')::int as cancelled
         from scoped s
         left join properties pr on pr.id = s.property_id and pr.agent_id = ${agent.id}
         where s.booked
         group by s.property_id, pr.address) p) as showings_by_property,
      (select json_build_object(
         'booked', count(*) filter (where s.booked),
         'showed', count(*) filter (where s.booked and ${showed}),
         'feedback', count(*) filter (where s.booked and s.has_feedback),
         'hot', count(*) filter (where s.booked and s.hot)) from scoped s) as funnel,
      (select count(*) filter (where s.status = 'no_show')::int from scoped s) as no_shows,
      (select count(*) filter (where s.status in ('completed', 'no_show'))::int from scoped s) as outcomes,
      (select count(*) filter (where s.status = 'cancelled')::int from scoped s) as cancellations,
      (select coalesce(json_agg(r order by r.count desc, r.reason nulls last), '[]'::json) from (
         select nullif(btrim(s.cancel_reason), '') as reason, count(*)::int as count
         from scoped s where s.status = 'cancelled' group by 1) r) as cancellation_reasons,
      (select json_agg(w order by w.day) from (
         select d as day, coalesce(c.n, 0) as count
         from generate_series(0, 6) as d
         left join (select extract(dow from s.local_start)::int as k, count(*)::int as n
                    from scoped s where s.status = any(${list(HELD_STATUSES)}::text[]) group by 1) c on c.k = d
         ) w) as weekdays,
      (select json_agg(h order by h.hour) from (
         select d as hour, coalesce(c.n, 0) as count
         from generate_series(0, 23) as d
         left join (select extract(hour from s.local_start)::int as k, count(*)::int as n
                    from scoped s where s.status = any(${list(HELD_STATUSES)}::text[]) group by 1) c on c.k = d
         ) h) as hours
  `);
  const row = result.rows[0]!;
  const booked = row.funnel.booked;
  return {
    success: true as const,
    range: { ...range, time_zone: agent.timeZone },
    bookings_by_day: row.bookings_by_day,
    showings_by_property: row.showings_by_property,
    funnel: row.funnel,
    rates: {
      no_show: { count: row.no_shows, of: row.outcomes, rate: rate(row.no_shows, row.outcomes) },
      cancellation: { count: row.cancellations, of: booked, rate: rate(row.cancellations, booked) },
    },
    cancellation_reasons: row.cancellation_reasons,
    weekdays: row.weekdays,
    hours: row.hours,
    lead_classes_by_week: classesByWeek(leads, weeks),
  };
}

type RawBreakdowns = Omit<ReportBreakdowns, 'success' | 'range'>;

function breakdownBy(key: SQL): SQL {
  return sql`(select coalesce(json_agg(x order by x.booked desc, x.key nulls last), '[]'::json) from (
      select ${key} as key, count(*)::int as booked,
             count(*) filter (where ${showed})::int as showed,
             count(*) filter (where s.hot)::int as hot
      from scoped s where s.booked group by 1) x)`;
}

/** Lead time in days (showing start − booking time), bucketed by LEAD_TIME_BUCKETS. */
const leadTimeCase = sql.raw(
  `case ${LEAD_TIME_BUCKETS.map((b) =>
    b.maxDays === null
      ? `else '${b.key}'`
      : `when s.starts_at - s.created_at < interval '${b.maxDays} days' then '${b.key}'`,
  ).join(' ')} end`,
);

/** Professional and Enterprise: the funnel split by buyer type, purpose and budget; how far ahead buyers book. */
export async function reportBreakdowns(
  db: Db,
  agent: ReportAgent,
  range: ReportRange,
): Promise<ReportBreakdowns> {
  const { leads, end } = await rangeLeads(db, { agentId: agent.id, timeZone: agent.timeZone }, range);
  const result = await db.execute<RawBreakdowns>(sql`
    with ${scoped(agent, range, sql`b.buyer_type, b.booking_purpose, b.budget_min, b.budget_max, b.created_at, b.starts_at`, hotLeadsJson(leads, end))}
    select
      ${breakdownBy(sql`s.buyer_type`)} as by_buyer_type,
      ${breakdownBy(sql`s.booking_purpose`)} as by_purpose,
      ${breakdownBy(
        sql`case when s.budget_min is null then null
                 when s.budget_max is null then s.budget_min || '+'
                 else s.budget_min || '-' || s.budget_max end`,
      )} as by_budget,
      (select json_agg(l order by l.ord) from (
         select b.ord, b.bucket, count(s.bucket)::int as count
         from unnest(${list(LEAD_TIME_BUCKETS.map((b) => b.key))}::text[]) with ordinality as b(bucket, ord)
         left join (select ${leadTimeCase} as bucket from scoped s where s.booked) s on s.bucket = b.bucket
         group by b.ord, b.bucket) l) as lead_time
  `);
  const row = result.rows[0]!;
  return {
    success: true as const,
    range: { ...range, time_zone: agent.timeZone },
    by_buyer_type: row.by_buyer_type,
    by_purpose: row.by_purpose,
    by_budget: row.by_budget,
    lead_time: row.lead_time.map(({ bucket, count }) => ({ bucket, count })),
  };
}

type RawBenchmarks = {
  contributors: number;
  agent: Benchmarks['agent'] | null;
  installation: Benchmarks['agent'];
};

/**
 * Enterprise: the caller's conversion, no-show rate, feedback response rate and lead time against the median
 * of every agent on the installation with a booked showing in the same span of time (the caller's range, read
 * in the caller's zone). Only medians leave the database; below BENCHMARK_MIN_AGENTS contributors none at all.
 */
export async function benchmarks(db: Db, agent: ReportAgent, range: ReportRange): Promise<Benchmarks> {
  const tz = agent.timeZone;
  const { leads, end } = await rangeLeads(db, { agentId: null, timeZone: tz }, range);
  const result = await db.execute<RawBenchmarks>(sql`
    with ${hotLeads(hotLeadsJson(leads, end))},
    per_agent as (
      select b.agent_id,
             count(*) as booked,
             count(*) filter (where b.status = 'completed' or f.id is not null) as showed,
             count(f.id) as feedback,
             count(*) filter (where f.id is not null and h.email is not null) as hot,
             count(*) filter (where b.status = 'no_show') as no_shows,
             count(*) filter (where b.status in ('completed', 'no_show')) as outcomes,
             percentile_cont(0.5) within group (order by extract(epoch from b.starts_at - b.created_at) / 86400)
               as lead_time_days
      from bookings b
      left join feedback f on f.booking_id = b.id and f.agent_id = b.agent_id
      left join hot_leads h on h.agent_id = b.agent_id and h.email = lower(b.client_email)
      where b.status = any(${list(BOOKED_STATUSES)}::text[])
        and b.starts_at >= (${range.from}::date)::timestamp at time zone ${tz}
        and b.starts_at < (${range.to}::date + 1)::timestamp at time zone ${tz}
      group by b.agent_id
    ),
    measures as (
      select agent_id,
             round((hot::numeric / booked), 4)::float8 as conversion,
             case when outcomes > 0 then round(no_shows::numeric / outcomes, 4)::float8 end as no_show_rate,
             case when showed > 0 then round(feedback::numeric / showed, 4)::float8 end as feedback_rate,
             round(lead_time_days::numeric, 1)::float8 as lead_time_days
      from per_agent
    )
    select
      (select count(*)::int from measures) as contributors,
      (select json_build_object('conversion', conversion, 'no_show_rate', no_show_rate,
                                'feedback_rate', feedback_rate, 'lead_time_days', lead_time_days)
         from measures where agent_id = ${agent.id}) as agent,
      (select json_build_object(
         'conversion', round(percentile_cont(0.5) within group (order by conversion)::numeric, 4),
         'no_show_rate', round(percentile_cont(0.5) within group (order by no_show_rate)::numeric, 4),
         'feedback_rate', round(percentile_cont(0.5) within group (order by feedback_rate)::numeric, 4),
         'lead_time_days', round(percentile_cont(0.5) within group (order by lead_time_days)::numeric, 1))
         from measures) as installation
  `);
  const row = result.rows[0]!;
  const none = { conversion: null, no_show_rate: null, feedback_rate: null, lead_time_days: null };
  return {
    success: true as const,
    range: { ...range, time_zone: tz },
    contributors: row.contributors,
    minimum: BENCHMARK_MIN_AGENTS,
    agent: row.agent ?? none,
    installation: benchmarksAvailable(row.contributors) ? row.installation : null,
  };
}
