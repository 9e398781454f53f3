// The team's bookings (issue 15): owners and admins see every member's bookings, or one member's; members
// keep their own list (GET /api/bookings). Each member's rows come from the bookings list itself
// (listBookings, in that member's zone), so the filters mean exactly what they mean there.
// Owners and admins also hand a booking to another member (reassign, decision 026): same booking, same time,
// same manage link; the new member's other bookings must leave the time free — the per-agent no-overlap
// constraint is the guarantee, a clash is a 409 — and the buyer is told through the notification queue.
// Removing a member hands their future bookings over (reassigned to one member, or cancelled with notice).
import { and, asc, eq, gt, inArray, lt, ne } from 'drizzle-orm';
import { TIME_HOLDING_STATUSES, canReschedule, transition } from '@keyturn/domain/bookingStatus';
import {
  TEAM_MESSAGES,
  handoverReady,
  teamCan,
  type HandoverChoice,
  type TeamRole,
} from '@keyturn/domain/teams';
import type { TeamBooking, TeamBookingsQuery } from '@keyturn/domain/schemas/teamBookings';
import { addDaysIso } from '@keyturn/domain/schemas/reports';
import { wallClockInZone } from '@keyturn/domain/time';
import type { Db, DbTransaction } from '../../db/client';
import { writeTransaction } from '../../db/transaction';
import { agents, bookings, members, properties } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { isUuid } from '../../http/ids';
import type { BookingNotifier } from '../core/notifications/scheduler';
import type { AgentRow } from '../core/agents';
import { getBooking, listBookings } from '../bookings/agent-service';
import { mapSlotConflict, type BookingRow } from '../bookings/service';
import { futureBookingsOf, lockedTeamOf, type MemberRow, type TeamRow } from './service';
import { membershipOf } from '../core/plan-limits';

const memberNotFound = (field: string) =>
  new AppError(404, 'MEMBER_NOT_FOUND', 'No such member in your team.', {
    [field]: 'Choose a member of your team',
  });

export async function teamBookings(
  db: Db,
  userId: string,
  query: TeamBookingsQuery,
  now: Date,
): Promise<TeamBooking[]> {
  const mine = await membershipOf(db, userId);
  if (!mine) throw new AppError(404, 'TEAM_NOT_FOUND', TEAM_MESSAGES.notInTeam);
  if (!teamCan(mine.member.role as TeamRole, 'viewTeamBookings')) {
    throw new AppError(403, 'TEAM_ROLE_REQUIRED', TEAM_MESSAGES.roleRequired);
  }
  const { member, days, ...filters } = query;
  const rows = await teamAgentRows(db, mine.team.id, member);
  if (member && rows.length === 0) throw memberNotFound('member');
  // A week (or any run of days) is that many one-day lists, each in the member's own zone.
  const dates = filters.date
    ? Array.from({ length: days ?? 1 }, (_, i) => addDaysIso(filters.date!, i))
    : [undefined];
  const lists = await Promise.all(
    rows.flatMap((agent) =>
      dates.map(async (date) =>
        (await listBookings(db, agent, { ...filters, ...(date ? { date } : {}) }, now)).map((b) =>
          toTeamBooking(b, agent),
        ),
      ),
    ),
  );
  // The same order and limit as one agent's list: by showing time, latest first (earliest first for a day).
  const sign = filters.date ? 1 : -1;
  return lists
    .flat()
    .sort((a, b) => sign * a.starts_at.localeCompare(b.starts_at))
    .slice(0, filters.limit ?? (days ?? 1) * 100);
}

function toTeamBooking<T extends object>(
  b: T,
  agent: AgentRow,
): T & { agent_id: string; agent_name: string } {
  return { ...b, agent_id: agent.id, agent_name: nameOf(agent) };
}

const nameOf = (agent: Pick<AgentRow, 'firstName' | 'lastName'>) =>
  `${agent.firstName} ${agent.lastName}`.trim();

