// Issue 44 "Waitlist" (decision 085): the waiting list's jobs as the worker runs them — a refill of an agent's
// lines (offers.ts), the buyer's "you're on the list" e-mail with the link to leave, and the offer: an e-mail and,
// where the buyer agreed to texts (and has not replied STOP), a text — each sent once through the delivery record
// every message uses, listed in the agent's Messages. An offer that is no longer held when its job runs is not
// sent (it was taken, left or ended).
import { eq } from 'drizzle-orm';
import { WAITLIST_OFFER_MINUTES, type DayPart } from '@keyturn/domain/slots/waitlist';
import { withLocaleParam } from '@keyturn/domain/i18n/locales';
import { agentSendsTexts } from '@keyturn/domain/planGates';
import type { Mailer } from '../../adapters/mail';
import type { SmsSender } from '../../adapters/sms';
import { agents, properties, showingWaitlist } from '../../db/schema';
import { intlLocaleOf, t, type MessageId } from '../../i18n';
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

/** The buyer's link: their place, the time offered to them, leaving (in their language, issue 43). */
export function waitlistUrl(publicUrl: string, token: string, locale?: string | null): string {
  return withLocaleParam(`${publicUrl}/booking/waitlist?token=${encodeURIComponent(token)}`, locale);
}

/** The part of the day's label ('Morning (before 12 PM)'), as the waiting-list page shows it. */
const PART_KEYS: Record<DayPart, MessageId> = {
  any: 'manage.partAny',
  morning: 'manage.partMorning',
  afternoon: 'manage.partAfternoon',
  evening: 'manage.partEvening',
};

/** An agent-zone date 'yyyy-MM-dd' as people read it: 'Tuesday, January 8, 2030' / 'martes, 8 de enero de 2030'. */
function dateLabel(date: string, locale: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Intl.DateTimeFormat(intlLocaleOf(locale), {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(new Date(Date.UTC(y!, m! - 1, d!, 12)));
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
  // Issue 43: the buyer's messages in the language they joined in.
  const locale = entry.locale;
  const tr = (id: MessageId, values?: Parameters<typeof t>[2]) => t(locale, id, values);
  const date = dateLabel(entry.date, locale);
  const part = tr(PART_KEYS[entry.part as DayPart] ?? 'manage.partAny');
  const link = waitlistUrl(deps.publicUrl, entry.token, locale);
  const place = `${property.address}, ${property.city}, ${property.state} ${property.zipCode}`;
  const hi = tr('email.greeting', { name: entry.clientName.split(/\s+/)[0] });
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
          subject: tr('email.wlJoinedSubject', { address: property.address, date }),
          heading: tr('manage.waitTitle'),
          paragraphs: [
            hi,
            tr('email.wlJoinedLine', { date, part: part.toLowerCase(), minutes: WAITLIST_OFFER_MINUTES }),
          ],
          details: [
            [tr('manage.property'), place],
            [tr('manage.date'), date],
            [tr('manage.partOfDay'), part],
          ],
          notes: [],
          action: { label: tr('manage.waitLeave'), url: link },
          locale,
        },
      ),
    );
  }

  const hold = entry.status === 'offered' ? await offerHold(db, entry.id, deps.ctx.now()) : null;
  if (!hold || hold.startsAt.toISOString() !== data.offerStartsAt) {
    return { sent: 0, skipped: 'the offer is no longer held (taken, left or ended)' };
  }
  const when = whenInZone(hold.startsAt, agent.timeZone, locale);
  const until = whenInZone(hold.expiresAt, agent.timeZone, locale);
  const mailed = await mail(
    brandedEmail(
      { agent, publicUrl: deps.publicUrl },
      {
        subject: tr('email.wlOfferSubject', {
          address: property.address,
          when: tr('email.whenAtZone', { date: when.shortDate, time: when.time, zone: when.zone }),
        }),
        heading: tr('manage.waitOffered'),
        paragraphs: [hi, tr('email.wlOfferLine', { until: `${until.time} ${until.zone}` })],
        details: [
          [tr('manage.property'), place],
          [tr('manage.time'), `${when.date}, ${when.time} ${when.zone}`],
        ],
        notes: [],
        action: { label: tr('manage.waitBook'), url: link },
        links: [{ label: tr('manage.waitLeave'), url: link }],
        locale,
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
      body: tr('text.wlOffer', {
        brand: agent.companyName || agentName,
        address: property.address,
        when: `${when.shortDate} ${when.time} ${when.zone}`,
        until: `${until.time} ${until.zone}`,
        url: link,
      }),
      lastAttempt: attempt.retryCount >= attempt.retryLimit,
    },
  );
  if (texted.status === 'failed' && !texted.final) throw texted.error;
  return { sent: mailed.sent + (texted.status === 'sent' ? 1 : 0) };
}
