// Lead classes outside the Feedback page (issue 13): the Reports funnel's "hot" step, the lead classes per
// week, the CRM export's and the webhooks' "hot" — all from the one classifier (classify.ts:
// CLASSIFICATION_RULES, the rules the agent reads on the Feedback page) run in TypeScript. The rules are
// functions, not SQL, so SQL only gathers each lead's facts: one row per lead, its bookings and answers as
// JSON arrays (a few thousand rows to read instead of one per booking).
// A lead is one e-mail address (any case) with one agent.
import { sql, type SQL } from 'drizzle-orm';
import {
  leadClassAsOf,
  leadClassesAsOf,
  type DatedLeadFacts,
  type LeadClass,
} from '@keyturn/domain/insights/classify';
import { BOOKED_STATUSES } from '@keyturn/domain/insights/reportRules';
import type { ReportRange } from '@keyturn/domain/schemas/reports';
import type { Db, DbTransaction } from '../../db/client';

/** The database or a transaction (the webhooks read inside the change's transaction). */
type Executor = Db | DbTransaction;

export interface RangeLead extends DatedLeadFacts {
  agentId: string;
  email: string;
  /** The instant (ms) of the lead's first booked showing in the range (Infinity outside a range). */
  firstInRange: number;
}

type Row = Omit<RangeLead, 'agentId' | 'firstInRange'> & {
  agent_id: string;
  first_in_range: string | null;
};

/** One row per lead of the bookings `from` selects (aliased b): its facts as JSON, ISO 8601 instants. */
function factsPerLead(from: SQL, where: SQL, firstInRange: SQL): SQL {
  return sql`
    select b.agent_id, lower(b.client_email) as email,
           json_agg(json_build_object('status', b.status, 'starts_at', b.starts_at,
                                      'created_at', b.created_at)) as bookings,
           coalesce(json_agg(json_build_object(
               'rating', f.rating, 'interest_level', f.interest_level, 'price_opinion', f.price_opinion,
               'second_showing', f.second_showing, 'showing_at', b.starts_at, 'answered_at', f.updated_at))
             filter (where f.id is not null), '[]'::json) as feedback,
           ${firstInRange} as first_in_range
    ${from}
    left join feedback f on f.booking_id = b.id and f.agent_id = b.agent_id
    where ${where}
    group by b.agent_id, lower(b.client_email)`;
}

const toLead = (row: Row): RangeLead => ({
  agentId: row.agent_id,
  email: row.email,
  bookings: row.bookings,
  feedback: row.feedback,
  firstInRange: row.first_in_range === null ? Infinity : Date.parse(row.first_in_range),
});

/**
 * The leads with a booked showing in the range (agent-zone days of `timeZone`) — of one agent, or of every
 * agent (the benchmarks) — with their facts: every booking of theirs with the agent made before the range
 * ended, and the answers on them. `end` is the range's end instant, which PostgreSQL decides.
 */
export async function rangeLeads(
  db: Db,
  scope: { agentId: string | null; timeZone: string },
  range: ReportRange,
): Promise<{ leads: RangeLead[]; end: Date }> {
  const tz = scope.timeZone;
  const agentFilter = scope.agentId === null ? sql`true` : sql`b.agent_id = ${scope.agentId}`;
  const booked = `{${BOOKED_STATUSES.join(',')}}`;
  const bounds = sql`(select (${range.from}::date)::timestamp at time zone ${tz} as lo,
                             (${range.to}::date + 1)::timestamp at time zone ${tz} as hi) as bounds`;
  const inRange = sql`b.status = any(${booked}::text[]) and b.starts_at >= bounds.lo and b.starts_at < bounds.hi`;
  const [leads, end] = await Promise.all([
    // One pass over the scope's bookings made before the range ended, kept per lead when one is in the range.
    db.execute<Row>(sql`
      select * from (
        ${factsPerLead(
          sql`from ${bounds} cross join bookings b`,
          sql`${agentFilter} and b.created_at < bounds.hi`,
          sql`min(b.starts_at) filter (where ${inRange})`,
        )}
      ) l where l.first_in_range is not null`),
    db.execute<{ hi: string }>(
      sql`select ((${range.to}::date + 1)::timestamp at time zone ${tz})::text as hi`,
    ),
  ]);
  return {
    // A lead whose only in-range showing was booked after the range ended does not exist for it.
    leads: leads.rows.map(toLead).filter((l) => Number.isFinite(l.firstInRange)),
    end: new Date(Date.parse(end.rows[0]!.hi)),
  };
}

/**
 * Every lead of one agent — or only the address `email` (any case) — with its facts as they are now, keyed
 * by the lower-cased address. The CRM export and the webhooks read "hot" from these.
 */
export async function agentLeadFacts(
  db: Executor,
  agentId: string,
  email?: string,
): Promise<Map<string, RangeLead>> {
  const result = await db.execute<Row>(
    factsPerLead(
      sql`from bookings b`,
      sql`b.agent_id = ${agentId}
          ${email === undefined ? sql`` : sql`and lower(b.client_email) = lower(${email})`}`,
      sql`null::text`,
    ),
  );
  return new Map(result.rows.map((row) => [row.email, toLead(row)]));
}

/** The hot leads as of `at`, as [agent id, e-mail] pairs for the report's SQL (jsonb_to_recordset). */
export function hotLeadsJson(leads: readonly RangeLead[], at: Date): string {
  return JSON.stringify(
    leads.filter((l) => leadClassAsOf(l, at) === 'hot').map((l) => ({ agent_id: l.agentId, email: l.email })),
  );
}

export type WeekBound = { week_start: string; week_end: string; end_ms: number };
export type ClassesOfWeek = { week_start: string; week_end: string } & Record<LeadClass, number>;

/**
 * Per week of the range: the leads whose first booked showing in the range started before the week ended,
 * each counted in its class as of the week's end (its latest answers on showings up to then).
 */
export function classesByWeek(leads: readonly RangeLead[], weeks: readonly WeekBound[]): ClassesOfWeek[] {
  const counts: ClassesOfWeek[] = weeks.map(({ week_start, week_end }) => ({
    week_start,
    week_end,
    hot: 0,
    potential: 0,
    cold: 0,
  }));
  const ends = weeks.map((w) => w.end_ms);
  for (const lead of leads) {
    const first = ends.findIndex((end) => lead.firstInRange < end);
    if (first < 0) continue;
    leadClassesAsOf(lead, ends.slice(first)).forEach((c, i) => {
      counts[first + i]![c] += 1;
    });
  }
  return counts;
}

/** The weeks of the range in the agent's zone: Monday to Sunday, the first and last cut to the range. */
export async function rangeWeeks(db: Db, timeZone: string, range: ReportRange): Promise<WeekBound[]> {
  const result = await db.execute<WeekBound>(sql`
    select to_char(w.start, 'YYYY-MM-DD') as week_start, to_char(w.last, 'YYYY-MM-DD') as week_end,
           (extract(epoch from (w.last + 1)::timestamp at time zone ${timeZone}) * 1000)::float8 as end_ms
    from (
      select d::date as start,
             least(coalesce(lead(d::date) over (order by d) - 1, ${range.to}::date), ${range.to}::date) as last
      from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') as d
      where d = ${range.from}::date or extract(isodow from d) = 1
    ) w
    order by w.start`);
  return result.rows.map((r) => ({ ...r, end_ms: Number(r.end_ms) }));
}