/** The agents of the team's members (one member's when `agentId` is given). */
async function teamAgentRows(db: Db | DbTransaction, teamId: string, agentId?: string): Promise<AgentRow[]> {
  const rows = await db
    .select({ agent: agents })
    .from(members)
    .innerJoin(agents, eq(agents.userId, members.userId))
    .where(and(eq(members.organizationId, teamId), agentId ? eq(agents.id, agentId) : undefined))
    .orderBy(asc(members.createdAt));
  return rows.map((r) => r.agent);
}

/**
 * POST /api/team/bookings/{id}/reassign: owners and admins hand one booking to another member. A member
 * → 403; a booking or member outside the caller's team → 404; a booking that has started or ended → 409; a
 * clash with the new member's bookings → 409 (nothing changed).
 */
export async function reassignBooking(
  db: Db,
  notify: BookingNotifier,
  userId: string,
  bookingId: string,
  toAgentId: string,
  now: Date,
): Promise<TeamBooking> {
  const target = await withSlotConflicts(() =>
    writeTransaction(db, async (tx) => {
      const { team } = await lockedTeamOf(tx, userId, 'reassignBookings');
      const row = await teamBookingRow(tx, team.id, bookingId);
      const [to] = isUuid(toAgentId) ? await teamAgentRows(tx, team.id, toAgentId) : [];
      if (!to) throw memberNotFound('member_id');
      if (row.agentId === to.id) {
        throw new AppError(400, 'VALIDATION_ERROR', TEAM_MESSAGES.reassignSameAgent, {
          member_id: TEAM_MESSAGES.reassignSameAgent,
        });
      }
      if (!canReschedule(row.status, row.startsAt, now)) {
        throw new AppError(409, 'ILLEGAL_TRANSITION', TEAM_MESSAGES.reassignNotActive);
      }
      await moveBookings(tx, notify, [row], to);
      return to;
    }),
  );
  return toTeamBooking(await getBooking(db, target, bookingId, now), target);
}

/** A booking of one of the team's members, or 404. */
async function teamBookingRow(tx: DbTransaction, teamId: string, bookingId: string): Promise<BookingRow> {
  if (!isUuid(bookingId)) throw notFound('Booking not found.');
  const [row] = await tx
    .select({ booking: bookings })
    .from(bookings)
    .innerJoin(agents, eq(agents.id, bookings.agentId))
    .innerJoin(members, eq(members.userId, agents.userId))
    .where(and(eq(bookings.id, bookingId), eq(members.organizationId, teamId)));
  if (!row) throw notFound('Booking not found.');
  return row.booking;
}

/**
 * Moves `rows` to agent `to` inside the caller's transaction: every one is checked against `to`'s bookings
 * that hold time first, and if any clashes none moves (409 REASSIGN_CONFLICT, `fields` naming each by id
 * with its time in its agent's zone). The no-overlap constraint still decides a race (→ 409 SLOT_TAKEN).
 */
