// The seller's weekly digest (issue 32 §4): for every contact who asked for it (`gets.weeklyReport`) on a live
// link of a Professional-or-up agent, one e-mail per week (Monday–Sunday in the agent's zone) — queued by a
// worker ticker with one job id per contact and week, sent through the delivery record with one key per contact
// and week, so a second tick, a second worker or a retry never sends it twice.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { isoDateInZone } from '@keyturn/domain/time';
import { startOfWeekInZone } from '@keyturn/domain/teamBooking';
import { SELLER_REPORT_TEXTS as T } from '@keyturn/domain/listing/sellerReport';
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
  const url = sellerReportUrl(deps.publicUrl, contact.reportToken);
  const rendered = brandedEmail(
    { agent, publicUrl: deps.publicUrl },
    {
      subject: `Your weekly showing report: ${report.property.address}`,
      heading: `${T.title}: ${report.property.address}`,
      paragraphs: [
        `Hi ${contact.name.split(/\s+/)[0] ?? contact.name},`,
        `Here is where your listing stands this week. The full report, with every buyer's feedback, is always up to date at the link below.`,
      ],
      details: [
        [T.kinds.done, String(report.totals.done)],
        [T.kinds.upcoming, String(report.totals.upcoming)],
        [T.kinds.cancelled, String(report.totals.cancelled)],
        [T.kinds.no_show, String(report.totals.no_show)],
        ['Feedback received', String(report.feedback.length)],
        ...(last
          ? ([[`${T.weekOf} ${last.week_of}`, `${last.done + last.upcoming} showings`]] as [string, string][])
          : []),
        [T.sentimentHeading, T.sentiment[report.sentiment.label] ?? report.sentiment.label],
      ],
      notes: report.notes ? [`${T.notesHeading}: ${report.notes}`] : [],
      action: { label: 'Open your report', url },
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
