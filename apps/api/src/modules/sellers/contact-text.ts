// One text to a property's seller or occupant (their approval request, a notice): recorded as theirs in
// Settings → Messages, sent at most once per key, never to a number that replied STOP (the owner of the number
// decides), and a provider's opt-out report is kept.
import { eq } from 'drizzle-orm';
import type { SmsSender } from '../../adapters/sms';
import type { Db } from '../../db/client';
import { smsOptOuts } from '../../db/schema';
import { deliverOnce } from '../core/mail/deliver';
import { fileStemFor, mailDomainOf, messageIdFor } from '../core/mail/keys';

export async function sendContactText(
  deps: { db: Db; sms: SmsSender; mailFrom: string },
  t: {
    key: string;
    kind: string;
    agentId: string;
    bookingId: string;
    to: string;
    body: string;
    at: string;
    attempt: { retryCount: number; retryLimit: number };
  },
): Promise<number> {
  const optedOut = (await deps.db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, t.to))).length > 0;
  const outcome = await deliverOnce(
    deps.db,
    {
      key: t.key,
      messageId: messageIdFor(t.key, mailDomainOf(deps.mailFrom)),
      agentId: t.agentId,
      bookingId: t.bookingId,
      kind: t.kind,
      channel: 'sms',
      audience: 'seller',
      recipient: t.to,
      subject: null,
      scheduledFor: new Date(t.at),
    },
    {
      lastAttempt: t.attempt.retryCount >= t.attempt.retryLimit,
      skipReason: optedOut ? 'The contact replied STOP to our texts' : null,
      send: () => deps.sms.send({ to: t.to, body: t.body, fileStem: fileStemFor(t.key, t.kind) }),
      onOptedOut: async (tx) => {
        await tx.insert(smsOptOuts).values({ phone: t.to }).onConflictDoNothing();
      },
    },
  );
  if (outcome.status === 'failed' && !outcome.final) throw outcome.error;
  return outcome.status === 'sent' ? 1 : 0;
}
