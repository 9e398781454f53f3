// What a booking change puts on the queue, written in the change's own transaction: the event itself (due
// now), and for a new booking its reminders (the agent's offsets, only those still ahead), with texts on its
// re-confirmation and the agent's alert (issue 33), and its feedback request (after the showing ends); texts
// keep quiet hours. Moving or ending a booking cancels its jobs that have not run.
import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { DbTransaction } from '../../../db/client';
import { agentFactsIn } from '../../../db/agent-facts';
import { agents, bookings, notificationJobs } from '../../../db/schema';
import { deterministicUuid, type JobQueue } from '../../../jobs/queue';
import type { BookingAction } from '@keyturn/domain/bookingStatus';
import { textTiming } from '@keyturn/domain/texts/quietHours';
import { reconfirmTimes } from '@keyturn/domain/texts/reconfirm';
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
  /**
   * Issue 39 §7: the buyer kept their requested time over a time proposal: the request goes back to whoever
   * decides it (the seller wrapper opens a fresh seller request; a request the agent decides waits in their list).
   */
  proposalKept(tx: DbTransaction, booking: Booking, proposalId: string): Promise<void>;
  /**
   * Issue 45: another time was proposed for the booking (its agent's Optimise apply, or its seller): the
   * proposal's own e-mail is queued by its maker; layers that react to a proposal (a tour's re-plan) hook here.
   */
  proposed?(tx: DbTransaction, booking: Booking, proposalId: string): Promise<void>;
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

  /**
   * One event whose buyer text keeps quiet hours (texts/quietHours.ts, decision 056): at `due` when that is
   * daytime in the agent's zone; else the e-mail at `due` and the text at 8 AM, or — the morning too late
   * for `deadline` — an e-mail instead of the text. With texts off there is nothing to hold.
   */
  const quietAware = (
    booking: Booking,
    event: NotificationEvent,
    due: Date,
    data: Planned['data'],
    texts: TextsContext,
    deadline?: Date,
  ): Planned[] => {
    if (!texts.on) return [{ booking, event, at: due, data }];
    const timing = textTiming(due, texts.timeZone, deadline);
    if (timing.by === 'email') return [{ booking, event, at: due, data: { ...data, textByEmail: true } }];
    if (!timing.deferred) return [{ booking, event, at: due, data }];
    return [
      { booking, event, at: due, data: { ...data, channel: 'email' } },
      { booking, event, at: timing.at, data: { ...data, channel: 'sms' } },
    ];
  };

  /** Reminders at the agent's offsets that are still ahead (a job already queued for a time is kept). */
  const remindersOf = (booking: Booking, actor: Actor, offsets: number[], texts: TextsContext): Planned[] => {
    const at = now();
    const startsAt = booking.startsAt.toISOString();
    return offsets.flatMap((offset): Planned[] => {
      const due = new Date(booking.startsAt.getTime() - offset * 60_000);
      // A booking made inside a reminder's window gets no late reminder.
      if (due.getTime() <= at.getTime()) return [];
      return quietAware(
        booking,
        'reminder',
        due,
        { actor, offsetMinutes: offset, startsAt },
        texts,
        booking.startsAt,
      );
    });
  };

  /** Texts on: the second text to a buyer who has not confirmed, and the agent's alert (texts/reconfirm.ts). */
  const reconfirmOf = (booking: Booking, actor: Actor, minutes: number, texts: TextsContext): Planned[] => {
    const times = texts.on ? reconfirmTimes(booking.startsAt, minutes, now()) : null;
    if (!times) return [];
    const data = { actor, offsetMinutes: minutes, startsAt: booking.startsAt.toISOString() };
    return [
      ...quietAware(booking, 'reconfirm', times.reconfirmAt, data, texts, times.alertAt),
      { booking, event: 'unconfirmed_alert', at: times.alertAt, data },
    ];
  };

  /** Reminders, re-confirmation and the feedback request after the showing (the agent's settings in `tx`). */
  const aheadOf = async (tx: DbTransaction, booking: Booking, actor: Actor): Promise<Planned[]> => {
    const settings = await notificationSettingsOf(tx, booking.agentId);
    const texts = await textsContextOf(tx, booking.agentId, settings.notifications.sms_reminders);
    const feedbackAt = new Date(
      booking.endsAt.getTime() + settings.feedback.delay_minutes_after_showing * 60_000,
    );
    return [
      ...remindersOf(booking, actor, settings.notifications.reminder_offsets_minutes, texts),
      ...reconfirmOf(booking, actor, settings.notifications.reconfirm_minutes_before, texts),
      ...quietAware(booking, 'feedback_request', feedbackAt, { actor }, texts),
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
          inArray(notificationJobs.event, ['reminder', 'reconfirm', 'unconfirmed_alert', 'feedback_request']),
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
    // The buyer was told nothing changes when they keep their time; the one who decides is told by the wrappers.
    proposalKept: async () => undefined,
    rescheduled: async (tx, from, to, actor) => {
      // Issue 39 §9: a new time that waits for approval leaves the confirmed showing (and its reminders) as is.
      const [kept] = await tx
        .select({ id: bookings.id })
        .from(bookings)
        .where(and(eq(bookings.id, from.id), eq(bookings.status, 'confirmed')));
      if (!kept) await cancelPending(tx, from.id);
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
      const requests = (await aheadOf(tx, booking, 'agent')).filter((p) => p.event === 'feedback_request');
      await scheduleAll(
        tx,
        requests.map((request) => ({
          ...request,
          at: new Date(Math.max(request.at.getTime(), now().getTime())),
        })),
      );
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
      const minutes = settings.notifications.reconfirm_minutes_before;
      const texts = await textsContextOf(tx, agentId, settings.notifications.sms_reminders);
      await scheduleAll(
        tx,
        upcoming.flatMap((booking) => [
          ...remindersOf(booking, 'agent', offsets, texts),
          ...reconfirmOf(booking, 'agent', minutes, texts),
        ]),
      );
    },
    // A fresh id: the original job has ended. Messages already sent for the event are not sent again.
    retry: sendFresh,
  };
}

/** Whether the agent texts buyers (the plan is checked when a job runs) and the zone quiet hours are kept in. */
type TextsContext = { on: boolean; timeZone: string };

async function textsContextOf(tx: DbTransaction, agentId: string, smsOn: boolean): Promise<TextsContext> {
  if (!smsOn) return { on: false, timeZone: 'UTC' };
  // In a buyer's booking transaction the agent's row was read already (db/agent-facts.ts).
  const known = agentFactsIn(tx, agentId)?.timeZone;
  if (known) return { on: true, timeZone: known };
  const [row] = await tx.select({ timeZone: agents.timeZone }).from(agents).where(eq(agents.id, agentId));
  return { on: true, timeZone: row?.timeZone ?? 'UTC' };
}

/** The job of one event of one booking at one time: scheduling it twice stores it once. */
export function jobIdOf(bookingId: string, event: NotificationEvent, at: Date): string {
  return deterministicUuid(`${bookingId}|${event}|${at.toISOString()}`);
}
