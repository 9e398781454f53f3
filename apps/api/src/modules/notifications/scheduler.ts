// What a booking change puts on the queue, written in the change's own transaction: the event itself (due
// now), and for a new booking its reminders (the agent's offsets, only those still ahead) and its feedback
// request (after the showing ends). Moving or ending a booking cancels its jobs that have not run.
import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { DbTransaction } from '../../db/client';
import { bookings, notificationJobs } from '../../db/schema';
import { deterministicUuid, type JobQueue } from '../../jobs/queue';
import type { BookingAction } from '@keyturn/domain/bookingStatus';
import type { Actor, NotificationEvent, NotificationJobData } from './catalogue';
import { notificationSettingsOf } from './settings';

type Booking = {
  id: string;
  agentId: string;
  status: string;
  startsAt: Date;
  endsAt: Date;
};

/** The hooks the booking services call inside their transactions. */
export interface BookingNotifier {
  created(tx: DbTransaction, booking: Booking, actor: Actor): Promise<void>;
  rescheduled(tx: DbTransaction, from: Booking, to: Booking, actor: Actor): Promise<void>;
  cancelled(tx: DbTransaction, booking: Booking, actor: Actor): Promise<void>;
  /**
   * A team owner or admin handed the booking to another member (issue 15): `booking.agentId` is the new
   * agent. The buyer is told; reminders and the feedback request follow the new agent's settings.
   */
  reassigned(tx: DbTransaction, booking: Booking, previousAgentId: string): Promise<void>;
  /**
   * Reminders still ahead and the feedback request of a booking whose creation was sent earlier: the demo
   * dataset's history (demo/seed.ts) hands its upcoming bookings to the queue through this.
   */
  ahead(tx: DbTransaction, booking: Booking, actor: Actor): Promise<void>;
  /** After an agent's action from bookingStatus.ts moved the booking to `booking.status`. */
  actionApplied(tx: DbTransaction, booking: Booking, action: BookingAction): Promise<void>;
  /**
   * A showing the agent recorded afterwards (saved as completed, issue 29): no confirmation or reminders, but
   * the buyer is asked for feedback like after any completed showing — at the agent's delay after it ended,
   * or now when that has passed.
   */
  recordedAfterwards(tx: DbTransaction, booking: Booking): Promise<void>;
  /**
   * The agent saved new reminder times: every upcoming booking gets the times it lacks (those still ahead).
   * Times the agent removed need nothing here: their jobs find the time gone from the settings and send nothing.
   */
  remindersChanged(tx: DbTransaction, agentId: string): Promise<void>;
  /** "Send again" on a message that failed for good: its event goes back on the queue as a new job. */
  retry(
    tx: DbTransaction,
    job: { agentId: string; bookingId: string; data: NotificationJobData },
  ): Promise<void>;
}

