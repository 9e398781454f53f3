// The `data` of each webhook event, read fresh from the database inside the change's transaction (documented
// in docs/crm-integration.md). Scoped to the agent: a booking of another agent is never described.
import { sql } from 'drizzle-orm';
import type { Db, DbTransaction } from '../../db/client';
import { storedLeadClass } from '../leads/classes';

type Executor = Db | DbTransaction;

export async function bookingData(db: Executor, agentId: string, bookingId: string) {
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select b.id, b.status, b.starts_at, b.ends_at, a.time_zone,
           to_char(b.starts_at at time zone a.time_zone, 'YYYY-MM-DD') as date,
           to_char(b.starts_at at time zone a.time_zone, 'HH24:MI') as time,
           b.property_id, p.address as property_address,
           b.client_name, b.client_email, b.client_phone, b.buyer_type, b.budget_min, b.budget_max,
           b.income_range, b.booking_purpose, b.custom_purpose, b.message, b.cancel_reason,
           b.reschedule_reason, b.rescheduled_from_id, b.created_at, a.crm_include_income
    from bookings b
    join agents a on a.id = b.agent_id
    left join properties p on p.id = b.property_id and p.agent_id = b.agent_id
    where b.id = ${bookingId} and b.agent_id = ${agentId}`);
  const b = rows[0];
  if (!b) return null;
  return {
    id: b.id as string,
    status: b.status as string,
    starts_at: iso(b.starts_at),
    ends_at: iso(b.ends_at),
    date: b.date as string,
    time: b.time as string,
    time_zone: b.time_zone as string,
    property: b.property_id === null ? null : { id: b.property_id as number, address: b.property_address },
    client: { name: b.client_name, email: b.client_email, phone: b.client_phone },
    buyer_type: b.buyer_type,
    budget_min: b.budget_min,
    budget_max: b.budget_max,
    // Fair housing (decision 090): income only when the agent turned it on; otherwise the key is absent.
    ...(b.crm_include_income === true ? { income_range: b.income_range } : {}),
    booking_purpose: b.booking_purpose,
    custom_purpose: b.custom_purpose,
    message: b.message,
    cancel_reason: b.cancel_reason,
    reschedule_reason: b.reschedule_reason,
    rescheduled_from_id: b.rescheduled_from_id,
    created_at: iso(b.created_at),
  };
}

export async function feedbackData(db: Executor, agentId: string, bookingId: string) {
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select f.id, f.booking_id, f.source, f.rating, f.interest_level, f.price_opinion, f.second_showing, f.liked,
           f.disliked, f.comments, f.updated_at, b.client_email, b.starts_at
    from feedback f join bookings b on b.id = f.booking_id and b.agent_id = f.agent_id
    where f.booking_id = ${bookingId} and f.agent_id = ${agentId}`);
  const f = rows[0];
  if (!f) return null;
  // Hot: the lead classifier's class of the buyer as of this showing (these being their latest answers then),
  // from the stored class history the change's transaction has just written.
  const showingAt = f.starts_at instanceof Date ? f.starts_at : new Date(String(f.starts_at));
  const hot =
    (await storedLeadClass(db, 'dated', { agentId, email: String(f.client_email) }, showingAt)) === 'hot';
  return {
    id: f.id as string,
    booking_id: f.booking_id as string,
    source: f.source,
    rating: f.rating,
    interest_level: f.interest_level,
    price_opinion: f.price_opinion,
    second_showing: f.second_showing,
    hot,
    liked: f.liked,
    disliked: f.disliked,
    comments: f.comments,
    submitted_at: iso(f.updated_at),
  };
}

/** A lead: every booking of the agent with the same e-mail address (case ignored), summed up. */
export async function leadData(db: Executor, agentId: string, email: string) {
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select lower(b.client_email) as email,
           (array_agg(b.client_name order by b.created_at desc))[1] as name,
           (array_agg(b.client_phone order by b.created_at desc))[1] as phone,
           count(*)::int as bookings,
           (count(*) filter (where b.status = 'completed'))::int as completed,
           (count(*) filter (where b.status = 'no_show'))::int as no_shows,
           (count(*) filter (where b.status = 'cancelled'))::int as cancelled,
           count(f.id)::int as feedback_count,
           greatest(max(b.updated_at), max(f.updated_at)) as last_activity_at
    from bookings b
    left join feedback f on f.booking_id = b.id and f.agent_id = b.agent_id
    where b.agent_id = ${agentId} and lower(b.client_email) = lower(${email})
    group by 1`);
  const l = rows[0];
  if (!l) return null;
  // Hot: the lead classifier's class of the buyer now (the Feedback page's), from the stored class history.
  const hot = (await storedLeadClass(db, 'current', { agentId, email }, new Date())) === 'hot';
  return { ...l, hot, last_activity_at: iso(l.last_activity_at) };
}

function iso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(String(value))).toISOString();
}
