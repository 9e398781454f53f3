// Team invitations (issue 15): inviting by e-mail (a seat must be free), resending, revoking, the accept
// page's preview and accepting. The e-mail goes out as a job of the durable queue (invitation-mail.ts).
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Plan } from '@keyturn/domain/plans';
import { INVITATION_VALID_DAYS, seatLimitMessage, TEAM_MESSAGES, type TeamRole } from '@keyturn/domain/teams';
import { ACCOUNT_TEXTS } from '@keyturn/domain/accountTexts';
import type { InvitationPreview, invitationInputSchema, TeamInvitation } from '@keyturn/domain/schemas/team';
import type { z } from 'zod';
import type { Db, DbTransaction } from '../../db/client';
import { invitations, members, organizations, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { requirePlanFeature } from '../../http/plan-gate';
import { deterministicUuid, type JobQueue } from '../../jobs/queue';
import {
  type TeamRow,
  type InvitationRow,
  type TeamInvitationJobData,
  DAY_MS,
  alreadyInTeam,
  invitationNotFound,
  lockedTeamOf,
  seatsOf,
  toInvitation,
  writeTeam,
} from './service';
import { membershipOf, teamPlan } from '../core/plan-limits';

export async function invite(
  db: Db,
  queue: JobQueue,
  userId: string,
  input: z.output<typeof invitationInputSchema>,
  now: Date,
): Promise<TeamInvitation> {
  return db.transaction(async (tx) => {
    const { team } = await lockedTeamOf(tx, userId, 'invite');
    const plan = await teamPlan(tx, team.id);
    requirePlanFeature({ plan: plan.id }, 'teams');
    const email = input.email.toLowerCase();
    const [member] = await tx
      .select({ id: members.id })
      .from(members)
      .innerJoin(users, eq(users.id, members.userId))
      .where(and(eq(members.organizationId, team.id), sql`lower(${users.email}) = ${email}`));
    if (member) {
      throw new AppError(409, 'ALREADY_MEMBER', TEAM_MESSAGES.alreadyMember, {
        email: TEAM_MESSAGES.alreadyMember,
      });
    }
    const [open] = await tx
      .select({ id: invitations.id })
      .from(invitations)
      .where(
        and(
          eq(invitations.organizationId, team.id),
          eq(invitations.status, 'pending'),
          sql`lower(${invitations.email}) = ${email}`,
        ),
      );
    if (open) {
      throw new AppError(409, 'ALREADY_INVITED', TEAM_MESSAGES.alreadyInvited, {
        email: TEAM_MESSAGES.alreadyInvited,
      });
    }
    await requireFreeSeat(tx, team, now, plan);
    const [row] = await tx
      .insert(invitations)
      .values({
        id: randomBytes(24).toString('base64url'),
        organizationId: team.id,
        email,
        role: input.role,
        status: 'pending',
        expiresAt: new Date(now.getTime() + INVITATION_VALID_DAYS * DAY_MS),
        inviterId: userId,
        createdAt: now,
      })
      .returning();
    await queueInvitationMail(tx, queue, row!.id, now);
    const [inviter] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId));
    return toInvitation(row!, inviter?.name ?? '', now);
  });
}

/** 409 SEAT_LIMIT_REACHED when every seat is taken by a member or a pending invitation. */
async function requireFreeSeat(tx: DbTransaction, team: TeamRow, now: Date, plan: Plan): Promise<void> {
  const seats = await seatsOf(tx, team, now, plan);
  if (seats.available <= 0) throw new AppError(409, 'SEAT_LIMIT_REACHED', seatLimitMessage(seats));
}

/** The invitation e-mail as a job of the durable queue, in the invitation's own transaction. */
async function queueInvitationMail(
  tx: DbTransaction,
  queue: JobQueue,
  invitationId: string,
  sentAt: Date,
): Promise<void> {
  const data: TeamInvitationJobData = {
    kind: 'team.invitation',
    invitationId,
    sentAt: sentAt.toISOString(),
  };
  await queue.send(tx, {
    id: deterministicUuid(`team.invitation:${invitationId}:${data.sentAt}`),
    data,
    startAfter: sentAt,
  });
}

async function invitationOfTeam(tx: DbTransaction, teamId: string, id: string): Promise<InvitationRow> {
  const [row] = await tx
    .select()
    .from(invitations)
    .where(
      and(eq(invitations.id, id), eq(invitations.organizationId, teamId), eq(invitations.status, 'pending')),
    );
  if (!row) throw invitationNotFound();
  return row;
}

