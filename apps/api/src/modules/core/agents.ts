// Agents: the product profile behind a user account. Every query is scoped to the caller's user id.
import { and, eq, sql } from 'drizzle-orm';
import type { AgentProfile, AgentProfileData } from '@keyturn/domain/schemas/agent';
import type { Db, DbTransaction } from '../../db/client';
import { constraintName, sqlState } from '../../db/client';
import { agentPreviousUsernames, agents } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { isUuid } from '../../http/ids';

export type AgentRow = typeof agents.$inferSelect;

export const AGENT_PROFILE_MISSING = () =>
  new AppError(404, 'AGENT_PROFILE_NOT_FOUND', 'Set up your agent profile to continue.');

export function toAgentProfile(row: AgentRow): AgentProfile {
  return {
    id: row.id,
    username: row.username,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone: row.phone,
    companyName: row.companyName,
    logoUrl: row.logoUrl,
    profilePictureUrl: row.profilePictureUrl,
    primaryColor: row.primaryColor,
    timeZone: row.timeZone,
    defaultLanguage: row.defaultLanguage,
    plan: row.plan,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function findAgentByUser(db: Db, userId: string): Promise<AgentRow | undefined> {
  const [row] = await db.select().from(agents).where(eq(agents.userId, userId)).limit(1);
  return row;
}

export async function requireAgent(db: Db, userId: string): Promise<AgentRow> {
  const row = await findAgentByUser(db, userId);
  if (!row) throw AGENT_PROFILE_MISSING();
  return row;
}

export async function createAgent(
  db: Db,
  user: { id: string; email: string },
  input: AgentProfileData,
): Promise<AgentRow> {
  const profileExists = () => new AppError(409, 'AGENT_PROFILE_EXISTS', 'Your agent profile already exists.');
  if (await findAgentByUser(db, user.id)) throw profileExists();
  if (await heldBefore(db, input.username)) throw usernameTaken();
  // An upsert, not check-then-insert: of ten simultaneous creations for one user, one inserts and the
  // others find the conflict (one profile per user, or the username) and answer 409.
  const [row] = await db
    .insert(agents)
    .values({ userId: user.id, email: user.email, ...columns(input) })
    .onConflictDoNothing()
    .returning();
  if (row) return row;
  if (await findAgentByUser(db, user.id)) throw profileExists();
  throw usernameTaken();
}

/**
 * Updates the caller's own agent; another agent's id answers 404 (no existence leak). A new username keeps
 * the old one as a previous username of this agent (old booking links still reach them; nobody else can take
 * it); a name another agent used before is taken. Bookings are stored as instants, so a new time zone moves
 * none of them.
 */
export async function updateAgent(
  db: Db,
  userId: string,
  agentId: string,
  input: AgentProfileData,
): Promise<AgentRow> {
  if (!isUuid(agentId)) throw notFound('Agent not found.');
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(agents)
        .where(and(eq(agents.id, agentId), eq(agents.userId, userId)))
        .for('update');
      if (!current) throw notFound('Agent not found.');
      const before = current.username.toLowerCase();
      const after = input.username.toLowerCase();
      if (before !== after) {
        if (await heldBefore(tx, after, agentId)) throw usernameTaken();
        await tx
          .insert(agentPreviousUsernames)
          .values({ username: before, agentId })
          .onConflictDoUpdate({
            target: agentPreviousUsernames.username,
            set: { agentId, replacedAt: sql`now()` },
          });
        // Taking back one's own earlier name makes it current again.
        await tx.delete(agentPreviousUsernames).where(eq(agentPreviousUsernames.username, after));
      }
      const [row] = await tx.update(agents).set(columns(input)).where(eq(agents.id, agentId)).returning();
      if (!row) throw notFound('Agent not found.');
      return row;
    });
  } catch (err) {
    throw mapUniqueViolation(err);
  }
}

/** Whether another agent (not `exceptAgentId`) used `username` before. */
async function heldBefore(
  db: Db | DbTransaction,
  username: string,
  exceptAgentId?: string,
): Promise<boolean> {
  const [row] = await db
    .select({ agentId: agentPreviousUsernames.agentId })
    .from(agentPreviousUsernames)
    .where(eq(agentPreviousUsernames.username, username.toLowerCase()));
  return row !== undefined && row.agentId !== exceptAgentId;
}

export async function isUsernameTaken(db: Db, username: string, exceptAgentId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: agents.id })
    .from(agents)
    .where(sql`lower(${agents.username}) = lower(${username})`)
    .limit(1);
  if (rows.length > 0 && rows[0]?.id !== exceptAgentId) return true;
  return heldBefore(db, username, exceptAgentId);
}

function columns(input: AgentProfileData) {
  return {
    username: input.username,
    firstName: input.first_name,
    lastName: input.last_name,
    phone: input.phone,
    companyName: input.companyName ?? null,
    timeZone: input.timeZone,
    primaryColor: input.primaryColor,
    // Issue 43: kept as it is when the form does not name it.
    ...(input.defaultLanguage ? { defaultLanguage: input.defaultLanguage } : {}),
  };
}

function usernameTaken(): AppError {
  const message = 'This username is already taken. Please choose another.';
  return new AppError(409, 'USERNAME_TAKEN', message, { username: message });
}

function mapUniqueViolation(err: unknown): unknown {
  if (sqlState(err) === '23505' && constraintName(err) === 'agents_username_unique') return usernameTaken();
  return err;
}
