// The buyer's e-mail of an Optimise time proposal (issue 29, decision 042): a job of the notifications queue,
// queued in the transaction that stores the proposal, sent at most once per proposal through the delivery
// record every message uses (core/mail/deliver.ts) — retried, an outbox copy without SMTP, listed in
// Settings → Messages. Both times are the server's instants in the agent's zone (where the property is),
// the zone named; the branding is the booking e-mails' (templates.ts `brandedEmail`). Issue 43: the e-mail, its
// text and the proposal page's link are in the booking's language (`bookings.locale`).
import { eq } from 'drizzle-orm';
import { DEFAULT_LOCALE, localeOfTag, withLocaleParam } from '@keyturn/domain/i18n/locales';
import { STOP_LINE } from '@keyturn/domain/texts/showingTexts';
import { t, type Locale } from '../../i18n';
import type { Mailer } from '../../adapters/mail';
import type { Db, DbTransaction } from '../../db/client';
import { agents, bookings, properties, timeProposals } from '../../db/schema';
import { deterministicUuid, type JobQueue } from '../../jobs/queue';
import { deliverWithBuyerAgentCopy } from '../core/mail/buyer-agent-copy';
import { firstName, whenInZone } from '../core/mail/format';
import { brandedEmail } from '../core/mail/layout';
import type { QueuedMailHandler } from '../core/mail/queued-mail';
import { mailDomainOf, messageIdFor } from '../core/mail/keys';
import { notificationSettingsOf } from '../core/notifications/settings';
import { agentSendsTexts } from '@keyturn/domain/planGates';
import { deciderOf, deliverShowingText, type ShowingTextDeps } from '../texts/showing-text';

export const TIME_PROPOSAL_KIND = 'time.proposal';

export type ProposalMailJobData = { kind: 'time.proposal'; proposalId: string; sentAt: string };

export function isProposalMailJob(data: object): data is ProposalMailJobData {
  return (data as { kind?: unknown }).kind === TIME_PROPOSAL_KIND;
}

/**
 * The proposal page's link: the buyer accepts, keeps their time or picks another from it. A Spanish booking's link
 * carries `?lang=es` (issue 43), so the page opens in the e-mail's language.
 */
export function proposalUrl(publicUrl: string, token: string, locale?: Locale | string | null): string {
  return withLocaleParam(`${publicUrl}/booking/proposal?token=${encodeURIComponent(token)}`, locale);
}

export async function queueProposalMail(
  tx: DbTransaction,
  queue: JobQueue,
  proposalId: string,
  sentAt: Date,
): Promise<void> {
  const data: ProposalMailJobData = { kind: TIME_PROPOSAL_KIND, proposalId, sentAt: sentAt.toISOString() };
  await queue.send(tx, {
    id: deterministicUuid(`${TIME_PROPOSAL_KIND}:${proposalId}`),
    data,
    startAfter: sentAt,
  });
}

export type ProposalMailDeps = { db: Db; mailer: Mailer; publicUrl: string; mailFrom: string } & Partial<
  Pick<ShowingTextDeps, 'sms' | 'smsDefaultCountry'>
>;

/** The proposal e-mail's place on the notifications queue (registered in src/compose-workers.ts). */
export function proposalMail(deps: ProposalMailDeps): QueuedMailHandler<ProposalMailJobData> {
  return { matches: isProposalMailJob, run: (job) => runProposalMailJob(deps, job.data, job) };
}

