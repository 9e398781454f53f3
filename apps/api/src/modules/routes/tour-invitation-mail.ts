// The buyer-tour invitation e-mail (issue 16): a job of the notifications queue, queued in the same
// transaction as the tour (or the agent's "E-mail the invitation"), sent at most once per (tour, sending)
// through the delivery record every message uses (core/mail/deliver.ts): retried like the others, an
// outbox copy without SMTP, listed in Settings → Messages. The stops, day and times are the server's
// instants in the agent's zone; the branding is the booking e-mails' (templates.ts `brandedEmail`). Issue 43: a
// tour stores no language, so the invitation speaks the language of the buyer's latest booking with the agent
// (same e-mail address), else the agent's default for buyers; its link carries `?lang=es` when Spanish.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { withLocaleParam } from '@keyturn/domain/i18n/locales';
import type { Mailer } from '../../adapters/mail';
import type { Db, DbTransaction } from '../../db/client';
import { agents, bookings, properties, tours } from '../../db/schema';
import { t, type Locale } from '../../i18n';
import { deterministicUuid, type JobQueue } from '../../jobs/queue';
import { deliverBuyerMail } from '../core/mail/buyer-mail';
import { firstName, whenInZone } from '../core/mail/format';
import { brandedEmail } from '../core/mail/layout';
import type { QueuedMailHandler } from '../core/mail/queued-mail';

export const TOUR_INVITATION_KIND = 'tour.invitation';

/** What the job carries: the tour, the address it goes to, and when the agent sent it (part of its key). */
export type TourInvitationJobData = {
  kind: 'tour.invitation';
  tourId: string;
  email: string;
  sentAt: string;
};

export function isTourInvitationJob(data: object): data is TourInvitationJobData {
  return (data as { kind?: unknown }).kind === TOUR_INVITATION_KIND;
}

/** The invitation's link: the buyer books the whole tour from it (in `locale`: Spanish adds `?lang=es`). */
export function tourInviteUrl(publicUrl: string, token: string, locale?: Locale | string | null): string {
  return withLocaleParam(`${publicUrl}/tour/${encodeURIComponent(token)}`, locale);
}

/**
 * The invitation's language: that of the buyer's most recent booking with this agent (the same address, letters
 * compared without case), else the agent's default language for buyers.
 */
export async function tourInvitationLocale(
  db: Db,
  agent: { id: string; defaultLanguage: Locale },
  email: string,
): Promise<Locale> {
  const [latest] = await db
    .select({ locale: bookings.locale })
    .from(bookings)
    .where(and(eq(bookings.agentId, agent.id), sql`lower(${bookings.clientEmail}) = lower(${email})`))
    .orderBy(desc(bookings.createdAt))
    .limit(1);
  return latest?.locale ?? agent.defaultLanguage;
}

/** Puts the invitation on the durable queue inside `tx` (the tour's own transaction when it is saved). */
export async function queueTourInvitation(
  tx: DbTransaction,
  queue: JobQueue,
  tourId: string,
  email: string,
  sentAt: Date,
): Promise<void> {
  const data: TourInvitationJobData = {
    kind: TOUR_INVITATION_KIND,
    tourId,
    email,
    sentAt: sentAt.toISOString(),
  };
  await queue.send(tx, {
    id: deterministicUuid(`${TOUR_INVITATION_KIND}:${tourId}:${email}:${data.sentAt}`),
    data,
    startAfter: sentAt,
  });
}

export type TourInvitationDeps = { db: Db; mailer: Mailer; publicUrl: string; mailFrom: string };

/** The tour invitation's place on the notifications queue (registered in src/compose-workers.ts). */
export function tourInvitationMail(deps: TourInvitationDeps): QueuedMailHandler<TourInvitationJobData> {
  return { matches: isTourInvitationJob, run: (job) => runTourInvitationJob(deps, job.data, job) };
}

export async function runTourInvitationJob(
  deps: TourInvitationDeps,
  data: TourInvitationJobData,
  attempt: { retryCount: number; retryLimit: number },
): Promise<{ sent: number; skipped?: string }> {
  const { db } = deps;
  const [row] = await db
    .select({ tour: tours, agent: agents })
    .from(tours)
    .innerJoin(agents, eq(agents.id, tours.agentId))
    .where(eq(tours.id, data.tourId));
  if (!row) return { sent: 0, skipped: 'the tour no longer exists' };
  const { tour, agent } = row;
  if (tour.bookedAt) return { sent: 0, skipped: 'the tour is already booked' };
  const ids = tour.stops.map((s) => s.property_id);
  const found = ids.length
    ? await db
        .select()
        .from(properties)
        .where(and(eq(properties.agentId, agent.id), inArray(properties.id, ids)))
    : [];

  const locale = await tourInvitationLocale(db, agent, data.email);
  const url = tourInviteUrl(deps.publicUrl, tour.token, locale);
  // Properties are soft-deleted, so every stop's property is still found.
  const stops = tour.stops.flatMap((s) => {
    const p = found.find((f) => f.id === s.property_id);
    if (!p) return [];
    const address = `${p.address}, ${p.city}, ${p.state} ${p.zipCode}`;
    return [{ address, when: whenInZone(new Date(s.starts_at), agent.timeZone, locale) }];
  });
  if (stops.length === 0) return { sent: 0, skipped: 'the tour has no stops' };
  const day = stops[0]?.when.date ?? tour.date;
  const agentName = `${agent.firstName} ${agent.lastName}`.trim();
  const count = stops.length;
  const greeting = tour.buyer?.name
    ? t(locale, 'email.greeting', { name: firstName(tour.buyer.name) })
    : t(locale, 'email.hello');
  const rendered = brandedEmail(
    { agent, publicUrl: deps.publicUrl },
    {
      subject: t(locale, 'email.tourSubject', {
        agentName,
        count,
        date: stops[0]?.when.shortDate ?? tour.date,
      }),
      heading: t(locale, 'email.tourHeading', { count }),
      paragraphs: [greeting, t(locale, 'email.tourLine', { agentName, day, count })],
      details: stops.map((s, k): [string, string] => [
        t(locale, 'email.tourStop', { number: k + 1, time: s.when.time, zone: s.when.zone }),
        s.address,
      ]),
      notes: [t(locale, 'email.tourNote')],
      action: { label: t(locale, 'visit.bookAll', { count }), url },
      locale,
    },
  );

  const key = `${TOUR_INVITATION_KIND}:${tour.id}:${data.email}:${data.sentAt}`;
  return deliverBuyerMail(deps, {
    key,
    kind: TOUR_INVITATION_KIND,
    agent,
    to: data.email,
    rendered,
    scheduledFor: new Date(data.sentAt),
    attempt,
  });
}
