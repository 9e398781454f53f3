// What a booking change puts on the queue, written in the change's own transaction: the event itself (due
// now), and for a new booking its reminders (the agent's offsets, only those still ahead) and its feedback
// request (after the showing ends). Moving or ending a booking cancels its jobs that have not run.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbTransaction } from '../db/client';
import { notificationJobs } from '../db/schema';
import { deterministicUuid, type JobQueue } from '../jobs/queue';
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
  /** After an agent's action from bookingStatus.ts moved the booking to `booking.status`. */
  actionApplied(tx: DbTransaction, booking: Booking, action: BookingAction): Promise<void>;
}

export function bookingNotifier(queue: JobQueue, now: () => Date): BookingNotifier {
  const schedule = async (
    tx: DbTransaction,
    booking: Booking,
    event: NotificationEvent,
    at: Date,
    data: Partial<NotificationJobData> & { actor: Actor },
  ) => {
    const job: NotificationJobData = {
      ...data,
      bookingId: booking.id,
      event,
      scheduledFor: at.toISOString(),
    };
    const id = deterministicUuid(`${booking.id}|${event}|${job.scheduledFor}`);
    await tx
      .insert(notificationJobs)
      .values({ id, agentId: booking.agentId, bookingId: booking.id, event, scheduledFor: at })
      .onConflictDoNothing();
    await queue.send(tx, { id, data: job, startAfter: at });
  };

  /** Reminders at the agent's offsets that are still ahead, and the feedback request after the showing. */
  const scheduleAhead = async (tx: DbTransaction, booking: Booking, actor: Actor) => {
    const settings = await notificationSettingsOf(tx, booking.agentId);
    const at = now();
    for (const offset of settings.notifications.reminder_offsets_minutes) {
      const due = new Date(booking.startsAt.getTime() - offset * 60_000);
      // A booking made inside a reminder's window gets no late reminder.
      if (due.getTime() <= at.getTime()) continue;
      await schedule(tx, booking, 'reminder', due, {
        actor,
        offsetMinutes: offset,
        startsAt: booking.startsAt.toISOString(),
      });
    }
    const feedbackAt = new Date(
      booking.endsAt.getTime() + settings.feedback.delay_minutes_after_showing * 60_000,
    );
    await schedule(tx, booking, 'feedback_request', feedbackAt, { actor });
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
      await schedule(tx, booking, 'booking_created', now(), { actor, status: booking.status });
      await scheduleAhead(tx, booking, actor);
    },
    rescheduled: async (tx, from, to, actor) => {
      await cancelPending(tx, from.id);
      await schedule(tx, to, 'booking_rescheduled', now(), { actor, previousBookingId: from.id });
      await scheduleAhead(tx, to, actor);
    },
    cancelled: async (tx, booking, actor) => {
      await cancelPending(tx, booking.id);
      await schedule(tx, booking, 'booking_cancelled', now(), { actor });
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
        case 'complete':
          return;
      }
    },
  };
}
