// A consultation booked with a team (issue 15, decision 025): the server finds the instant among the pool's
// open slots, picks the member by round robin (packages/domain roundRobin.ts: free then, in the pool, fewest
// bookings this week on the team's clock, then longest since last booked) and books through the same
// writeBooking as an agent's page (idempotency, plan limit, notifications, lead classes). The no-overlap
// guarantee stays per agent (the bookings' exclusion constraint): when the chosen member's insert loses a
// race, the next eligible member is tried in the same request; with nobody left, the usual 409 SLOT_TAKEN.
// Issue 44 (decision 084): the team page holds the chosen time the same way — the member is decided when the hold
// is made (holdTeamTime, the same choice), the hold is that member's, and the booking with it books that member.
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
import type { SlotHold, TeamHoldRequest } from '@keyturn/domain/schemas/holds';
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
import type { AgentRow } from '../core/agents';
import type { SlotInputs } from '../availability/slot-inputs';
import { heldByAnother, heldByOther, liveHold } from '../booking-public/hold-rows';
import { releaseHold, writeHold } from '../booking-public/holds';

const APPOINTMENT_MS = APPOINTMENT_MINUTES * 60_000;

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

/** The team time the buyer chose, as the booking and the hold name it. */
type TeamTime = Pick<TeamBookingRequest, 'booking_date' | 'booking_time' | 'starts_at'>;

/** The chosen team time and each pool member as round robin sees them (free then, this week's load). */
type TeamChoice = {
  pool: AgentRow[];
  slot: { startsAt: Date; endsAt: Date };
  candidates: PoolCandidate[];
  perMember: Map<string, { inputs: SlotInputs; slots: Slot[] }>;
};

/**
 * The instant among the pool's open slots (the buyer's own hold, `ownToken`, not counted against them) and who
 * may get it; 409 SLOT_TAKEN (in a hold's words when another buyer holds it) or SLOT_UNAVAILABLE when no member
 * has it. The booking and the hold (issue 44) both decide the member from it, by the same rule.
 */
