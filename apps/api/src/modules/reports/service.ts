// Reports (issue 13 part B): every figure is one SQL aggregate over the caller's bookings whose showing
// starts within the range, in the agent's time zone (a day is the agent's day: `AT TIME ZONE`). The range's
// bounds are turned into instants by PostgreSQL, so the (agent_id, starts_at) index does the selecting.
// Each report is one statement: one pass over the range's rows counting them by every grouping the report
// needs at once (GROUPING SETS, a small materialised result), then every figure read from that.
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
import { CONFIRMATION_STATES, type ConfirmationState } from '@keyturn/domain/texts/reconfirm';
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
 * The caller's bookings whose showing starts within the range (agent-zone days), with their feedback, as
 * rows `r`: the status, the `columns` a report needs, the e-mail address as written (lower-cased per lead
 * afterwards: once per address, not per booking), whether the booking counts as booked and has feedback.
 */
function rangeRows(agent: ReportAgent, range: ReportRange, columns: SQL, where: SQL = sql`true`): SQL {
  const tz = agent.timeZone;
  // The zone conversion once per row (OFFSET 0 keeps PostgreSQL from inlining it into every use).
  return sql`(
    select r0.*, ${columns} from (
      select b.*, b.client_email as email,
             b.status = any(${list(BOOKED_STATUSES)}::text[]) as booked,
             f.id is not null as has_feedback,
             b.starts_at at time zone ${tz} as local_start
      from bookings b
      left join feedback f on f.booking_id = b.id and f.agent_id = b.agent_id
      where b.agent_id = ${agent.id}
        and b.starts_at >= ${rangeStart(range, tz)}
        and b.starts_at < ${rangeEnd(range, tz)}
        and ${where}
      offset 0
    ) r0
  ) r`;
}

/**
 * Per lead of the scanned rows (the `lead` grouping set of a report's one pass): the first booked showing
 * in the range booked before the range ended (the range's leads are those that have one), and how many of
 * its booked showings have feedback.
 */
const leadAggregates = (agent: ReportAgent, range: ReportRange) => sql`
  min(r.starts_at) filter (where r.booked and r.created_at < ${rangeEnd(range, agent.timeZone)}) as first_in_range,
  (count(*) filter (where r.booked and r.has_feedback))::int as answered`;

/**
 * From a report's one pass (`cube`, its `lead` rows): the range's leads, and of them the hot ones — the lead
 * classifier's class as of the range's end (the stored class history's row holding that instant) is hot.
 */
function rangeLeads(agent: ReportAgent, range: ReportRange): SQL {
  return sql`
    range_leads as materialized (
      select lower(c.email) as email, min(c.first_in_range) as first_in_range, sum(c.answered)::int as answered
      from cube c where c.set = 'lead'
      group by 1 having min(c.first_in_range) is not null
    ),
    hot_leads as materialized (
      select r.email, r.answered from range_leads r
      join leads l on l.agent_id = ${agent.id} and l.email = r.email
      join lead_class_history h on h.lead_id = l.id
      where h.class = 'hot' and ${classAt('dated', rangeEnd(range, agent.timeZone))}
    )`;
}

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

type RawCore = {
  bookings_by_day: CoreReport['bookings_by_day'];
  showings_by_property: CoreReport['showings_by_property'];
  funnel: CoreReport['funnel'];
  no_shows: number;
  outcomes: number;
  cancellations: number;
  no_show_by_confirmation: Record<ConfirmationState, { count: number; of: number }>;
  cancellation_reasons: CoreReport['cancellation_reasons'];
  weekdays: CoreReport['weekdays'];
  hours: CoreReport['hours'];
  lead_classes_by_week: CoreReport['lead_classes_by_week'];
};

/** Sum of `n` over the cube's rows of one grouping set matching `where`, as an int (0 when none). */
const totalText = (set: string, where: string) =>
  `(select coalesce(sum(c.n), 0)::int from cube c where c.set = '${set}' and ${where})`;
const total = (set: string, where: string) => sql.raw(totalText(set, where));
/** Issue 33: per confirmation state (text / page / none), no-shows and outcomes as one JSON object. */
const noShowsByConfirmation = sql.raw(
  `json_build_object(${CONFIRMATION_STATES.map((state) => {
    const of = `c.confirmed = '${state}'`;
    return `'${state}', json_build_object('count', ${totalText('detail', `c.status = 'no_show' and ${of}`)},
      'of', ${totalText('detail', `c.status in ('completed', 'no_show') and ${of}`)})`;
  }).join(', ')})`,
);
const bookedStatus = `c.status = any('${list(BOOKED_STATUSES)}'::text[])`;
const heldStatus = `c.status = any('${list(HELD_STATUSES)}'::text[])`;
/** Per-status sums of a grouping set's rows grouped by its key, then each status read back (0 for none). */
const statusCounts = sql.raw(
  BOOKING_STATUSES.map(
    (status) => `(coalesce(sum(c.n) filter (where c.status = '${status}'), 0))::int as ${status}`,
  ).join(', '),
);
const statusColumns = sql.raw(
  BOOKING_STATUSES.map((status) => `coalesce(x.${status}, 0) as ${status}`).join(', '),
);

