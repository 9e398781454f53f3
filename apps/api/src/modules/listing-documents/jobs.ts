// Issue 45: the documents' e-mails on the notifications queue — the confirmation's documents (buyer, and the
// buyer's agent named on the booking), the after-showing documents, and an approved request's link. Queued in
// the transaction of the change that causes them, once per booking (or request): a deterministic job id.
import type { DbTransaction } from '../../db/client';
import { deterministicUuid, type JobQueue } from '../../jobs/queue';

export const DOCUMENT_MAIL_KINDS = [
  'documents.confirmation',
  'documents.after_showing',
  'documents.approved',
  // A buyer's request for an on-request document, to the listing agent (who approves or declines it).
  'documents.requested',
] as const;
export type DocumentMailKind = (typeof DOCUMENT_MAIL_KINDS)[number];

export type DocumentMailJob = {
  kind: DocumentMailKind;
  bookingId: string;
  /** The request (documents.approved, documents.requested). */
  requestId?: string;
  sentAt: string;
};

export function isDocumentMailJob(data: object): data is DocumentMailJob {
  const kind = (data as { kind?: unknown }).kind;
  return (DOCUMENT_MAIL_KINDS as readonly unknown[]).includes(kind);
}

export async function queueDocumentMail(
  tx: DbTransaction,
  queue: JobQueue,
  mail: Omit<DocumentMailJob, 'sentAt'>,
  at: Date,
): Promise<void> {
  const data: DocumentMailJob = { ...mail, sentAt: at.toISOString() };
  const id = deterministicUuid(`${mail.kind}:${mail.bookingId}:${mail.requestId ?? ''}`);
  await queue.send(tx, { id, data, startAfter: at });
}