/** Sends the invitation again with a fresh expiry (an expired one takes a seat again, so needs a free one). */
export async function resendInvitation(
  db: Db,
  queue: JobQueue,
  userId: string,
  id: string,
  now: Date,
): Promise<TeamInvitation> {
  return db.transaction(async (tx) => {
    const { team } = await lockedTeamOf(tx, userId, 'manageInvitations');
    const row = await invitationOfTeam(tx, team.id, id);
    const plan = await teamPlan(tx, team.id);
    requirePlanFeature({ plan: plan.id }, 'teams');
    if (row.expiresAt <= now) await requireFreeSeat(tx, team, now, plan);
    const [updated] = await tx
      .update(invitations)
      .set({ expiresAt: new Date(now.getTime() + INVITATION_VALID_DAYS * DAY_MS) })
      .where(eq(invitations.id, row.id))
      .returning();
    await queueInvitationMail(tx, queue, row.id, now);
    const [inviter] = await tx.select({ name: users.name }).from(users).where(eq(users.id, row.inviterId));
    return toInvitation(updated!, inviter?.name ?? '', now);
  });
}

export async function revokeInvitation(db: Db, userId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { team } = await lockedTeamOf(tx, userId, 'manageInvitations');
    const row = await invitationOfTeam(tx, team.id, id);
    await tx.update(invitations).set({ status: 'canceled' }).where(eq(invitations.id, row.id));
  });
}

/** What the accept page shows: the team, who invited whom, and whether it can still be accepted. */
export async function invitationPreview(db: Db, id: string, now: Date): Promise<InvitationPreview> {
  const [row] = await db
    .select({ invitation: invitations, team: organizations, inviter: users.name })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .innerJoin(users, eq(users.id, invitations.inviterId))
    .where(eq(invitations.id, id));
  if (!row) throw invitationNotFound();
  const { invitation, team } = row;
  const status =
    invitation.status === 'pending' && invitation.expiresAt <= now
      ? 'expired'
      : (invitation.status as InvitationPreview['status']);
  return {
    id: invitation.id,
    teamName: team.name,
    teamLogo: team.logo,
    teamColor: team.color,
    email: invitation.email,
    role: (invitation.role ?? 'member') as TeamRole,
    invitedBy: row.inviter,
    status,
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

/** The signed-in invitee joins: the address must be the invited one, and there must still be a seat. */
export async function acceptInvitation(
  db: Db,
  user: { id: string; email: string },
  id: string,
  now: Date,
): Promise<void> {
  await writeTeam(() =>
    db.transaction(async (tx) => {
      const [found] = await tx.select().from(invitations).where(eq(invitations.id, id));
      if (!found) throw invitationNotFound();
      await tx
        .select({ id: organizations.id })
        .from(organizations)
        .where(eq(organizations.id, found.organizationId))
        .for('update');
      const [row] = await tx.select().from(invitations).where(eq(invitations.id, id));
      if (!row || row.status !== 'pending') {
        throw new AppError(409, 'INVITATION_NOT_PENDING', TEAM_MESSAGES.invitationNotPending);
      }
      if (row.expiresAt <= now)
        throw new AppError(409, 'INVITATION_EXPIRED', TEAM_MESSAGES.invitationExpired);
      if (row.email.toLowerCase() !== user.email.toLowerCase()) {
        throw new AppError(403, 'INVITATION_OTHER_EMAIL', TEAM_MESSAGES.invitationOtherEmail);
      }
      // Issue 41: an invitation by address is its owner's — the account must have verified that address.
      const [account] = await tx
        .select({ emailVerified: users.emailVerified })
        .from(users)
        .where(eq(users.id, user.id));
      if (!account?.emailVerified) {
        throw new AppError(403, 'EMAIL_NOT_VERIFIED', ACCOUNT_TEXTS.invitationNeedsVerifiedEmail);
      }
      if (await membershipOf(tx, user.id)) throw alreadyInTeam();
      const [team] = await tx.select().from(organizations).where(eq(organizations.id, row.organizationId));
      const plan = await teamPlan(tx, team!.id);
      requirePlanFeature({ plan: plan.id }, 'teams');
      // This invitation already holds a seat; set-seats may have lowered the total since it was sent.
      const seats = await seatsOf(tx, team!, now, plan);
      if (seats.used > seats.total) {
        throw new AppError(409, 'SEAT_LIMIT_REACHED', seatLimitMessage(seats));
      }
      await tx.insert(members).values({
        id: randomUUID(),
        organizationId: row.organizationId,
        userId: user.id,
        role: row.role ?? 'member',
        createdAt: now,
      });
      await tx.update(invitations).set({ status: 'accepted' }).where(eq(invitations.id, row.id));
    }),
  );
}
