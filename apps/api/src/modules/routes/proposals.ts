// Optimise's time proposals, the agent's side (issue 29, decision 042): Apply never moves a buyer's requested
// time. For each pending showing of the plan it stores a proposal (an unguessable token, the booking's time
// when proposed, the new time) and queues the buyer's e-mail in the same transaction; the buyer answers on
// /booking/proposal (booking-public/proposal.ts). My day lists each proposal with its state.
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import { canReschedule } from '@keyturn/domain/bookingStatus';
import { proposalState, TIME_PROPOSAL_MESSAGES } from '@keyturn/domain/routes/proposals';
import type { DayProposal } from '@keyturn/domain/schemas/timeProposals';
import { findOpenSlot } from '@keyturn/domain/slots/engine';
import { wallClockInZone } from '@keyturn/domain/time';
import { startOfDayInZone } from '@keyturn/domain/zoneDays';
import type { Db, DbTransaction } from '../../db/client';
import { bookings, properties, timeProposals } from '../../db/schema';
import { lockAgentRow, writeTransaction } from '../../db/transaction';
import { AppError, notFound } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import type { AgentRow } from '../core/agents';
import { busyIntervals, slotRulesFor } from '../availability/service';
import { newPublicToken, type BookingRow } from '../bookings/service';
import { queueProposalMail } from './proposal-mail';
import type { BookingNotifier } from '../core/notifications/scheduler';

const DAY_MS = 86_400_000;

type Planned = { booking: BookingRow; startsAt: number; endsAt: number };

/**
 * Apply: every booking must be the caller's (else 404), a pending request not started (else 409: confirmed
 * showings never move), and every new time an open slot while every other showing keeps its place and the
 * other proposed times are taken (else 409) — so each buyer may accept on their own. Nothing moves: the
 * proposals and their e-mails are written in one transaction under the agent-row lock.
 */
export async function proposeTimes(
  db: Db,
  queue: JobQueue,
  agent: AgentRow,
  input: { date: string; moves: { booking_id: string; starts_at: string }[] },
  now: Date,
  notify?: BookingNotifier,
): Promise<void> {
  const ids = input.moves.map((m) => m.booking_id);
  if (new Set(ids).size !== ids.length)
    throw new AppError(400, 'VALIDATION_ERROR', 'Each showing may move once.', {
      moves: 'Each showing may move once.',
    });
  const rules = await slotRulesFor(db, agent);
  await writeTransaction(db, async (tx) => {
    await lockAgentRow(tx, agent.id);
    const rows = await tx
      .select()
      .from(bookings)
      .where(and(eq(bookings.agentId, agent.id), inArray(bookings.id, ids)));
    if (rows.length !== ids.length) throw notFound('Booking not found.');
    const byId = new Map(rows.map((b) => [b.id, b]));
    const planned: Planned[] = input.moves.map((m) => {
      const booking = byId.get(m.booking_id)!;
      const startsAt = Date.parse(m.starts_at);
      return {
        booking,
        startsAt,
        endsAt: startsAt + (booking.endsAt.getTime() - booking.startsAt.getTime()),
      };
    });
    for (const { booking } of planned) {
      if (booking.status !== 'pending' || !canReschedule(booking.status, booking.startsAt, now))
        throw new AppError(409, 'ILLEGAL_TRANSITION', TIME_PROPOSAL_MESSAGES.applyStale);
    }
    const from = startOfDayInZone(input.date, agent.timeZone);
    const busy = await busyIntervals(
      tx as unknown as Db,
      agent.id,
      new Date(from.getTime() - DAY_MS),
      new Date(from.getTime() + 2 * DAY_MS),
    );
    for (const move of planned) {
      const own = busy.findIndex(
        (i) => i.start === move.booking.startsAt.getTime() && i.end === move.booking.endsAt.getTime(),
      );
      const others = planned.filter((p) => p !== move).map((p) => ({ start: p.startsAt, end: p.endsAt }));
      const blocked = [...busy.filter((_, k) => k !== own), ...others];
      const wall = wallClockInZone(new Date(move.startsAt), agent.timeZone);
      if (
        move.startsAt === move.booking.startsAt.getTime() ||
        wall.date !== input.date ||
        !findOpenSlot(rules, blocked, now, wall.date, wall.time, move.startsAt)
      )
        throw new AppError(409, 'SLOT_UNAVAILABLE', TIME_PROPOSAL_MESSAGES.applyTaken);
    }
    await writeProposals(tx, queue, agent.id, input.date, planned, now, notify);
  });
}

/** Stores the proposals (an earlier open one for the same showing is withdrawn) and queues their e-mails. */
async function writeProposals(
  tx: DbTransaction,
  queue: JobQueue,
  agentId: string,
  date: string,
  planned: Planned[],
  now: Date,
  notify?: BookingNotifier,
): Promise<void> {
  await tx
    .update(timeProposals)
    .set({ status: 'withdrawn', answeredAt: now })
    .where(
      and(
        eq(timeProposals.agentId, agentId),
        inArray(
          timeProposals.bookingId,
          planned.map((p) => p.booking.id),
        ),
        eq(timeProposals.status, 'proposed'),
      ),
    );
  for (const move of planned) {
    const [row] = await tx
      .insert(timeProposals)
      .values({
        agentId,
        bookingId: move.booking.id,
        token: newPublicToken(),
        date,
        fromStartsAt: move.booking.startsAt,
        startsAt: new Date(move.startsAt),
        endsAt: new Date(move.endsAt),
        createdAt: now,
      })
      .returning({ id: timeProposals.id });
    await queueProposalMail(tx, queue, row!.id, now);
    await notify?.proposed?.(tx, move.booking, row!.id);
  }
}

/** The date's proposals (withdrawn ones left out), newest first, each with its state as of now. */
export async function dayProposals(db: Db, agentId: string, date: string): Promise<DayProposal[]> {
  const rows = await db
    .select({ proposal: timeProposals, booking: bookings, address: properties.address })
    .from(timeProposals)
    .innerJoin(
      bookings,
      and(eq(bookings.id, timeProposals.bookingId), eq(bookings.agentId, timeProposals.agentId)),
    )
    .leftJoin(properties, eq(properties.id, bookings.propertyId))
    .where(
      and(
        eq(timeProposals.agentId, agentId),
        eq(timeProposals.date, date),
        ne(timeProposals.status, 'withdrawn'),
      ),
    )
    .orderBy(desc(timeProposals.createdAt), timeProposals.id);
  return rows.map(({ proposal: p, booking: b, address }) => ({
    id: p.id,
    booking_id: p.bookingId,
    client_name: b.clientName,
    address: address ?? b.clientName,
    from_starts_at: p.fromStartsAt.toISOString(),
    starts_at: p.startsAt.toISOString(),
    status: proposalState(
      p.status,
      { status: b.status, startsAt: b.startsAt.getTime() },
      p.fromStartsAt.getTime(),
    ),
    answered_at: p.answeredAt?.toISOString() ?? null,
  }));
}
