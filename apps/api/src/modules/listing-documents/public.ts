// Issue 45 "Listing documents", the public side: the booking page's public documents (fresh one-hour links),
// the documents a booking's buyer may see on their manage page (and asking for an on-request one), and the
// download itself — a signed link checked (404 when not ours, 410 once expired, 404 for a deleted document),
// logged (who, which booking, when, from where) and answered with the bytes.
import { and, asc, eq, isNull } from 'drizzle-orm';
import {
  buyerAccess,
  DOCUMENT_TEXTS,
  documentLinkExpiry,
  type BuyerDocument,
  type PublicDocument,
} from '@keyturn/domain/listing/documents';
import type { Db } from '../../db/client';
import { writeTransaction } from '../../db/transaction';
import type { JobQueue } from '../../jobs/queue';
import { queueDocumentMail } from './jobs';
import {
  bookings,
  documentDownloads,
  documentFiles,
  documentRequests,
  listingDocuments,
  properties,
} from '../../db/schema';
import { AppError } from '../../http/errors';
import { isUuid } from '../../http/ids';
import { findPublicProperty } from '../core/public-reads';
import { findByToken } from '../booking-public/service';
import { downloadFileName } from './file-check';
import { documentDownloadUrl, type DocumentLinkSigner } from './links';
import { documentNotFound } from './service';

export type PublicDocumentsDeps = {
  db: Db;
  signer: DocumentLinkSigner;
  publicUrl: string;
  now: () => Date;
  /** The agent is e-mailed a buyer's request (requestDocument); reads need no queue. */
  queue?: JobQueue;
};

const E = DOCUMENT_TEXTS.errors;

/** GET /api/booking/properties/:propertyId/documents: the listing's public documents, links good for an hour. */
export async function publicDocuments(
  deps: PublicDocumentsDeps,
  propertyRef: string,
): Promise<PublicDocument[]> {
  const { property } = await findPublicProperty(deps.db, propertyRef);
  const rows = await deps.db
    .select()
    .from(listingDocuments)
    .where(
      and(
        eq(listingDocuments.propertyId, property.id),
        eq(listingDocuments.rule, 'public'),
        isNull(listingDocuments.deletedAt),
      ),
    )
    .orderBy(asc(listingDocuments.createdAt), asc(listingDocuments.id));
  const expiresAt = documentLinkExpiry(deps.now(), 'page');
  return rows.map((d) => ({
    id: d.id,
    name: d.name,
    content_type: d.contentType,
    size_bytes: d.sizeBytes,
    expires_at: expiresAt.toISOString(),
    url: documentDownloadUrl(
      deps.publicUrl,
      deps.signer.sign({ documentId: d.id, role: 'public', subject: 'public', expiresAt }),
    ),
  }));
}

/** GET /api/booking/manage/:token/documents: what this booking's buyer may open, ask for, or get later. */
export async function buyerDocuments(
  deps: PublicDocumentsDeps,
  manageToken: string,
): Promise<BuyerDocument[]> {
  const booking = await findByToken(deps.db, manageToken);
  if (!booking.propertyId) return [];
  const rows = await deps.db
    .select({ doc: listingDocuments, requestStatus: documentRequests.status })
    .from(listingDocuments)
    .leftJoin(
      documentRequests,
      and(eq(documentRequests.documentId, listingDocuments.id), eq(documentRequests.bookingId, booking.id)),
    )
    .where(and(eq(listingDocuments.propertyId, booking.propertyId), isNull(listingDocuments.deletedAt)))
    .orderBy(asc(listingDocuments.createdAt), asc(listingDocuments.id));
  const expiresAt = documentLinkExpiry(deps.now(), 'page');
  const out: BuyerDocument[] = [];
  for (const { doc, requestStatus } of rows) {
    const access = buyerAccess(doc.rule, booking);
    if (!access) continue;
    const open = access === 'available' || (access === 'requestable' && requestStatus === 'approved');
    out.push({
      id: doc.id,
      name: doc.name,
      content_type: doc.contentType,
      size_bytes: doc.sizeBytes,
      rule: doc.rule,
      access,
      request_status: requestStatus ?? null,
      url: open
        ? documentDownloadUrl(
            deps.publicUrl,
            deps.signer.sign({ documentId: doc.id, role: 'buyer', subject: booking.id, expiresAt }),
          )
        : null,
    });
  }
  return out;
}

