// Issue 45 "Listing documents", the agent's side: a listing's documents (upload, list with download counts,
// rename or change the rule, delete), the buyers' requests waiting for a decision, and a document's download
// log. Every read and write is scoped to the caller's own listings: another agent's listing, document or
// request answers 404. Uploaded bytes are checked (file-check.ts) before anything is stored.
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  DOCUMENT_TEXTS,
  documentLinkExpiry,
  type AgentDocument,
  type DocumentDownloadView,
  type DocumentPatch,
  type DocumentRequestView,
  type DocumentRule,
} from '@keyturn/domain/listing/documents';
import type { Db } from '../../db/client';
import {
  bookings,
  documentDownloads,
  documentFiles,
  documentRequests,
  listingDocuments,
  properties,
} from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import { AppError } from '../../http/errors';
import { isUuid } from '../../http/ids';
import type { JobQueue } from '../../jobs/queue';
import { checkDocument } from './file-check';
import { queueDocumentMail } from './jobs';
import { documentDownloadUrl, type DocumentLinkSigner } from './links';

export type DocumentsDeps = { db: Db; queue: JobQueue; signer: DocumentLinkSigner; publicUrl: string };

const propertyNotFound = () =>
  new AppError(404, 'PROPERTY_NOT_FOUND', DOCUMENT_TEXTS.errors.propertyNotFound);
export const documentNotFound = () => new AppError(404, 'DOCUMENT_NOT_FOUND', DOCUMENT_TEXTS.errors.notFound);
const requestNotFound = () =>
  new AppError(404, 'DOCUMENT_REQUEST_NOT_FOUND', DOCUMENT_TEXTS.errors.requestNotFound);

type DocRow = typeof listingDocuments.$inferSelect;

/** The caller's own listing (not deleted), or 404. */
async function ownProperty(db: Db, agentId: string, propertyId: number) {
  const [row] = await db
    .select({ id: properties.id, address: properties.address })
    .from(properties)
    .where(and(eq(properties.id, propertyId), eq(properties.agentId, agentId), isNull(properties.deletedAt)));
  if (!row) throw propertyNotFound();
  return row;
}

/** A document of the caller's listing (not deleted), or 404. */
async function ownDocument(db: Db, agentId: string, propertyId: number, docId: string): Promise<DocRow> {
  await ownProperty(db, agentId, propertyId);
  if (!isUuid(docId)) throw documentNotFound();
  const [row] = await db
    .select()
    .from(listingDocuments)
    .where(
      and(
        eq(listingDocuments.id, docId),
        eq(listingDocuments.propertyId, propertyId),
        eq(listingDocuments.agentId, agentId),
        isNull(listingDocuments.deletedAt),
      ),
    );
  if (!row) throw documentNotFound();
  return row;
}

function viewOf(
  deps: DocumentsDeps,
  row: DocRow,
  downloads: number,
  agentId: string,
  now: Date,
): AgentDocument {
  const token = deps.signer.sign({
    documentId: row.id,
    role: 'agent',
    subject: agentId,
    expiresAt: documentLinkExpiry(now, 'page'),
  });
  return {
    id: row.id,
    property_id: row.propertyId,
    name: row.name,
    rule: row.rule,
    content_type: row.contentType,
    size_bytes: row.sizeBytes,
    downloads,
    created_at: row.createdAt.toISOString(),
    url: documentDownloadUrl(deps.publicUrl, token),
  };
}

/** POST /api/properties/:id/documents: the checked bytes stored once per content, and the document. */
export async function uploadDocument(
  deps: DocumentsDeps,
  agentId: string,
  propertyId: number,
  input: { name: string; rule: DocumentRule; bytes: Buffer },
  now: Date,
): Promise<AgentDocument> {
  // Checked before anything is stored: a refused file leaves no row.
  await ownProperty(deps.db, agentId, propertyId);
  const { contentType } = checkDocument(input.bytes);
  const sha256 = createHash('sha256').update(input.bytes).digest('hex');
  const row = await writeTransaction(deps.db, async (tx) => {
    await tx.insert(documentFiles).values({ sha256, bytes: input.bytes }).onConflictDoNothing();
    const [inserted] = await tx
      .insert(listingDocuments)
      .values({
        agentId,
        propertyId,
        name: input.name,
        rule: input.rule,
        contentType,
        sizeBytes: input.bytes.length,
        sha256,
        // The database's clock (distinct per upload): the list's order is the upload order.
      })
      .returning();
    return inserted!;
  });
  return viewOf(deps, row, 0, agentId, now);
}

/** GET /api/properties/:id/documents: oldest first, each with its downloads so far and a one-hour link. */
export async function listDocuments(
  deps: DocumentsDeps,
  agentId: string,
  propertyId: number,
  now: Date,
): Promise<AgentDocument[]> {
  await ownProperty(deps.db, agentId, propertyId);
  const rows = await deps.db
    .select({
      row: listingDocuments,
      // Spelled out: drizzle writes a lone column of a one-table select unqualified, which here would be d's.
      downloads: sql<number>`(select count(*)::int from ${documentDownloads} d where d.document_id = "listing_documents"."id")`,
    })
    .from(listingDocuments)
    .where(
      and(
        eq(listingDocuments.propertyId, propertyId),
        eq(listingDocuments.agentId, agentId),
        isNull(listingDocuments.deletedAt),
      ),
    )
    .orderBy(asc(listingDocuments.createdAt), asc(listingDocuments.id));
  return rows.map((r) => viewOf(deps, r.row, r.downloads, agentId, now));
}

