// An Optimise time proposal, the buyer's side (issue 29, decision 042): the e-mail's link opens it by its
// token (and nothing else: every read is scoped to the proposal's booking and agent). Accept moves the booking
// through the public reschedule's checks — an open slot by the agent's hours and notice, no overlap (the
// booking's own time given up), the drive from and to the neighbouring showings — under the agent-row lock,
// the original marked rescheduled only while it is still the pending request the proposal was made for.
// Accepting twice answers the same; keeping changes nothing but the proposal's state.
import { and, eq, sql } from 'drizzle-orm';
import { proposalState, TIME_PROPOSAL_MESSAGES } from '@keyturn/domain/routes/proposals';
import type { PublicProposal } from '@keyturn/domain/schemas/timeProposals';
import { wallClockInZone } from '@keyturn/domain/time';
import { agents, bookings, properties, timeProposals } from '../../db/schema';
import { lockAgentRow, writeTransaction } from '../../db/transaction';
import { AppError } from '../../http/errors';
import { insertMoved } from '../bookings/agent-service';
import { assertAgentDayOpen } from '../availability/daily-cap';
import { claimHold } from './hold-rows';
import { mapSlotConflict, type BookingRow } from '../bookings/service';
import type { PublicContext } from './context';
import { deciderOf } from '../texts/showing-text';
import { assertReachable, checkSlotOpen, manageView } from './service';

type ProposalRow = typeof timeProposals.$inferSelect;

const proposalNotFound = () => new AppError(404, 'PROPOSAL_NOT_FOUND', TIME_PROPOSAL_MESSAGES.notFound);
const stale = () => new AppError(409, 'PROPOSAL_STALE', TIME_PROPOSAL_MESSAGES.staleError);
const noLongerFits = () => new AppError(409, 'PROPOSAL_TIME_TAKEN', TIME_PROPOSAL_MESSAGES.takenError);

/** The proposal of `token` with its booking (scoped to the proposal's agent) and the one it moved to. */
async function proposalByToken(ctx: PublicContext, token: string) {
  if (!token || token.length > 200) throw proposalNotFound();
  const [row] = await ctx.db
    .select({ proposal: timeProposals, booking: bookings })
    .from(timeProposals)
    .innerJoin(
      bookings,
      and(eq(bookings.id, timeProposals.bookingId), eq(bookings.agentId, timeProposals.agentId)),
    )
    .where(eq(timeProposals.token, token));
  if (!row) throw proposalNotFound();
  const moved = row.proposal.movedBookingId
    ? (
        await ctx.db
          .select()
          .from(bookings)
          .where(
            and(eq(bookings.id, row.proposal.movedBookingId), eq(bookings.agentId, row.proposal.agentId)),
          )
      )[0]
    : undefined;
  return { ...row, current: moved ?? row.booking };
}

function stateOf(proposal: ProposalRow, booking: BookingRow) {
  return proposalState(
    proposal.status,
    { status: booking.status, startsAt: booking.startsAt.getTime() },
    proposal.fromStartsAt.getTime(),
  );
}

export async function publicProposal(ctx: PublicContext, token: string): Promise<PublicProposal> {
  const { proposal, booking, current } = await proposalByToken(ctx, token);
  const view = await manageView(ctx, current);
  return {
    status: stateOf(proposal, booking),
    from_starts_at: proposal.fromStartsAt.toISOString(),
    starts_at: proposal.startsAt.toISOString(),
    ends_at: proposal.endsAt.toISOString(),
    time_zone: view.time_zone,
    booking: view,
    manage_token: current.manageToken,
    proposed_by: (await deciderOf(ctx.db, booking.id, 'proposed')) === 'seller' ? 'seller' : 'agent',
  };
}

/** Refuses an answer the proposal can no longer take (the page shows the message and the booking as it is). */
function assertOpen(proposal: ProposalRow, booking: BookingRow, answer: 'accept' | 'keep'): void {
  const state = stateOf(proposal, booking);
  if (state === 'kept' && answer === 'accept')
    throw new AppError(409, 'PROPOSAL_ANSWERED', TIME_PROPOSAL_MESSAGES.alreadyKept);
  if (state === 'accepted' && answer === 'keep')
    throw new AppError(409, 'PROPOSAL_ANSWERED', TIME_PROPOSAL_MESSAGES.alreadyAccepted);
  if (state === 'withdrawn') throw new AppError(409, 'PROPOSAL_WITHDRAWN', TIME_PROPOSAL_MESSAGES.withdrawn);
  if (state === 'changed') throw stale();
}

export async function acceptProposal(ctx: PublicContext, token: string): Promise<PublicProposal> {
  try {
    return await acceptOnce(ctx, token);
  } catch (err) {
    // A second click racing the first: the first one moved it (its booking now holds the time), same answer.
    if (err instanceof AppError && err.statusCode === 409) {
      const again = await proposalByToken(ctx, token);
      if (again.proposal.status === 'accepted') return publicProposal(ctx, token);
    }
    throw err;
  }
}

