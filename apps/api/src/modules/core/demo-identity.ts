// Which account is the demo's (decision 064): the user with the demo's e-mail, whose password the README
// prints. Read where the demo is treated apart (its messages kept on the server, its password locked, Server
// settings' "Remove the demo", the daily reset); imports only the schema, so any capability may ask.
import { and, eq, sql } from 'drizzle-orm';
import { DEMO_EMAIL } from '@keyturn/domain/demo';
import type { Db, DbTransaction } from '../../db/client';
import { agents, users } from '../../db/schema';

type Reader = Db | DbTransaction;

const isDemoEmail = (column: typeof users.email) => sql`lower(${column}) = ${DEMO_EMAIL.toLowerCase()}`;

/** The demo agent's ids, or null when this server has no demo account. */
export async function demoAccount(db: Reader): Promise<{ userId: string; agentId: string | null } | null> {
  const [row] = await db
    .select({ userId: users.id, agentId: agents.id })
    .from(users)
    .leftJoin(agents, eq(agents.userId, users.id))
    .where(isDemoEmail(users.email))
    .limit(1);
  return row ?? null;
}

/** Whether this agent is the demo agent. */
export async function isDemoAgent(db: Reader, agentId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: agents.id })
    .from(agents)
    .innerJoin(users, eq(users.id, agents.userId))
    .where(and(eq(agents.id, agentId), isDemoEmail(users.email)))
    .limit(1);
  return row !== undefined;
}

/** Whether this user (a session's) is the demo account. */
export function isDemoUser(user: { email: string }): boolean {
  return user.email.toLowerCase() === DEMO_EMAIL.toLowerCase();
}
