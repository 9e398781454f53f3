// Issue 45: the documents' e-mails as the worker runs them. Each carries signed links that work for 7 days
// (DOCUMENT_LINK_HOURS.mailed), never attachments, made when the mail is sent; each is sent once per key through
// the delivery record every message uses (listed in the agent's Messages). The confirmation's documents go to
// the buyer and, when the booking names one with an e-mail, to the buyer's agent (their own links, logged as
// theirs); a booking no longer going ahead, or a listing with no such document left, sends nothing.
import { and, asc, eq, isNull } from 'drizzle-orm';
import {
  DOCUMENT_TEXTS,
  documentLinkExpiry,
  documentSizeLabel,
  type DocumentRecipient,
  type DocumentRule,
} from '@keyturn/domain/listing/documents';
import type { Mailer } from '../../adapters/mail';
import type { Db } from '../../db/client';
import type { AgentRow } from '../core/agents';
import { agents, bookings, documentRequests, listingDocuments, properties } from '../../db/schema';
import type { WorkerJob } from '../../jobs/workers';
import { deliverBuyerMail } from '../core/mail/buyer-mail';
import { brandedEmail } from '../core/mail/layout';
import { t, type MessageId } from '../../i18n';
import type { QueuedMailHandler } from '../core/mail/queued-mail';
import { isDocumentMailJob, type DocumentMailJob } from './jobs';
import { documentDownloadUrl, type DocumentLinkSigner } from './links';

const T = DOCUMENT_TEXTS.mail;

export type DocumentMailDeps = {
  db: Db;
  mailer: Mailer;
  mailFrom: string;
  publicUrl: string;
  now: () => Date;
  signer: DocumentLinkSigner;
};

export function documentMailJobs(deps: DocumentMailDeps): QueuedMailHandler<DocumentMailJob> {
  return { matches: isDocumentMailJob, run: (job) => runDocumentMail(deps, job) };
}

type Doc = { id: string; name: string; sizeBytes: number };
type BookingRow = typeof bookings.$inferSelect;
type PropertyRow = typeof properties.$inferSelect;

