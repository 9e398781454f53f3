// SSO for Enterprise teams (issue 41, decision 070): a team's OpenID Connect provider and e-mail domain, set by
// the team's owners only (admins and members get a 403), on a team whose plan has teams (Enterprise). The client
// secret is sealed with the server's secret box and never leaves the server: reading the settings says only
// whether one is saved. One team per e-mail domain (409). Removing the settings leaves every member in the team.
import { eq } from 'drizzle-orm';
import { TEAM_MESSAGES } from '@keyturn/domain/teams';
import { TEAM_SSO_MESSAGES, type TeamSsoInput, type TeamSsoSettings } from '@keyturn/domain/teamSso';
import type { Db, DbTransaction } from '../../db/client';
import { constraintName, sqlState } from '../../db/client';
import { teamSso } from '../../db/schema';
import { AppError, validationError } from '../../http/errors';
import { requirePlanFeature } from '../../http/plan-gate';
import type { SecretBox } from '../core/crypto';
import { lockedTeamOf } from '../teams/service';
import { teamPlan } from '../core/plan-limits';

export type TeamSsoRow = typeof teamSso.$inferSelect;

const domainTaken = () =>
  new AppError(409, 'SSO_DOMAIN_TAKEN', TEAM_SSO_MESSAGES.domainTaken, {
    email_domain: TEAM_SSO_MESSAGES.domainTaken,
  });

/** The caller's team, locked, when they own it (403 otherwise; 404 when they are in no team). */
async function ownedTeam(tx: DbTransaction, userId: string) {
  const mine = await lockedTeamOf(tx, userId, 'view');
  if (mine.role !== 'owner') throw new AppError(403, 'TEAM_ROLE_REQUIRED', TEAM_MESSAGES.roleRequired);
  return mine.team;
}

export async function ssoOfTeam(db: Db | DbTransaction, teamId: string): Promise<TeamSsoRow | null> {
  const [row] = await db.select().from(teamSso).where(eq(teamSso.organizationId, teamId));
  return row ?? null;
}

export async function ssoOfDomain(db: Db, domain: string): Promise<TeamSsoRow | null> {
  const [row] = await db.select().from(teamSso).where(eq(teamSso.emailDomain, domain.toLowerCase()));
  return row ?? null;
}

function view(row: TeamSsoRow | null, redirectUri: string): TeamSsoSettings {
  return {
    configured: row !== null,
    issuer: row?.issuer ?? null,
    client_id: row?.clientId ?? null,
    client_secret_set: row !== null,
    email_domain: row?.emailDomain ?? null,
    redirect_uri: redirectUri,
  };
}

export async function teamSsoSettings(db: Db, userId: string, redirectUri: string): Promise<TeamSsoSettings> {
  return db.transaction(async (tx) =>
    view(await ssoOfTeam(tx, (await ownedTeam(tx, userId)).id), redirectUri),
  );
}

/** Saves the owner's settings: the secret sealed (kept when left out), the domain free of other teams. */
export async function saveTeamSso(
  db: Db,
  box: SecretBox,
  userId: string,
  input: TeamSsoInput,
  redirectUri: string,
): Promise<TeamSsoSettings> {
  try {
    return await db.transaction(async (tx) => {
      const team = await ownedTeam(tx, userId);
      requirePlanFeature({ plan: (await teamPlan(tx, team.id)).id }, 'teams');
      const current = await ssoOfTeam(tx, team.id);
      const secret = input.client_secret?.trim() ?? '';
      if (!secret && !current) throw validationError({ client_secret: TEAM_SSO_MESSAGES.secretRequired });
      const [other] = await tx
        .select({ teamId: teamSso.organizationId })
        .from(teamSso)
        .where(eq(teamSso.emailDomain, input.email_domain));
      if (other && other.teamId !== team.id) throw domainTaken();
      const values = {
        issuer: input.issuer,
        clientId: input.client_id,
        clientSecretSealed: secret ? box.seal(secret) : current!.clientSecretSealed,
        emailDomain: input.email_domain,
        updatedBy: userId,
      };
      const [row] = await tx
        .insert(teamSso)
        .values({ organizationId: team.id, ...values })
        .onConflictDoUpdate({ target: teamSso.organizationId, set: { ...values, updatedAt: new Date() } })
        .returning();
      return view(row!, redirectUri);
    });
  } catch (err) {
    // Two teams saving one domain at once: the unique index decides.
    if (sqlState(err) === '23505' && constraintName(err) === 'team_sso_email_domain_unique')
      throw domainTaken();
    throw err;
  }
}

/** Switches SSO off for the owner's team; nobody leaves the team. */
export async function removeTeamSso(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const team = await ownedTeam(tx, userId);
    await tx.delete(teamSso).where(eq(teamSso.organizationId, team.id));
  });
}

/** The caller's team's issuer check: they must own a team (what they check is theirs to enter). */
export async function requireTeamOwner(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await ownedTeam(tx, userId);
  });
}

/** The client secret, opened; null when it was sealed under another key (DATA_DIR replaced). */
export function openSecret(box: SecretBox, row: TeamSsoRow): string | null {
  try {
    return box.open(row.clientSecretSealed);
  } catch {
    return null;
  }
}
