// Teams (issue 15, decision 024) on the organization plugin's tables (organizations, members, invitations):
// our routes are the only door to them (better-auth's /api/auth/organization/* endpoints are closed), so the
// plan gate, the seats and the role rules of packages/domain/src/teams.ts hold for every change. Every change
// locks the team's row first: two invitations for the last seat, or two owners stepping down at once, are
// decided one after the other.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { planAllows } from '@keyturn/domain/planGates';
import type { Plan } from '@keyturn/domain/plans';
import {
  lastOwnerBlocks,
  seatSummary,
  TEAM_MESSAGES,
  teamCan,
  type SeatSummary,
  type TeamAction,
  type TeamRole,
} from '@keyturn/domain/teams';
import type {
  TeamInvitation,
  TeamMember,
  TeamOverview,
  teamCreateSchema,
  teamInputSchema,
} from '@keyturn/domain/schemas/team';
import type { ConsultationPlace } from '@keyturn/domain/teamPlace';
import type { z } from 'zod';
import type { Db, DbTransaction } from '../../db/client';
import { constraintName, sqlState } from '../../db/client';
import { agents, bookings, invitations, members, organizations, properties, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { requirePlanFeature } from '../../http/plan-gate';
import type { AgentRow } from '../core/agents';
import { membershipOf, teamPlan, type MemberRow, type TeamRow } from '../core/plan-limits';

export type { MemberRow, TeamRow };
export type InvitationRow = typeof invitations.$inferSelect;
type Tx = Db | DbTransaction;

/** What the invitation job carries (notifications queue; modules/teams/invitation-mail.ts runs it). */
export type TeamInvitationJobData = { kind: 'team.invitation'; invitationId: string; sentAt: string };

export function isTeamInvitationJob(data: object): data is TeamInvitationJobData {
  return (data as { kind?: unknown }).kind === 'team.invitation';
}

export const DAY_MS = 24 * 60 * 60 * 1000;

const notInTeam = () => new AppError(404, 'TEAM_NOT_FOUND', TEAM_MESSAGES.notInTeam);
export const alreadyInTeam = () => new AppError(409, 'ALREADY_IN_TEAM', TEAM_MESSAGES.alreadyInTeam);
const memberNotFound = () => new AppError(404, 'MEMBER_NOT_FOUND', 'No such member in your team.');
export const invitationNotFound = () =>
  new AppError(404, 'INVITATION_NOT_FOUND', TEAM_MESSAGES.invitationNotFound);
const lastOwner = () => new AppError(409, 'LAST_OWNER', TEAM_MESSAGES.lastOwner);

/**
 * The caller's team with the team's row locked for the rest of the transaction, refused unless the
 * caller's role may take `action` (403) — 404 when they are in no team.
 */
export async function lockedTeamOf(
  tx: DbTransaction,
  userId: string,
  action: TeamAction,
): Promise<{ team: TeamRow; member: MemberRow; role: TeamRole }> {
  const mine = await membershipOf(tx, userId);
  if (!mine) throw notInTeam();
  await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, mine.team.id))
    .for('update');
  // Re-read under the lock: the role may have changed while we waited.
  const current = await membershipOf(tx, userId);
  if (!current || current.team.id !== mine.team.id) throw notInTeam();
  const role = current.member.role as TeamRole;
  if (!teamCan(role, action)) throw new AppError(403, 'TEAM_ROLE_REQUIRED', TEAM_MESSAGES.roleRequired);
  return { ...current, role };
}

export async function seatsOf(db: Tx, team: TeamRow, now: Date, plan?: Plan): Promise<SeatSummary> {
  const [counts] = await db
    .select({
      members: sql<number>`(select count(*)::int from ${members} where ${members.organizationId} = ${team.id})`,
      pending: sql<number>`(select count(*)::int from ${invitations} where ${invitations.organizationId} = ${team.id} and ${invitations.status} = 'pending' and ${invitations.expiresAt} > ${now})`,
    })
    .from(sql`(select 1) as one`);
  return seatSummary({
    plan: plan ?? (await teamPlan(db, team.id)),
    extraSeats: team.extraSeats,
    members: counts?.members ?? 0,
    pendingInvitations: counts?.pending ?? 0,
  });
}

// ---- reading ----

