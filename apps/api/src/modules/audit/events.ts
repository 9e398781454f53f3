// Issue 46 "Audit log" (decision 092): the account events the app writes itself — sign-in (and a failed one for
// an existing account), sign-out, password change and reset — with the request's IP. The rows' changes are
// written by the database's triggers instead (migration 0058).
import { sql } from 'drizzle-orm';
import type { AuditAction } from '@keyturn/domain/audit';
import type { Db } from '../../db/client';
import { verifications } from '../../db/schema';
import { eq } from 'drizzle-orm';

export type AccountEvent = Extract<
  AuditAction,
  'signed_in' | 'signed_out' | 'sign_in_failed' | 'password_changed'
>;

/**
 * One entry for the account `userId` (or, for a failed sign-in, the account with this e-mail; none for an
 * address without an account — a stranger's address is not kept). The actor is the account's own agent.
 */
export async function recordAccountEvent(
  db: Db,
  event: { action: AccountEvent; ip: string | null } & ({ userId: string } | { email: string }),
): Promise<void> {
  const who = 'userId' in event ? sql`u.id = ${event.userId}` : sql`lower(u.email) = lower(${event.email})`;
  await db.execute(sql`
    insert into audit_log (agent_id, team_id, actor_kind, actor_id, actor_label, ip, action, entity_type,
                           entity_id, changes)
    select a.id, m.organization_id, 'agent', coalesce(a.id::text, u.id), u.email, ${event.ip}, ${event.action},
           'account', u.id, '{}'::jsonb
    from users u
    left join agents a on a.user_id = u.id
    left join members m on m.user_id = u.id
    where ${who}
    limit 1`);
}

/** The account a password-reset token is for (read before better-auth uses it up), or null. */
export async function resetTokenUser(db: Db, token: unknown): Promise<string | null> {
  if (typeof token !== 'string' || token === '') return null;
  const [row] = await db
    .select({ userId: verifications.value })
    .from(verifications)
    .where(eq(verifications.identifier, `reset-password:${token}`))
    .limit(1);
  return row?.userId ?? null;
}

/** The signed-in user's id in a sign-in answer of better-auth (`{ user: { id } }`), or null. */
export function signedInUserOf(text: string): string | null {
  try {
    const payload = JSON.parse(text) as { user?: { id?: unknown } };
    return typeof payload.user?.id === 'string' ? payload.user.id : null;
  } catch {
    return null;
  }
}

type AnswerHook = (status: number, text: string) => Promise<void>;

/**
 * What an account endpoint of better-auth writes to the log once its answer is known, or undefined for other
 * endpoints. Who signs out or changes a password is read before the call (the session ends with it); a reset's
 * account before its token is used up.
 */
export async function accountAuditOf(
  db: Db,
  endpoint: string,
  ctx: {
    ip: string | null;
    body: Record<string, unknown> | undefined;
    sessionUserId: () => Promise<string | null>;
  },
): Promise<AnswerHook | undefined> {
  const { ip, body } = ctx;
  const record = (event: Parameters<typeof recordAccountEvent>[1]) => recordAccountEvent(db, event);
  const after = (action: AccountEvent, userId: string | null): AnswerHook | undefined =>
    userId ? async (status) => (status < 400 ? record({ action, userId, ip }) : undefined) : undefined;
  switch (endpoint) {
    case '/sign-in/email': {
      const email = typeof body?.email === 'string' ? body.email : null;
      return async (status, text) => {
        const userId = status < 400 ? signedInUserOf(text) : null;
        if (userId) await record({ action: 'signed_in', userId, ip });
        else if (status === 401 && email) await record({ action: 'sign_in_failed', email, ip });
      };
    }
    // The second step of a sign-in with two-factor: its answer names the account as the password step's does.
    // (Signed in already, it confirms turning two-factor on: no sign-in.)
    case '/two-factor/verify-totp':
    case '/two-factor/verify-backup-code':
      if (await ctx.sessionUserId()) return undefined;
      return async (status, text) => {
        const userId = status < 400 ? signedInUserOf(text) : null;
        if (userId) await record({ action: 'signed_in', userId, ip });
      };
    case '/sign-out':
      return after('signed_out', await ctx.sessionUserId());
    case '/change-password':
      return after('password_changed', await ctx.sessionUserId());
    case '/reset-password':
      return after('password_changed', await resetTokenUser(db, body?.token));
    default:
      return undefined;
  }
}
