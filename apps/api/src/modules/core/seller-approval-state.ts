// A booking's seller state (issue 32, decision 053; 39 §8), read by the booking write, the booking messages and
// the texts: whether it waits for a seller's answer, whether a seller declined it. The requests themselves are the
// sellers capability's (sellers/approval.ts).
import { and, eq } from 'drizzle-orm';
import type { Db, DbTransaction } from '../../db/client';
import { sellerApprovalRequests } from '../../db/schema';

/** Whether the booking waits for a seller's answer now (the buyer's wording, the booking messages). */
export async function awaitingSeller(db: Db | DbTransaction, bookingId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sellerApprovalRequests.id })
    .from(sellerApprovalRequests)
    .where(and(eq(sellerApprovalRequests.bookingId, bookingId), eq(sellerApprovalRequests.status, 'open')));
  return Boolean(row);
}

/** Issue 39 §8: the booking was declined by a seller's answer (not by the agent or an expiry). */
export async function declinedBySeller(db: Db | DbTransaction, bookingId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sellerApprovalRequests.id })
    .from(sellerApprovalRequests)
    .where(
      and(eq(sellerApprovalRequests.bookingId, bookingId), eq(sellerApprovalRequests.status, 'declined')),
    );
  return Boolean(row);
}
