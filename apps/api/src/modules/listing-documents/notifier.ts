// Issue 45: a booking that becomes confirmed (confirmed when made, or by the agent) queues the e-mail with its
// listing's "with confirmation" documents; a showing the agent marks completed (or records afterwards as
// completed) queues the "after the showing" ones — in the change's transaction, only when the listing has such
// a document. The job reads the documents when it runs (one deleted meanwhile is not sent).
import { and, eq, isNull } from 'drizzle-orm';
import type { DocumentRule } from '@keyturn/domain/listing/documents';
import type { DbTransaction } from '../../db/client';
import { bookings, listingDocuments } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import type { BookingNotifier } from '../core/notifications/scheduler';
import { queueDocumentMail, type DocumentMailKind } from './jobs';

export function withDocumentMails(inner: BookingNotifier, queue: JobQueue, now: () => Date): BookingNotifier {
  const queueIfAny = async (
    tx: DbTransaction,
    bookingId: string,
    rule: DocumentRule,
    kind: DocumentMailKind,
  ) => {
    const [doc] = await tx
      .select({ id: listingDocuments.id })
      .from(bookings)
      .innerJoin(listingDocuments, eq(listingDocuments.propertyId, bookings.propertyId))
      .where(
        and(eq(bookings.id, bookingId), eq(listingDocuments.rule, rule), isNull(listingDocuments.deletedAt)),
      )
      .limit(1);
    if (doc) await queueDocumentMail(tx, queue, { kind, bookingId }, now());
  };
  const confirmed = (tx: DbTransaction, bookingId: string) =>
    queueIfAny(tx, bookingId, 'with_confirmation', 'documents.confirmation');
  const completed = (tx: DbTransaction, bookingId: string) =>
    queueIfAny(tx, bookingId, 'after_showing', 'documents.after_showing');
  return {
    ...inner,
    created: async (tx, booking, actor) => {
      await inner.created(tx, booking, actor);
      if (booking.status === 'confirmed') await confirmed(tx, booking.id);
    },
    actionApplied: async (tx, booking, action) => {
      await inner.actionApplied(tx, booking, action);
      if (action === 'confirm') await confirmed(tx, booking.id);
      if (action === 'complete') await completed(tx, booking.id);
    },
    recordedAfterwards: async (tx, booking) => {
      await inner.recordedAfterwards(tx, booking);
      await completed(tx, booking.id);
    },
  };
}
