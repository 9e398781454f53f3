// A queued e-mail to a buyer that is not one of a booking's messages (the buyer-tour invitation, Optimise's
// time proposal): sent at most once per key through the delivery record every message uses (deliver.ts) —
// retried, an outbox copy without SMTP, listed in Settings → Messages — from the agent, replies to them.
import type { Mailer } from '../../../adapters/mail';
import type { Db } from '../../../db/client';
import { deliverOnce } from './deliver';
import { fileStemFor, fromHeader, mailDomainOf, messageIdFor } from './keys';
import type { RenderedEmail } from './layout';

export type BuyerMailDeps = { db: Db; mailer: Mailer; mailFrom: string };

export async function deliverBuyerMail(
  deps: BuyerMailDeps,
  mail: {
    key: string;
    kind: string;
    agent: { id: string; email: string; firstName: string; lastName: string };
    to: string;
    rendered: RenderedEmail;
    scheduledFor: Date;
    /** The booking the mail is about, when it is about one (listed with that booking's messages). */
    bookingId?: string | null;
    attempt: { retryCount: number; retryLimit: number };
    /** Issue 32: a message to the agent themself (the seller's escalation) comes from Keyturn, for the booking. */
    toAgent?: { bookingId: string };
    /** Issue 39 §15: a message to a seller or occupant (or the buyer's agent) is listed as theirs, not the buyer's. */
    audience?: 'buyer' | 'seller' | 'buyer_agent';
  },
): Promise<{ sent: number }> {
  const { key, kind, agent, rendered } = mail;
  const agentName = `${agent.firstName} ${agent.lastName}`.trim();
  const messageId = messageIdFor(key, mailDomainOf(deps.mailFrom));
  const outcome = await deliverOnce(
    deps.db,
    {
      key,
      messageId,
      agentId: agent.id,
      bookingId: mail.toAgent?.bookingId ?? mail.bookingId ?? null,
      kind,
      channel: 'email',
      audience: mail.toAgent ? 'agent' : (mail.audience ?? 'buyer'),
      recipient: mail.to,
      subject: rendered.subject,
      scheduledFor: mail.scheduledFor,
    },
    {
      lastAttempt: mail.attempt.retryCount >= mail.attempt.retryLimit,
      send: () =>
        deps.mailer.send({
          from: fromHeader(deps.mailFrom, mail.toAgent ? 'Keyturn' : agentName),
          to: mail.to,
          // The buyer's answer goes to their agent.
          ...(mail.toAgent ? {} : { replyTo: agent.email }),
          subject: rendered.subject,
          text: rendered.text,
          html: rendered.html,
          messageId,
          fileStem: fileStemFor(key, kind),
          headers: { 'X-Keyturn-Idempotency-Key': key },
          // Issue 46: every e-mail to the buyer links to what the agent holds about them.
          ...(!mail.toAgent && (mail.audience ?? 'buyer') === 'buyer'
            ? { yourData: { agentId: agent.id, email: mail.to } }
            : {}),
        }),
    },
  );
  if (outcome.status === 'failed' && !outcome.final) throw outcome.error;
  return { sent: outcome.status === 'sent' ? 1 : 0 };
}
