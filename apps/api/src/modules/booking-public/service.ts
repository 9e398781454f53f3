// The public booking flow (spec §2.4, §7): booking, rescheduling and cancelling without an account. What a
// buyer may read is reads.ts, the free slots of a date slot-pipeline.ts. The slot engine (packages/domain)
// decides what is free; the database's EXCLUDE constraint settles races.
import { and, eq, sql } from 'drizzle-orm';
import { ROUTE_MESSAGES } from '@keyturn/domain/routes/messages';
import { isWithinLimit } from '@keyturn/domain/plans';
import type { BookingRequest, RescheduleRequest } from '@keyturn/domain/schemas/booking';
import type { BuyerBooking, ManagedBooking } from '@keyturn/domain/schemas/publicBooking';
import { wallClockInZone } from '@keyturn/domain/time';
import type { Db, DbTransaction } from '../../db/client';
import { agentWriteTransaction, lockAgentRow, writeTransaction } from '../../db/transaction';
import { agents, bookings, idempotencyKeys, properties } from '../../db/schema';
import { bookingsThisMonth, limitContextOf } from '../core/plan-limits';
import { AppError } from '../../http/errors';
import { isUuid } from '../../http/ids';
import type { AgentRow } from '../core/agents';
import { textsOffered } from './texts-offer';
import { slotStillReachable } from '../routes/cluster';
import { assertShowingRules } from '../showing-rules/service';
import { assertBuyerMayChange, showingCutoff } from '../showing-rules/change-cutoff';
import { readAgentFacts } from '../../db/agent-facts';
import { type SlotInputs } from '../availability/slot-inputs';
import { assertAgentDayOpen } from '../availability/daily-cap';
import { claimHold } from './hold-rows';

export { checkSlotOpen } from './slot-check';
import { bookingColumns, insertBooking, type BookingRow } from '../bookings/service';
import type { PublicContext } from './context';
import {
  agentNotFound,
  findPublicAgent,
  findPublicProperty,
  propertyNotFound,
  toProperty,
  toPropertyAgent,
} from '../core/public-reads';
import { checkSlotOpen } from './slot-check';
import { claimIdempotencyKey, earlierAnswer } from './idempotency';
import { ownBookingConflict } from './own-booking';
import { recordConsent, type ConsentEvidence } from '../texts/consent';
import { SMS_CONSENT_VERSION } from '@keyturn/domain/texts/consent';
import { awaitingSeller } from '../core/seller-approval-state';
import { cancelWaitingNewTimes, holdsOriginal } from '../bookings/reschedule-request';

type PropertyRow = typeof properties.$inferSelect;

export const bookingNotFound = () =>
  new AppError(
    404,
    'BOOKING_NOT_FOUND',
    'This booking link is not valid. Please check the link in your e-mail.',
  );
// ---- booking ----

export async function createBooking(
  ctx: PublicContext,
  input: BookingRequest,
  idempotencyKey: string | undefined,
  consent: ConsentEvidence | null = null,
  /** Issue 45: the buyer's agent's own account when they asked from their dashboard (the showing network). */
  options: { buyerAgentAccountId?: string; networkTourId?: string } = {},
): Promise<BuyerBooking> {
  if (idempotencyKey) {
    const earlier = await earlierAnswer(ctx.db, 'booking', idempotencyKey, input);
    if (earlier) return earlier as BuyerBooking;
  }
  let checked;
  try {
    checked = await prepareBooking(ctx, input);
  } catch (err) {
    // A retry racing its own first attempt finds the slot taken by that attempt: answer its result.
    const earlier = idempotencyKey ? await earlierAnswer(ctx.db, 'booking', idempotencyKey, input) : null;
    if (earlier) return earlier as BuyerBooking;
    throw await ownBookingConflict(ctx.db, input, err);
  }
  try {
    return await writeBooking<BuyerBooking>(ctx, {
      ...checked,
      input,
      key: idempotencyKey ? { scope: 'booking', value: idempotencyKey, body: input } : null,
      holdToken: input.hold_token,
      consent: input.sms_consent && (await textsOffered(ctx, checked.agent)) ? consent : null,
      buyerAgentAccountId: options.buyerAgentAccountId ?? null,
      networkTourId: options.networkTourId ?? null,
    });
  } catch (err) {
    throw await ownBookingConflict(ctx.db, input, err);
  }
}

