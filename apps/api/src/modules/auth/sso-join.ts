// A team's SSO sign-in, on the Keyturn side (issue 41, decision 070): who the team's provider vouched for becomes
// a signed-in member of the team. In one transaction, the team's row locked (two first sign-ins for the last
// seat are decided one after the other): the account linked to this provider account; else the account with
// the same address, linked only when it has verified that address (the rule of sign-in with Google/Microsoft);
// else a new account with the address verified. Then the team: a member already; else a member now when a seat
// is free (a pending invitation of the address holds its own seat and is accepted). Any refusal rolls the whole
// transaction back: no account is left half-made.
import { randomUUID } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { domainOfEmail, type TeamSsoError } from '@keyturn/domain/teamSso';
import type { Db } from '../../db/client';
import { accounts, invitations, members, organizations, users } from '../../db/schema';
import { seatsOf } from '../teams/service';
import { membershipOf, teamPlan } from '../core/plan-limits';
import type { TeamSsoRow } from './team-sso';
import { accountRow, lockIdentity, namesOf } from './sign-in-parts';
import type { ProviderIdentity } from './social-oidc';

/** The account id of a team's provider: `sso:<team id>` (a subject is unique per issuer, hence per team). */
export const ssoProviderId = (teamId: string) => `sso:${teamId}`;

class Refused extends Error {
  constructor(readonly code: TeamSsoError) {
    super(code);
  }
}

export async function ssoSignInUser(
  db: Db,
  sso: TeamSsoRow,
  identity: ProviderIdentity,
  now: Date,
): Promise<{ userId: string } | { error: TeamSsoError }> {
  const email = identity.email;
  if (!email || !identity.emailVerified || domainOfEmail(email) !== sso.emailDomain) {
    return { error: 'EMAIL_NOT_VERIFIED' };
  }
  const providerId = ssoProviderId(sso.organizationId);
  try {
    return await db.transaction(async (tx) => {
      await lockIdentity(tx, providerId, identity);
      const [team] = await tx
        .select()
        .from(organizations)
        .where(eq(organizations.id, sso.organizationId))
        .for('update');
      if (!team) throw new Refused('SSO_NOT_SET_UP');
      const [linked] = await tx
        .select({ userId: accounts.userId })
        .from(accounts)
        .where(and(eq(accounts.providerId, providerId), eq(accounts.accountId, identity.subject)))
        .limit(1);
      let userId = linked?.userId;
      if (!userId) {
        const [existing] = await tx
          .select({ id: users.id, emailVerified: users.emailVerified })
          .from(users)
          .where(sql`lower(${users.email}) = ${email}`)
          .limit(1);
        if (existing && !existing.emailVerified) throw new Refused('LINK_NEEDS_VERIFIED_EMAIL');
        userId = existing?.id ?? randomUUID();
        if (!existing) {
          const { firstName, lastName } = namesOf(identity);
          await tx.insert(users).values({
            id: userId,
            name: `${firstName} ${lastName}`.trim(),
            email,
            emailVerified: true,
            firstName,
            lastName,
          });
        }
        await tx.insert(accounts).values(accountRow(providerId, identity, userId));
      }
      const membership = await membershipOf(tx, userId);
      if (membership) {
        if (membership.team.id !== team.id) throw new Refused('IN_ANOTHER_TEAM');
        return { userId };
      }
      const plan = await teamPlan(tx, team.id);
      if (!plan.features.teams) throw new Refused('NOT_ENTERPRISE');
      // A pending invitation of the address held a seat: accepted, the seat is free for the member.
      await tx
        .update(invitations)
        .set({ status: 'accepted' })
        .where(
          and(
            eq(invitations.organizationId, team.id),
            sql`lower(${invitations.email}) = ${email}`,
            eq(invitations.status, 'pending'),
            gt(invitations.expiresAt, now),
          ),
        );
      if ((await seatsOf(tx, team, now, plan)).available <= 0) throw new Refused('SEAT_LIMIT_REACHED');
      await tx.insert(members).values({
        id: randomUUID(),
        organizationId: team.id,
        userId,
        role: 'member',
        createdAt: now,
      });
      return { userId };
    });
  } catch (err) {
    if (err instanceof Refused) return { error: err.code };
    throw err;
  }
}
