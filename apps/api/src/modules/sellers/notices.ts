// The readers of a contact's "Booked and cancelled showings" and "Feedback" choices (issue 39 §2), the queue
// side: a showing confirmed, moved or cancelled, and a buyer's feedback, put one job on the notifications queue in
// the change's transaction when the property has a contact who ticked that choice. The job (notice-mail.ts)
// tells those contacts, by e-mail and by text where they consented.
import { and, eq, sql } from 'drizzle-orm';
import { SELLER_NOTICE_PREFERENCE, type SellerNoticeEvent } from '@keyturn/domain/listing/sellerNotices';
import type { DbTransaction } from '../../db/client';
import { bookings, propertyContacts } from '../../db/schema';
import { deterministicUuid, type JobQueue } from '../../jobs/queue';

export const SELLER_NOTICE_KIND = 'seller.notice';

export type SellerNoticeJobData = {
  kind: 'seller.notice';
  event: SellerNoticeEvent;
  bookingId: string;
  /** moved: the booking it replaced. */
  previousBookingId?: string;
  /** cancelled: who cancelled. */
  by?: 'buyer' | 'agent';
  at: string;
};

export function isSellerNoticeJob(data: object): data is SellerNoticeJobData {
  return (data as { kind?: unknown }).kind === SELLER_NOTICE_KIND;
}

/** One notice of one booking on the queue; the same event of the same booking is queued once. */
export async function queueSellerNotice(
  tx: DbTransaction,
  queue: JobQueue,
  notice: Omit<SellerNoticeJobData, 'kind' | 'at'>,
  at: Date,
): Promise<void> {
  const data: SellerNoticeJobData = { kind: SELLER_NOTICE_KIND, ...notice, at: at.toISOString() };
  await queue.send(tx, {
    id: deterministicUuid(`${SELLER_NOTICE_KIND}:${notice.bookingId}:${notice.event}`),
    data,
    startAfter: at,
  });
}

/**
 * Queues the notice when the booking's property has a contact who ticked its choice (a booking without a
 * property, or a property without such contacts, queues nothing).
 */
export async function noticeIfWanted(
  tx: DbTransaction,
  queue: JobQueue,
  notice: Omit<SellerNoticeJobData, 'kind' | 'at'>,
  at: Date,
): Promise<void> {
  const preference = SELLER_NOTICE_PREFERENCE[notice.event];
  const [wanted] = await tx
    .select({ id: propertyContacts.id })
    .from(bookings)
    .innerJoin(propertyContacts, eq(propertyContacts.propertyId, bookings.propertyId))
    .where(
      and(
        eq(bookings.id, notice.bookingId),
        // A cancellation may reach contacts asked to approve, whatever they ticked.
        notice.event === 'cancelled'
          ? sql`((${propertyContacts.gets} ->> 'notices')::boolean or (${propertyContacts.gets} ->> 'approvals')::boolean)`
          : sql`(${propertyContacts.gets} ->> ${preference})::boolean`,
      ),
    )
    .limit(1);
  if (wanted) await queueSellerNotice(tx, queue, notice, at);
}

/** The message kind recorded with each notice: `seller.notice.booked` … */
export const sellerNoticeKind = (event: SellerNoticeEvent) => `${SELLER_NOTICE_KIND}.${event}`;
