// Issue 45 "Cross-agent tours": when a home of a tour declines (its agent, or its seller), the day is planned
// again. What is settled keeps its time — a confirmed showing, one waiting for its seller, a proposed time —
// the declined and unsent homes are left out, and the requests no one has answered yet may move to tighten the
// day (each move is the booking page's own check of that listing's time, with the request's own time not counted,
// and the optimiser's accepted-proposal move: markRescheduled + insertMoved, so the listing agent is told). The
// buyer's agent gets the new day by e-mail. Queued in the decline's own transaction; run once per decline.
// A proposal (the listing agent's Optimise apply, or the seller's "another time") re-plans the day at once, as if
// it were accepted: the proposed stop is fixed at the proposed time and the unanswered ones fit around it; a
// proposed time that clashes with a settled stop moves nothing, and the e-mail says why. Once per proposal.
import { and, eq, inArray } from 'drizzle-orm';
import {
  NETWORK_TOUR_TEXTS,
  planNetworkTour,
  type NetworkTourStop,
  type ReplanCause,
} from '@keyturn/domain/routes/networkTour';
import { wallClockInZone } from '@keyturn/domain/time';
import type { Db, DbTransaction } from '../../db/client';
import { agents, bookings, networkTours, timeProposals } from '../../db/schema';
import { lockAgentRow, writeTransaction } from '../../db/transaction';
import { AppError } from '../../http/errors';
import { deterministicUuid, type JobQueue } from '../../jobs/queue';
import type { WorkerJob } from '../../jobs/workers';
import type { AgentRow } from '../core/agents';
import { brandedEmail } from '../core/mail/layout';
import { deliverBuyerMail } from '../core/mail/buyer-mail';
import { whenInZone } from '../core/mail/format';
import type { QueuedMailHandler } from '../core/mail/queued-mail';
import type { Mailer } from '../../adapters/mail';
import type { BookingNotifier } from '../core/notifications/scheduler';
import { checkSlotOpen } from '../booking-public/service';
import { insertMoved, markRescheduled } from '../bookings/agent-service';
import { driveMatrix, openMinutes, tourHomes, type TourDeps } from './plan';
import { tourView } from './service';

export const TOUR_REPLAN_KIND = 'network.tour.replan';
export type TourReplanJob = {
  kind: typeof TOUR_REPLAN_KIND;
  tourId: string;
  bookingId: string;
  /**
   * declined: the home is left out; moved: its new time (an accepted proposal, its agent's move) is kept;
   * proposed: the open proposal's time is what the home would take.
   */
  cause?: ReplanCause;
  /** The proposal that set off a 'proposed' re-plan. */
  proposalId?: string;
  sentAt: string;
};

const MINUTE = 60_000;
const isReplanJob = (data: object): data is TourReplanJob =>
  (data as { kind?: unknown }).kind === TOUR_REPLAN_KIND;

/**
 * Queues the re-plan of the tour a request belongs to (none for a booking outside a tour, nor for the re-plan's
 * own moves, which carry its reason).
 */
async function queueReplan(
  tx: DbTransaction,
  queue: JobQueue,
  bookingId: string,
  cause: ReplanCause,
  now: Date,
  proposalId?: string,
) {
  const [row] = await tx
    .select({ tourId: bookings.networkTourId, reason: bookings.rescheduleReason })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (!row?.tourId) return;
  if (cause === 'moved' && row.reason === NETWORK_TOUR_TEXTS.moveReason) return;
  const data: TourReplanJob = {
    kind: TOUR_REPLAN_KIND,
    tourId: row.tourId,
    bookingId,
    cause,
    ...(proposalId ? { proposalId } : {}),
    sentAt: now.toISOString(),
  };
  await queue.send(tx, { id: deterministicUuid(jobKey(data)), data, startAfter: now });
}

/**
 * The notifier layer: a tour's request declined (by its agent or its seller), or moved to another time (a proposal
 * accepted, its agent's move), re-plans the day.
 */
export function withTourReplan(inner: BookingNotifier, queue: JobQueue, now: () => Date): BookingNotifier {
  return {
    ...inner,
    actionApplied: async (tx, booking, action) => {
      await inner.actionApplied(tx, booking, action);
      if (action === 'decline') await queueReplan(tx, queue, booking.id, 'declined', now());
    },
    rescheduled: async (tx, from, to, actor) => {
      await inner.rescheduled(tx, from, to, actor);
      await queueReplan(tx, queue, to.id, 'moved', now());
    },
    proposed: async (tx, booking, proposalId) => {
      await inner.proposed?.(tx, booking, proposalId);
      await queueReplan(tx, queue, booking.id, 'proposed', now(), proposalId);
    },
  };
}

