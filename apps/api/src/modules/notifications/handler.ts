// Runs one job of the notifications queue: re-reads the booking, decides what its event still means
// (catalogue.ts), renders each message and delivers it at most once (deliver.ts). A temporary failure of any
// message throws, so pg-boss retries the job with backoff; messages already sent are not sent again.
import { and, eq, inArray, isNull, like } from 'drizzle-orm';
import { inQuietHours } from '@keyturn/domain/texts/quietHours';
import type { Mailer } from '../../adapters/mail';
import type { SmsSender } from '../../adapters/sms';
import type { Db } from '../../db/client';
import { agents, bookings, feedback, notificationMessages, properties } from '../../db/schema';
import {
  messageKind,
  planMessages,
  type NotificationJobData,
  type PlannedMessage,
} from '../core/notifications/catalogue';
import { deliverOnce, type DeliveryRecord, type Outcome } from '../core/mail/deliver';
import { fileStemFor, fromHeader, idempotencyKey, mailDomainOf, messageIdFor } from '../core/mail/keys';
import { awaitingSeller as awaitingSellerAnswer, declinedBySeller } from '../core/seller-approval-state';
import { notificationSettingsOf } from '../core/notifications/settings';
import { agentSendsTexts } from '@keyturn/domain/planGates';
import { deciderOf, deliverShowingText } from '../texts/showing-text';
import { showingCutoff } from '../showing-rules/change-cutoff';
import { renderAgentEmail, renderBuyerEmail, renderSms, type TemplateContext } from './templates';
import { pushOfNotification } from '../web-push/from-notifications';
import type { AgentPush } from '../web-push/queue';

export type NotificationDeps = {
  db: Db;
  mailer: Mailer;
  sms: SmsSender;
  publicUrl: string;
  mailFrom: string;
  smsDefaultCountry: string;
  now: () => Date;
  /** Issue 47: queues a push to the agent's devices where the agent is e-mailed (composition binds it). */
  agentPush?: AgentPush;
};

export type JobAttempt = { retryCount: number; retryLimit: number };

export type JobResult = { sent: number; skipped?: string };

export async function runNotificationJob(
  deps: NotificationDeps,
  data: NotificationJobData,
  attempt: JobAttempt,
): Promise<JobResult> {
  const { db } = deps;
  const [row] = await db
    .select({ booking: bookings, agent: agents })
    .from(bookings)
    .innerJoin(agents, eq(agents.id, bookings.agentId))
    .where(eq(bookings.id, data.bookingId));
  if (!row) return { sent: 0, skipped: 'the booking no longer exists' };
  const { booking, agent } = row;
  const now = deps.now();
  const settings = await notificationSettingsOf(db, agent.id);
  const [given] = await db
    .select({ id: feedback.id })
    .from(feedback)
    .where(eq(feedback.bookingId, booking.id));
  const awaitingSeller = booking.status === 'pending' && (await awaitingSellerAnswer(db, booking.id));
  const plan = planMessages({
    data,
    booking,
    settings: settings.notifications,
    feedbackEnabled: settings.feedback.enabled,
    hasFeedback: Boolean(given),
    textsOn: agentSendsTexts(agent.plan, settings.notifications),
    buyerConfirmed: booking.buyerConfirmedAt !== null,
    // The buyer's zone is the booking's (the agent's): decision 056.
    quietNow: inQuietHours(now, agent.timeZone),
    buyerAgentEmail: booking.buyerAgentEmail !== null,
    awaitingSeller,
    now,
  });
  const scheduledFor = new Date(data.scheduledFor);
  if (plan.skipped) {
    await settleUnsent(db, booking.id, data, scheduledFor, plan.skipped);
    return { sent: 0, skipped: plan.skipped };
  }

  const property = booking.propertyId
    ? ((await db.select().from(properties).where(eq(properties.id, booking.propertyId)))[0] ?? null)
    : null;
  // Issue 39 §9: a declined or cancelled new time names the confirmed showing it would have replaced.
  const previousId =
    data.previousBookingId ??
    (data.event === 'booking_declined' || data.event === 'booking_cancelled'
      ? booking.rescheduledFromId
      : null);
  const previous = previousId
    ? ((await db.select().from(bookings).where(eq(bookings.id, previousId)))[0] ?? null)
    : null;
  const previousAgent = data.previousAgentId
    ? ((await db.select().from(agents).where(eq(agents.id, data.previousAgentId)))[0] ?? null)
    : null;
  const ctx: TemplateContext = {
    booking,
    agent,
    property,
    previous,
    previousAgent,
    offsetMinutes: data.offsetMinutes,
    publicUrl: deps.publicUrl,
    now,
    awaitingSeller,
    ...(data.event === 'booking_declined' ? { declinedBy: await deciderOf(db, booking.id, 'declined') } : {}),
    declinedBySeller: booking.status === 'declined' && (await declinedBySeller(db, booking.id)),
    changeCutoffHours: (await showingCutoff(db, booking, now)).hours,
  };
  const lastAttempt = attempt.retryCount >= attempt.retryLimit;

  const outcomes: Outcome[] = [];
  for (const message of plan.messages) {
    outcomes.push(await deliverMessage(deps, ctx, data, scheduledFor, message, lastAttempt));
  }
  if (data.event === 'unconfirmed_alert') await markUnconfirmed(db, booking.id, now);
  const push = deps.agentPush && pushOfNotification(data, plan.messages, booking);
  if (push) await deps.agentPush!(push);
  const failures = outcomes.flatMap((o) => (o.status === 'failed' && !o.final ? [o.error] : []));
  if (failures.length > 0) {
    // Back to the queue: pg-boss retries the job later; the messages already sent are skipped then.
    throw new Error(failures.map((e) => e.message).join('; '));
  }
  return { sent: outcomes.filter((o) => o.status === 'sent').length };
}

