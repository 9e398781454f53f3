// Issue 44 "Held times" (decision 084): the hold rows as every buyer write and the slot check see them — the
// check under the agent's lock that uses a buyer's own hold up and refuses another
// buyer's, and the sweep of ended holds. Creating and releasing a hold: holds.ts.
import { and, eq, gt, lt, lte, ne } from 'drizzle-orm';
import { HOLD_TEXTS } from '@keyturn/domain/slots/holds';
import type { Db, DbTransaction } from '../../db/client';
import { slotHolds } from '../../db/schema';
import { AppError } from '../../http/errors';

/** Another buyer holds the time: the same 409 as a taken time (the page offers fresh times), in its own words. */
export const heldByOther = () =>
  new AppError(409, 'SLOT_TAKEN', HOLD_TEXTS.heldByOther, { booking_time: HOLD_TEXTS.heldByOther });

export const overlappingHolds = (agentId: string, startsAt: Date, endsAt: Date) => [
  eq(slotHolds.agentId, agentId),
  lt(slotHolds.startsAt, endsAt),
  gt(slotHolds.endsAt, startsAt),
];

/**
 * Under the agent's lock, before a buyer's showing is written at [startsAt, endsAt): another buyer's live hold
 * on the time refuses it (409 SLOT_TAKEN, the hold's words); the buyer's own hold is used up with the booking.
 */
export async function claimHold(
  tx: DbTransaction,
  check: { agentId: string; startsAt: Date; endsAt: Date; holdToken?: string | null; now: Date },
): Promise<void> {
  await sweepAgentHolds(tx, check.agentId, check.now);
  const live = await tx
    .select({ token: slotHolds.token })
    .from(slotHolds)
    .where(and(...overlappingHolds(check.agentId, check.startsAt, check.endsAt)));
  if (live.some((h) => h.token !== check.holdToken)) throw heldByOther();
  if (check.holdToken && live.length > 0) {
    await tx.delete(slotHolds).where(eq(slotHolds.token, check.holdToken));
  }
}

/** Whether a live hold other than `ownToken` covers the time (the answer's words when a time is not open). */
export async function heldByAnother(
  db: Db,
  check: { agentId: string; startsAt: Date; endsAt: Date; ownToken?: string | null; now: Date },
): Promise<boolean> {
  const conditions = [
    ...overlappingHolds(check.agentId, check.startsAt, check.endsAt),
    gt(slotHolds.expiresAt, check.now),
  ];
  if (check.ownToken) conditions.push(ne(slotHolds.token, check.ownToken));
  const [row] = await db
    .select({ id: slotHolds.id })
    .from(slotHolds)
    .where(and(...conditions))
    .limit(1);
  return row !== undefined;
}

/** An agent's ended holds, removed under their lock (they already block nothing). */
export async function sweepAgentHolds(tx: DbTransaction, agentId: string, now: Date): Promise<void> {
  await tx.delete(slotHolds).where(and(eq(slotHolds.agentId, agentId), lte(slotHolds.expiresAt, now)));
}

/** The worker's ticker: every agent's ended holds (each delete bumps its agent's schedule version). */
export async function sweepExpiredHolds(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(slotHolds)
    .where(lte(slotHolds.expiresAt, now))
    .returning({ id: slotHolds.id });
  return gone.length;
}
