// Issue 44 "Waitlist" (decision 085): offering a time that opened to the first buyer in line. A refill of an
// agent's lines (a queued job after a cancellation, a move, a declined request or a buyer leaving; at an offer's
// end; and every minute from the worker's ticker, which also catches new hours) first closes what ended — offers
// not taken in time lapse, dates that passed end — then walks the waiting buyers in the order they joined: the
// first open time of their date and part of the day (the booking page's own answer, so what a buyer would be
// offered) is held for them for WAITLIST_OFFER_MINUTES by a hold tied to their entry, under the agent's lock and
// the holds' EXCLUDE constraint — so one time is offered to one buyer at a time — and the offer is queued.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import { agentToday } from '@keyturn/domain/slots/engine';
import { lineOrder, partMatches, waitlistOfferExpiresAt, type DayPart } from '@keyturn/domain/slots/waitlist';
import type { Db } from '../../db/client';
import { agents, showingWaitlist, slotHolds } from '../../db/schema';
import { lockAgentRow, writeTransaction } from '../../db/transaction';
import { AppError } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import type { PublicContext } from '../booking-public/context';
import { holdConflict, insertHold, sweepAgentHolds } from '../booking-public/hold-rows';
import { checkSlotOpen } from '../booking-public/slot-check';
import { availabilityForDate, propertySubject } from '../booking-public/slot-pipeline';
import { queueRefill, queueWaitlistMail, WAITLIST_OFFER_KIND } from './jobs';

export type RefillDeps = { ctx: PublicContext; queue: JobQueue };

type Entry = typeof showingWaitlist.$inferSelect;

/** Closes what ended in the agent's lines: offers not taken in time, dates already past. */
async function closeEnded(db: Db, agentId: string, timeZone: string, now: Date): Promise<void> {
  await db
    .update(showingWaitlist)
    .set({ status: 'lapsed' })
    .where(
      and(
        eq(showingWaitlist.agentId, agentId),
        eq(showingWaitlist.status, 'offered'),
        lte(showingWaitlist.offerExpiresAt, now),
      ),
    );
  await db
    .update(showingWaitlist)
    .set({ status: 'ended' })
    .where(
      and(
        eq(showingWaitlist.agentId, agentId),
        inArray(showingWaitlist.status, ['waiting', 'offered']),
        lt(showingWaitlist.date, agentToday(now, timeZone)),
      ),
    );
}

/** Offers opened times to the agent's waiting buyers, first joined first; the number of offers made. */
export async function refillWaitlist(deps: RefillDeps, agentId: string): Promise<number> {
  const { ctx } = deps;
  const now = ctx.now();
  const [agent] = await ctx.db
    .select({ timeZone: agents.timeZone })
    .from(agents)
    .where(eq(agents.id, agentId));
  if (!agent) return 0;
  await closeEnded(ctx.db, agentId, agent.timeZone, now);
  const waiting = await ctx.db
    .select()
    .from(showingWaitlist)
    .where(
      and(
        eq(showingWaitlist.agentId, agentId),
        eq(showingWaitlist.status, 'waiting'),
        gte(showingWaitlist.date, agentToday(now, agent.timeZone)),
      ),
    )
    .orderBy(asc(showingWaitlist.joinedAt), asc(showingWaitlist.id));
  let offers = 0;
  // Dates found with nothing open for a part of the day are not asked again in this pass.
  const nothingOpen = new Set<string>();
  for (const entry of lineOrder(waiting.map((e) => ({ ...e, status: 'waiting' as const })))) {
    const key = `${entry.propertyId}|${entry.date}|${entry.part}`;
    if (nothingOpen.has(key)) continue;
    const offered = await offerFirstOpenTime(deps, entry, now);
    if (offered) offers += 1;
    else nothingOpen.add(key);
  }
  return offers;
}

/** The first open time of the entry's date and part, held for them and offered; false when none is open. */
async function offerFirstOpenTime(deps: RefillDeps, entry: Entry, now: Date): Promise<boolean> {
  const { ctx } = deps;
  let slots;
  try {
    slots = (await availabilityForDate(ctx, propertySubject(String(entry.propertyId)), entry.date)).slots;
  } catch (err) {
    // A property no longer public or a date outside the booking window offers nothing (yet).
    if (err instanceof AppError) return false;
    throw err;
  }
  for (const open of slots.filter((s) => partMatches(entry.part as DayPart, s.time.slice(0, 5)))) {
    const input = {
      property_id: entry.propertyId,
      booking_date: entry.date,
      booking_time: open.time.slice(0, 5),
      starts_at: open.starts_at,
    };
    try {
      const { slot } = await checkSlotOpen(ctx, entry.agentId, input);
      if (await holdOffer(deps, entry, slot, now)) return true;
    } catch (err) {
      // Taken or held meanwhile: the next open time.
      if (err instanceof AppError && err.statusCode === 409) continue;
      throw err;
    }
  }
  return false;
}

/** Under the agent's lock: the entry still waiting, the time held for it and the offer queued. */
async function holdOffer(
  deps: RefillDeps,
  entry: Entry,
  slot: { startsAt: Date; endsAt: Date },
  now: Date,
): Promise<boolean> {
  const expiresAt = waitlistOfferExpiresAt(now);
  try {
    return await writeTransaction(deps.ctx.db, async (tx) => {
      await lockAgentRow(tx, entry.agentId);
      await sweepAgentHolds(tx, entry.agentId, now);
      const [still] = await tx
        .select({ status: showingWaitlist.status })
        .from(showingWaitlist)
        .where(eq(showingWaitlist.id, entry.id))
        .for('update');
      if (still?.status !== 'waiting') return false;
      await insertHold(tx, {
        agentId: entry.agentId,
        propertyId: entry.propertyId,
        token: randomBytes(16).toString('base64url'),
        slot,
        expiresAt,
        now,
        waitlistEntryId: entry.id,
      });
      await tx
        .update(showingWaitlist)
        .set({ status: 'offered', offerStartsAt: slot.startsAt, offerExpiresAt: expiresAt })
        .where(eq(showingWaitlist.id, entry.id));
      const offerStartsAt = slot.startsAt.toISOString();
      await queueWaitlistMail(
        tx,
        deps.queue,
        { kind: WAITLIST_OFFER_KIND, entryId: entry.id, offerStartsAt },
        now,
      );
      // Not taken by its end, the time goes to the next buyer in line then.
      await queueRefill(tx, deps.queue, entry.agentId, new Date(expiresAt.getTime() + 1_000));
      return true;
    });
  } catch (err) {
    throw holdConflict(err);
  }
}

/** The live hold of an entry's offer (its token books it), or null. */
export async function offerHold(db: Db, entryId: string, now: Date) {
  const [hold] = await db
    .select()
    .from(slotHolds)
    .where(and(eq(slotHolds.waitlistEntryId, entryId), sql`${slotHolds.expiresAt} > ${now}`));
  return hold ?? null;
}

/** Agents with buyers in line (the ticker's refill). */
export async function agentsWithWaitingBuyers(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ agentId: showingWaitlist.agentId })
    .from(showingWaitlist)
    .where(inArray(showingWaitlist.status, ['waiting', 'offered']));
  return rows.map((r) => r.agentId);
}
