// The agent's availability is one object, read and replaced as a whole (spec §3): weekly days with
// intervals, date overrides, and the settings (minimum notice, buffer, approval).
import { and, asc, eq, gt, inArray, lt, ne } from 'drizzle-orm';
import { ACTIVE_BOOKING_STATUSES } from '@keyturn/domain/enums';
import {
  DEFAULT_AVAILABILITY,
  weeklyOrDefault,
  type AgentAvailability,
} from '@keyturn/domain/schemas/availability';
import type { AvailabilityForDateResponse } from '@keyturn/domain/schemas/availability';
import {
  dayIsAvailable,
  slotLabel,
  slotStartIso,
  slotTimes,
  type BusyInterval,
  type Slot,
  type SlotRules,
} from '@keyturn/domain/slots/engine';
import type { Db, DbTransaction } from '../../db/client';
import { lockAgentRow, writeTransaction } from '../../db/transaction';
import {
  availabilityDays,
  availabilityOverrides,
  availabilitySettings,
  bookings,
  calendarBusy,
} from '../../db/schema';

export async function replaceAvailability(
  db: Db,
  agentId: string,
  availability: AgentAvailability,
): Promise<void> {
  // The agent row first (the lock order of db/transaction.ts): two saves at once replace in turn.
  await writeTransaction(db, async (tx) => {
    await lockAgentRow(tx, agentId);
    await tx.delete(availabilityDays).where(eq(availabilityDays.agentId, agentId));
    await tx.delete(availabilityOverrides).where(eq(availabilityOverrides.agentId, agentId));
    await tx.insert(availabilityDays).values(
      availability.days.map((d) => ({
        agentId,
        dayOfWeek: d.day_of_week,
        isAvailable: d.is_available,
        intervals: d.intervals,
      })),
    );
    if (availability.overrides.length > 0) {
      await tx.insert(availabilityOverrides).values(
        availability.overrides.map((o) => ({
          agentId,
          date: o.date,
          isAvailable: o.is_available,
          intervals: o.intervals,
        })),
      );
    }
    const settings = {
      minimumNoticeMinutes: availability.minimum_notice_minutes,
      bufferMinutes: availability.buffer_minutes,
      requiresApproval: availability.requires_approval,
    };
    await tx
      .insert(availabilitySettings)
      .values({ agentId, ...settings })
      .onConflictDoUpdate({ target: availabilitySettings.agentId, set: settings });
  });
}

/** The stored availability, or null when the agent has never saved one. */
export async function readAvailability(db: Db, agentId: string): Promise<AgentAvailability | null> {
  const [days, overrides, [settings]] = await Promise.all([
    db
      .select()
      .from(availabilityDays)
      .where(eq(availabilityDays.agentId, agentId))
      .orderBy(asc(availabilityDays.dayOfWeek)),
    db
      .select()
      .from(availabilityOverrides)
      .where(eq(availabilityOverrides.agentId, agentId))
      .orderBy(asc(availabilityOverrides.date)),
    db.select().from(availabilitySettings).where(eq(availabilitySettings.agentId, agentId)),
  ]);
  if (days.length === 0 && !settings) return null;
  return {
    days: weeklyOrDefault(
      days.map((d) => ({ day_of_week: d.dayOfWeek, is_available: d.isAvailable, intervals: d.intervals })),
    ),
    overrides: overrides.map((o) => ({ date: o.date, is_available: o.isAvailable, intervals: o.intervals })),
    minimum_notice_minutes: settings?.minimumNoticeMinutes ?? 0,
    buffer_minutes: settings?.bufferMinutes ?? 0,
    requires_approval: settings?.requiresApproval ?? false,
  };
}

