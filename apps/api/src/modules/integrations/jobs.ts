// Calendar jobs on the durable queue (pg-boss, queue `calendar`): `sync` pulls one integration's busy times
// (at once after connecting, on Sync now, and when due — every CALENDAR_SYNC_MINUTES, later after failures),
// `push` makes the agent's calendar match one booking. Push jobs are written in the booking change's own
// transaction, next to its notification jobs.
import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, lte, ne, or, isNull } from 'drizzle-orm';
import { agentFactsIn } from '../../db/agent-facts';
import type { Db, DbTransaction } from '../../db/client';
import { bookings, calendarIntegrations } from '../../db/schema';
import { CALENDAR_QUEUE, deterministicUuid, type JobQueue } from '../../jobs/queue';
import type { BookingNotifier } from '../core/notifications/scheduler';
import { GrantRevokedError } from '../../adapters/oauth';
import { deletePushedEvent, pushBooking, syncIntegration, wantsPush, type CalendarDeps } from './sync';

export type CalendarJobData =
  | { kind: 'sync'; integrationId: string }
  | { kind: 'push'; bookingId: string; previousBookingId?: string }
  // Issue 46: a deleted buyer's showing taken out of the agent's calendar (its mapping row is already gone).
  | { kind: 'delete-event'; integrationId: string; calendarExternalId: string; eventId: string };

export async function queueSync(db: Db, queue: JobQueue, integrationId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(calendarIntegrations)
      .set({ status: 'syncing' })
      .where(
        and(
          inArray(calendarIntegrations.id, [integrationId]),
          ne(calendarIntegrations.status, 'needs_reconnect'),
        ),
      );
    await queue.send(tx, {
      id: randomUUID(),
      data: { kind: 'sync', integrationId },
      startAfter: now,
      queue: CALENDAR_QUEUE,
    });
  });
}

/**
 * After connecting (or reconnecting) a calendar: a push of every upcoming confirmed showing, so showings booked
 * before — or while the grant was refused — get their events (a showing that has one is only patched).
 */
export async function queueUpcomingPushes(
  db: Db,
  queue: JobQueue,
  agentId: string,
  now: Date,
): Promise<number> {
  const upcoming = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.agentId, agentId), eq(bookings.status, 'confirmed'), gt(bookings.endsAt, now)));
  if (upcoming.length === 0) return 0;
  await db.transaction(async (tx) => {
    for (const { id } of upcoming) {
      await queue.send(tx, {
        id: randomUUID(),
        data: { kind: 'push', bookingId: id },
        startAfter: now,
        queue: CALENDAR_QUEUE,
      });
    }
  });
  return upcoming.length;
}

/** Queues a sync of every integration that is due; the job id is per integration and interval, so several processes ticking at once queue it once. */
export async function queueDueSyncs(
  db: Db,
  queue: JobQueue,
  now: Date,
  syncMinutes: number,
): Promise<number> {
  const due = await db
    .select({ id: calendarIntegrations.id })
    .from(calendarIntegrations)
    .where(
      and(
        ne(calendarIntegrations.status, 'needs_reconnect'),
        or(isNull(calendarIntegrations.nextSyncAt), lte(calendarIntegrations.nextSyncAt, now)),
      ),
    );
  const slot = Math.floor(now.getTime() / (syncMinutes * 60_000));
  for (const { id } of due) {
    await db.transaction((tx) =>
      queue.send(tx, {
        id: deterministicUuid(`calendar-sync|${id}|${slot}`),
        data: { kind: 'sync', integrationId: id },
        startAfter: now,
        queue: CALENDAR_QUEUE,
      }),
    );
  }
  return due.length;
}

/** Runs one calendar job. A passing provider failure of a push throws, so the queue retries it with backoff. */
export async function runCalendarJob(deps: CalendarDeps, data: CalendarJobData): Promise<string> {
  if (data.kind === 'sync') return syncIntegration(deps, data.integrationId);
  try {
    if (data.kind === 'delete-event') return await deletePushedEvent(deps, data);
    return await pushBooking(deps, data);
  } catch (err) {
    // A refused grant waits for the reconnect (which re-pushes upcoming showings); retrying changes nothing.
    if (err instanceof GrantRevokedError) return 'needs_reconnect';
    throw err;
  }
}

/** The booking hooks with calendar pushes added: each booking change also queues a push of the booking. */
export function withCalendarPush(inner: BookingNotifier, queue: JobQueue, now: () => Date): BookingNotifier {
  const push = async (
    tx: DbTransaction,
    agentId: string,
    bookingId: string,
    previousBookingId?: string,
    { created = false } = {},
  ) => {
    // A booking created in this transaction has no calendar event yet: only the agent's target calendar
    // counts, and in a buyer's booking transaction that was read with the agent's facts (db/agent-facts.ts).
    const facts = created ? agentFactsIn(tx, agentId) : undefined;
    const wanted = facts
      ? facts.calendarTarget
      : await wantsPush(tx, agentId, previousBookingId ? [bookingId, previousBookingId] : [bookingId]);
    if (!wanted) return;
    await queue.send(tx, {
      id: randomUUID(),
      data: { kind: 'push', bookingId, ...(previousBookingId ? { previousBookingId } : {}) },
      startAfter: now(),
      queue: CALENDAR_QUEUE,
    });
  };
  return {
    ...inner,
    created: async (tx, booking, actor) => {
      await inner.created(tx, booking, actor);
      await push(tx, booking.agentId, booking.id, undefined, { created: true });
    },
    rescheduled: async (tx, from, to, actor) => {
      await inner.rescheduled(tx, from, to, actor);
      await push(tx, to.agentId, to.id, from.id);
    },
    cancelled: async (tx, booking, actor) => {
      await inner.cancelled(tx, booking, actor);
      await push(tx, booking.agentId, booking.id);
    },
    actionApplied: async (tx, booking, action) => {
      await inner.actionApplied(tx, booking, action);
      await push(tx, booking.agentId, booking.id);
    },
    reassigned: async (tx, booking, previousAgentId) => {
      await inner.reassigned(tx, booking, previousAgentId);
      // The push moves the event out of the previous agent's calendar (pushBooking) into the new agent's.
      await push(tx, booking.agentId, booking.id);
    },
  };
}