export async function runProposalMailJob(
  deps: ProposalMailDeps,
  data: ProposalMailJobData,
  attempt: { retryCount: number; retryLimit: number },
): Promise<{ sent: number; skipped?: string }> {
  const { db } = deps;
  const [row] = await db
    .select({ proposal: timeProposals, agent: agents, booking: bookings, property: properties })
    .from(timeProposals)
    .innerJoin(agents, eq(agents.id, timeProposals.agentId))
    .innerJoin(bookings, eq(bookings.id, timeProposals.bookingId))
    .leftJoin(properties, eq(properties.id, bookings.propertyId))
    .where(eq(timeProposals.id, data.proposalId));
  if (!row || row.booking.agentId !== row.agent.id)
    return { sent: 0, skipped: 'the proposal no longer exists' };
  const { proposal, agent, booking, property } = row;
  if (proposal.status !== 'proposed') return { sent: 0, skipped: `the proposal is ${proposal.status}` };

  const agentName = `${agent.firstName} ${agent.lastName}`.trim();
  // Issue 43: the buyer's (and their agent's) e-mail and text in the booking's language, dates through Intl in it.
  const locale = booking.locale;
  const now = whenInZone(proposal.fromStartsAt, agent.timeZone, locale);
  const next = whenInZone(proposal.startsAt, agent.timeZone, locale);
  const detail = (w: typeof now) =>
    t(locale, 'email.whenDetail', { date: w.date, time: w.time, zone: w.zone });
  const url = proposalUrl(deps.publicUrl, proposal.token, locale);
  const place = property
    ? `${property.address}, ${property.city}, ${property.state} ${property.zipCode}`
    : null;
  // Who proposed it: the seller (from their approval request) or the agent (Optimise).
  const by = await deciderOf(db, booking.id, 'proposed');
  // The shared sender greets in English (the buyer; or their buyer's agent, with a second line saying whose
  // showing it is): a Spanish booking's e-mail greets the same people in Spanish.
  const greetingIn = (greeting: string[]): string[] => {
    if ((localeOfTag(locale) ?? DEFAULT_LOCALE) === DEFAULT_LOCALE) return greeting;
    const toBuyerAgent = greeting.length > 1 && booking.buyerAgentName !== null;
    return toBuyerAgent
      ? [
          t(locale, 'email.greeting', { name: firstName(booking.buyerAgentName!) }),
          t(locale, 'email.copyForClient', { clientName: booking.clientName }),
        ]
      : [t(locale, 'email.greeting', { name: firstName(booking.clientName) })];
  };
  const render = (greeting: string[]) =>
    brandedEmail(
      { agent, publicUrl: deps.publicUrl },
      {
        subject:
          by === 'seller'
            ? t(locale, 'email.proposalSubjectSeller', { date: next.shortDate })
            : t(locale, 'email.proposalSubject', { agentName, date: next.shortDate }),
        heading: t(locale, 'manage.proposalTitle'),
        paragraphs: [
          ...greetingIn(greeting),
          by === 'seller'
            ? t(locale, 'manage.proposalIntroSeller')
            : t(locale, 'manage.proposalIntro', { agent: agentName }),
        ],
        details: [
          ...(place ? [[t(locale, 'manage.property'), place] as [string, string]] : []),
          [t(locale, 'manage.requestedTime'), detail(now)],
          [t(locale, 'manage.proposedTime'), detail(next)],
        ],
        notes: [t(locale, 'email.proposalNote')],
        action: { label: t(locale, 'email.proposalAction'), url },
        locale,
      },
    );

  const key = `${TIME_PROPOSAL_KIND}:${proposal.id}`;
  // Issue 45: the buyer's agent who asked for it gets their copy.
  const mailed = await deliverWithBuyerAgentCopy(
    deps,
    booking,
    { key, kind: TIME_PROPOSAL_KIND, agent, scheduledFor: new Date(data.sentAt), attempt },
    render,
  );
  // Issue 39: whoever ticked "Text me about this showing" is texted the proposal too.
  const { sms, smsDefaultCountry } = deps;
  if (!sms || !smsDefaultCountry) return mailed;
  const settings = await notificationSettingsOf(db, agent.id);
  if (!agentSendsTexts(agent.plan, settings.notifications)) return mailed;
  const textKey = `${key}.sms`;
  const texted = await deliverShowingText(
    { db, sms, smsDefaultCountry },
    {
      booking,
      record: {
        key: textKey,
        messageId: messageIdFor(textKey, mailDomainOf(deps.mailFrom)),
        agentId: agent.id,
        bookingId: booking.id,
        kind: `${TIME_PROPOSAL_KIND}.sms`,
        scheduledFor: new Date(data.sentAt),
      },
      body: (to) =>
        t(locale, 'text.proposed', {
          brand: agent.companyName || agentName,
          by,
          agentName,
          role: to.role,
          clientName: booking.clientName,
          what: property?.address ?? t(locale, 'text.appointmentWith', { agentName }),
          at: t(locale, 'email.whenAtZone', { date: next.shortDate, time: next.time, zone: next.zone }),
          requested: t(locale, 'email.whenAt', { date: now.shortDate, time: now.time }),
          url,
          stop: STOP_LINE[localeOfTag(locale) ?? DEFAULT_LOCALE],
        }),
      lastAttempt: attempt.retryCount >= attempt.retryLimit,
    },
  );
  if (texted.status === 'failed' && !texted.final) throw texted.error;
  return { sent: mailed.sent + (texted.status === 'sent' ? 1 : 0) };
}
