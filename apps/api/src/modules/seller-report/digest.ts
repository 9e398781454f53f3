// The seller's weekly digest (issue 32 §4): for every contact who asked for it (`gets.weeklyReport`) on a live
// link of a Professional-or-up agent, one e-mail per week (Monday–Sunday in the agent's zone) — queued by a
// worker ticker with one job id per contact and week, sent through the delivery record with one key per contact
// and week, so a second tick, a second worker or a retry never sends it twice. Issue 43: in the contact's language
// (sellers/language.ts), the report's link opening in it.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { isoDateInZone } from '@keyturn/domain/time';
import { startOfWeekInZone } from '@keyturn/domain/teamBooking';
import { withLocaleParam } from '@keyturn/domain/i18n/locales';
import { SELLER_SENTIMENT_KEYS, SELLER_WEEK_KIND_KEYS } from '@keyturn/domain/listing/sellerReport';
import { planAllows } from '@keyturn/domain/planGates';
import { planFor } from '@keyturn/domain/plans';
import type { Mailer } from '../../adapters/mail';
import type { Db } from '../../db/client';
import { agents, properties, propertyContacts } from '../../db/schema';
import { deterministicUuid, type JobQueue } from '../../jobs/queue';
import type { JobTicker, WorkerLog } from '../../jobs/workers';
import { deliverBuyerMail } from '../core/mail/buyer-mail';
import { brandedEmail } from '../core/mail/layout';
import type { QueuedMailHandler } from '../core/mail/queued-mail';
import { sellerReport, sellerReportUrl } from './service';
import { contactLocale } from '../core/contact-language';
import { intlLocaleOf, t } from '../../i18n';

export const SELLER_DIGEST_KIND = 'seller.weekly_digest';

export type SellerDigestJobData = { kind: 'seller.weekly_digest'; contactId: string; weekOf: string };

export function isSellerDigestJob(data: object): data is SellerDigestJobData {
  return (data as { kind?: unknown }).kind === SELLER_DIGEST_KIND;
}

/** Queues this week's digest of every contact who wants one (a job already queued for the week is kept). */
export async function queueWeeklyDigests(db: Db, queue: JobQueue, now: Date): Promise<number> {
  const rows = await db
    .select({ contactId: propertyContacts.id, timeZone: agents.timeZone, plan: agents.plan })
    .from(propertyContacts)
    .innerJoin(properties, eq(properties.id, propertyContacts.propertyId))
    .innerJoin(agents, eq(agents.id, properties.agentId))
    .where(
      and(
        sql`(${propertyContacts.gets} ->> 'weeklyReport')::boolean`,
        sql`${propertyContacts.email} is not null`,
        isNull(propertyContacts.reportRevokedAt),
        isNull(properties.deletedAt),
      ),
    );
  const included = rows.filter((r) => planAllows(planFor(r.plan), 'sellerReports'));
  if (included.length === 0) return 0;
  const jobs = included.map((r) => {
    const weekOf = isoDateInZone(startOfWeekInZone(now, r.timeZone), r.timeZone);
    const data: SellerDigestJobData = { kind: SELLER_DIGEST_KIND, contactId: r.contactId, weekOf };
    return { id: deterministicUuid(`${SELLER_DIGEST_KIND}:${r.contactId}:${weekOf}`), data, startAfter: now };
  });
  await db.transaction((tx) => queue.sendAll(tx, jobs));
  return jobs.length;
}

/** The ticker that queues the week's digests (registered in src/compose-workers.ts). */
export function sellerDigestTicker(
  deps: { db: Db; queue: JobQueue; now: () => Date },
  log: WorkerLog,
): JobTicker {
  return {
    everyMs: 15 * 60_000,
    run: () =>
      queueWeeklyDigests(deps.db, deps.queue, deps.now()).then(
        () => {},
        (err: unknown) => log.error(`[seller] weekly digests not queued: ${String(err)}`),
      ),
  };
}