async function teamChoice(
  ctx: PublicContext,
  slug: string,
  input: TeamTime,
  ownToken: string | null,
): Promise<TeamChoice> {
  const { timeZone, pool } = await teamPool(ctx.db, slug);
  const perMember = await poolOpenSlots(ctx, pool, input.booking_date, input.booking_date, ownToken);
  const startsAt = input.starts_at === null ? undefined : Date.parse(input.starts_at);
  const slot = pickSlot(
    teamSlotsOn(perMember, timeZone, input.booking_date, startsAt),
    input.booking_time,
    startsAt,
  );
  if (!slot) {
    // Open by the members' hours but not any more: someone booked it since the buyer loaded the page.
    const byHours = [...perMember.entries()].map(([agentId, m]) => ({
      agentId,
      slots: [
        ...openSlots(
          { rules: m.inputs.rules, busy: [] },
          ctx.now(),
          memberDatesAround(input.booking_date),
        ).values(),
      ].flat(),
    }));
    const free = pickSlot(
      unionOfSlots(
        byHours.map((m) => m.slots),
        timeZone,
      ).get(input.booking_date) ?? [],
      input.booking_time,
      startsAt,
    );
    if (!free)
      throw new AppError(409, 'SLOT_UNAVAILABLE', 'This time is not available. Please pick another time.');
    // Issue 44: a member free by their hours holds it for another buyer filling in the form — said as it is.
    const span = { startsAt: new Date(free.startsAt), endsAt: new Date(free.startsAt + APPOINTMENT_MS) };
    for (const m of byHours.filter((m) => m.slots.some((s) => s.startsAt === free.startsAt))) {
      if (await heldByAnother(ctx.db, { agentId: m.agentId, ...span, ownToken, now: ctx.now() }))
        throw heldByOther();
    }
    throw new AppError(409, 'SLOT_TAKEN', SLOT_TAKEN_MESSAGE);
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
  const slotTimes = { startsAt: new Date(slot.startsAt), endsAt: new Date(slot.startsAt + APPOINTMENT_MS) };
  return { pool, slot: slotTimes, candidates, perMember };
}

/**
 * The members in round-robin order (`first`, the member a buyer's hold is for, before any), each given to
 * `attempt` until one answers. A refusal whose code is in `passOn` moves on to the next member (a lost race,
 * their plan's monthly limit, their day's cap); `taken`, when a race was lost, may answer instead (the buyer's
 * own retry won it meanwhile). With nobody left: the first limit met, else the last taken time's 409.
 */
async function inTurn<T>(
  choice: TeamChoice,
  first: string | null,
  attempt: (agent: AgentRow) => Promise<T>,
  passOn: readonly string[],
  taken?: () => Promise<T | null>,
): Promise<T> {
  const { candidates, pool } = choice;
  let next = candidates.some((c) => c.id === first && c.free) ? first : null;
  let limitError: unknown = null;
  let takenError: unknown = null;
  for (;;) {
    const chosenId = next ?? pickRoundRobin(candidates);
    next = null;
    if (chosenId === null)
      throw limitError ?? takenError ?? new AppError(409, 'SLOT_TAKEN', SLOT_TAKEN_MESSAGE);
    try {
      return await attempt(pool.find((a) => a.id === chosenId)!);
    } catch (err) {
      if (!(err instanceof AppError) || !passOn.includes(err.code)) throw err;
      if (err.code === 'SLOT_TAKEN') {
        const earlier = taken ? await taken() : null;
        if (earlier) return earlier;
        takenError = err;
      } else limitError ??= err;
      candidates.find((c) => c.id === chosenId)!.free = false;
    }
  }
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
  const holdToken = input.hold_token ?? null;
  const [held, choice] = await Promise.all([
    liveHold(ctx.db, holdToken, ctx.now()),
    teamChoice(ctx, slug, input, holdToken),
  ]);
  // Issue 44: the member the buyer's hold of this time is for gets the showing (their booking uses the hold).
  const heldMember = held && held.startsAt.getTime() === choice.slot.startsAt.getTime() ? held.agentId : null;
  const answer = await inTurn(
    choice,
    heldMember,
    (agent) =>
      writeBooking(
        ctx,
        {
          agent,
          propertyId: null,
          slot: choice.slot,
          pending: choice.perMember.get(agent.id)?.inputs.requiresApproval ?? false,
          input,
          key,
          holdToken,
        },
        (booking, bookedWith): TeamBookingResult => ({ booking, agent: toPropertyAgent(bookedWith) }),
      ),
    // Lost the race on this member's time, they hit their plan's monthly limit or their day filled up to their
    // daily cap (issue 44): the next one.
    ['SLOT_TAKEN', 'BOOKING_LIMIT_REACHED', AGENT_DAY_FULL_CODE],
    key
      ? async () => (await earlierAnswer(ctx.db, key.scope, key.value, key.body)) as TeamBookingResult | null
      : undefined,
  );
  // Booked with another member (the held one had reached a limit): the hold is let go, not left to end.
  if (holdToken) await releaseHold(ctx.db, holdToken);
  return answer;
}

/**
 * POST /api/public/teams/{slug}/holds (issue 44): the team time the buyer chose, held for them for the member who
 * would get it — decided now by the booking's own rule (round robin among the members free then) and held as that
 * member's time (writeHold: their lock, their hold minutes); a member who lost the time meanwhile passes it to the
 * next. The buyer's booking with the hold then books that member. 409 SLOT_TAKEN when nobody is left.
 */
export async function holdTeamTime(
  ctx: PublicContext,
  slug: string,
  input: TeamHoldRequest,
  clientKey: string,
): Promise<SlotHold> {
  const replaces = input.replaces ?? null;
  const choice = await teamChoice(ctx, slug, input, replaces);
  const replacesOf = choice.pool.map((a) => a.id);
  return inTurn(
    choice,
    null,
    (agent) =>
      writeHold(ctx, {
        agentId: agent.id,
        propertyId: null,
        slot: choice.slot,
        clientKey,
        replaces,
        replacesOf,
      }),
    ['SLOT_TAKEN'],
  );
}
