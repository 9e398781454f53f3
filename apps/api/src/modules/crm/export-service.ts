// CRM export (issue 13, Enterprise): the caller's leads, bookings and feedback as CSV files whose columns are
// CRM_EXPORT_COLUMNS (the domain package documents them). Leads are the caller's bookings grouped by the
// buyer's e-mail address (lower-cased). Written with papaparse, formulas escaped (a cell starting with = + - @
// is prefixed so a spreadsheet shows it as text). "hot" is the lead classifier's (classify.ts), read from the
// stored class history (../leads/classes.ts): of the lead now (leads.csv), of the buyer as of that showing
// (feedback.csv).
import { csvText } from '../core/csv';
import { sql } from 'drizzle-orm';
import { crmExportColumns, type CrmExport } from '@keyturn/domain/schemas/crmExport';
import type { Db } from '../../db/client';
import { classAt } from '../leads/classes';

/** `crmIncludeIncome`: whether the income_range columns are written (decision 090; off unless set). */
type Agent = { id: string; timeZone: string; crmIncludeIncome?: boolean };
type Ctx = { agent: Agent; now: Date };
type Row = Record<string, unknown>;

const queries: Record<CrmExport, (ctx: Ctx) => ReturnType<typeof sql>> = {
  leads: ({ agent, now }) => sql`
    with hot as (
      select l.email from leads l join lead_class_history h on h.lead_id = l.id
      where l.agent_id = ${agent.id} and h.class = 'hot' and ${classAt('current', sql`${now.toISOString()}::timestamptz`)}
    ),
    mine as (
      select b.*, lower(b.client_email) as lead,
             f.id as feedback_id, f.rating, f.interest_level, f.second_showing, f.updated_at as feedback_at
      from bookings b
      left join feedback f on f.booking_id = b.id and f.agent_id = b.agent_id
      where b.agent_id = ${agent.id}
    )
    select lead as email,
           (array_agg(client_name order by created_at desc))[1] as name,
           (array_agg(client_phone order by created_at desc))[1] as phone,
           (array_agg(buyer_type order by created_at desc))[1] as buyer_type,
           (array_agg(budget_min order by created_at desc))[1] as budget_min,
           (array_agg(budget_max order by created_at desc))[1] as budget_max,
           (array_agg(income_range order by created_at desc))[1] as income_range,
           count(*) as bookings,
           count(*) filter (where status = 'completed') as completed,
           count(*) filter (where status = 'no_show') as no_shows,
           count(*) filter (where status = 'cancelled') as cancelled,
           count(feedback_id) as feedback_count,
           (array_agg(rating order by feedback_at desc nulls last))[1] as last_rating,
           (array_agg(interest_level order by feedback_at desc nulls last))[1] as last_interest_level,
           coalesce(bool_or(second_showing), false) as wants_second_showing,
           min(created_at) as first_booked_at,
           greatest(max(updated_at), max(feedback_at)) as last_activity_at,
           min(starts_at) filter (where status in ('pending', 'confirmed') and starts_at > ${now.toISOString()}::timestamptz) as next_showing_at,
           lead in (select email from hot) as hot
    from mine group by lead order by max(updated_at) desc`,
  bookings: ({ agent }) => sql`
    select b.id as booking_id, b.created_at, b.starts_at,
           to_char(b.starts_at at time zone ${agent.timeZone}, 'YYYY-MM-DD') as date,
           to_char(b.starts_at at time zone ${agent.timeZone}, 'HH24:MI') as time,
           ${agent.timeZone}::text as time_zone, b.status, b.property_id, p.address as property_address,
           b.client_name, b.client_email, b.client_phone, b.buyer_type, b.budget_min, b.budget_max,
           b.income_range, b.booking_purpose, b.custom_purpose, b.message, b.cancel_reason,
           b.reschedule_reason, b.rescheduled_from_id,
           (select count(*) from showing_messages m where m.booking_id = b.id and m.agent_id = b.agent_id)::int
             as messages
    from bookings b
    left join properties p on p.id = b.property_id and p.agent_id = b.agent_id
    where b.agent_id = ${agent.id}
    order by b.starts_at desc`,
  feedback: ({ agent }) => sql`
    select f.id as feedback_id, f.booking_id, b.client_name, b.client_email, p.address as property_address,
           b.starts_at as showing_at, f.rating, f.interest_level, f.price_opinion, f.second_showing,
           lower(b.client_email) as lead,
           f.liked, f.disliked, f.comments, f.source, f.agent_note, f.updated_at as submitted_at,
           coalesce((select h.class = 'hot' from leads l join lead_class_history h on h.lead_id = l.id
                     where l.agent_id = b.agent_id and l.email = lower(b.client_email)
                       and ${classAt('dated', sql`b.starts_at`)}), false) as hot
    from feedback f
    join bookings b on b.id = f.booking_id and b.agent_id = f.agent_id
    left join properties p on p.id = b.property_id and p.agent_id = b.agent_id
    where f.agent_id = ${agent.id}
    order by f.updated_at desc`,
};

function cell(value: unknown): string | number {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return value;
  return String(value);
}

/** The CSV text of one export for the caller. */
export async function crmExportCsv(db: Db, agent: Agent, kind: CrmExport, now: Date): Promise<string> {
  const columns = crmExportColumns(kind, agent.crmIncludeIncome === true).map((c) => c.name);
  return toCsv(columns, await crmExportRows(db, agent, kind, now));
}

/**
 * One export's rows for the caller, each with the documented columns (timestamps as Dates); income_range
 * only with `includeIncome` (by default the agent's CRM setting).
 */
export async function crmExportRows(
  db: Db,
  agent: Agent,
  kind: CrmExport,
  now: Date,
  includeIncome = agent.crmIncludeIncome === true,
): Promise<Row[]> {
  const columns = crmExportColumns(kind, includeIncome).map((c) => c.name);
  const { rows } = await db.execute<Row>(queries[kind]({ agent, now }));
  return rows.map((row) => Object.fromEntries(columns.map((name) => [name, normalise(row[name])])));
}

/** CSV with these columns, formulas escaped; yes/no for booleans, ISO 8601 UTC for instants. */
export function toCsv(columns: readonly string[], rows: readonly Row[]): string {
  return csvText(
    columns,
    rows.map((row) => columns.map((name) => cell(row[name]))),
  ).slice(0, -2);
}

/** Timestamps arrive from raw SQL as strings or Dates depending on the driver path: always ISO 8601 UTC. */
function normalise(value: unknown): unknown {
  if (
    typeof value === 'string' &&
    /^\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d/.test(value) &&
    /[+-]\d\d(:?\d\d)?$|Z$/.test(value)
  ) {
    const parsed = new Date(value);
    if (!Number.isNaN(parsed.getTime())) return parsed;
  }
  return value;
}