export type SellerDigestDeps = {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  mailFrom: string;
  now: () => Date;
};

export function sellerDigestMail(deps: SellerDigestDeps): QueuedMailHandler<SellerDigestJobData> {
  return { matches: isSellerDigestJob, run: (job) => runSellerDigestJob(deps, job.data, job) };
}

export async function runSellerDigestJob(
  deps: SellerDigestDeps,
  data: SellerDigestJobData,
  attempt: { retryCount: number; retryLimit: number },
): Promise<{ sent: number; skipped?: string }> {
  const [row] = await deps.db
    .select({ contact: propertyContacts, agent: agents })
    .from(propertyContacts)
    .innerJoin(properties, eq(properties.id, propertyContacts.propertyId))
    .innerJoin(agents, eq(agents.id, properties.agentId))
    .where(eq(propertyContacts.id, data.contactId));
  if (!row || !row.contact.email || !row.contact.gets.weeklyReport || row.contact.reportRevokedAt)
    return { sent: 0, skipped: 'the contact no longer gets the weekly report' };
  const { contact, agent } = row;
  const report = await sellerReport(deps.db, contact.reportToken, deps.now()).catch(() => null);
  if (!report) return { sent: 0, skipped: 'the report is not available' };
  const last = report.weeks.at(-1);
  // Issue 43: in the contact's language, the report's link opening in it.
  const locale = contactLocale(contact, agent);
  const url = withLocaleParam(sellerReportUrl(deps.publicUrl, contact.reportToken), locale);
  const address = report.property.address;
  /** The week's first day: as stored in English (as before), through Intl in another language. */
  const weekDate = (iso: string) =>
    locale === 'en'
      ? iso
      : new Intl.DateTimeFormat(intlLocaleOf(locale), { dateStyle: 'long', timeZone: 'UTC' }).format(
          new Date(`${iso}T12:00:00Z`),
        );
  const sentiment = (label: string) => {
    const key = SELLER_SENTIMENT_KEYS[label];
    return key ? t(locale, `seller.${key}`) : label;
  };
  const rendered = brandedEmail(
    { agent, publicUrl: deps.publicUrl },
    {
      subject: t(locale, 'sellermail.digestSubject', { address }),
      heading: t(locale, 'sellermail.digestHeading', { title: t(locale, 'seller.reportTitle'), address }),
      paragraphs: [
        t(locale, 'email.greeting', { name: contact.name.split(/\s+/)[0] ?? contact.name }),
        t(locale, 'sellermail.digestLine'),
      ],
      details: [
        ...(['done', 'upcoming', 'cancelled', 'no_show'] as const).map(
          (kind) =>
            [t(locale, `seller.${SELLER_WEEK_KIND_KEYS[kind]}`), String(report.totals[kind])] as [
              string,
              string,
            ],
        ),
        [t(locale, 'sellermail.feedbackReceived'), String(report.feedback.length)],
        ...(last
          ? ([
              [
                t(locale, 'sellermail.weekOfDetail', {
                  weekOf: t(locale, 'seller.weekOf'),
                  date: weekDate(last.week_of),
                }),
                t(locale, 'sellermail.weekShowings', { count: last.done + last.upcoming }),
              ],
            ] as [string, string][])
          : []),
        [t(locale, 'seller.sentimentHeading'), sentiment(report.sentiment.label)],
      ],
      notes: report.notes
        ? [
            t(locale, 'sellermail.notesDetail', {
              heading: t(locale, 'seller.notesHeading'),
              notes: report.notes,
            }),
          ]
        : [],
      action: { label: t(locale, 'sellermail.openReport'), url },
      locale,
    },
  );
  return deliverBuyerMail(deps, {
    key: `${SELLER_DIGEST_KIND}:${contact.id}:${data.weekOf}`,
    kind: SELLER_DIGEST_KIND,
    agent,
    to: contact.email!,
    rendered,
    scheduledFor: new Date(`${data.weekOf}T00:00:00Z`),
    audience: 'seller',
    attempt,
  });
}
