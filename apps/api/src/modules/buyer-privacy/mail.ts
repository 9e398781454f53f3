// Issue 46 (decision 091): "A buyer asked you to delete their details" — to the agent, once per request, through
// the delivery record every message uses (retried, an outbox copy without SMTP, listed in Messages). The mail
// names no buyer (the address is on the agent's Privacy requests page only), so no copy of it needs deleting.
import { eq } from 'drizzle-orm';
import { PRIVACY_TEXTS as T } from '@keyturn/domain/privacy';
import type { Mailer } from '../../adapters/mail';
import type { Db } from '../../db/client';
import { agents, privacyRequests } from '../../db/schema';
import type { WorkerJob } from '../../jobs/workers';
import { deliverOnce } from '../core/mail/deliver';
import { whenInZone } from '../core/mail/format';
import { fileStemFor, fromHeader, mailDomainOf, messageIdFor } from '../core/mail/keys';
import { brandedEmail } from '../core/mail/layout';
import type { QueuedMailHandler } from '../core/mail/queued-mail';
import { isPrivacyRequestJob, PRIVACY_REQUEST_KIND, type PrivacyRequestJob } from './jobs';

export type PrivacyMailDeps = { db: Db; mailer: Mailer; mailFrom: string; publicUrl: string };

export function privacyRequestMail(deps: PrivacyMailDeps): QueuedMailHandler<PrivacyRequestJob> {
  return { matches: isPrivacyRequestJob, run: (job) => sendRequestMail(deps, job) };
}

async function sendRequestMail(
  deps: PrivacyMailDeps,
  job: WorkerJob<PrivacyRequestJob>,
): Promise<{ sent: number; skipped?: string }> {
  const [row] = await deps.db
    .select({ request: privacyRequests, agent: agents })
    .from(privacyRequests)
    .innerJoin(agents, eq(agents.id, privacyRequests.agentId))
    .where(eq(privacyRequests.id, job.data.requestId));
  if (!row) return { sent: 0, skipped: 'the request no longer exists' };
  const { request, agent } = row;
  if (request.status !== 'open') return { sent: 0, skipped: 'the request was already completed' };
  const due = whenInZone(request.dueAt, agent.timeZone);
  const rendered = brandedEmail(
    { agent, publicUrl: deps.publicUrl },
    {
      subject: T.mail.agentSubject,
      heading: T.mail.agentHeading,
      paragraphs: [T.mail.agentLine('A buyer'), T.mail.agentDue(`${due.date}, ${due.time} ${due.zone}`)],
      details: [],
      notes: [],
      action: { label: T.mail.agentAction, url: `${deps.publicUrl}/dashboard/privacy-requests` },
      footer: 'Keyturn',
    },
  );
  const key = `${PRIVACY_REQUEST_KIND}:${request.id}`;
  const messageId = messageIdFor(key, mailDomainOf(deps.mailFrom));
  const outcome = await deliverOnce(
    deps.db,
    {
      key,
      messageId,
      agentId: agent.id,
      bookingId: null,
      kind: PRIVACY_REQUEST_KIND,
      channel: 'email',
      audience: 'agent',
      recipient: agent.email,
      subject: rendered.subject,
      scheduledFor: request.receivedAt,
    },
    {
      lastAttempt: job.retryCount >= job.retryLimit,
      send: () =>
        deps.mailer.send({
          from: fromHeader(deps.mailFrom, 'Keyturn'),
          to: agent.email,
          subject: rendered.subject,
          text: rendered.text,
          html: rendered.html,
          messageId,
          fileStem: fileStemFor(key, PRIVACY_REQUEST_KIND),
          headers: { 'X-Keyturn-Idempotency-Key': key },
        }),
    },
  );
  if (outcome.status === 'failed' && !outcome.final) throw outcome.error;
  return { sent: outcome.status === 'sent' ? 1 : 0 };
}
