// Issue 33: what the inbound side sends later, through the notifications queue (durable, each sent once by the
// delivery record of core/mail/deliver.ts): a buyer's free-text reply forwarded to their agent by e-mail,
// and the agent's answer texted back through the SMS sender (never to a number that opted out).
import { eq } from 'drizzle-orm';
import { answerLanguage, replyLanguage } from '@keyturn/domain/texts/replies';
import { SHOWING_TEXTS } from '@keyturn/domain/texts/showingTexts';
import type { Mailer } from '../../adapters/mail';
import type { SmsSender } from '../../adapters/sms';
import type { Db, DbTransaction } from '../../db/client';
import { agents, bookings, smsInboundMessages, smsOptOuts } from '../../db/schema';
import { deterministicUuid, type JobQueue } from '../../jobs/queue';
import { deliverOnce } from '../core/mail/deliver';
import { escapeHtml } from '../core/mail/format';
import { fromHeader } from '../core/mail/keys';
import { fileStemFor, mailDomainOf, messageIdFor } from '../core/mail/keys';
import type { QueuedMailHandler } from '../core/mail/queued-mail';

export const FORWARD_KIND = 'texts.forward';
export const AGENT_REPLY_KIND = 'texts.agent_reply';

export type TextJobData =
  { kind: typeof FORWARD_KIND; messageSid: string } | { kind: typeof AGENT_REPLY_KIND; messageSid: string };

export function isTextJob(data: object): data is TextJobData {
  const kind = (data as { kind?: unknown }).kind;
  return kind === FORWARD_KIND || kind === AGENT_REPLY_KIND;
}

export async function queueTextJob(
  tx: DbTransaction,
  queue: JobQueue,
  data: TextJobData,
  at: Date,
): Promise<void> {
  await queue.send(tx, { id: deterministicUuid(`${data.kind}:${data.messageSid}`), data, startAfter: at });
}

export type TextJobDeps = {
  db: Db;
  mailer: Mailer;
  sms: SmsSender;
  publicUrl: string;
  mailFrom: string;
};

/** The inbound side's place on the notifications queue (registered in src/compose-workers.ts). */
export function textJobs(deps: TextJobDeps): QueuedMailHandler<TextJobData> {
  return { matches: isTextJob, run: (job) => runTextJob(deps, job.data, job) };
}

export async function runTextJob(
  deps: TextJobDeps,
  data: TextJobData,
  attempt: { retryCount: number; retryLimit: number },
): Promise<{ sent: number; skipped?: string }> {
  const [row] = await deps.db
    .select({ message: smsInboundMessages, agent: agents, booking: bookings })
    .from(smsInboundMessages)
    .innerJoin(agents, eq(agents.id, smsInboundMessages.agentId))
    .leftJoin(bookings, eq(bookings.id, smsInboundMessages.bookingId))
    .where(eq(smsInboundMessages.messageSid, data.messageSid));
  if (!row) return { sent: 0, skipped: 'the message no longer exists' };
  const { message, agent, booking } = row;
  const key = `${data.kind}:${message.messageSid}`;
  const base = {
    key,
    messageId: messageIdFor(key, mailDomainOf(deps.mailFrom)),
    agentId: agent.id,
    bookingId: message.bookingId,
    kind: data.kind,
    scheduledFor: message.receivedAt,
  };
  const lastAttempt = attempt.retryCount >= attempt.retryLimit;

  if (data.kind === AGENT_REPLY_KIND) {
    if (!message.agentReply) return { sent: 0, skipped: 'no reply to send' };
    const [optedOut] = await deps.db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, message.fromPhone));
    // Issue 39: signed with the agent's name, with the STOP line, in the language the buyer wrote in.
    const body = SHOWING_TEXTS.agentReply({
      agentName: `${agent.firstName} ${agent.lastName}`.trim(),
      company: agent.companyName || null,
      text: message.agentReply,
      // Issue 43: Spanish too when the showing the buyer wrote about was booked in Spanish.
      language: answerLanguage(replyLanguage(message.body), booking),
    });
    const outcome = await deliverOnce(
      deps.db,
      { ...base, channel: 'sms', audience: 'buyer', recipient: message.fromPhone, subject: null },
      {
        lastAttempt,
        skipReason: optedOut ? 'The buyer replied STOP to our texts' : null,
        send: () => deps.sms.send({ to: message.fromPhone, body, fileStem: fileStemFor(key, data.kind) }),
        onOptedOut: async (tx) => {
          await tx.insert(smsOptOuts).values({ phone: message.fromPhone }).onConflictDoNothing();
        },
      },
    );
    if (outcome.status === 'failed' && !outcome.final) throw outcome.error;
    return { sent: outcome.status === 'sent' ? 1 : 0 };
  }

  const who = booking ? `${booking.clientName} (${message.fromPhone})` : message.fromPhone;
  const subject = `Text from ${who}`;
  const link = `${deps.publicUrl}/dashboard#messages-from-buyers`;
  const text = [
    `${who} texted:`,
    '',
    message.body,
    '',
    `Reply by text from Keyturn: ${link}`,
    '',
    '—',
    'Keyturn · a reply to your showing texts',
  ].join('\n');
  const outcome = await deliverOnce(
    deps.db,
    { ...base, channel: 'email', audience: 'agent', recipient: agent.email, subject },
    {
      lastAttempt,
      send: () =>
        deps.mailer.send({
          from: fromHeader(deps.mailFrom, 'Keyturn'),
          to: agent.email,
          replyTo: booking?.clientEmail ?? undefined,
          subject,
          text,
          html: `<pre style="font-family:inherit;white-space:pre-wrap">${escapeHtml(text)}</pre>`,
          messageId: base.messageId,
          fileStem: fileStemFor(key, data.kind),
          headers: { 'X-Keyturn-Idempotency-Key': key },
        }),
    },
  );
  if (outcome.status === 'failed' && !outcome.final) throw outcome.error;
  return { sent: outcome.status === 'sent' ? 1 : 0 };
}