export type ReplanDeps = TourDeps & { mailer: Mailer; mailFrom: string };

/** A re-plan's (and its e-mail's) key: once per decline or move of a booking, once per proposal. */
const jobKey = (data: TourReplanJob) =>
  data.proposalId
    ? `${TOUR_REPLAN_KIND}:proposal:${data.proposalId}`
    : `${TOUR_REPLAN_KIND}:${data.bookingId}`;

/** The open proposals' times of these bookings (a proposed stop is planned at its proposed time). */
async function openProposals(db: Db, bookingIds: string[]): Promise<Map<string, Date>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await db
    .select({ bookingId: timeProposals.bookingId, startsAt: timeProposals.startsAt })
    .from(timeProposals)
    .where(and(inArray(timeProposals.bookingId, bookingIds), eq(timeProposals.status, 'proposed')));
  return new Map(rows.map((r) => [r.bookingId, r.startsAt]));
}

/**
 * Plans the tour's day again around what is settled; the number of requests moved (null: nothing fits;
 * 'clash': a proposed time does not fit with the settled stops, so nothing moves).
 */
export async function replanTour(
  deps: ReplanDeps,
  buyerAgent: AgentRow,
  tourId: string,
  /** A stop just moved to its new time by its listing's side: kept there. */
  keptBookingId: string | null = null,
): Promise<number | null | 'clash'> {
  const tour = await tourView(deps, buyerAgent, tourId);
  const homes = await tourHomes(
    deps,
    buyerAgent,
    tour.stops.map((s) => s.property_id),
  ).catch(() => null);
  if (!homes) return null;
  const minutesOf = (iso: string | null) => (iso ? Math.round(new Date(iso).getTime() / MINUTE) : null);
  const proposals = await openProposals(
    deps.ctx.db,
    tour.stops.flatMap((s) => (s.state === 'proposed' && s.booking_id ? [s.booking_id] : [])),
  );
  const stops: NetworkTourStop[] = await Promise.all(
    tour.stops.map(async (s, i): Promise<NetworkTourStop> => {
      const start = minutesOf(s.starts_at);
      if (start === null || ['declined', 'cancelled', 'not_sent'].includes(s.state))
        return { kind: 'dropped' };
      const proposedAt = s.booking_id ? proposals.get(s.booking_id) : undefined;
      if (proposedAt) return { kind: 'fixed', start: Math.round(proposedAt.getTime() / MINUTE) };
      if (s.state !== 'requested' || s.booking_id === keptBookingId) return { kind: 'fixed', start };
      return { kind: 'open', open: [start, ...(await openMinutes(deps, homes[i]!, tour.date))] };
    }),
  );
  const { travel } = await driveMatrix(deps, homes, undefined);
  // The settled stops (and the proposed times) alone must fit: else a proposed time clashes, nothing moves.
  const settled = stops.map((s): NetworkTourStop => (s.kind === 'open' ? { kind: 'dropped' } : s));
  if (proposals.size > 0 && settled.some((s) => s.kind === 'fixed'))
    if (!planNetworkTour({ stops: settled, travel }).feasible) return 'clash';
  const plan = planNetworkTour({ stops, travel });
  if (!plan.feasible) return null;
  let moved = 0;
  for (const [i, s] of tour.stops.entries()) {
    const planned = plan.starts[i];
    if (stops[i]!.kind !== 'open' || planned == null || planned === minutesOf(s.starts_at) || !s.booking_id)
      continue;
    if (await moveRequest(deps, s.booking_id, homes[i]!.timeZone, planned)) moved += 1;
  }
  return moved;
}

/** One unanswered request moved to `start` as the listing's booking page allows (false when it no longer does). */
async function moveRequest(
  deps: ReplanDeps,
  bookingId: string,
  timeZone: string,
  start: number,
): Promise<boolean> {
  const { ctx } = deps;
  const [booking] = await ctx.db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking || booking.status !== 'pending') return false;
  const at = new Date(start * MINUTE);
  const wall = wallClockInZone(at, timeZone);
  try {
    const { slot } = await checkSlotOpen(
      ctx,
      booking.agentId,
      {
        booking_date: wall.date,
        booking_time: wall.time,
        starts_at: at.toISOString(),
        property_id: booking.propertyId,
      },
      booking.id,
    );
    await writeTransaction(ctx.db, async (tx) => {
      await lockAgentRow(tx, booking.agentId);
      await markRescheduled(tx, booking);
      await insertMoved(tx, booking, slot, NETWORK_TOUR_TEXTS.moveReason, ctx.now(), ctx.notify, 'buyer');
    });
    return true;
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 409) return false;
    throw err;
  }
}

