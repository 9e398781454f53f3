// Rate limits whose counters live in PostgreSQL (table rate_limits), so N servers on one database share
// them: a store for @fastify/rate-limit (per client address, fixed windows, one atomic upsert per request)
// and the sign-in backoff of an account. The client address is `request.ip`, which honours TRUST_PROXY
// (config.ts): without it a forged X-Forwarded-For changes nothing.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';

type Callback = (err: Error | null, result?: { current: number; ttl: number }) => void;
type ChildParams = { groupId?: string; routeInfo?: { method?: string | string[]; url?: string } };

/** Rows of windows that ended this long ago (and are not blocking anyone) are cleared now and then. */
const KEEP_EXPIRED_MS = 24 * 60 * 60 * 1000;

/** One hit on a counter: `current` in this window and the milliseconds until the window resets. */
export async function hit(db: Db, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const seconds = windowMs / 1000;
  const result = await db.execute<{ current: number; ttl: number }>(sql`
    insert into ${rateLimits} (key, count, resets_at)
    values (${key}, 1, now() + make_interval(secs => ${seconds}))
    on conflict (key) do update set
      count = case when ${rateLimits.resetsAt} <= now() then 1
                   else least(${rateLimits.count} + 1, 2147483647) end,
      resets_at = case when ${rateLimits.resetsAt} <= now() then excluded.resets_at
                       else ${rateLimits.resetsAt} end
    returning count as current,
              greatest(0, ceil(extract(epoch from (resets_at - now())) * 1000))::int as ttl`);
  if (Math.random() < 0.01) void clearExpired(db).catch(() => {});
  const row = result.rows[0];
  return { current: Number(row?.current ?? 1), ttl: Number(row?.ttl ?? windowMs) };
}

async function clearExpired(db: Db): Promise<void> {
  await db.execute(sql`
    delete from ${rateLimits}
    where ${rateLimits.resetsAt} < now() - make_interval(secs => ${KEEP_EXPIRED_MS / 1000})
      and (${rateLimits.blockedUntil} is null or ${rateLimits.blockedUntil} < now())`);
}

/** The @fastify/rate-limit store class on `db`; each limited route (or groupId) counts on its own. */
export function pgRateLimitStore(db: Db) {
  return class PgRateLimitStore {
    private readonly scope: string;

    constructor(scope?: unknown) {
      this.scope = typeof scope === 'string' ? scope : 'global';
    }

    // @fastify/rate-limit passes the window (ms) as a third argument its typings do not declare.
    incr(key: string, callback: Callback, timeWindow = 60_000): void {
      hit(db, `${this.scope}|${key}`, timeWindow).then(
        (result) => callback(null, result),
        (err: Error) => callback(err),
      );
    }

    // Called with the route's merged limit options (and `routeInfo`), whatever the typings say.
    child(options: object) {
      const params = options as ChildParams;
      const route = `${[params.routeInfo?.method ?? ''].flat().join(',')} ${params.routeInfo?.url ?? ''}`;
      return new PgRateLimitStore(params.groupId ?? route);
    }
  };
}

// ---- sign-in backoff per account ----

/** Failed sign-ins of one account that cost nothing; each further one doubles the wait before the next. */
export const SIGN_IN_FREE_FAILURES = 5;
/** The wait never grows past this: an attacker can slow a real user down, never lock them out for long. */
export const SIGN_IN_MAX_DELAY_SECONDS = 60;
/** A streak of failures is forgotten this long after its last failure. */
const SIGN_IN_STREAK_SECONDS = 15 * 60;

const accountKey = (email: string) => `sign-in-account|${email.trim().toLowerCase()}`;

/** The delay after `failures` consecutive failures: 0 for the first few, then 2, 4, 8 … up to the cap. */
export function signInDelaySeconds(failures: number): number {
  if (failures < SIGN_IN_FREE_FAILURES) return 0;
  return Math.min(2 ** (failures - SIGN_IN_FREE_FAILURES + 1), SIGN_IN_MAX_DELAY_SECONDS);
}

/** Seconds this account must still wait before its next sign-in attempt (0: go ahead). */
export async function signInWaitSeconds(db: Db, email: string): Promise<number> {
  const result = await db.execute<{ wait: number | null }>(sql`
    select ceil(extract(epoch from (${rateLimits.blockedUntil} - now())))::int as wait
    from ${rateLimits}
    where ${rateLimits.key} = ${accountKey(email)} and ${rateLimits.blockedUntil} > now()`);
  return Math.max(0, Number(result.rows[0]?.wait ?? 0));
}

/** A wrong password: one more in the streak, and the account waits signInDelaySeconds before the next. */
export async function recordSignInFailure(db: Db, email: string): Promise<void> {
  const streak = await hit(db, accountKey(email), SIGN_IN_STREAK_SECONDS * 1000);
  const delay = signInDelaySeconds(streak.current);
  await db.execute(sql`
    update ${rateLimits}
    set blocked_until = case when ${delay} > 0 then now() + make_interval(secs => ${delay}) end,
        resets_at = now() + make_interval(secs => ${SIGN_IN_STREAK_SECONDS})
    where ${rateLimits.key} = ${accountKey(email)}`);
}

/** The right password ends the streak. */
export async function clearSignInFailures(db: Db, email: string): Promise<void> {
  await db.execute(sql`delete from ${rateLimits} where ${rateLimits.key} = ${accountKey(email)}`);
}
