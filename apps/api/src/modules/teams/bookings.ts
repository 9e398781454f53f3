// The team's bookings (issue 15): owners and admins see every member's bookings, or one member's; members
// keep their own list (GET /api/bookings). Each member's rows come from the bookings list itself
// (listBookings, in that member's zone), so the filters mean exactly what they mean there.
import { and, eq } from 'drizzle-orm';
import { TEAM_MESSAGES, teamCan, type TeamRole } from '@keyturn/domain/teams';
import type { TeamBooking, TeamBookingsQuery } from '@keyturn/domain/schemas/teamBookings';
import type { Db } from '../../db/client';
import { agents, members } from '../../db/schema';
import { AppError } from '../../http/errors';
import { listBookings } from '../bookings/agent-service';
import { membershipOf } from './service';

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
  const { member, ...filters } = query;
  const rows = await db
    .select({ agent: agents })
    .from(members)
    .innerJoin(agents, eq(agents.userId, members.userId))
    .where(and(eq(members.organizationId, mine.team.id), member ? eq(agents.id, member) : undefined));
  if (member && rows.length === 0) {
    throw new AppError(404, 'MEMBER_NOT_FOUND', 'No such member in your team.', {
      member: 'Choose a member of your team',
    });
  }
  const lists = await Promise.all(
    rows.map(async ({ agent }) =>
      (await listBookings(db, agent, filters, now)).map((b) => ({
        ...b,
        agent_id: agent.id,
        agent_name: `${agent.firstName} ${agent.lastName}`.trim(),
      })),
    ),
  );
  // The same order and limit as one agent's list: by showing time, latest first (earliest first for a day).
  const sign = filters.date ? 1 : -1;
  return lists
    .flat()
    .sort((a, b) => sign * a.starts_at.localeCompare(b.starts_at))
    .slice(0, filters.limit ?? 100);
}
