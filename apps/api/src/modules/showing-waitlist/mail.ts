// Issue 44 "Waitlist" (decision 085): the waiting list's jobs as the worker runs them — a refill of an agent's
// lines (offers.ts), the buyer's "you're on the list" e-mail with the link to leave, and the offer: an e-mail and,
// where the buyer agreed to texts (and has not replied STOP), a text — each sent once through the delivery record
// every message uses, listed in the agent's Messages. An offer that is no longer held when its job runs is not
// sent (it was taken, left or ended).
import { eq } from 'drizzle-orm';
import {
  DAY_PART_LABELS,
  WAITLIST_TEXTS as T,
  waitlistDateLabel,
  type DayPart,
} from '@keyturn/domain/slots/waitlist';
import { agentSendsTexts } from '@keyturn/domain/planGates';
import type { Mailer } from '../../adapters/mail';
import type { SmsSender } from '../../adapters/sms';
import { agents, properties, showingWaitlist } from '../../db/schema';
import type { WorkerJob } from '../../jobs/workers';
import { deliverBuyerMail } from '../core/mail/buyer-mail';
import { whenInZone } from '../core/mail/format';
import { mailDomainOf, messageIdFor } from '../core/mail/keys';
import { brandedEmail } from '../core/mail/layout';
import type { QueuedMailHandler } from '../core/mail/queued-mail';
import { notificationSettingsOf } from '../core/notifications/settings';
import { deliverConsentedText } from '../texts/showing-text';
import { isWaitlistJob, WAITLIST_OFFER_KIND, type WaitlistJob, type WaitlistMailJob } from './jobs';
import { offerHold, refillWaitlist, type RefillDeps } from './offers';

export type WaitlistJobDeps = RefillDeps & {
  mailer: Mailer;
  mailFrom: string;
  publicUrl: string;
  sms?: SmsSender;
  smsDefaultCountry?: string;
};

/** The buyer's link: their place, the time offered to them, leaving. */
export function waitlistUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/booking/waitlist?token=${encodeURIComponent(token)}`;
}

/** The waiting list's place on the notifications queue (registered in src/compose-workers.ts). */
export function waitlistJobs(deps: WaitlistJobDeps): QueuedMailHandler<WaitlistJob> {
  return { matches: isWaitlistJob, run: (job) => runWaitlistJob(deps, job) };
}

export async function runWaitlistJob(
  deps: WaitlistJobDeps,
  job: WorkerJob<WaitlistJob>,
): Promise<{ sent: number; skipped?: string }> {
  const { data } = job;
  if (data.kind === 'waitlist.refill') {
    const offers = await refillWaitlist(deps, data.agentId);
    return { sent: 0, ...(offers === 0 ? { skipped: 'no time opened for a waiting buyer' } : {}) };
  }
  return sendWaitlistMail(deps, data, job);
}

async function sendWaitlistMail(
  deps: WaitlistJobDeps,
  data: WaitlistMailJob,
  attempt: { retryCount: number; retryLimit: number },
): Promise<{ sent: number; skipped?: string }> {
  const { db } = deps.ctx;
  const [row] = await db
    .select({ entry: showingWaitlist, agent: agents, property: properties })
    .from(showingWaitlist)
    .innerJoin(agents, eq(agents.id, showingWaitlist.agentId))
    .innerJoin(properties, eq(properties.id, showingWaitlist.propertyId))
    .where(eq(showingWaitlist.id, data.entryId));
  if (!row) return { sent: 0, skipped: 'the waiting-list entry no longer exists' };
  const { entry, agent, property } = row;
  const date = waitlistDateLabel(entry.date);
  const part = DAY_PART_LABELS[entry.part as DayPart];
  const link = waitlistUrl(deps.publicUrl, entry.token);
  const place = `${property.address}, ${property.city}, ${property.state} ${property.zipCode}`;
  const first = entry.clientName.split(/\s+/)[0];
  const key = `${data.kind}:${entry.id}:${data.offerStartsAt ?? ''}`;
  const mail = (rendered: ReturnType<typeof brandedEmail>) =>
    deliverBuyerMail(
      { db, mailer: deps.mailer, mailFrom: deps.mailFrom },
      {
        key,
        kind: data.kind,
        agent,
        to: entry.clientEmail,
        rendered,
        scheduledFor: new Date(data.sentAt),
        attempt,
      },
    );

  if (data.kind !== WAITLIST_OFFER_KIND) {
    if (entry.status !== 'waiting' && entry.status !== 'offered') {
      return { sent: 0, skipped: `the buyer is no longer on the list (${entry.status})` };
    }
    return mail(
      brandedEmail(
        { agent, publicUrl: deps.publicUrl },
        {
          subject: T.mail.joinedSubject(property.address, date),
          heading: T.page.title,
          paragraphs: [`Hi ${first},`, T.mail.joinedLine(date, part)],
          details: [
            [T.page.property, place],
            [T.page.date, date],
            [T.page.part, part],
          ],
          notes: [],
          action: { label: T.mail.leaveAction, url: link },
        },
      ),
    );
  }

  const hold = entry.status === 'offered' ? await offerHold(db, entry.id, deps.ctx.now()) : null;
  if (!hold || hold.startsAt.toISOString() !== data.offerStartsAt) {
    return { sent: 0, skipped: 'the offer is no longer held (taken, left or ended)' };
  }
  const when = whenInZone(hold.startsAt, agent.timeZone);
  const until = whenInZone(hold.expiresAt, agent.timeZone);
  const mailed = await mail(
    brandedEmail(
      { agent, publicUrl: deps.publicUrl },
      {
        subject: T.mail.offerSubject(property.address, `${when.shortDate} at ${when.time} ${when.zone}`),
        heading: T.page.offered,
        paragraphs: [`Hi ${first},`, T.mail.offerLine(`${until.time} ${until.zone}`)],
        details: [
          [T.page.property, place],
          ['Time', `${when.date}, ${when.time} ${when.zone}`],
        ],
        notes: [],
        action: { label: T.mail.offerAction, url: link },
        links: [{ label: T.mail.leaveAction, url: link }],
      },
    ),
  );
  // The text, to the owner of the number only with their consent given when joining, in the agent's name.
  const { sms, smsDefaultCountry } = deps;
  if (!sms || !smsDefaultCountry) return mailed;
  const settings = await notificationSettingsOf(db, agent.id);
  if (!agentSendsTexts(agent.plan, settings.notifications)) return mailed;
  const textKey = `${key}.sms`;
  const agentName = `${agent.firstName} ${agent.lastName}`.trim();
  const texted = await deliverConsentedText(
    { db, sms, smsDefaultCountry },
    {
      phone: entry.clientPhone,
      audience: 'buyer',
      notConsented: entry.smsConsent
        ? null
        : 'The buyer did not agree to texts when joining the waiting list',
      optedOutReason: 'The buyer replied STOP to our texts',
      record: {
        key: textKey,
        messageId: messageIdFor(textKey, mailDomainOf(deps.mailFrom)),
        agentId: agent.id,
        bookingId: null,
        kind: `${WAITLIST_OFFER_KIND}.sms`,
        scheduledFor: new Date(data.sentAt),
      },
      body: T.text(
        agent.companyName || agentName,
        property.address,
        `${when.shortDate} ${when.time} ${when.zone}`,
        `${until.time} ${until.zone}`,
        link,
      ),
      lastAttempt: attempt.retryCount >= attempt.retryLimit,
    },
  );
  if (texted.status === 'failed' && !texted.final) throw texted.error;
  return { sent: mailed.sent + (texted.status === 'sent' ? 1 : 0) };
}