export async function teamOverview(db: Db, userId: string, now: Date): Promise<TeamOverview | null> {
  const mine = await membershipOf(db, userId);
  if (!mine) return null;
  const role = mine.member.role as TeamRole;
  const plan = await teamPlan(db, mine.team.id);
  const manages = teamCan(role, 'removeMember', { role: 'member' });
  const memberRows = await db
    .select({
      member: members,
      user: users,
      agentId: agents.id,
      timeZone: agents.timeZone,
      // Owners and admins see how many future bookings a removal would hand over (decision 026).
      future: manages
        ? sql<number>`(select count(*)::int from ${bookings} where ${bookings.agentId} = ${agents.id} and ${bookings.status} in ('pending', 'confirmed') and ${bookings.startsAt} > ${now})`
        : sql<null>`null`,
    })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .leftJoin(agents, eq(agents.userId, members.userId))
    .where(eq(members.organizationId, mine.team.id))
    .orderBy(asc(members.createdAt), asc(users.email));
  const invitationRows = teamCan(role, 'manageInvitations')
    ? await db
        .select({ invitation: invitations, inviter: users.name })
        .from(invitations)
        .innerJoin(users, eq(users.id, invitations.inviterId))
        .where(and(eq(invitations.organizationId, mine.team.id), eq(invitations.status, 'pending')))
        .orderBy(asc(invitations.createdAt))
    : [];
  return {
    team: toTeam(mine.team),
    role,
    members: memberRows.map((r): TeamMember => ({
      id: r.member.id,
      userId: r.user.id,
      name: r.user.name,
      email: r.user.email,
      role: r.member.role as TeamRole,
      agentId: r.agentId,
      timeZone: r.timeZone,
      joinedAt: r.member.createdAt.toISOString(),
      inPool: r.member.inPool,
      futureBookings: r.future === null ? null : Number(r.future),
    })),
    invitations: invitationRows.map((r) => toInvitation(r.invitation, r.inviter, now)),
    seats: await seatsOf(db, mine.team, now, plan),
    planIncludesTeams: planAllows(plan, 'teams'),
  };
}

function toTeam(team: TeamRow) {
  return {
    id: team.id,
    name: team.name,
    slug: team.slug,
    logo: team.logo,
    color: team.color,
    consultation_place: team.consultationPlace as ConsultationPlace,
    office_address: team.officeAddress,
    createdAt: team.createdAt.toISOString(),
  };
}

/** The team row's columns a create or an edit writes. */
function teamColumns(input: z.output<typeof teamInputSchema>) {
  return {
    name: input.name,
    slug: input.slug,
    logo: input.logo,
    color: input.color,
    consultationPlace: input.consultation_place,
    // Phone or video keeps no address: the place shown is never a stale office.
    officeAddress: input.consultation_place === 'office' ? input.office_address : null,
  };
}

export function toInvitation(row: InvitationRow, inviter: string, now: Date): TeamInvitation {
  return {
    id: row.id,
    email: row.email,
    role: (row.role ?? 'member') as TeamRole,
    status: row.expiresAt > now ? 'pending' : 'expired',
    expiresAt: row.expiresAt.toISOString(),
    invitedBy: inviter,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The agents of the caller's team with their roles (spec §7 GET /agents); the caller alone outside a team. */
export async function teamAgents(
  db: Db,
  agent: AgentRow,
): Promise<{ agent: AgentRow; role: TeamRole | null }[]> {
  const mine = await membershipOf(db, agent.userId);
  if (!mine) return [{ agent, role: null }];
  const rows = await db
    .select({ agent: agents, role: members.role })
    .from(members)
    .innerJoin(agents, eq(agents.userId, members.userId))
    .where(eq(members.organizationId, mine.team.id))
    .orderBy(asc(members.createdAt), asc(agents.email));
  return rows.map((r) => ({ agent: r.agent, role: r.role as TeamRole }));
}

// ---- the team ----

export async function createTeam(
  db: Db,
  agent: AgentRow,
  input: z.output<typeof teamCreateSchema>,
  moveListings: (tx: DbTransaction, ids: readonly number[]) => Promise<unknown>,
): Promise<TeamOverview> {
  requirePlanFeature(agent, 'teams');
  const teamId = randomUUID();
  await writeTeam(async () => {
    await db.transaction(async (tx) => {
      if (await membershipOf(tx, agent.userId)) throw alreadyInTeam();
      await tx.insert(organizations).values({ id: teamId, ...teamColumns(input) });
      await tx
        .insert(members)
        .values({ id: randomUUID(), organizationId: teamId, userId: agent.userId, role: 'owner' });
      // The creator's chosen listings become the team's in the same transaction (issue 29): all or none.
      await moveListings(tx, input.property_ids);
    });
  });
  return (await teamOverview(db, agent.userId, new Date()))!;
}

export async function updateTeam(
  db: Db,
  userId: string,
  input: z.output<typeof teamInputSchema>,
): Promise<void> {
  await writeTeam(() =>
    db.transaction(async (tx) => {
      const { team } = await lockedTeamOf(tx, userId, 'editTeam');
      await tx.update(organizations).set(teamColumns(input)).where(eq(organizations.id, team.id));
    }),
  );
}

/** Unique violations of a team write as 409s: the slug, or the one-team-per-user rule. */
export async function writeTeam(write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (err) {
    if (sqlState(err) !== '23505') throw err;
    if (constraintName(err) === 'members_one_team_per_user') throw alreadyInTeam();
    throw new AppError(409, 'SLUG_TAKEN', TEAM_MESSAGES.slugTaken, { slug: TEAM_MESSAGES.slugTaken });
  }
}

// ---- members ----

async function memberOfTeam(tx: DbTransaction, teamId: string, memberId: string): Promise<MemberRow> {
  const [row] = await tx
    .select()
    .from(members)
    .where(and(eq(members.id, memberId), eq(members.organizationId, teamId)));
  if (!row) throw memberNotFound();
  return row;
}

async function ownerCount(tx: DbTransaction, teamId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(members)
    .where(and(eq(members.organizationId, teamId), eq(members.role, 'owner')));
  return row?.n ?? 0;
}

export async function changeRole(db: Db, userId: string, memberId: string, role: TeamRole): Promise<void> {
  await db.transaction(async (tx) => {
    const { team, role: actor } = await lockedTeamOf(tx, userId, 'view');
    const target = await memberOfTeam(tx, team.id, memberId);
    const targetRole = target.role as TeamRole;
    requireMayManage(actor, 'changeRole', { role: targetRole, newRole: role });
    if (lastOwnerBlocks(await ownerCount(tx, team.id), { role: targetRole, newRole: role }))
      throw lastOwner();
    await tx.update(members).set({ role }).where(eq(members.id, target.id));
  });
}

/** What a removal does before the member row goes (modules/teams/bookings.ts handOver: bookings, properties). */
export type BeforeRemoval = (
  tx: DbTransaction,
  ctx: { team: TeamRow; actor: MemberRow; target: MemberRow },
) => Promise<void>;

export async function removeMember(
  db: Db,
  userId: string,
  memberId: string,
  beforeRemoval?: BeforeRemoval,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { team, member, role: actor } = await lockedTeamOf(tx, userId, 'view');
    const target = await memberOfTeam(tx, team.id, memberId);
    const targetRole = target.role as TeamRole;
    requireMayManage(actor, 'removeMember', { role: targetRole });
    if (target.id === member.id) throw new AppError(409, 'USE_LEAVE', TEAM_MESSAGES.useLeave);
    if (lastOwnerBlocks(await ownerCount(tx, team.id), { role: targetRole })) throw lastOwner();
    await beforeRemoval?.(tx, { team, actor: member, target });
    await tx.delete(members).where(eq(members.id, target.id));
  });
}