export async function patchDocument(
  deps: DocumentsDeps,
  agentId: string,
  propertyId: number,
  docId: string,
  patch: DocumentPatch,
  now: Date,
): Promise<AgentDocument> {
  const doc = await ownDocument(deps.db, agentId, propertyId, docId);
  const [row] = await deps.db
    .update(listingDocuments)
    .set({
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.rule ? { rule: patch.rule } : {}),
    })
    .where(eq(listingDocuments.id, doc.id))
    .returning();
  const [count] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(documentDownloads)
    .where(eq(documentDownloads.documentId, doc.id));
  return viewOf(deps, row!, count?.n ?? 0, agentId, now);
}

/** DELETE: the document is gone for everyone (links already sent answer 404); its download log is kept. */
export async function deleteDocument(db: Db, agentId: string, propertyId: number, docId: string, now: Date) {
  const doc = await ownDocument(db, agentId, propertyId, docId);
  await db.update(listingDocuments).set({ deletedAt: now }).where(eq(listingDocuments.id, doc.id));
}

/** GET /api/document-requests: the buyers' requests waiting for the caller's decision, oldest first. */
export async function pendingRequests(db: Db, agentId: string): Promise<DocumentRequestView[]> {
  const rows = await db
    .select({
      request: documentRequests,
      doc: listingDocuments,
      booking: bookings,
      address: properties.address,
    })
    .from(documentRequests)
    .innerJoin(listingDocuments, eq(listingDocuments.id, documentRequests.documentId))
    .innerJoin(bookings, eq(bookings.id, documentRequests.bookingId))
    .innerJoin(properties, eq(properties.id, listingDocuments.propertyId))
    .where(
      and(
        eq(listingDocuments.agentId, agentId),
        eq(documentRequests.status, 'pending'),
        isNull(listingDocuments.deletedAt),
      ),
    )
    .orderBy(asc(documentRequests.requestedAt));
  return rows.map(({ request, doc, booking, address }) => ({
    id: request.id,
    document_id: doc.id,
    document_name: doc.name,
    property_id: doc.propertyId,
    property_address: address,
    booking_id: booking.id,
    client_name: booking.clientName,
    client_email: booking.clientEmail,
    requested_at: request.requestedAt.toISOString(),
  }));
}

/**
 * Approve or decline a pending request of the caller's document. An approval queues the requester's e-mail
 * with the link in the same transaction; deciding a request already decided is 409.
 */
export async function decideRequest(
  deps: DocumentsDeps,
  agentId: string,
  requestId: string,
  decision: 'approved' | 'declined',
  now: Date,
): Promise<{ id: string; status: 'approved' | 'declined' }> {
  if (!isUuid(requestId)) throw requestNotFound();
  return writeTransaction(deps.db, async (tx) => {
    const [found] = await tx
      .select({ request: documentRequests })
      .from(documentRequests)
      .innerJoin(listingDocuments, eq(listingDocuments.id, documentRequests.documentId))
      .where(
        and(
          eq(documentRequests.id, requestId),
          eq(listingDocuments.agentId, agentId),
          isNull(listingDocuments.deletedAt),
        ),
      )
      .for('update');
    if (!found) throw requestNotFound();
    if (found.request.status !== 'pending') {
      const message = DOCUMENT_TEXTS.errors.requestDecided(found.request.status);
      throw new AppError(409, 'DOCUMENT_REQUEST_DECIDED', message);
    }
    await tx
      .update(documentRequests)
      .set({ status: decision, decidedAt: now })
      .where(eq(documentRequests.id, requestId));
    if (decision === 'approved') {
      await queueDocumentMail(
        tx,
        deps.queue,
        { kind: 'documents.approved', bookingId: found.request.bookingId, requestId },
        now,
      );
    }
    return { id: requestId, status: decision };
  });
}

/** GET …/documents/:docId/downloads: every download, newest first — whose link, which booking, when, from where. */
export async function downloadLog(
  db: Db,
  agentId: string,
  propertyId: number,
  docId: string,
): Promise<DocumentDownloadView[]> {
  const doc = await ownDocument(db, agentId, propertyId, docId);
  const rows = await db
    .select({
      d: documentDownloads,
      clientName: bookings.clientName,
      buyerAgentName: bookings.buyerAgentName,
    })
    .from(documentDownloads)
    .leftJoin(bookings, eq(bookings.id, documentDownloads.bookingId))
    .where(eq(documentDownloads.documentId, doc.id))
    .orderBy(desc(documentDownloads.at))
    .limit(500);
  return rows.map(({ d, clientName, buyerAgentName }) => ({
    at: d.at.toISOString(),
    role: d.role,
    booking_id: d.bookingId,
    who: d.role === 'buyer' ? clientName : d.role === 'buyer_agent' ? buyerAgentName : null,
    ip: d.ip,
  }));
}
