// Reports (issue 13 part B): every figure is one SQL aggregate over the caller's bookings whose showing
// starts within the range, in the agent's time zone (a day is the agent's day: `AT TIME ZONE`). The range's
// bounds are turned into instants by PostgreSQL, so the (agent_id, starts_at) index does the selecting.
// Each report is one statement: the scoped rows once (a materialised CTE), then every aggregate over them.
// Lead classes ("hot", the classes per week) are read from the stored class history (lead_class_history,
// written by ../leads/classes.ts with the one lead classifier when a lead's facts change): no classifying here.
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
import { classAt } from '../leads/classes';

export type ReportAgent = { id: string; timeZone: string };

/** A Postgres array literal of constant words from the domain package (never user input). */
const list = (values: readonly string[]) => `{${values.join(',')}}`;

/** The range's first and last instants (exclusive): agent-zone midnights, decided by PostgreSQL. */
const rangeStart = (range: ReportRange, tz: string) =>
  sql`((${range.from}::date)::timestamp at time zone ${tz})`;
const rangeEnd = (range: ReportRange, tz: string) =>
  sql`((${range.to}::date + 1)::timestamp at time zone ${tz})`;

/**
 * The caller's bookings whose showing starts within the range (agent-zone days), with their feedback: the
 * status, the `columns` a report needs, the lead (lower-cased e-mail), and whether the booking counts as
 * booked and has feedback. Then the range's leads — those with a booked showing in the range, booked before
 * the range ended, with the first such showing — and of them the hot ones: the lead classifier's class as
 * of the range's end (the stored class history's row holding that instant) is hot.
 */
function scoped(agent: ReportAgent, range: ReportRange, columns: SQL): SQL {
  const tz = agent.timeZone;
  return sql`
    scoped as materialized (
      select b.status, ${columns}, lower(b.client_email) as email, b.starts_at, b.created_at,
             b.status = any(${list(BOOKED_STATUSES)}::text[]) as booked,
             f.id is not null as has_feedback
      from bookings b
      left join feedback f on f.booking_id = b.id and f.agent_id = b.agent_id
      where b.agent_id = ${agent.id}
        and b.starts_at >= ${rangeStart(range, tz)}
        and b.starts_at < ${rangeEnd(range, tz)}
    ),
    range_leads as materialized (
      select s.email, min(s.starts_at) as first_in_range
      from scoped s where s.booked and s.created_at < ${rangeEnd(range, tz)}
      group by s.email
    ),
    hot_leads as materialized (
      select r.email from range_leads r
      join leads l on l.agent_id = ${agent.id} and l.email = r.email
      join lead_class_history h on h.lead_id = l.id
      where h.class = 'hot' and ${classAt('dated', rangeEnd(range, tz))}
    )`;
}

/** Rule "hot" of the funnel: a showing with feedback whose buyer is a hot lead as of the range's end. */
const hot = sql.raw(`(s.has_feedback and s.email in (select email from hot_leads))`);
const showed = sql.raw(`(s.status = 'completed' or s.has_feedback)`);

/**
 * The range's weeks in the agent's zone (Monday to Sunday, the first and last cut to the range), numbered
 * from 0, and per week how many of the range's leads are in each class as of the week's end — the leads
 * whose first booked showing in the range started before it. Each stored history row of a range lead holds
 * its class for a span of instants; the week ends in that span (and after the lead's first showing) are a
 * run of week numbers, found with width_bucket over the sorted week ends: +1 where the run starts, −1 after
 * it ends, summed up to each week.
 */