async function deliverMessage(
  deps: NotificationDeps,
  ctx: TemplateContext,
  data: NotificationJobData,
  scheduledFor: Date,
  message: PlannedMessage,
  lastAttempt: boolean,
): Promise<Outcome> {
  const { booking, agent } = ctx;
  const kind = messageKind(data.event, message);
  const key = idempotencyKey(booking.id, kind, scheduledFor);
  const base = {
    key,
    messageId: messageIdFor(key, mailDomainOf(deps.mailFrom)),
    agentId: agent.id,
    bookingId: booking.id,
    kind,
    audience: message.audience,
    scheduledFor,
  };

  if (message.channel === 'sms') {
    return deliverShowingText(deps, {
      booking,
      record: base,
      body: (to) => renderSms(message.template, { ...ctx, textTo: to }),
      lastAttempt,
    });
  }

  // Issue 32 §5: the buyer's agent reads the buyer's message addressed to them, and it goes to their address.
  const forBuyerAgent = message.audience === 'buyer_agent';
  const rendered =
    message.audience === 'agent'
      ? renderAgentEmail(message.template, ctx)
      : renderBuyerEmail(
          message.template,
          forBuyerAgent
            ? {
                ...ctx,
                booking: { ...booking, clientName: booking.buyerAgentName ?? '' },
                copyForClient: booking.clientName,
              }
            : ctx,
        );
  const to =
    message.audience === 'agent'
      ? agent.email
      : forBuyerAgent
        ? (booking.buyerAgentEmail ?? '')
        : booking.clientEmail;
  const agentName = `${agent.firstName} ${agent.lastName}`.trim();
  const record: DeliveryRecord = { ...base, channel: 'email', recipient: to, subject: rendered.subject };
  return deliverOnce(deps.db, record, {
    lastAttempt,
    send: () =>
      deps.mailer.send({
        from: fromHeader(deps.mailFrom, message.audience === 'agent' ? 'Keyturn' : agentName),
        to,
        // The buyer's answer goes to their agent, not to a no-reply mailbox.
        replyTo: message.audience === 'agent' ? booking.clientEmail : agent.email,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        messageId: base.messageId,
        fileStem: fileStemFor(key, kind),
        attachments: rendered.attachments,
        headers: { 'X-Keyturn-Idempotency-Key': key },
        // Issue 46: every e-mail to the buyer links to what the agent holds about them.
        ...(message.audience === 'buyer' ? { yourData: { agentId: agent.id, email: to } } : {}),
      }),
  });
}

/** The dashboard's "Not confirmed" mark (decision 056): set once, when the alert's job first decides to alert. */
async function markUnconfirmed(db: Db, bookingId: string, now: Date): Promise<void> {
  await db
    .update(bookings)
    .set({ unconfirmedAlertAt: now })
    .where(and(eq(bookings.id, bookingId), isNull(bookings.unconfirmedAlertAt)));
}

/** A retried job whose event no longer applies: its messages still waiting for a retry are closed. */
async function settleUnsent(
  db: Db,
  bookingId: string,
  data: NotificationJobData,
  scheduledFor: Date,
  reason: string,
): Promise<void> {
  await db
    .update(notificationMessages)
    .set({ status: 'skipped', lastError: `Not sent: ${reason}` })
    .where(
      and(
        eq(notificationMessages.bookingId, bookingId),
        like(notificationMessages.kind, `${data.event}.%`),
        eq(notificationMessages.scheduledFor, scheduledFor),
        inArray(notificationMessages.status, ['sending', 'retrying']),
      ),
    );
}