/**
 * Leaving on one's own (decision 026): refused while the member has future bookings or team properties
 * assigned to them — an owner or admin removes them instead and decides who takes them over.
 */
export async function leaveTeam(db: Db, userId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const { team, member, role } = await lockedTeamOf(tx, userId, 'leave');
    if (lastOwnerBlocks(await ownerCount(tx, team.id), { role })) throw lastOwner();
    const [agent] = await tx.select({ id: agents.id }).from(agents).where(eq(agents.userId, userId));
    if (agent) {
      const future = await futureBookingsOf(tx, agent.id, now);
      const [assigned] = await tx
        .select({ id: properties.id })
        .from(properties)
        .where(
          and(eq(properties.agentId, agent.id), eq(properties.teamId, team.id), isNull(properties.deletedAt)),
        )
        .limit(1);
      if (future.length > 0 || assigned) {
        throw new AppError(409, 'HANDOVER_REQUIRED', TEAM_MESSAGES.leaveWithBookings);
      }
    }
    await tx.delete(members).where(eq(members.id, member.id));
  });
}

/** An agent's bookings still to come that hold their time (pending or confirmed, not started), earliest first. */
export async function futureBookingsOf(
  tx: Tx,
  agentId: string,
  now: Date,
): Promise<(typeof bookings.$inferSelect)[]> {
  return tx
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.agentId, agentId),
        inArray(bookings.status, ['pending', 'confirmed']),
        gt(bookings.startsAt, now),
      ),
    )
    .orderBy(asc(bookings.startsAt));
}

function requireMayManage(
  actor: TeamRole,
  action: 'changeRole' | 'removeMember',
  target: { role: TeamRole; newRole?: TeamRole },
): void {
  if (teamCan(actor, action, target)) return;
  if (actor === 'member') throw new AppError(403, 'TEAM_ROLE_REQUIRED', TEAM_MESSAGES.roleRequired);
  throw new AppError(403, 'TEAM_OWNER_REQUIRED', TEAM_MESSAGES.ownerRequired);
}

// ---- the admin command ----

/** `npm run admin -- set-seats <team> <n>`: the team by its URL name or id. */
export async function setExtraSeats(db: Db, teamRef: string, extra: number): Promise<TeamRow | null> {
  const [row] = await db
    .update(organizations)
    .set({ extraSeats: extra })
    .where(sql`${organizations.slug} = ${teamRef} or ${organizations.id} = ${teamRef}`)
    .returning();
  return row ?? null;
}
