// A consultation booked with a team (issue 15, decision 025): the server finds the instant among the pool's
// open slots, picks the member by round robin (packages/domain roundRobin.ts: free then, in the pool, fewest
// bookings this week on the team's clock, then longest since last booked) and books through the same
// writeBooking as an agent's page (idempotency, plan limit, notifications, lead classes). The no-overlap
// guarantee stays per agent (the bookings' exclusion constraint): when the chosen member's insert loses a
// race, the next eligible member is tried in the same request; with nobody left, the usual 409 SLOT_TAKEN.
import { inArray, max, notInArray, sql } from 'drizzle-orm';
import { pickRoundRobin, type PoolCandidate } from '@keyturn/domain/roundRobin';
import { pickSlot, type Slot } from '@keyturn/domain/slots/engine';
import {
  memberDatesAround,
  slotInZone,
  startOfWeekInZone,
  unionOfSlots,
  wallDateOf,
} from '@keyturn/domain/teamBooking';
import type { TeamBookingRequest, TeamBookingResult } from '@keyturn/domain/schemas/teamPage';
import { APPOINTMENT_MINUTES } from '@keyturn/domain/constants';
import type { Db } from '../../db/client';
import { bookings } from '../../db/schema';
import { AppError } from '../../http/errors';
import { writeBooking } from '../booking-public/service';
import { earlierAnswer } from '../booking-public/idempotency';
import { toPropertyAgent } from '../core/public-reads';
import { type PublicContext } from '../booking-public/context';
import { SLOT_TAKEN_MESSAGE } from '../bookings/service';
import { openSlots } from '../availability/open-slots';
import { AGENT_DAY_FULL_CODE } from '@keyturn/domain/slots/agentDailyCap';
import { poolOpenSlots, teamPool } from './public';

// Bookings that no longer take a member's time this week (as the month's plan count).
const NOT_COUNTED = ['cancelled', 'declined', 'rescheduled'] as const;

/** Each member's bookings made since the week began (still holding their place), and when last booked. */
async function poolLoad(db: Db, agentIds: readonly string[], weekStart: Date) {
  const load = new Map<string, { week: number; last: Date | null }>();
  for (const id of agentIds) load.set(id, { week: 0, last: null });
  if (agentIds.length === 0) return load;
  const rows = await db
    .select({
      agentId: bookings.agentId,
      week: sql<number>`(count(*) filter (where ${bookings.createdAt} >= ${weekStart} and ${notInArray(bookings.status, [...NOT_COUNTED])}))::int`,
      last: max(bookings.createdAt),
    })
    .from(bookings)
    .where(inArray(bookings.agentId, [...agentIds]))
    .groupBy(bookings.agentId);
  for (const r of rows) load.set(r.agentId, { week: Number(r.week), last: r.last ? new Date(r.last) : null });
  return load;
}

/**
 * The team's open slots of a team date, or — when the buyer names the instant — just the one slot at that
 * instant (so a booking need not put the whole union on the team's clock).
 */
function teamSlotsOn(
  perMember: Map<string, { slots: Slot[] }>,
  timeZone: string,
  date: string,
  startsAt: number | undefined,
): Slot[] {
  if (startsAt !== undefined) {
    const open = [...perMember.values()].some((m) => m.slots.some((s) => s.startsAt === startsAt));
    return open ? [slotInZone(startsAt, timeZone)].filter((s) => wallDateOf(s) === date) : [];
  }
  return (
    unionOfSlots(
      [...perMember.values()].map((m) => m.slots),
      timeZone,
    ).get(date) ?? []
  );
}

export async function bookTeamConsultation(
  ctx: PublicContext,
  slug: string,
  input: TeamBookingRequest,
  idempotencyKey: string | undefined,
): Promise<TeamBookingResult> {
  const key = idempotencyKey ? { scope: `team:${slug}`, value: idempotencyKey, body: input } : null;
  if (key) {
    const earlier = await earlierAnswer(ctx.db, key.scope, key.value, key.body);
    if (earlier) return earlier as TeamBookingResult;
  }
  const { timeZone, pool } = await teamPool(ctx.db, slug);
  const perMember = await poolOpenSlots(ctx, pool, input.booking_date, input.booking_date);
  const startsAt = input.starts_at === null ? undefined : Date.parse(input.starts_at);
  const slot = pickSlot(
    teamSlotsOn(perMember, timeZone, input.booking_date, startsAt),
    input.booking_time,
    startsAt,
  );
  if (!slot) {
    // Open by the members' hours but not any more: someone booked it since the buyer loaded the page.
    const byHours = unionOfSlots(
      [...perMember.values()].map((m) =>
        [
          ...openSlots(
            { rules: m.inputs.rules, busy: [] },
            ctx.now(),
            memberDatesAround(input.booking_date),
          ).values(),
        ].flat(),
      ),
      timeZone,
    ).get(input.booking_date);
    if (pickSlot(byHours ?? [], input.booking_time, startsAt))
      throw new AppError(409, 'SLOT_TAKEN', SLOT_TAKEN_MESSAGE);
    throw new AppError(409, 'SLOT_UNAVAILABLE', 'This time is not available. Please pick another time.');
  }

  const load = await poolLoad(
    ctx.db,
    pool.map((a) => a.id),
    startOfWeekInZone(ctx.now(), timeZone),
  );
  const candidates: PoolCandidate[] = pool.map((agent) => ({
    id: agent.id,
    free: perMember.get(agent.id)?.slots.some((s) => s.startsAt === slot.startsAt) ?? false,
    bookingsThisWeek: load.get(agent.id)?.week ?? 0,
    lastBookedAt: load.get(agent.id)?.last ?? null,
  }));
  const slotTimes = {
    startsAt: new Date(slot.startsAt),
    endsAt: new Date(slot.startsAt + APPOINTMENT_MINUTES * 60_000),
  };
  let limitError: unknown = null;
  for (;;) {
    const chosenId = pickRoundRobin(candidates);
    // Nobody left: the time was taken (or every free member is at their plan's monthly limit).
    if (chosenId === null) throw limitError ?? new AppError(409, 'SLOT_TAKEN', SLOT_TAKEN_MESSAGE);
    const agent = pool.find((a) => a.id === chosenId)!;
    try {
      return await writeBooking(
        ctx,
        {
          agent,
          propertyId: null,
          slot: slotTimes,
          pending: perMember.get(agent.id)?.inputs.requiresApproval ?? false,
          input,
          key,
        },
        (booking, bookedWith): TeamBookingResult => ({ booking, agent: toPropertyAgent(bookedWith) }),
      );
    } catch (err) {
      // Lost the race on this member's time, they hit their plan's monthly limit or their day filled up to their
      // daily cap (issue 44): the next one.
      if (
        !(err instanceof AppError) ||
        !['SLOT_TAKEN', 'BOOKING_LIMIT_REACHED', AGENT_DAY_FULL_CODE].includes(err.code)
      )
        throw err;
      if (err.code === 'SLOT_TAKEN' && key) {
        // The buyer's own retry may have won it meanwhile: answer that.
        const earlier = await earlierAnswer(ctx.db, key.scope, key.value, key.body);
        if (earlier) return earlier as TeamBookingResult;
      }
      if (err.code !== 'SLOT_TAKEN') limitError ??= err;
      candidates.find((c) => c.id === chosenId)!.free = false;
    }
  }
}