/**
 * A buyer's booking with `agent` at a checked slot, in one transaction: the agent's row locked, the
 * idempotency key claimed, the month's plan limit, the insert (a lost race on the agent's slot → 409
 * SLOT_TAKEN by the exclusion constraint) and the notifications. The agent's page and the team page
 * (modules/teams/round-robin.ts) both book through it.
 */
export async function writeBooking<T>(
  ctx: PublicContext,
  booking: {
    agent: AgentRow;
    propertyId: number | null;
    slot: { startsAt: Date; endsAt: Date };
    pending: boolean;
    input: Parameters<typeof bookingColumns>[0];
    /** The Idempotency-Key, its scope and the body it was sent with; null without one. */
    key: { scope: string; value: string; body: unknown } | null;
    /** What the travel re-check needs (issue 16), for a showing at a place; none for a team consultation. */
    travel?: TravelCheck;
    /** Issue 33: the buyer ticked "Text me about this showing" — where and how (the consent ledger). */
    consent?: ConsentEvidence | null;
    /** Issue 44: the hold the buyer's page made for this time (used up here), if any. */
    holdToken?: string | null;
    /** Issue 45: the buyer's agent's Keyturn account, set in the same insert (their requests list). */
    buyerAgentAccountId?: string | null;
    /** Issue 45: the buyer's agent's cross-agent tour this showing is a stop of. */
    networkTourId?: string | null;
  },
  answerOf: (booking: BuyerBooking, agent: AgentRow) => T = (b) => b as T,
): Promise<T> {
  const { agent, propertyId, slot, pending, input, key } = booking;
  // The agent row (step 1 of the lock order) is locked by the statement that opens the transaction.
  return agentWriteTransaction(ctx.db, agent.id, async (tx) => {
    if (key) {
      const earlier = await claimIdempotencyKey(tx, key.scope, key.value, key.body);
      if (earlier) return earlier as T;
    }
    // The agent's settings, webhooks, calendar and team in one statement, now that their row is locked: the
    // limit, the messages, the webhooks and the calendar push below read them instead of a query each.
    await readAgentFacts(tx, agent.id);
    if (booking.travel) await assertReachable(tx, booking.travel, slot.startsAt);
    // Issue 32: the property's rules as saved now, against its showings now (the daily cap, the gap).
    if (propertyId !== null && booking.travel) {
      await assertShowingRules(tx, {
        propertyId,
        timeZone: agent.timeZone,
        date: booking.travel.date,
        startsAt: slot.startsAt,
        now: ctx.now(),
      });
    }
    // Issue 44: another buyer's live hold on the time refuses it; this buyer's own is used up.
    await claimHold(tx, { agentId: agent.id, ...slot, holdToken: booking.holdToken, now: ctx.now() });
    // Issue 44: the agent's daily cap across all their listings, against their showings now.
    await assertAgentDayOpen(tx, {
      agentId: agent.id,
      timeZone: agent.timeZone,
      date: wallClockInZone(slot.startsAt, agent.timeZone).date,
    });
    await checkMonthlyLimit(tx, agent, ctx.now());
    const row = await insertBooking(tx, {
      ...bookingColumns(input, propertyId),
      ...(booking.consent ? { smsConsentVersion: SMS_CONSENT_VERSION, smsConsentAt: ctx.now() } : {}),
      ...(booking.buyerAgentAccountId ? { buyerAgentAccountId: booking.buyerAgentAccountId } : {}),
      ...(booking.networkTourId ? { networkTourId: booking.networkTourId } : {}),
      agentId: agent.id,
      status: pending ? 'pending' : 'confirmed',
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
      // Issue 43: the buyer's language (the request's, else the agent's default): their e-mails and texts follow it.
      locale: input.locale ?? agent.defaultLanguage,
      createdAt: ctx.now(),
    });
    if (booking.consent) {
      await recordConsent(tx, {
        ...booking.consent,
        booking: row,
        country: ctx.smsDefaultCountry,
        at: ctx.now(),
      });
    }
    await ctx.notify.created(tx, row, 'buyer');
    const answer = answerOf(
      { ...toBuyerBooking(ctx, row, agent), awaiting: await awaitingWhom(tx, row) },
      agent,
    );
    if (key) {
      await tx
        .update(idempotencyKeys)
        .set({ statusCode: 201, response: answer })
        .where(and(eq(idempotencyKeys.scope, key.scope), eq(idempotencyKeys.key, key.value)));
    }
    return answer;
  });
}

