// Issue 39 §9: a buyer's new time for a confirmed showing that must be approved is a request (a pending booking
// with `rescheduled_from_id`); the confirmed showing stays until the one who decides says yes. These are the
// reads and checks of that pair; the approval that moves the showing is in sellers/approval.ts.
import { and, eq, inArray } from 'drizzle-orm';
import type { CancelledBy } from '@keyturn/domain/enums';
import { RESCHEDULE_REQUEST } from '@keyturn/domain/listing/whoDecides';
import type { Db, DbTransaction } from '../../db/client';
import { bookings } from '../../db/schema';
import { AppError } from '../../http/errors';

type BookingRow = typeof bookings.$inferSelect;

/** The confirmed showing a pending new time would replace, or null (not a request to move a confirmed one). */
export async function keptOriginalOf(db: Db | DbTransaction, bookingId: string): Promise<BookingRow | null> {
  const [row] = await db
    .select({ from: bookings.rescheduledFromId })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (!row?.from) return null;
  const [original] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, row.from), eq(bookings.status, 'confirmed')));
  return original ?? null;
}

/**
 * Inside the reschedule's transaction (the agent's row locked): the confirmed showing is kept while the new time
 * waits, so the new time may not overlap it (both hold their slot) and only one new time may wait at once.
 * false when the showing is no longer confirmed (the caller answers 409 as for any changed booking).
 */
export async function holdsOriginal(
  tx: DbTransaction,
  original: BookingRow,
  slot: { startsAt: Date; endsAt: Date },
): Promise<boolean> {
  const [now] = await tx
    .select({ status: bookings.status })
    .from(bookings)
    .where(eq(bookings.id, original.id));
  if (now?.status !== 'confirmed') return false;
  if (slot.startsAt < original.endsAt && slot.endsAt > original.startsAt)
    throw new AppError(409, 'RESCHEDULE_OVERLAPS', RESCHEDULE_REQUEST.overlaps);
  const [waiting] = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.rescheduledFromId, original.id), inArray(bookings.status, ['pending'])));
  if (waiting) throw new AppError(409, 'RESCHEDULE_PENDING', RESCHEDULE_REQUEST.alreadyRequested);
  return true;
}

/**
 * The showing ended (the buyer or the agent cancelled it): a new time of it still waiting for approval goes with
 * it, cancelled in the same transaction by the same person — otherwise the request would stay open, and the
 * seller or agent could approve a move of a showing that no longer exists. The notifier's `cancelled` and
 * `actionApplied` withdraw the seller's open requests of both.
 */
export async function cancelWaitingNewTimes(
  tx: DbTransaction,
  originalId: string,
  by: CancelledBy,
  reason: string | null,
): Promise<BookingRow[]> {
  return tx
    .update(bookings)
    .set({ status: 'cancelled', cancelledBy: by, cancelReason: reason })
    .where(and(eq(bookings.rescheduledFromId, originalId), eq(bookings.status, 'pending')))
    .returning();
}