async function buyerAgentOf(db: Db, tourId: string): Promise<AgentRow | null> {
  const [row] = await db
    .select({ agent: agents })
    .from(networkTours)
    .innerJoin(agents, eq(agents.id, networkTours.buyerAgentId))
    .where(eq(networkTours.id, tourId));
  return row?.agent ?? null;
}

/** The re-plan job: the day planned again, the note kept on the tour, and the buyer's agent e-mailed once. */
export function tourReplanJobs(deps: ReplanDeps): QueuedMailHandler<TourReplanJob> {
  return {
    matches: isReplanJob,
    run: async (job: WorkerJob<TourReplanJob>) => {
      const { db } = deps.ctx;
      const buyerAgent = await buyerAgentOf(db, job.data.tourId);
      if (!buyerAgent) return { sent: 0, skipped: 'the tour no longer exists' };
      const cause = job.data.cause ?? 'declined';
      let proposal: { startsAt: Date; bookingId: string } | undefined;
      if (job.data.proposalId) {
        [proposal] = await db
          .select({ startsAt: timeProposals.startsAt, bookingId: timeProposals.bookingId })
          .from(timeProposals)
          .where(and(eq(timeProposals.id, job.data.proposalId), eq(timeProposals.status, 'proposed')));
        // Accepted meanwhile (its move re-plans), kept, or replaced by a newer proposal (its own re-plan).
        if (!proposal) return { sent: 0, skipped: 'the proposal is no longer open' };
      }
      const moved = await replanTour(
        deps,
        buyerAgent,
        job.data.tourId,
        cause === 'moved' ? job.data.bookingId : null,
      );
      const before = await tourView(deps, buyerAgent, job.data.tourId);
      const [changed] = await db
        .select({ propertyId: bookings.propertyId })
        .from(bookings)
        .where(eq(bookings.id, job.data.bookingId));
      const changedStop = before.stops.find((s) => s.property_id === changed?.propertyId);
      const atTime = (at: Date, zone: string) => {
        const w = whenInZone(at, zone);
        return `${w.time} ${w.zone}`;
      };
      const proposedTime = proposal ? atTime(proposal.startsAt, changedStop?.time_zone ?? 'UTC') : '';
      const note =
        moved === 'clash'
          ? NETWORK_TOUR_TEXTS.proposalClash(changedStop?.address ?? '', proposedTime)
          : moved === null
            ? NETWORK_TOUR_TEXTS.replanFailed(cause)
            : NETWORK_TOUR_TEXTS.replanned(moved, cause);
      await db
        .update(networkTours)
        .set({ note, updatedAt: deps.ctx.now() })
        .where(eq(networkTours.id, job.data.tourId));
      const tour = await tourView(deps, buyerAgent, job.data.tourId);
      const proposals = await openProposals(
        db,
        tour.stops.flatMap((s) => (s.state === 'proposed' && s.booking_id ? [s.booking_id] : [])),
      );
      const lines = tour.stops.map((s) => {
        if (!s.starts_at) return `${s.address}: ${NETWORK_TOUR_TEXTS.stateLabel(s.state)}`;
        const proposedAt = s.booking_id ? proposals.get(s.booking_id) : undefined;
        const state = NETWORK_TOUR_TEXTS.stateLabel(s.state);
        return `${atTime(new Date(s.starts_at), s.time_zone)} · ${s.address} · ${
          proposedAt
            ? `${state} (${NETWORK_TOUR_TEXTS.proposedLine(atTime(proposedAt, s.time_zone))})`
            : state
        }`;
      });
      const date = whenInZone(new Date(`${tour.date}T12:00:00Z`), 'UTC').date;
      const rendered = brandedEmail(
        { agent: buyerAgent, publicUrl: deps.ctx.publicUrl },
        {
          subject: NETWORK_TOUR_TEXTS.mailSubject(date),
          heading: NETWORK_TOUR_TEXTS.mailSubject(date),
          paragraphs: [
            NETWORK_TOUR_TEXTS.mailIntro(changedStop?.address ?? '', cause, proposedTime),
            ...lines,
            note,
          ],
          details: [],
          notes: [],
          action: {
            label: NETWORK_TOUR_TEXTS.mailAction,
            url: `${deps.ctx.publicUrl}${NETWORK_TOUR_TEXTS.tourPath(tour.id)}`,
          },
        },
      );
      return deliverBuyerMail(
        { db, mailer: deps.mailer, mailFrom: deps.mailFrom },
        {
          key: jobKey(job.data),
          kind: TOUR_REPLAN_KIND,
          agent: buyerAgent,
          to: buyerAgent.email,
          rendered,
          scheduledFor: new Date(job.data.sentAt),
          attempt: job,
          audience: 'buyer_agent',
        },
      );
    },
  };
}