async function prepareBooking(ctx: PublicContext, input: BookingRequest) {
  if (!isUuid(input.agent_id)) throw agentNotFound();
  // Independent reads at once (issue 18); a failure is reported as when they ran one after another: the agent
  // first, then the property, then the slot. A property's row comes with its agent's, so a showing needs no
  // read of the agent of its own (the API is CPU-bound on round trips).
  if (input.property_id === null) {
    const [agentRead, slotRead] = await Promise.allSettled([
      findPublicAgent(ctx.db, input.agent_id),
      checkSlotOpen(ctx, input.agent_id, input),
    ]);
    const agent = settled(agentRead);
    const { slot, pending, travel } = settled(slotRead);
    return { agent, propertyId: null, slot, pending, travel: { ...travel, place: null } };
  }
  const [propertyRead, slotRead] = await Promise.allSettled([
    findPublicProperty(ctx.db, input.property_id),
    checkSlotOpen(ctx, input.agent_id, input),
  ]);
  const found = propertyRead.status === 'fulfilled' ? propertyRead.value : null;
  if (!found || found.agent.id !== input.agent_id) {
    // Not this agent's public property: an unknown agent is still the first thing to say.
    await findPublicAgent(ctx.db, input.agent_id);
    throw found ? propertyNotFound() : settled(propertyRead);
  }
  const { slot, pending, travel } = settled(slotRead);
  return {
    agent: found.agent,
    propertyId: found.property.id,
    slot,
    pending,
    travel: { ...travel, place: found.property },
  };
}