async function acceptOnce(ctx: PublicContext, token: string): Promise<PublicProposal> {
  const first = await proposalByToken(ctx, token);
  if (first.proposal.status === 'accepted') return publicProposal(ctx, token);
  assertOpen(first.proposal, first.booking, 'accept');
  const original = first.booking;
  const [agent] = await ctx.db.select().from(agents).where(eq(agents.id, original.agentId));
  const property = original.propertyId
    ? (await ctx.db.select().from(properties).where(eq(properties.id, original.propertyId)))[0]
    : undefined;
  if (!agent) throw proposalNotFound();
  const startsAt = first.proposal.startsAt;
  const wall = wallClockInZone(startsAt, agent.timeZone);
  // The booking's checks, as the buyer's own reschedule runs them (its own time given up).
  const checked = await checkSlotOpen(
    ctx,
    agent.id,
    { booking_date: wall.date, booking_time: wall.time, starts_at: startsAt.toISOString() },
    original.id,
  ).catch((err: unknown) => {
    throw err instanceof AppError && err.statusCode === 409 ? noLongerFits() : err;
  });
  if (checked.slot.startsAt.getTime() !== startsAt.getTime()) throw noLongerFits();
  try {
    await writeTransaction(ctx.db, async (tx) => {
      await lockAgentRow(tx, agent.id);
      const [proposal] = await tx
        .select()
        .from(timeProposals)
        .where(eq(timeProposals.id, first.proposal.id))
        .for('update');
      // A second accept that waited on the lock: the first one already moved it.
      if (!proposal || proposal.status === 'accepted') return;
      // Kept or replaced by a newer proposal meanwhile.
      if (proposal.status !== 'proposed') assertOpen(proposal, original, 'accept');
      const [booking] = await tx
        .update(bookings)
        .set({ status: 'rescheduled' })
        .where(
          and(
            eq(bookings.id, original.id),
            eq(bookings.agentId, agent.id),
            eq(bookings.status, 'pending'),
            sql`${bookings.startsAt} = ${proposal.fromStartsAt.toISOString()}::timestamptz`,
          ),
        )
        .returning();
      if (!booking) throw stale();
      await assertReachable(tx, { ...checked.travel, place: property ?? null }, startsAt).catch(() => {
        throw noLongerFits();
      });
      // Issue 44: another buyer holds the time, or the agent's day filled up to their daily cap, since the
      // proposal was made.
      await claimHold(tx, { agentId: agent.id, startsAt, endsAt: proposal.endsAt, now: ctx.now() }).catch(
        (err: unknown) => {
          throw err instanceof AppError && err.statusCode === 409 ? noLongerFits() : err;
        },
      );
      await assertAgentDayOpen(tx, {
        agentId: agent.id,
        timeZone: agent.timeZone,
        date: wall.date,
        ignoreBookingId: original.id,
      }).catch((err: unknown) => {
        throw err instanceof AppError && err.statusCode === 409 ? noLongerFits() : err;
      });
      const moved = await insertMoved(
        tx,
        { ...booking, status: 'pending' },
        { startsAt, endsAt: proposal.endsAt },
        TIME_PROPOSAL_MESSAGES.reason,
        ctx.now(),
        ctx.notify,
        'buyer',
      );
      await tx
        .update(timeProposals)
        .set({ status: 'accepted', movedBookingId: moved.id, answeredAt: ctx.now() })
        .where(eq(timeProposals.id, proposal.id));
    });
  } catch (err) {
    const mapped = mapSlotConflict(err);
    throw mapped instanceof AppError && mapped.code === 'SLOT_TAKEN' ? noLongerFits() : mapped;
  }
  return publicProposal(ctx, token);
}

export async function keepTime(ctx: PublicContext, token: string): Promise<PublicProposal> {
  const first = await proposalByToken(ctx, token);
  if (first.proposal.status !== 'kept') {
    assertOpen(first.proposal, first.booking, 'keep');
    const kept = await writeTransaction(ctx.db, async (tx) => {
      await lockAgentRow(tx, first.booking.agentId);
      const [row] = await tx
        .update(timeProposals)
        .set({ status: 'kept', answeredAt: ctx.now() })
        .where(and(eq(timeProposals.id, first.proposal.id), eq(timeProposals.status, 'proposed')))
        .returning({ id: timeProposals.id });
      // Issue 39 §7: the request goes back to whoever decides it (a seller's proposal: the seller, afresh).
      if (row) await ctx.notify.proposalKept(tx, first.booking, first.proposal.id);
      return row;
    });
    // Answered at the same moment by another click: say what that answer was.
    if (!kept) {
      const again = await proposalByToken(ctx, token);
      if (again.proposal.status !== 'kept') assertOpen(again.proposal, again.booking, 'keep');
    }
  }
  return publicProposal(ctx, token);
}