async function moveBookings(
  tx: DbTransaction,
  notify: BookingNotifier,
  rows: BookingRow[],
  to: AgentRow,
): Promise<void> {
  if (rows.length === 0) return;
  // The agents' rows in one order, like every booking change: the new agent's bookings cannot appear meanwhile.
  const agentIds = [...new Set([to.id, ...rows.map((r) => r.agentId)])].sort();
  await tx
    .select({ id: agents.id })
    .from(agents)
    .where(inArray(agents.id, agentIds))
    .orderBy(asc(agents.id))
    .for('update');
  const clashes: Record<string, string> = {};
  for (const row of rows) {
    const [clash] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          eq(bookings.agentId, to.id),
          ne(bookings.id, row.id),
          inArray(bookings.status, [...TIME_HOLDING_STATUSES]),
          lt(bookings.startsAt, row.endsAt),
          gt(bookings.endsAt, row.startsAt),
        ),
      )
      .limit(1);
    if (clash) {
      const wall = wallClockInZone(row.startsAt, to.timeZone);
      clashes[row.id] =
        `${row.clientName}, ${wall.date} ${wall.time}: ${nameOf(to)} already has a booking then.`;
    }
  }
  if (Object.keys(clashes).length > 0) {
    throw new AppError(409, 'REASSIGN_CONFLICT', TEAM_MESSAGES.reassignConflict, clashes);
  }
  for (const row of rows) {
    const [moved] = await tx
      .update(bookings)
      .set({ agentId: to.id })
      // The status in the WHERE makes a concurrent change lose cleanly instead of being overwritten.
      .where(and(eq(bookings.id, row.id), eq(bookings.status, row.status), eq(bookings.agentId, row.agentId)))
      .returning();
    if (!moved) {
      throw new AppError(409, 'ILLEGAL_TRANSITION', 'This booking was just changed. Reload and try again.');
    }
    await notify.reassigned(tx, moved, row.agentId);
  }
}

/** A removal's choice for the member's future bookings (DELETE /api/team/members/{id}?bookings=…). */
export type Handover = { bookings?: HandoverChoice | undefined; reassignTo?: string | undefined };

/**
 * Runs inside the removal's transaction, before the member row goes: their future bookings are reassigned
 * to the chosen member or cancelled (each buyer gets the normal notice), and the team properties assigned to
 * them go to that member — or to the owner/admin removing them. Without a needed choice: 409
 * HANDOVER_REQUIRED, nothing changed.
 */
export function handOver(notify: BookingNotifier, choice: Handover, now: Date) {
  return async (
    tx: DbTransaction,
    ctx: { team: TeamRow; actor: MemberRow; target: MemberRow },
  ): Promise<void> => {
    const [leaving] = await tx.select().from(agents).where(eq(agents.userId, ctx.target.userId));
    if (!leaving) return;
    const future = await futureBookingsOf(tx, leaving.id, now);
    if (!handoverReady(future.length, choice)) {
      throw new AppError(409, 'HANDOVER_REQUIRED', TEAM_MESSAGES.handoverRequired, {
        bookings: `${TEAM_MESSAGES.handoverRequired} (${future.length})`,
      });
    }
    let heir: AgentRow | undefined;
    if (choice.reassignTo) {
      [heir] = isUuid(choice.reassignTo) ? await teamAgentRows(tx, ctx.team.id, choice.reassignTo) : [];
      if (!heir || heir.id === leaving.id) throw memberNotFound('reassign_to');
    }
    if (choice.bookings === 'cancel') {
      for (const row of future) {
        const result = transition(row.status, 'cancel', row.startsAt, now);
        if (!result.ok) continue;
        const [cancelled] = await tx
          .update(bookings)
          .set({ status: result.status, cancelReason: null, cancelledBy: 'agent' })
          .where(and(eq(bookings.id, row.id), eq(bookings.status, row.status)))
          .returning();
        if (!cancelled) {
          throw new AppError(409, 'ILLEGAL_TRANSITION', 'A booking was just changed. Reload and try again.');
        }
        await notify.actionApplied(tx, cancelled, 'cancel');
      }
    } else if (heir) {
      await moveBookings(tx, notify, future, heir);
    }
    // The team's properties assigned to the member stay with the team.
    const [actorAgent] = await tx.select().from(agents).where(eq(agents.userId, ctx.actor.userId));
    const keeper = heir ?? actorAgent;
    await tx
      .update(properties)
      .set(keeper ? { agentId: keeper.id } : { teamId: null })
      .where(and(eq(properties.agentId, leaving.id), eq(properties.teamId, ctx.team.id)));
  };
}

/** Maps the no-overlap constraint's refusal (a race the checks above lost) to a clean 409. */
export async function withSlotConflicts<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw mapSlotConflict(err);
  }
}