export function bookingNotifier(queue: JobQueue, now: () => Date): BookingNotifier {
  /** One message event of one booking, due at `at`. */
  type Planned = {
    booking: Booking;
    event: NotificationEvent;
    at: Date;
    data: Partial<NotificationJobData> & { actor: Actor };
  };

  /**
   * The planned events as jobs: all their notification_jobs rows in one multi-row INSERT and all their queue
   * jobs in one pg-boss insert — two statements however many messages a change fans out to (issue 18).
   */
  const scheduleAll = async (tx: DbTransaction, planned: readonly Planned[]) => {
    const jobs = new Map<
      string,
      { booking: Booking; event: NotificationEvent; at: Date; data: NotificationJobData }
    >();
    for (const { booking, event, at, data } of planned) {
      const id = jobIdOf(booking.id, event, at);
      jobs.set(id, {
        booking,
        event,
        at,
        data: { ...data, bookingId: booking.id, event, scheduledFor: at.toISOString() },
      });
    }
    if (jobs.size === 0) return;
    await tx
      .insert(notificationJobs)
      .values(
        [...jobs].map(([id, job]) => ({
          id,
          agentId: job.booking.agentId,
          bookingId: job.booking.id,
          event: job.event,
          scheduledFor: job.at,
          data: job.data,
        })),
      )
      .onConflictDoNothing();
    await queue.sendAll(
      tx,
      [...jobs].map(([id, job]) => ({ id, data: job.data, startAfter: job.at })),
    );
  };

  const schedule = (
    tx: DbTransaction,
    booking: Booking,
    event: NotificationEvent,
    at: Date,
    data: Partial<NotificationJobData> & { actor: Actor },
  ) => scheduleAll(tx, [{ booking, event, at, data }]);

  /** Reminders at the agent's offsets that are still ahead (a job already queued for a time is kept). */
  const remindersOf = (booking: Booking, actor: Actor, offsets: number[]): Planned[] => {
    const at = now();
    return offsets.flatMap((offset): Planned[] => {
      const due = new Date(booking.startsAt.getTime() - offset * 60_000);
      // A booking made inside a reminder's window gets no late reminder.
      if (due.getTime() <= at.getTime()) return [];
      return [
        {
          booking,
          event: 'reminder',
          at: due,
          data: { actor, offsetMinutes: offset, startsAt: booking.startsAt.toISOString() },
        },
      ];
    });
  };

  /** Reminders, and the feedback request after the showing (read from the agent's settings in `tx`). */
  const aheadOf = async (tx: DbTransaction, booking: Booking, actor: Actor): Promise<Planned[]> => {
    const settings = await notificationSettingsOf(tx, booking.agentId);
    const feedbackAt = new Date(
      booking.endsAt.getTime() + settings.feedback.delay_minutes_after_showing * 60_000,
    );
    return [
      ...remindersOf(booking, actor, settings.notifications.reminder_offsets_minutes),
      { booking, event: 'feedback_request', at: feedbackAt, data: { actor } },
    ];
  };

  /** One event due now as a new job (a fresh id: asked again, or sent again, it is never the same job). */
  const sendFresh = async (
    tx: DbTransaction,
    job: { agentId: string; bookingId: string; data: NotificationJobData },
  ) => {
    const id = randomUUID();
    const { agentId, bookingId, data } = job;
    await tx.insert(notificationJobs).values({
      id,
      agentId,
      bookingId,
      event: data.event,
      scheduledFor: new Date(data.scheduledFor),
      data,
    });
    await queue.send(tx, { id, data, startAfter: now() });
  };

  const cancelPending = async (tx: DbTransaction, bookingId: string) => {
    const rows = await tx
      .update(notificationJobs)
      .set({ cancelledAt: now() })
      .where(
        and(
          eq(notificationJobs.bookingId, bookingId),
          inArray(notificationJobs.event, ['reminder', 'feedback_request']),
          isNull(notificationJobs.cancelledAt),
        ),
      )
      .returning({ id: notificationJobs.id });
    await queue.cancel(
      tx,
      rows.map((r) => r.id),
    );
  };

  return {
    created: async (tx, booking, actor) => {
      const ahead = await aheadOf(tx, booking, actor);
      await scheduleAll(tx, [
        { booking, event: 'booking_created', at: now(), data: { actor, status: booking.status } },
        ...ahead,
      ]);
    },
    ahead: async (tx, booking, actor) => scheduleAll(tx, await aheadOf(tx, booking, actor)),
    rescheduled: async (tx, from, to, actor) => {
      await cancelPending(tx, from.id);
      const ahead = await aheadOf(tx, to, actor);
      await scheduleAll(tx, [
        { booking: to, event: 'booking_rescheduled', at: now(), data: { actor, previousBookingId: from.id } },
        ...ahead,
      ]);
    },
    cancelled: async (tx, booking, actor) => {
      await cancelPending(tx, booking.id);
      await schedule(tx, booking, 'booking_cancelled', now(), { actor });
    },
    reassigned: async (tx, booking, previousAgentId) => {
      // Reminders already queued stay (their jobs read the booking's agent when they run, and skip a time
      // the new agent does not send); the new agent's own reminder times and the feedback request are added.
      await tx
        .update(notificationJobs)
        .set({ agentId: booking.agentId })
        .where(and(eq(notificationJobs.bookingId, booking.id), isNull(notificationJobs.cancelledAt)));
      const ahead = await aheadOf(tx, booking, 'agent');
      await scheduleAll(tx, [
        { booking, event: 'booking_reassigned', at: now(), data: { actor: 'agent', previousAgentId } },
        ...ahead,
      ]);
    },
    actionApplied: async (tx, booking, action) => {
      switch (action) {
        case 'confirm':
          return schedule(tx, booking, 'booking_approved', now(), { actor: 'agent' });
        case 'decline':
          await cancelPending(tx, booking.id);
          return schedule(tx, booking, 'booking_declined', now(), { actor: 'agent' });
        case 'cancel':
          await cancelPending(tx, booking.id);
          return schedule(tx, booking, 'booking_cancelled', now(), { actor: 'agent' });
        case 'no_show':
          // Nobody came: no feedback request.
          return cancelPending(tx, booking.id);
        case 'request_feedback':
          return sendFresh(tx, {
            agentId: booking.agentId,
            bookingId: booking.id,
            data: {
              bookingId: booking.id,
              event: 'feedback_request',
              scheduledFor: now().toISOString(),
              actor: 'agent',
            },
          });
        case 'complete':
          return;
      }
    },
    recordedAfterwards: async (tx, booking) => {
      const [request] = (await aheadOf(tx, booking, 'agent')).filter((p) => p.event === 'feedback_request');
      if (!request) return;
      const at = new Date(Math.max(request.at.getTime(), now().getTime()));
      await scheduleAll(tx, [{ ...request, at }]);
    },
    remindersChanged: async (tx, agentId) => {
      const settings = await notificationSettingsOf(tx, agentId);
      const upcoming = await tx
        .select()
        .from(bookings)
        .where(
          and(
            eq(bookings.agentId, agentId),
            inArray(bookings.status, ['pending', 'confirmed']),
            gt(bookings.startsAt, now()),
          ),
        );
      const offsets = settings.notifications.reminder_offsets_minutes;
      await scheduleAll(
        tx,
        upcoming.flatMap((booking) => remindersOf(booking, 'agent', offsets)),
      );
    },
    // A fresh id: the original job has ended. Messages already sent for the event are not sent again.
    retry: sendFresh,
  };
}

/** The job of one event of one booking at one time: scheduling it twice stores it once. */
export function jobIdOf(bookingId: string, event: NotificationEvent, at: Date): string {
  return deterministicUuid(`${bookingId}|${event}|${at.toISOString()}`);
}