function settled<T>(result: PromiseSettledResult<T>): T {
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

/**
 * Moves a booking to a new time in ONE transaction: the original is marked rescheduled and the new booking
 * takes its place; if the new time is taken, everything rolls back and the original stays as it was. A
 * confirmed showing whose new time must be approved keeps its time until it is (bookings/reschedule-request.ts).
 */
export async function rescheduleBooking(
  ctx: PublicContext,
  input: RescheduleRequest & { token: string },
): Promise<BuyerBooking> {
  const original = await findByToken(ctx.db, input.token);
  if (original.id !== input.original_booking_id || original.agentId !== input.agent_id)
    throw bookingNotFound();
  assertActive(original);
  // Issue 44: inside the cut-off the buyer's move is refused before anything is looked up or written.
  await assertBuyerMayChange(ctx.db, original, ctx.now());
  const agent = await findPublicAgent(ctx.db, original.agentId);
  const property = await checkProperty(ctx.db, agent, input.property_id);
  const propertyId = property?.id ?? null;
  const { slot, pending, travel } = await checkSlotOpen(ctx, agent.id, input, original.id);

  return writeTransaction(ctx.db, async (tx) => {
    await lockAgentRow(tx, agent.id);
    // Issue 39 §9: a confirmed showing whose new time must be approved stays until it is (the new time is a
    // request); otherwise the showing moves now.
    if (original.status === 'confirmed' && pending) {
      if (!(await holdsOriginal(tx, original, slot))) throw notActive();
    } else {
      const [moved] = await tx
        .update(bookings)
        .set({ status: 'rescheduled' })
        .where(and(eq(bookings.id, original.id), sql`${bookings.status} in ('pending', 'confirmed')`))
        .returning({ id: bookings.id });
      if (!moved) throw notActive();
    }
    await assertReachable(tx, { ...travel, place: property }, slot.startsAt);
    if (propertyId !== null) {
      await assertShowingRules(tx, {
        propertyId,
        timeZone: agent.timeZone,
        date: travel.date,
        startsAt: slot.startsAt,
        now: ctx.now(),
        ignoreBookingId: original.id,
      });
    }
    await claimHold(tx, { agentId: agent.id, ...slot, holdToken: input.hold_token, now: ctx.now() });
    await assertAgentDayOpen(tx, {
      agentId: agent.id,
      timeZone: agent.timeZone,
      date: travel.date,
      ignoreBookingId: original.id,
    });
    const row = await insertBooking(tx, {
      ...bookingColumns(input, propertyId),
      agentId: agent.id,
      status: pending ? 'pending' : 'confirmed',
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
      rescheduledFromId: original.id,
      rescheduleReason: input.reschedule_reason,
      // Issue 43: the language the buyer rescheduled in, else the one they booked in.
      locale: input.locale ?? original.locale,
      // The consent given for the showing carries over to its new time (issue 33).
      smsConsentVersion: original.smsConsentVersion,
      smsConsentAt: original.smsConsentAt,
      createdAt: ctx.now(),
    });
    await ctx.notify.rescheduled(tx, original, row, 'buyer');
    return { ...toBuyerBooking(ctx, row, agent), awaiting: await awaitingWhom(tx, row) };
  });
}

export async function cancelBooking(
  ctx: PublicContext,
  token: string,
  reason: string | null,
): Promise<ManagedBooking> {
  const booking = await findByToken(ctx.db, token);
  assertActive(booking);
  if (booking.startsAt.getTime() <= ctx.now().getTime()) {
    throw new AppError(
      409,
      'BOOKING_STARTED',
      'This showing has already started and can no longer be cancelled.',
    );
  }
  await assertBuyerMayChange(ctx.db, booking, ctx.now());
  const updated = await writeTransaction(ctx.db, async (tx) => {
    await lockAgentRow(tx, booking.agentId);
    const [row] = await tx
      .update(bookings)
      .set({ status: 'cancelled', cancelReason: reason, cancelledBy: 'buyer' })
      .where(and(eq(bookings.id, booking.id), sql`${bookings.status} in ('pending', 'confirmed')`))
      .returning();
    if (!row) throw notActive();
    await cancelWaitingNewTimes(tx, row.id, 'buyer', reason);
    await ctx.notify.cancelled(tx, row, 'buyer');
    return row;
  });
  return manageView(ctx, updated);
}

// ---- the buyer's links ----

export async function findByToken(db: Db, token: string): Promise<BookingRow> {
  if (!token || token.length > 100) throw bookingNotFound();
  const [row] = await db.select().from(bookings).where(eq(bookings.manageToken, token));
  if (!row) throw bookingNotFound();
  return row;
}

export async function manageView(ctx: PublicContext, booking: BookingRow): Promise<ManagedBooking> {
  const [agent] = await ctx.db.select().from(agents).where(eq(agents.id, booking.agentId));
  if (!agent) throw bookingNotFound();
  const property = booking.propertyId
    ? (await ctx.db.select().from(properties).where(eq(properties.id, booking.propertyId)))[0]
    : undefined;
  const successor =
    booking.status === 'rescheduled'
      ? (await ctx.db.select().from(bookings).where(eq(bookings.rescheduledFromId, booking.id)))[0]
      : undefined;
  const wall = wallClockInZone(booking.startsAt, agent.timeZone);
  const now = ctx.now();
  const open = isActive(booking) && booking.startsAt.getTime() > now.getTime();
  // Issue 44: inside the cut-off the buyer cannot change it here; the page says why and who to call.
  const cutoff = open ? await showingCutoff(ctx.db, booking, now) : null;
  const changeable = open && cutoff !== null && cutoff.open;
  return {
    id: booking.id,
    status: booking.status,
    booking_date: wall.date,
    booking_time: wall.time,
    time_zone: agent.timeZone,
    starts_at: booking.startsAt.toISOString(),
    ends_at: booking.endsAt.toISOString(),
    client_name: booking.clientName,
    client_email: booking.clientEmail,
    client_phone: booking.clientPhone,
    booking_purpose: booking.bookingPurpose as ManagedBooking['booking_purpose'],
    custom_purpose: booking.customPurpose,
    message: booking.message,
    property: property ? toProperty(property) : null,
    agent: { ...toPropertyAgent(agent), phone: agent.phone, email: agent.email },
    can_cancel: changeable,
    can_reschedule: changeable,
    changes_closed:
      cutoff !== null && !cutoff.open
        ? { hours: cutoff.hours, closed_at: cutoff.closesAt.toISOString() }
        : null,
    rescheduled_to_token: successor?.manageToken ?? null,
    buyer_confirmed_at: booking.buyerConfirmedAt?.toISOString() ?? null,
    buyer_confirmed_via: booking.buyerConfirmedVia,
    can_confirm: open && booking.status === 'confirmed' && booking.buyerConfirmedAt === null,
    awaiting: await awaitingWhom(ctx.db, booking),
  };
}

/** Whose confirmation a pending booking waits for (issue 32: the seller's while their request is open). */
async function awaitingWhom(db: Db | DbTransaction, booking: BookingRow): Promise<'agent' | 'seller' | null> {
  if (booking.status !== 'pending') return null;
  return (await awaitingSeller(db, booking.id)) ? 'seller' : 'agent';
}

// ---- helpers ----

export function toBuyerBooking(ctx: PublicContext, row: BookingRow, agent: AgentRow): BuyerBooking {
  const wall = wallClockInZone(row.startsAt, agent.timeZone);
  return {
    id: row.id,
    status: row.status,
    booking_date: wall.date,
    booking_time: wall.time,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    time_zone: agent.timeZone,
    agent_id: agent.id,
    property_id: row.propertyId,
    manage_token: row.manageToken,
    manage_url: `${ctx.publicUrl}/booking/manage?token=${encodeURIComponent(row.manageToken)}`,
  };
}

async function checkProperty(
  db: Db,
  agent: AgentRow,
  propertyId: number | null,
): Promise<PropertyRow | null> {
  if (propertyId === null) return null;
  const { property } = await findPublicProperty(db, propertyId);
  if (property.agentId !== agent.id) throw propertyNotFound();
  return property;
}

/**
 * Issue 16, "cluster showings by area": the slot must still be reachable from the showing before it and leave
 * time for the one after (someone may have booked far away next to it since the page loaded) — the same rule
 * as the slots offered, checked under the agent-row lock. Refused like a taken slot: the page offers fresh times.
 */
export type TravelCheck = {
  inputs: SlotInputs;
  date: string;
  place: { lat: number | null; lng: number | null } | null;
};

export async function assertReachable(tx: DbTransaction, travel: TravelCheck, startsAt: Date): Promise<void> {
  if (!(await slotStillReachable(tx, travel.inputs, travel.date, startsAt.getTime(), travel.place))) {
    throw new AppError(409, 'SLOT_UNREACHABLE', ROUTE_MESSAGES.slotUnreachable, {
      booking_time: ROUTE_MESSAGES.slotUnreachable,
    });
  }
}

/** Refuses when `adding` more bookings (a buyer tour books several at once) would pass the plan's month limit. */
export async function checkMonthlyLimit(
  tx: DbTransaction,
  agent: AgentRow,
  now: Date,
  adding = 1,
): Promise<void> {
  // Per team on a team with teams in its plan (Enterprise: unlimited), per agent otherwise (decision 026).
  const limits = await limitContextOf(tx, agent);
  const { plan } = limits;
  if (plan.maxBookingsPerMonth === null) return;
  // The figure "bookings made this month" (domain figures.ts), counted by its one function.
  const used = await bookingsThisMonth(tx, limits, agent, now);
  if (!isWithinLimit(plan.maxBookingsPerMonth, used + adding - 1)) {
    throw new AppError(
      403,
      'BOOKING_LIMIT_REACHED',
      `${agent.firstName} ${agent.lastName} can't take more online bookings this month. Please contact them directly${agent.showPhone && agent.phone ? ` at ${agent.phone}` : ''}.`,
      undefined,
      {
        name: `${agent.firstName} ${agent.lastName}`,
        phone: agent.showPhone && agent.phone ? agent.phone : '',
        hasPhone: agent.showPhone && agent.phone ? 'yes' : 'no',
      },
    );
  }
}

function isActive(b: BookingRow): boolean {
  return b.status === 'pending' || b.status === 'confirmed';
}

const notActive = () =>
  new AppError(
    409,
    'BOOKING_NOT_ACTIVE',
    'This booking was already cancelled or changed and can no longer be modified.',
  );

export function assertActive(b: BookingRow): void {
  if (!isActive(b)) throw notActive();
}
