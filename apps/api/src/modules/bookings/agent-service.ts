// Bookings as the agent runs them: list with filters, read, book a buyer in, move along the state machine
// (packages/domain bookingStatus.ts decides; illegal → 409), reschedule in one transaction, today/upcoming.
import { and, asc, desc, eq, gt, gte, ilike, inArray, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import {
  TIME_HOLDING_STATUSES,
  agentBookingStatusFor,
  allowedActions,
  canReschedule,
  transition,
  type BookingAction,
} from '@keyturn/domain/bookingStatus';
import type { AgentBooking, AgentBookingDetail, BookingTour } from '@keyturn/domain/schemas/agentBooking';
import {
  BOOKING_LIST_ALL,
  BOOKING_LIST_CURRENT,
  BOOKING_LIST_HIDDEN_STATUSES,
} from '@keyturn/domain/schemas/booking';
import type { BookingListFilters } from '@keyturn/domain/schemas/booking';
import { APPOINTMENT_MINUTES } from '@keyturn/domain/constants';
import { showsNotConfirmed } from '@keyturn/domain/texts/reconfirm';
import { agentDaySlots, findOpenSlot, slotInstant } from '@keyturn/domain/slots/engine';
import { isoDateInZone, wallClockInZone } from '@keyturn/domain/time';
import { startOfDayInZone } from '@keyturn/domain/zoneDays';
import type { z } from 'zod';
import type { agentBookingCreateSchema } from '@keyturn/domain/schemas/agentBooking';
import type { Db, DbTransaction } from '../../db/client';
import { lockAgentRow, writeTransaction } from '../../db/transaction';
import type { BookingNotifier } from '../core/notifications/scheduler';
import { notificationSettingsOf } from '../core/notifications/settings';
import { bookings, feedback, properties } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { isUuid } from '../../http/ids';
import type { AgentRow } from '../core/agents';
import { busyAroundDates, dateSlotsAnswer, slotRulesFor } from '../availability/service';
import { SLOT_TAKEN_MESSAGE, bookingColumns, insertBooking, type BookingRow } from './service';
import { cancelWaitingNewTimes } from './reschedule-request';
import { refuseDuringOpenHouse } from './open-house-clash';

type Row = { booking: BookingRow; property: { id: number; address: string; city: string } | null };

const DAY_MS = 24 * 60 * 60 * 1000;
const TIME_NOT_ON_CLOCK = 'This time does not exist on that day (the clocks change). Choose another time.';
const bookingNotFound = () => notFound('Booking not found.');

export async function listBookings(
  db: Db,
  agent: AgentRow,
  filters: BookingListFilters & { q?: string | undefined },
  now: Date,
): Promise<AgentBooking[]> {
  const where: (SQL | undefined)[] = [eq(bookings.agentId, agent.id)];
  // Without a status (or with `all`) every booking, as before; `current` leaves out cancelled and moved rows.
  if (filters.status === BOOKING_LIST_CURRENT)
    where.push(notInArray(bookings.status, [...BOOKING_LIST_HIDDEN_STATUSES]));
  else if (filters.status && filters.status !== BOOKING_LIST_ALL)
    where.push(eq(bookings.status, filters.status));
  if (filters.property_id) where.push(eq(bookings.propertyId, filters.property_id));
  if (filters.date) {
    const dayStart = zoneMidnight(filters.date, agent.timeZone);
    where.push(
      gte(bookings.startsAt, dayStart),
      lt(bookings.startsAt, zoneMidnight(nextDate(filters.date), agent.timeZone)),
    );
  }
  if (filters.q) {
    const like = `%${filters.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    where.push(
      or(
        ilike(bookings.clientName, like),
        ilike(bookings.clientEmail, like),
        ilike(bookings.clientPhone, like),
      ),
    );
  }
  const rows = await selectRows(db)
    .where(and(...where))
    .orderBy(
      ...(filters.order === 'next'
        ? // The next showing first: upcoming ones earliest first, then past ones most recent first.
          [
            sql`(${bookings.startsAt} < ${now}) asc`,
            sql`case when ${bookings.startsAt} >= ${now} then ${bookings.startsAt} end asc`,
            desc(bookings.startsAt),
          ]
        : [filters.date ? asc(bookings.startsAt) : desc(bookings.startsAt)]),
    )
    .limit(filters.limit ?? 100);
  return rows.map((r) => toAgentBooking(r, agent, now));
}

export async function getBooking(
  db: Db,
  agent: AgentRow,
  id: string,
  now: Date,
): Promise<AgentBookingDetail> {
  const row = await ownRow(db, agent, id);
  return { ...toAgentBooking(row, agent, now), tour: await tourOf(db, agent, row.booking.tourId) };
}

/** The buyer tour a booking belongs to: its stops (the caller's own bookings only), in time order. */
async function tourOf(db: Db, agent: AgentRow, tourId: string | null): Promise<BookingTour | null> {
  if (!tourId) return null;
  const rows = await selectRows(db)
    .where(and(eq(bookings.tourId, tourId), eq(bookings.agentId, agent.id)))
    .orderBy(asc(bookings.startsAt));
  return {
    id: tourId,
    stops: rows.map(({ booking, property }) => ({
      booking_id: booking.id,
      property_address: property?.address ?? null,
      starts_at: booking.startsAt.toISOString(),
      booking_time: wallClockInZone(booking.startsAt, agent.timeZone).time,
    })),
  };
}

/** Today's showings in the agent's zone, earliest first (everything but declined/rescheduled). */
export async function todaysSchedule(db: Db, agent: AgentRow, now: Date): Promise<AgentBooking[]> {
  const today = isoDateInZone(now, agent.timeZone);
  return between(
    db,
    agent,
    zoneMidnight(today, agent.timeZone),
    zoneMidnight(nextDate(today), agent.timeZone),
    now,
  );
}

/** Active bookings from now to `days` days ahead. */
export async function upcoming(db: Db, agent: AgentRow, days: number, now: Date): Promise<AgentBooking[]> {
  const rows = await selectRows(db)
    .where(
      and(
        eq(bookings.agentId, agent.id),
        sql`${bookings.status} in ('pending', 'confirmed')`,
        gte(bookings.startsAt, now),
        lt(bookings.startsAt, new Date(now.getTime() + days * DAY_MS)),
      ),
    )
    .orderBy(asc(bookings.startsAt));
  return rows.map((r) => toAgentBooking(r, agent, now));
}

/**
 * The agent's own free times on a date, for New booking (issue 19): today's remaining ones included and the
 * public minimum notice ignored (domain agentDaySlots); none on a past date. The spec §3 availability answer.
 */
export async function agentFreeSlots(db: Db, agent: AgentRow, date: string, now: Date) {
  const rules = await slotRulesFor(db, agent);
  const busy = await busyAroundDates(db, agent.id, date, date);
  return dateSlotsAnswer(rules, date, agentDaySlots(rules, busy, now, date));
}

/**
 * The agent books a buyer in at any wall time of their calendar, without overlapping another booking that
 * holds the time. A time still to come is confirmed; one that already started (arranged by phone, recorded
 * afterwards) is saved as completed (domain `agentBookingStatusFor`).
 */
export async function createAgentBooking(
  db: Db,
  agent: AgentRow,
  input: z.output<typeof agentBookingCreateSchema>,
  now: Date,
  notify: BookingNotifier,
): Promise<AgentBooking> {
  let propertyId: number | null = null;
  if (input.property_id !== null) {
    const found = await findPublicPropertyOfAgent(db, agent, input.property_id);
    propertyId = found;
  }
  const slot = slotInstant(input.booking_date, input.booking_time, agent.timeZone);
  if (!slot) {
    throw new AppError(400, 'VALIDATION_ERROR', TIME_NOT_ON_CLOCK, {
      booking_time: TIME_NOT_ON_CLOCK,
    });
  }
  const status = agentBookingStatusFor(slot.startsAt, now);
  const row = await writeTransaction(db, async (tx) => {
    await lockAgentRow(tx, agent.id);
    // The EXCLUDE constraint guards pending and confirmed bookings; a completed one (not covered by it) is
    // checked here, under the agent's lock, against every booking that holds the time.
    const [clash] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          eq(bookings.agentId, agent.id),
          inArray(bookings.status, [...TIME_HOLDING_STATUSES]),
          lt(bookings.startsAt, slot.endsAt),
          gt(bookings.endsAt, slot.startsAt),
        ),
      )
      .limit(1);
    if (clash) throw new AppError(409, 'SLOT_TAKEN', SLOT_TAKEN_MESSAGE);
    await refuseDuringOpenHouse(tx, agent, slot);
    const inserted = await insertBooking(tx, {
      agentId: agent.id,
      ...bookingColumns(input, propertyId),
      status,
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
      createdAt: now,
    });
    // A showing recorded afterwards sends no confirmation or reminders; its buyer is asked for feedback.
    if (status === 'confirmed') await notify.created(tx, inserted, 'agent');
    else await notify.recordedAfterwards(tx, inserted);
    return inserted;
  });
  return getBooking(db, agent, row.id, now);
}

export async function applyAction(
  db: Db,
  agent: AgentRow,
  id: string,
  action: BookingAction,
  reason: string | null,
  now: Date,
  notify: BookingNotifier,
): Promise<AgentBooking> {
  const { booking } = await ownRow(db, agent, id);
  const result = transition(booking.status, action, booking.startsAt, now);
  if (!result.ok) throw new AppError(409, 'ILLEGAL_TRANSITION', result.reason);
  if (action === 'request_feedback') await refuseUnsentFeedbackRequest(db, agent.id, booking.id);
  await writeTransaction(db, async (tx) => {
    await lockAgentRow(tx, agent.id);
    const [updated] = await tx
      .update(bookings)
      .set({
        status: result.status,
        ...(action === 'cancel' || action === 'decline' ? { cancelReason: reason } : {}),
        ...(action === 'cancel' ? { cancelledBy: 'agent' as const } : {}),
      })
      // The status in the WHERE makes a concurrent change lose cleanly instead of overwriting.
      .where(and(eq(bookings.id, booking.id), eq(bookings.status, booking.status)))
      .returning();
    if (!updated)
      throw new AppError(409, 'ILLEGAL_TRANSITION', 'This booking was just changed. Reload and try again.');
    if (action === 'cancel') await cancelWaitingNewTimes(tx, updated.id, 'agent', reason);
    await notify.actionApplied(tx, updated, action);
  });
  return getBooking(db, agent, booking.id, now);
}

/**
 * "Ask for feedback again" only when a request would go out (issue 29: never a "sent" that sends nothing): 409
 * when the agent does not ask for feedback, or the buyer has already answered.
 */
async function refuseUnsentFeedbackRequest(db: Db, agentId: string, bookingId: string) {
  const settings = await notificationSettingsOf(db, agentId);
  if (!settings.feedback.enabled || !settings.notifications.feedback_request_email) {
    throw new AppError(409, 'FEEDBACK_REQUESTS_OFF', FEEDBACK_REQUESTS_OFF);
  }
  const [given] = await db
    .select({ id: feedback.id })
    .from(feedback)
    .where(eq(feedback.bookingId, bookingId));
  if (given) throw new AppError(409, 'FEEDBACK_ALREADY_GIVEN', FEEDBACK_ALREADY_GIVEN);
}

export const FEEDBACK_REQUESTS_OFF =
  'You do not ask buyers for feedback: turn feedback requests on in Settings first.';
export const FEEDBACK_ALREADY_GIVEN = 'This buyer has already given feedback on this showing.';

/** Agent-side reschedule: one transaction, the original marked rescheduled only if the new time is taken. */
export async function rescheduleAsAgent(
  db: Db,
  agent: AgentRow,
  id: string,
  input: { booking_date: string; booking_time: string; reschedule_reason: string },
  now: Date,
  notify: BookingNotifier,
): Promise<AgentBooking> {
  const { booking } = await ownRow(db, agent, id);
  if (!canReschedule(booking.status, booking.startsAt, now)) {
    throw new AppError(
      409,
      'ILLEGAL_TRANSITION',
      'Only a pending or confirmed booking that has not started can be rescheduled.',
    );
  }
  const rules = await slotRulesFor(db, agent);
  const busy = await busyAroundDates(db, agent.id, input.booking_date, input.booking_date, booking.id);
  // The earliest open pass of that wall time (on a fall-back day the later one when the earlier is taken).
  const open = findOpenSlot(rules, busy, now, input.booking_date, input.booking_time);
  if (!open) {
    throw new AppError(409, 'SLOT_UNAVAILABLE', 'This time is not available. Please pick another time.');
  }
  const slot = {
    startsAt: new Date(open.startsAt),
    endsAt: new Date(open.startsAt + APPOINTMENT_MINUTES * 60_000),
  };
  const newId = await writeTransaction(db, async (tx) => {
    await lockAgentRow(tx, agent.id);
    await refuseDuringOpenHouse(tx, agent, slot);
    await markRescheduled(tx, booking);
    const row = await insertMoved(tx, booking, slot, input.reschedule_reason, now, notify);
    return row.id;
  });
  return getBooking(db, agent, newId, now);
}

/**
 * The first half of an agent-side reschedule, inside the caller's transaction: the original is marked
 * rescheduled only while it still has the status it was read with (else 409: it was just changed).
 */
export async function markRescheduled(tx: DbTransaction, booking: BookingRow): Promise<void> {
  const [moved] = await tx
    .update(bookings)
    .set({ status: 'rescheduled' })
    .where(and(eq(bookings.id, booking.id), eq(bookings.status, booking.status)))
    .returning({ id: bookings.id });
  if (!moved)
    throw new AppError(409, 'ILLEGAL_TRANSITION', 'This booking was just changed. Reload and try again.');
}

/**
 * The second half: the booking at its new time (same buyer, same status, linked to the original) and the
 * buyer's normal reschedule messages. Route optimisation (issue 16) marks all its moves first, then inserts.
 */
export async function insertMoved(
  tx: DbTransaction,
  booking: BookingRow,
  slot: { startsAt: Date; endsAt: Date },
  reason: string,
  now: Date,
  notify: BookingNotifier,
  /** Who moved it: the agent (their reschedule), or the buyer (accepting an Optimise proposal, issue 29). */
  actor: 'agent' | 'buyer' = 'agent',
): Promise<BookingRow> {
  const { id: _id, manageToken: _m, publicId: _p, createdAt: _c, updatedAt: _u, ...rest } = booking;
  const row = await insertBooking(tx, {
    ...rest,
    status: booking.status,
    startsAt: slot.startsAt,
    endsAt: slot.endsAt,
    rescheduledFromId: booking.id,
    rescheduleReason: reason,
    // Issue 33: the buyer confirmed the old time, not this one — the new time is asked about again.
    buyerConfirmedAt: null,
    buyerConfirmedVia: null,
    unconfirmedAlertAt: null,
    createdAt: now,
  });
  await notify.rescheduled(tx, booking, row, actor);
  return row;
}

export function toAgentBooking({ booking: b, property }: Row, agent: AgentRow, now: Date): AgentBooking {
  const wall = wallClockInZone(b.startsAt, agent.timeZone);
  return {
    id: b.id,
    status: b.status,
    booking_date: wall.date,
    booking_time: wall.time,
    time_zone: agent.timeZone,
    starts_at: b.startsAt.toISOString(),
    ends_at: b.endsAt.toISOString(),
    property,
    property_address: property?.address ?? null,
    client_name: b.clientName,
    client_email: b.clientEmail,
    client_phone: b.clientPhone,
    buyer_type: b.buyerType,
    budget_min: b.budgetMin,
    budget_max: b.budgetMax,
    income_range: b.incomeRange,
    booking_purpose: b.bookingPurpose as AgentBooking['booking_purpose'],
    custom_purpose: b.customPurpose,
    message: b.message,
    reschedule_reason: b.rescheduleReason,
    cancel_reason: b.cancelReason,
    cancelled_by: b.status === 'cancelled' ? b.cancelledBy : null,
    rescheduled_from_id: b.rescheduledFromId,
    buyer_confirmed_at: b.buyerConfirmedAt?.toISOString() ?? null,
    buyer_confirmed_via: b.buyerConfirmedVia,
    sms_consent: b.smsConsentVersion !== null,
    buyer_agent:
      b.buyerAgentName === null
        ? null
        : {
            name: b.buyerAgentName,
            brokerage: b.buyerAgentBrokerage ?? '',
            licence_number: b.buyerAgentLicence ?? '',
            phone: b.buyerAgentPhone ?? '',
            email: b.buyerAgentEmail,
          },
    created_at: b.createdAt.toISOString(),
    allowed_actions: allowedActions(b.status, b.startsAt, now),
    can_reschedule: canReschedule(b.status, b.startsAt, now),
    not_confirmed: showsNotConfirmed(b),
  };
}

function selectRows(db: Db) {
  return db
    .select({
      booking: bookings,
      property: { id: properties.id, address: properties.address, city: properties.city },
    })
    .from(bookings)
    .leftJoin(properties, eq(properties.id, bookings.propertyId));
}

async function between(db: Db, agent: AgentRow, from: Date, to: Date, now: Date) {
  const rows = await selectRows(db)
    .where(
      and(
        eq(bookings.agentId, agent.id),
        sql`${bookings.status} not in ('declined', 'rescheduled')`,
        gte(bookings.startsAt, from),
        lt(bookings.startsAt, to),
      ),
    )
    .orderBy(asc(bookings.startsAt));
  return rows.map((r) => toAgentBooking(r, agent, now));
}

async function ownRow(db: Db, agent: AgentRow, id: string): Promise<Row> {
  if (!isUuid(id)) throw bookingNotFound();
  const [row] = await selectRows(db).where(and(eq(bookings.id, id), eq(bookings.agentId, agent.id)));
  if (!row) throw bookingNotFound();
  return row;
}

async function findPublicPropertyOfAgent(db: Db, agent: AgentRow, propertyId: number): Promise<number> {
  const [row] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(
      and(
        eq(properties.id, propertyId),
        eq(properties.agentId, agent.id),
        sql`${properties.deletedAt} is null`,
      ),
    );
  if (!row) throw new AppError(404, 'PROPERTY_NOT_FOUND', 'Property not found.');
  return row.id;
}

function zoneMidnight(date: string, timeZone: string): Date {
  return startOfDayInZone(date, timeZone);
}

function nextDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}
