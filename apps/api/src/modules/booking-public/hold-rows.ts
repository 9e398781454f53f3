// Issue 44 "Held times" (decision 084): the hold rows as every buyer write and the slot check see them — the
// check under the agent's lock that uses a buyer's own hold up and refuses another
// buyer's, and the sweep of ended holds. Creating and releasing a hold: holds.ts.
import { and, eq, gt, inArray, lt, lte, ne } from 'drizzle-orm';
import { ACTIVE_BOOKING_STATUSES } from '@keyturn/domain/enums';
import { HOLD_TEXTS } from '@keyturn/domain/slots/holds';
import type { Db, DbTransaction } from '../../db/client';
import { constraintName, sqlState } from '../../db/client';
import { bookings, showingWaitlist, slotHolds } from '../../db/schema';
import { AppError } from '../../http/errors';
import { SLOT_TAKEN_MESSAGE } from '../bookings/service';

/** Another buyer holds the time: the same 409 as a taken time (the page offers fresh times), in its own words. */
export const heldByOther = () =>
  new AppError(409, 'SLOT_TAKEN', HOLD_TEXTS.heldByOther, { booking_time: HOLD_TEXTS.heldByOther });

export const overlappingHolds = (agentId: string, startsAt: Date, endsAt: Date) => [
  eq(slotHolds.agentId, agentId),
  lt(slotHolds.startsAt, endsAt),
  gt(slotHolds.endsAt, startsAt),
];

/**
 * Under the agent's lock (its ended holds swept): a new hold of `slot` — refused (409 SLOT_TAKEN) when an active
 * showing other than the one being moved or another hold covers the time; `letGo` holds are released with it.
 * The buyer's own hold (holds.ts) and a waiting-list offer (showing-waitlist) are both written here.
 */
export async function insertHold(
  tx: DbTransaction,
  hold: {
    agentId: string;
    propertyId: number | null;
    token: string;
    slot: { startsAt: Date; endsAt: Date };
    expiresAt: Date;
    now: Date;
    moving?: string;
    clientKey?: string;
    letGo?: readonly string[];
    waitlistEntryId?: string;
  },
): Promise<void> {
  const { agentId, slot } = hold;
  const [booked] = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.agentId, agentId),
        inArray(bookings.status, [...ACTIVE_BOOKING_STATUSES]),
        lt(bookings.startsAt, slot.endsAt),
        gt(bookings.endsAt, slot.startsAt),
        ...(hold.moving ? [ne(bookings.id, hold.moving)] : []),
      ),
    )
    .limit(1);
  if (booked) throw new AppError(409, 'SLOT_TAKEN', SLOT_TAKEN_MESSAGE);
  const [held] = await tx
    .select({ id: slotHolds.id })
    .from(slotHolds)
    .where(and(...overlappingHolds(agentId, slot.startsAt, slot.endsAt)))
    .limit(1);
  if (held) throw heldByOther();
  if (hold.letGo && hold.letGo.length > 0)
    await tx.delete(slotHolds).where(inArray(slotHolds.id, [...hold.letGo]));
  await tx.insert(slotHolds).values({
    agentId,
    propertyId: hold.propertyId,
    token: hold.token,
    startsAt: slot.startsAt,
    endsAt: slot.endsAt,
    expiresAt: hold.expiresAt,
    clientKey: hold.clientKey ?? null,
    waitlistEntryId: hold.waitlistEntryId ?? null,
    createdAt: hold.now,
  });
}

/** A lost race between two holds (slot_holds_no_overlap) is the taken time's 409; anything else is itself. */
export function holdConflict(err: unknown): unknown {
  return sqlState(err) === '23P01' && constraintName(err) === 'slot_holds_no_overlap' ? heldByOther() : err;
}

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
    const used = await tx
      .delete(slotHolds)
      .where(eq(slotHolds.token, check.holdToken))
      .returning({ entry: slotHolds.waitlistEntryId });
    // A waiting-list offer taken up: its buyer's place in line ends with this booking (issue 44).
    const entries = used.flatMap((h) => (h.entry ? [h.entry] : []));
    if (entries.length > 0) {
      await tx.update(showingWaitlist).set({ status: 'booked' }).where(inArray(showingWaitlist.id, entries));
    }
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

/** A buyer's live hold by its token: whose and when (a team booking books the member it holds); null if none. */
export async function liveHold(
  db: Db,
  token: string | null | undefined,
  now: Date,
): Promise<{ agentId: string; startsAt: Date } | null> {
  if (!token) return null;
  const [row] = await db
    .select({ agentId: slotHolds.agentId, startsAt: slotHolds.startsAt })
    .from(slotHolds)
    .where(and(eq(slotHolds.token, token), gt(slotHolds.expiresAt, now)))
    .limit(1);
  return row ?? null;
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