function classesByWeek(agent: ReportAgent, range: ReportRange): SQL {
  const tz = agent.timeZone;
  return sql`
    weeks as materialized (
      select (row_number() over (order by w.start))::int - 1 as k,
             to_char(w.start, 'YYYY-MM-DD') as week_start, to_char(w.last, 'YYYY-MM-DD') as week_end,
             (w.last + 1)::timestamp at time zone ${tz} as ends_at
      from (
        select d::date as start,
               least(coalesce(lead(d::date) over (order by d) - 1, ${range.to}::date), ${range.to}::date) as last
        from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') as d
        where d = ${range.from}::date or extract(isodow from d) = 1
      ) w
    ),
    week_ends as (select array_agg(ends_at order by k) as a, count(*)::int as n from weeks),
    spans as (
      select h.class,
             greatest(width_bucket(r.first_in_range, e.a),
                      width_bucket(h.valid_from - interval '1 microsecond', e.a)) as k_from,
             coalesce(width_bucket(h.valid_until - interval '1 microsecond', e.a), e.n) as k_to
      from range_leads r
      join leads l on l.agent_id = ${agent.id} and l.email = r.email
      join lead_class_history h on h.lead_id = l.id and h.kind = 'dated'
      cross join week_ends e
    ),
    class_steps as (
      select k, class, sum(step)::int as step from (
        select k_from as k, class, 1 as step from spans where k_from < k_to
        union all
        select k_to, class, -1 from spans where k_from < k_to
      ) x group by k, class
    )`;
}

const weeklyClasses = sql.raw(`(select json_agg(json_build_object(
      'week_start', w.week_start, 'week_end', w.week_end,
      'hot', (select coalesce(sum(c.step), 0) from class_steps c where c.class = 'hot' and c.k <= w.k),
      'potential', (select coalesce(sum(c.step), 0) from class_steps c where c.class = 'potential' and c.k <= w.k),
      'cold', (select coalesce(sum(c.step), 0) from class_steps c where c.class = 'cold' and c.k <= w.k)
    ) order by w.k) from weeks w)`);

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
  lead_classes_by_week: CoreReport['lead_classes_by_week'];
};

/** The Reports page's core figures (every plan). */
export async function coreReport(db: Db, agent: ReportAgent, range: ReportRange): Promise<CoreReport> {
  const result = await db.execute<RawCore>(sql`
    with ${scoped(agent, range, sql`b.property_id, b.cancel_reason, (b.starts_at at time zone ${agent.timeZone}) as local_start`)},
    ${classesByWeek(agent, range)}
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
         'hot', count(*) filter (where s.booked and ${hot})) from scoped s) as funnel,
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
         ) h) as hours,
      ${weeklyClasses} as lead_classes_by_week
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
    lead_classes_by_week: row.lead_classes_by_week,
  };
}

type RawBreakdowns = Omit<ReportBreakdowns, 'success' | 'range'>;

function breakdownBy(key: SQL): SQL {
  return sql`(select coalesce(json_agg(x order by x.booked desc, x.key nulls last), '[]'::json) from (
      select ${key} as key, count(*)::int as booked,
             count(*) filter (where ${showed})::int as showed,
             count(*) filter (where ${hot})::int as hot
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
  const result = await db.execute<RawBreakdowns>(sql`
    with ${scoped(agent, range, sql`b.buyer_type, b.booking_purpose, b.budget_min, b.budget_max`)}
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
  const result = await db.execute<RawBenchmarks>(sql`
    with scoped as materialized (
      select b.agent_id, lower(b.client_email) as email, b.status, b.starts_at, b.created_at,
             f.id is not null as has_feedback
      from bookings b
      left join feedback f on f.booking_id = b.id and f.agent_id = b.agent_id
      where b.status = any(${list(BOOKED_STATUSES)}::text[])
        and b.starts_at >= ${rangeStart(range, tz)}
        and b.starts_at < ${rangeEnd(range, tz)}
    ),
    hot_leads as materialized (
      select l.agent_id, l.email
      from (select distinct s.agent_id, s.email from scoped s where s.created_at < ${rangeEnd(range, tz)}) r
      join leads l on l.agent_id = r.agent_id and l.email = r.email
      join lead_class_history h on h.lead_id = l.id
      where h.class = 'hot' and ${classAt('dated', rangeEnd(range, tz))}
    ),
    per_agent as (
      select s.agent_id,
             count(*) as booked,
             count(*) filter (where s.status = 'completed' or s.has_feedback) as showed,
             count(*) filter (where s.has_feedback) as feedback,
             count(*) filter (where s.has_feedback and h.email is not null) as hot,
             count(*) filter (where s.status = 'no_show') as no_shows,
             count(*) filter (where s.status in ('completed', 'no_show')) as outcomes,
             percentile_cont(0.5) within group (order by extract(epoch from s.starts_at - s.created_at) / 86400)
               as lead_time_days
      from scoped s
      left join hot_leads h on h.agent_id = s.agent_id and h.email = s.email
      group by s.agent_id
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
