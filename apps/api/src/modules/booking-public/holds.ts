// Issue 44 "Held times" (decision 084; the rule and its words: domain slots/holds.ts). Choosing a time on the
// booking page holds it for that buyer for the agent's hold minutes: POST /api/booking/holds checks the time as
// a booking would (checkSlotOpen), then, under the agent-row lock, sweeps the agent's ended holds, lets go of the
// buyer's earlier one, refuses a time someone booked or holds, and writes the hold (slot_holds_no_overlap is the
// last word between two holds). Every buyer write (writeBooking, the reschedule, a tour, a proposal's accept)
// calls claimHold (hold-rows.ts) under the same lock: another buyer's live hold refuses it, the buyer's own is
// used up. Other buyers stop being offered the time at once: slot-inputs reads live holds as busy time and a hold
// bumps the agent's schedule version. Holds are not bookings: no plan limit, cap, report or list counts them.
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { HOLDS_PER_CLIENT, holdExpiresAt } from '@keyturn/domain/slots/holds';
import type { HoldRequest, SlotHold } from '@keyturn/domain/schemas/holds';
import type { Db } from '../../db/client';
import { slotHolds } from '../../db/schema';
import { lockAgentRow, writeTransaction } from '../../db/transaction';
import { findPublicAgent, findPublicProperty, propertyNotFound } from '../core/public-reads';
import type { PublicContext } from './context';
import { agentHoldMinutes } from '../availability/hold-setting';
import { holdConflict, insertHold, sweepAgentHolds } from './hold-rows';
import { assertBuyerMayChange } from '../showing-rules/change-cutoff';
import { assertActive, bookingNotFound, findByToken } from './service';
import { checkSlotOpen } from './slot-check';

/** A client's address as the holds keep it: hashed, never stored as it is. */
export function holdClientKey(address: string): string {
  return createHash('sha256').update(`slot-hold|${address}`).digest('base64url').slice(0, 22);
}

/**
 * POST /api/booking/holds: the chosen time held for this buyer, or 409 SLOT_TAKEN saying why. One client keeps
 * at most HOLDS_PER_CLIENT live holds of an agent: a further one lets their oldest go.
 */
export async function createHold(
  ctx: PublicContext,
  input: HoldRequest,
  clientKey: string,
): Promise<SlotHold> {
  const agent = await findPublicAgent(ctx.db, input.agent_id);
  if (input.property_id !== null) {
    const { property } = await findPublicProperty(ctx.db, input.property_id);
    if (property.agentId !== agent.id) throw propertyNotFound();
  }
  const replaces = input.replaces ?? null;
  // Rescheduling: the buyer's own showing (still active, inside no cut-off) gives its time up, as the move will.
  let moving: string | undefined;
  if (input.reschedule_token) {
    const original = await findByToken(ctx.db, input.reschedule_token);
    if (original.agentId !== agent.id) throw bookingNotFound();
    assertActive(original);
    await assertBuyerMayChange(ctx.db, original, ctx.now());
    moving = original.id;
  }
  // The time as a booking would be checked (hours, notice, rules, cap, bookings, others' holds), the buyer's
  // own earlier hold not counted against them.
  const { slot } = await checkSlotOpen(ctx, agent.id, { ...input, hold_token: replaces }, moving);
  return writeHold(ctx, {
    agentId: agent.id,
    propertyId: input.property_id,
    slot,
    clientKey,
    replaces,
    moving,
  });
}

/**
 * The hold itself, once the time was checked as a booking would be: under the agent-row lock the agent's ended
 * holds are swept, the buyer's earlier hold (`replaces`, looked for among `replacesOf`'s agents — a team's pool
 * when the member may differ) let go, their oldest beyond HOLDS_PER_CLIENT too, and the time refused (409
 * SLOT_TAKEN) when booked or held meanwhile. The agent's page (createHold) and the team page
 * (teams/round-robin.ts) both hold through it.
 */
export async function writeHold(
  ctx: PublicContext,
  hold: {
    agentId: string;
    propertyId: number | null;
    slot: { startsAt: Date; endsAt: Date };
    clientKey: string;
    replaces: string | null;
    replacesOf?: readonly string[];
    moving?: string | undefined;
  },
): Promise<SlotHold> {
  const { agentId, slot, replaces } = hold;
  const minutes = await agentHoldMinutes(ctx.db, agentId);
  const now = ctx.now();
  const token = randomBytes(16).toString('base64url');
  const expiresAt = holdExpiresAt(now, minutes);
  try {
    await writeTransaction(ctx.db, async (tx) => {
      await lockAgentRow(tx, agentId);
      await sweepAgentHolds(tx, agentId, now);
      if (replaces) {
        const owners = hold.replacesOf ?? [agentId];
        await tx
          .delete(slotHolds)
          .where(and(eq(slotHolds.token, replaces), inArray(slotHolds.agentId, [...owners])));
      }
      const mine = await tx
        .select({ id: slotHolds.id })
        .from(slotHolds)
        .where(and(eq(slotHolds.agentId, agentId), eq(slotHolds.clientKey, hold.clientKey)))
        .orderBy(desc(slotHolds.createdAt), desc(slotHolds.expiresAt));
      const beyond = mine.slice(HOLDS_PER_CLIENT - 1).map((h) => h.id);
      await insertHold(tx, {
        agentId,
        propertyId: hold.propertyId,
        token,
        slot,
        expiresAt,
        now,
        moving: hold.moving,
        clientKey: hold.clientKey,
        letGo: beyond,
      });
    });
  } catch (err) {
    throw holdConflict(err);
  }
  return {
    token,
    starts_at: slot.startsAt.toISOString(),
    expires_at: expiresAt.toISOString(),
    minutes,
  };
}

/** DELETE /api/booking/holds/:token — the buyer went back or left: the time is offered again at once. */
export async function releaseHold(db: Db, token: string): Promise<void> {
  if (!token || token.length > 100) return;
  await db.delete(slotHolds).where(eq(slotHolds.token, token));
}