export async function runDocumentMail(
  deps: DocumentMailDeps,
  job: WorkerJob<DocumentMailJob>,
): Promise<{ sent: number; skipped?: string }> {
  const { db } = deps;
  const { data } = job;
  const [row] = await db
    .select({ booking: bookings, agent: agents, property: properties })
    .from(bookings)
    .innerJoin(agents, eq(agents.id, bookings.agentId))
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .where(eq(bookings.id, data.bookingId));
  if (!row) return { sent: 0, skipped: 'the booking or its listing no longer exists' };
  const { booking, agent, property } = row;
  if (data.kind === 'documents.requested') return requestedNotice(deps, job, row);
  const wanted = data.kind === 'documents.after_showing' ? 'completed' : null;
  if (wanted ? booking.status !== wanted : !['confirmed', 'completed'].includes(booking.status)) {
    return { sent: 0, skipped: `the showing is ${booking.status}` };
  }

  let docs: Doc[];
  if (data.kind === 'documents.approved') {
    docs = await db
      .select({ id: listingDocuments.id, name: listingDocuments.name, sizeBytes: listingDocuments.sizeBytes })
      .from(documentRequests)
      .innerJoin(listingDocuments, eq(listingDocuments.id, documentRequests.documentId))
      .where(
        and(
          eq(documentRequests.id, data.requestId ?? ''),
          eq(documentRequests.bookingId, booking.id),
          eq(documentRequests.status, 'approved'),
          isNull(listingDocuments.deletedAt),
        ),
      );
  } else {
    const rule: DocumentRule = data.kind === 'documents.confirmation' ? 'with_confirmation' : 'after_showing';
    docs = await db
      .select({ id: listingDocuments.id, name: listingDocuments.name, sizeBytes: listingDocuments.sizeBytes })
      .from(listingDocuments)
      .where(
        and(
          eq(listingDocuments.propertyId, property.id),
          eq(listingDocuments.rule, rule),
          isNull(listingDocuments.deletedAt),
        ),
      )
      .orderBy(asc(listingDocuments.createdAt));
  }
  if (docs.length === 0) return { sent: 0, skipped: 'no document to send' };

  const expiresAt = documentLinkExpiry(deps.now(), 'mailed');
  const linksFor = (role: DocumentRecipient) =>
    docs.map((d) => ({
      label: `${d.name} (${documentSizeLabel(d.sizeBytes)})`,
      url: documentDownloadUrl(
        deps.publicUrl,
        deps.signer.sign({ documentId: d.id, role, subject: booking.id, expiresAt }),
      ),
    }));
  const place = `${property.address}, ${property.city}, ${property.state} ${property.zipCode}`;
  const first = booking.clientName.split(/\s+/)[0] ?? booking.clientName;
  // Issue 43: the buyer and their buyer's agent read the documents' e-mail in the booking's language.
  const locale = booking.locale;
  const tr = (id: MessageId, values?: Parameters<typeof t>[2]) => t(locale, id, values);
  const compose = (role: DocumentRecipient, greeting: string) => {
    const links = linksFor(role);
    const [firstDoc] = docs;
    const address = property.address;
    const subject =
      data.kind === 'documents.approved'
        ? tr('email.docsApprovedSubject', { document: firstDoc!.name, address })
        : data.kind === 'documents.after_showing'
          ? tr('email.docsAfterSubject', { address })
          : tr('email.docsSubject', { address });
    const line =
      data.kind === 'documents.approved'
        ? tr('email.docsApprovedLine', { document: firstDoc!.name })
        : data.kind === 'documents.after_showing'
          ? tr('email.docsAfterLine')
          : role === 'buyer_agent'
            ? tr('email.docsAgentLine', { client: booking.clientName })
            : tr('email.docsLine');
    const download = (l: { label: string; url: string }) => ({
      label: tr('email.docsDownload', { name: l.label }),
      url: l.url,
    });
    return brandedEmail(
      { agent, publicUrl: deps.publicUrl },
      {
        subject,
        heading: tr('email.docsHeading'),
        paragraphs: [greeting, line],
        details: [[tr('manage.property'), place]],
        notes: [],
        action: download(links[0]!),
        links: links.slice(1).map(download),
        locale,
      },
    );
  };
  const key = `${data.kind}:${booking.id}:${data.requestId ?? ''}`;
  const deliver = (to: string, role: DocumentRecipient, greeting: string) =>
    deliverBuyerMail(
      { db, mailer: deps.mailer, mailFrom: deps.mailFrom },
      {
        key: role === 'buyer' ? key : `${key}:${role}`,
        kind: data.kind,
        agent,
        to,
        rendered: compose(role, greeting),
        scheduledFor: new Date(data.sentAt),
        bookingId: booking.id,
        attempt: job,
        audience: role === 'buyer_agent' ? 'buyer_agent' : 'buyer',
      },
    );
  const buyer = await deliver(booking.clientEmail, 'buyer', tr('email.greeting', { name: first }));
  if (data.kind !== 'documents.confirmation' || !booking.buyerAgentEmail) return buyer;
  const agentName = booking.buyerAgentName?.split(/\s+/)[0];
  const theirs = await deliver(
    booking.buyerAgentEmail,
    'buyer_agent',
    agentName ? tr('email.greeting', { name: agentName }) : tr('email.hello'),
  );
  return { sent: buyer.sent + theirs.sent };
}

/** To the listing agent: a buyer asked for an on-request document (once per request; none once decided). */
async function requestedNotice(
  deps: DocumentMailDeps,
  job: WorkerJob<DocumentMailJob>,
  { booking, agent, property }: { booking: BookingRow; agent: AgentRow; property: PropertyRow },
): Promise<{ sent: number; skipped?: string }> {
  const [asked] = await deps.db
    .select({ name: listingDocuments.name, status: documentRequests.status })
    .from(documentRequests)
    .innerJoin(listingDocuments, eq(listingDocuments.id, documentRequests.documentId))
    .where(and(eq(documentRequests.id, job.data.requestId ?? ''), isNull(listingDocuments.deletedAt)));
  if (!asked) return { sent: 0, skipped: 'the request or its document no longer exists' };
  if (asked.status !== 'pending') return { sent: 0, skipped: `the request was already ${asked.status}` };
  return deliverBuyerMail(
    { db: deps.db, mailer: deps.mailer, mailFrom: deps.mailFrom },
    {
      key: `${job.data.kind}:${job.data.requestId}`,
      kind: job.data.kind,
      agent,
      to: agent.email,
      rendered: brandedEmail(
        { agent, publicUrl: deps.publicUrl },
        {
          subject: T.requestedSubject(booking.clientName, asked.name, property.address),
          heading: T.requestedSubject(booking.clientName, asked.name, property.address),
          paragraphs: [T.requestedLine(booking.clientName, asked.name)],
          details: [
            [T.property, `${property.address}, ${property.city}, ${property.state} ${property.zipCode}`],
          ],
          notes: [],
          action: { label: T.requestedAction, url: `${deps.publicUrl}/dashboard/properties` },
        },
      ),
      scheduledFor: new Date(job.data.sentAt),
      bookingId: booking.id,
      attempt: job,
      toAgent: { bookingId: booking.id },
    },
  );
}