/**
 * POST /api/booking/manage/:token/documents/:docId/request: the buyer asks for an on-request document. Asking
 * again changes nothing (the request as it stands is answered).
 */
export async function requestDocument(
  deps: PublicDocumentsDeps,
  manageToken: string,
  docId: string,
): Promise<BuyerDocument> {
  const booking = await findByToken(deps.db, manageToken);
  if (!isUuid(docId) || !booking.propertyId) throw documentNotFound();
  const [doc] = await deps.db
    .select()
    .from(listingDocuments)
    .where(
      and(
        eq(listingDocuments.id, docId),
        eq(listingDocuments.propertyId, booking.propertyId),
        isNull(listingDocuments.deletedAt),
      ),
    );
  if (!doc) throw documentNotFound();
  if (buyerAccess(doc.rule, booking) !== 'requestable') {
    throw new AppError(409, 'DOCUMENT_NOT_REQUESTABLE', E.notRequestable);
  }
  // A first request tells the agent (queued with it); asking again changes nothing.
  await writeTransaction(deps.db, async (tx) => {
    const [asked] = await tx
      .insert(documentRequests)
      .values({ documentId: doc.id, bookingId: booking.id, requestedAt: deps.now() })
      .onConflictDoNothing()
      .returning({ id: documentRequests.id });
    if (asked && deps.queue) {
      await queueDocumentMail(
        tx,
        deps.queue,
        { kind: 'documents.requested', bookingId: booking.id, requestId: asked.id },
        deps.now(),
      );
    }
  });
  const mine = (await buyerDocuments(deps, manageToken)).find((d) => d.id === doc.id);
  if (!mine) throw documentNotFound();
  return mine;
}

/** GET /api/documents/download?token=…: the checked link's document, its download logged. */
export async function downloadDocument(
  deps: PublicDocumentsDeps,
  token: string,
  ip: string | null,
): Promise<{ bytes: Buffer; contentType: string; fileName: string }> {
  const link = deps.signer.verify(token);
  if (!link) throw new AppError(404, 'DOCUMENT_LINK_INVALID', E.linkInvalid);
  if (link.expiresAt.getTime() <= deps.now().getTime()) {
    throw new AppError(410, 'DOCUMENT_LINK_EXPIRED', E.linkExpired);
  }
  const [row] = await deps.db
    .select({ doc: listingDocuments, bytes: documentFiles.bytes })
    .from(listingDocuments)
    .innerJoin(documentFiles, eq(documentFiles.sha256, listingDocuments.sha256))
    // A deleted listing's documents are gone with it.
    .innerJoin(properties, eq(properties.id, listingDocuments.propertyId))
    .where(
      and(
        eq(listingDocuments.id, link.documentId),
        isNull(listingDocuments.deletedAt),
        isNull(properties.deletedAt),
      ),
    );
  if (!row) throw documentNotFound();
  const { doc } = row;
  let bookingId: string | null = null;
  if (link.role === 'buyer' || link.role === 'buyer_agent') {
    // The booking the link was made for must still be one at this listing.
    const [booking] = await deps.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.id, link.subject), eq(bookings.propertyId, doc.propertyId)));
    if (!booking) throw new AppError(404, 'DOCUMENT_LINK_INVALID', E.linkInvalid);
    bookingId = booking.id;
  } else if (link.role === 'agent' && link.subject !== doc.agentId) {
    throw new AppError(404, 'DOCUMENT_LINK_INVALID', E.linkInvalid);
  } else if (link.role === 'public' && doc.rule !== 'public') {
    // A document no longer public is no longer the booking page's to hand out.
    throw documentNotFound();
  }
  await deps.db.insert(documentDownloads).values({
    documentId: doc.id,
    propertyId: doc.propertyId,
    bookingId,
    role: link.role,
    ip: ip?.slice(0, 100) ?? null,
    at: deps.now(),
  });
  return {
    bytes: row.bytes,
    contentType: doc.contentType,
    fileName: downloadFileName(doc.name, doc.contentType),
  };
}