/**
 * The Reports page's core figures (every plan). One pass over the range's bookings counts them by the three
 * groupings the page needs at once (GROUPING SETS: day × status; weekday × hour × status × property ×
 * feedback × cancel reason — a few thousand rows at most, which every other figure sums up; and per lead);
 * each figure reads that small result.
 */
export async function coreReport(db: Db, agent: ReportAgent, range: ReportRange): Promise<CoreReport> {
  const result = await db.execute<RawCore>(sql`
    with cube as materialized (
      select case when grouping(r.day) = 0 then 'day' when grouping(r.status) = 0 then 'detail'
                  else 'lead' end as set,
             r.status, r.day, r.property_id, r.dow, r.hour, r.reason, r.has_feedback, r.confirmed, r.email,
             count(*)::int as n, ${leadAggregates(agent, range)}
      from ${rangeRows(
        agent,
        range,
        sql`nullif(btrim(r0.cancel_reason), '') as reason, r0.local_start::date as day,
            extract(dow from r0.local_start)::int as dow, extract(hour from r0.local_start)::int as hour,
            coalesce(r0.buyer_confirmed_via, 'none') as confirmed`,
      )}
      group by grouping sets ((r.day, r.status),
                             (r.dow, r.hour, r.status, r.property_id, r.has_feedback, r.reason, r.confirmed),
                             (r.email))
    ),
    ${rangeLeads(agent, range)},
    ${classesByWeek(agent, range)}
    select
      (select coalesce(json_agg(d order by d.date), '[]'::json) from (
         select to_char(day, 'YYYY-MM-DD') as date, coalesce(x.total, 0) as total, ${statusColumns}
         from generate_series(${range.from}::timestamp, ${range.to}::timestamp, interval '1 day') as day
         left join (select c.day as k, sum(c.n)::int as total, ${statusCounts}
                    from cube c where c.set = 'day' group by c.day) x on x.k = day::date
         ) d) as bookings_by_day,
      (select coalesce(json_agg(p order by p.bookings desc, p.address), '[]'::json) from (
         select c.property_id, pr.address, sum(c.n)::int as bookings,
                coalesce(sum(c.n) filter (where c.status = 'completed'), 0)::int as completed,
                coalesce(sum(c.n) filter (where c.status = 'no_show'), 0)::int as no_show,
                coalesce(sum(c.n) filter (where c.status = 'cancelled'), 0)::int as cancelled
         from cube c
         left join properties pr on pr.id = c.property_id and pr.agent_id = ${agent.id}
         where c.set = 'detail' and ${sql.raw(bookedStatus)}
         group by c.property_id, pr.address) p) as showings_by_property,
      json_build_object(
         'booked', ${total('detail', bookedStatus)},
         'showed', ${total('detail', `${bookedStatus} and (c.status = 'completed' or c.has_feedback)`)},
         'feedback', ${total('detail', `${bookedStatus} and c.has_feedback`)},
         'hot', (select coalesce(sum(h.answered), 0)::int from hot_leads h)) as funnel,
      ${total('detail', `c.status = 'no_show'`)} as no_shows,
      ${total('detail', `c.status in ('completed', 'no_show')`)} as outcomes,
      ${total('detail', `c.status = 'cancelled'`)} as cancellations,
      ${noShowsByConfirmation} as no_show_by_confirmation,
      (select coalesce(json_agg(x order by x.count desc, x.reason nulls last), '[]'::json) from (
         select c.reason, sum(c.n)::int as count
         from cube c where c.set = 'detail' and c.status = 'cancelled' group by c.reason) x) as cancellation_reasons,
      (select json_agg(w order by w.day) from (
         select d as day, coalesce(x.n, 0) as count
         from generate_series(0, 6) as d
         left join (select c.dow as k, sum(c.n)::int as n
                    from cube c where c.set = 'detail' and ${sql.raw(heldStatus)} group by c.dow) x on x.k = d
         ) w) as weekdays,
      (select json_agg(h order by h.hour) from (
         select d as hour, coalesce(x.n, 0) as count
         from generate_series(0, 23) as d
         left join (select c.hour as k, sum(c.n)::int as n
                    from cube c where c.set = 'detail' and ${sql.raw(heldStatus)} group by c.hour) x on x.k = d
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
      no_show_by_confirmation: {
        text: withRate(row.no_show_by_confirmation.text),
        page: withRate(row.no_show_by_confirmation.page),
        none: withRate(row.no_show_by_confirmation.none),
      },
    },
    cancellation_reasons: row.cancellation_reasons,
    weekdays: row.weekdays,
    hours: row.hours,
    lead_classes_by_week: row.lead_classes_by_week,
  };
}

function withRate(x: { count: number; of: number }) {
  return { count: x.count, of: x.of, rate: rate(x.count, x.of) };
}

type RawBreakdowns = Omit<ReportBreakdowns, 'success' | 'range'>;

/** One breakdown from the cube: booked, showed and hot per value of `key`. */
function breakdownBy(key: string): SQL {
  return sql.raw(`(select coalesce(json_agg(x order by x.booked desc, x.key nulls last), '[]'::json) from (
      select c.${key} as key, sum(c.n)::int as booked, sum(c.showed)::int as showed, sum(c.hot)::int as hot
      from cube c group by c.${key}) x)`);
}

/** Lead time in days (showing start − booking time), bucketed by LEAD_TIME_BUCKETS. */
const leadTimeCase = sql.raw(
  `case ${LEAD_TIME_BUCKETS.map((b) =>
    b.maxDays === null
      ? `else '${b.key}'`
      : `when r0.starts_at - r0.created_at < interval '${b.maxDays} days' then '${b.key}'`,
  ).join(' ')} end`,
);

/**
 * Professional and Enterprise: the funnel split by buyer type, purpose and budget; how far ahead buyers book.
 * One pass over the range's booked showings, grouped by the four keys at once (a few hundred groups), each
 * breakdown summed from that. A showing is hot (the funnel's rule) when it has feedback and its buyer is one
 * of the agent's hot leads as of the range's end (stored classes, one indexed read) that belongs to the
 * range — which a booking made before the range ended shows by itself; only one made later is checked for
 * another such booking of its buyer.
 */
export async function reportBreakdowns(
  db: Db,
  agent: ReportAgent,
  range: ReportRange,
): Promise<ReportBreakdowns> {
  const tz = agent.timeZone;
  const booked = sql`${list(BOOKED_STATUSES)}::text[]`;
  const result = await db.execute<RawBreakdowns>(sql`
    with hot_at_end as materialized (
      select l.email from lead_class_history h join leads l on l.id = h.lead_id
      where h.agent_id = ${agent.id} and h.class = 'hot' and ${classAt('dated', rangeEnd(range, tz))}
    ),
    cube as materialized (
      select r.buyer_type, r.booking_purpose, r.budget, r.bucket, count(*)::int as n,
             (count(*) filter (where r.status = 'completed' or r.has_feedback))::int as showed,
             (count(*) filter (where r.hot))::int as hot
      from ${rangeRows(
        agent,
        range,
        sql`${leadTimeCase} as bucket,
            case when r0.budget_min is null then null
                 when r0.budget_max is null then r0.budget_min || '+'
                 else r0.budget_min || '-' || r0.budget_max end as budget,
            (r0.has_feedback and lower(r0.client_email) in (select email from hot_at_end)
             and (r0.created_at < ${rangeEnd(range, tz)} or exists (
               select 1 from bookings o
               where o.agent_id = ${agent.id} and lower(o.client_email) = lower(r0.client_email)
                 and o.status = any(${booked}) and o.created_at < ${rangeEnd(range, tz)}
                 and o.starts_at >= ${rangeStart(range, tz)} and o.starts_at < ${rangeEnd(range, tz)}))) as hot`,
        sql`b.status = any(${booked})`,
      )}
      group by r.buyer_type, r.booking_purpose, r.budget, r.bucket
    )
    select
      ${breakdownBy('buyer_type')} as by_buyer_type,
      ${breakdownBy('booking_purpose')} as by_purpose,
      ${breakdownBy('budget')} as by_budget,
      (select json_agg(l order by l.ord) from (
         select b.ord, b.bucket, coalesce(sum(c.n), 0)::int as count
         from unnest(${list(LEAD_TIME_BUCKETS.map((b) => b.key))}::text[]) with ordinality as b(bucket, ord)
         left join cube c on c.bucket = b.bucket
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
    with hot_at_end as materialized (
      select l.agent_id, l.email from lead_class_history h join leads l on l.id = h.lead_id
      where h.class = 'hot' and ${classAt('dated', rangeEnd(range, tz))}
    ),
    per_agent as (
      select b.agent_id,
             count(*) as booked,
             count(*) filter (where b.status = 'completed' or f.id is not null) as showed,
             count(f.id) as feedback,
             count(*) filter (
               where f.id is not null and (b.agent_id, lower(b.client_email)) in (select * from hot_at_end)
                 and (b.created_at < ${rangeEnd(range, tz)} or exists (
                   select 1 from bookings o
                   where o.agent_id = b.agent_id and lower(o.client_email) = lower(b.client_email)
                     and o.status = any(${list(BOOKED_STATUSES)}::text[]) and o.created_at < ${rangeEnd(range, tz)}
                     and o.starts_at >= ${rangeStart(range, tz)} and o.starts_at < ${rangeEnd(range, tz)}))
             ) as hot,
             count(*) filter (where b.status = 'no_show') as no_shows,
             count(*) filter (where b.status in ('completed', 'no_show')) as outcomes,
             percentile_cont(0.5) within group (order by extract(epoch from b.starts_at - b.created_at) / 86400)
               as lead_time_days
      from bookings b
      left join feedback f on f.booking_id = b.id and f.agent_id = b.agent_id
      where b.status = any(${list(BOOKED_STATUSES)}::text[])
        and b.starts_at >= ${rangeStart(range, tz)}
        and b.starts_at < ${rangeEnd(range, tz)}
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