/** What the slot engine needs about an agent: stored availability (or the default hours) in their zone. */
export async function slotRulesFor(db: Db, agent: { id: string; timeZone: string }): Promise<SlotRules> {
  const availability = (await readAvailability(db, agent.id)) ?? DEFAULT_AVAILABILITY;
  return {
    timeZone: agent.timeZone,
    weekly: availability.days,
    overrides: availability.overrides,
    minimumNoticeMinutes: availability.minimum_notice_minutes,
    bufferMinutes: availability.buffer_minutes,
  };
}

/** Whether new bookings wait for the agent's approval (they then arrive `pending`). */
export async function requiresApproval(db: Db, agentId: string): Promise<boolean> {
  const [row] = await db
    .select({ requiresApproval: availabilitySettings.requiresApproval })
    .from(availabilitySettings)
    .where(eq(availabilitySettings.agentId, agentId));
  return row?.requiresApproval ?? false;
}

/**
 * Time the agent is not free between two instants: their active bookings (pending and confirmed), except
 * `ignoreBookingId` (the booking being rescheduled gives its own time up), and the busy times pulled from
 * their connected calendars.
 */
export async function busyIntervals(
  db: Db | DbTransaction,
  agentId: string,
  from: Date,
  to: Date,
  ignoreBookingId?: string,
): Promise<BusyInterval[]> {
  const rows = await db
    .select({ startsAt: bookings.startsAt, endsAt: bookings.endsAt })
    .from(bookings)
    .where(
      and(
        eq(bookings.agentId, agentId),
        inArray(bookings.status, [...ACTIVE_BOOKING_STATUSES]),
        lt(bookings.startsAt, to),
        gt(bookings.endsAt, from),
        ignoreBookingId ? ne(bookings.id, ignoreBookingId) : undefined,
      ),
    );
  // Busy times pulled from the agent's own calendars (issue 14): the last known ones, also while an
  // integration waits to be reconnected.
  const external = await db
    .select({ startsAt: calendarBusy.startsAt, endsAt: calendarBusy.endsAt })
    .from(calendarBusy)
    .where(
      and(eq(calendarBusy.agentId, agentId), lt(calendarBusy.startsAt, to), gt(calendarBusy.endsAt, from)),
    );
  return [...rows, ...external].map((r) => ({ start: r.startsAt.getTime(), end: r.endsAt.getTime() }));
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** busyIntervals around agent-zone dates `from`..`to` (two days either side covers every zone). */
export function busyAroundDates(
  db: Db | DbTransaction,
  agentId: string,
  from: string,
  to: string,
  ignoreBookingId?: string,
): Promise<BusyInterval[]> {
  return busyIntervals(db, agentId, ...busySpan(from, to), ignoreBookingId);
}

/** The [from, to) instants wide enough around agent-zone dates for any zone offset and buffer. */
export function busySpan(from: string, to: string): [Date, Date] {
  return [
    new Date(Date.parse(`${from}T12:00:00Z`) - 2 * DAY_MS),
    new Date(Date.parse(`${to}T12:00:00Z`) + 2 * DAY_MS),
  ];
}

/** The free slots of a date as the spec §3 availability answer (labels, the day's rule, instants). */
export function dateSlotsAnswer(
  rules: SlotRules,
  date: string,
  slots: readonly Slot[],
  /** Travel-aware slots (issue 16): which of them to mark "recommended" (none when not given). */
  isRecommended: (slot: Slot) => boolean = () => false,
  /** Issue 17: which to mark "suggested" by the agent's learned preferences (learning/slotMarks.ts). */
  isSuggested: (slot: Slot) => boolean = () => false,
): AvailabilityForDateResponse {
  return {
    availableSlots: slotTimes(slots),
    agentAvailability: { isAvailable: dayIsAvailable(rules, date) },
    time_zone: rules.timeZone,
    slots: slots.map((slot) => ({
      time: slot.time,
      starts_at: slotStartIso(slot),
      label: slotLabel(slot, rules.timeZone),
      ...(isRecommended(slot) ? { recommended: true } : {}),
      ...(isSuggested(slot) ? { suggested: true } : {}),
    })),
  };
}
