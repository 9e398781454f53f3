// Rate limits whose counters live in PostgreSQL (table rate_limits), so N servers on one database share
// them: a store for @fastify/rate-limit (per client address, fixed windows) and the sign-in backoff of an
// account. The client address is `request.ip`, which honours TRUST_PROXY (config.ts): without it a forged
// X-Forwarded-For changes nothing.
//
// Counting (decision 019): a hit is written at once (one atomic upsert that answers the shared count) when it
// is a client's first in its window on this server, when the limit is small (< BATCH_MIN_LIMIT: sign-in,
// sign-up, public writes), or when the count this server knows is at half the limit or more. Otherwise — a
// buyer browsing far below a generous read budget — the hit is counted in memory and written with every other
// such hit in one statement at most FLUSH_MS later. One server thus counts exactly (it refuses the same hit
// as before). With S servers, each may hold up to half the limit of a client's hits that the others have not
// seen yet, for at most FLUSH_MS: a client spreading a burst over all of them within that time gets at most
// the limit + (S − 1) × half the limit through in a window; otherwise exactly the limit.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';

type Callback = (err: Error | null, result?: { current: number; ttl: number }) => void;
type ChildParams = { groupId?: string; routeInfo?: { method?: string | string[]; url?: string } };

/** Rows of windows that ended this long ago (and are not blocking anyone) are cleared now and then. */
const KEEP_EXPIRED_MS = 24 * 60 * 60 * 1000;
/** Limits below this are counted in the database on every hit. */
export const BATCH_MIN_LIMIT = 100;
/** Hits counted in memory reach the database within this many milliseconds. */
export const FLUSH_MS = 1_000;

/** One hit (or `n`) on a counter: `current` in this window and the milliseconds until the window resets. */
export async function hit(
  db: Db,
  key: string,
  windowMs: number,
  n = 1,
): Promise<{ current: number; ttl: number }> {
  const seconds = windowMs / 1000;
  const result = await db.execute<{ current: number; ttl: number }>(sql`
    insert into ${rateLimits} (key, count, resets_at)
    values (${key}, ${n}, now() + make_interval(secs => ${seconds}))
    on conflict (key) do update set
      count = case when ${rateLimits.resetsAt} <= now() then excluded.count
                   else least(${rateLimits.count}::bigint + excluded.count, 2147483647) end,
      resets_at = case when ${rateLimits.resetsAt} <= now() then excluded.resets_at
                       else ${rateLimits.resetsAt} end
    returning count as current,
              greatest(0, ceil(extract(epoch from (resets_at - now())) * 1000))::int as ttl`);
  if (Math.random() < 0.01) void clearExpired(db).catch(() => {});
  const row = result.rows[0];
  return { current: Number(row?.current ?? n), ttl: Number(row?.ttl ?? windowMs) };
}

async function clearExpired(db: Db): Promise<void> {
  await db.execute(sql`
    delete from ${rateLimits}
    where ${rateLimits.resetsAt} < now() - make_interval(secs => ${KEEP_EXPIRED_MS / 1000})
      and (${rateLimits.blockedUntil} is null or ${rateLimits.blockedUntil} < now())`);
}

/** What this server knows of one counter's window: the shared count last read, and its own hits since. */
type Counter = { shared: number; pending: number; flushing: number; resetsAt: number; windowMs: number };

/**
 * The counters of one database: hits far below their limit are kept here and written in batches. `count`
 * answers like `hit`; `flush` writes what is pending (also on close).
 */
export class RateLimitCounters {
  private readonly counters = new Map<string, Counter>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {
    this.timer = setInterval(() => void this.flush().catch(() => {}), FLUSH_MS);
    this.timer.unref();
  }

  async count(key: string, windowMs: number, max: number): Promise<{ current: number; ttl: number }> {
    const now = this.now();
    const counter = this.counters.get(key);
    if (counter && counter.resetsAt > now && max >= BATCH_MIN_LIMIT) {
      const known = counter.shared + counter.flushing + counter.pending;
      if ((known + 1) * 2 <= max) {
        counter.pending += 1;
        return { current: known + 1, ttl: counter.resetsAt - now };
      }
    }
    // Exact: this hit and whatever this server still holds for the window, counted in the database now.
    const carried = counter && counter.resetsAt > now ? counter.pending : 0;
    if (counter) counter.pending -= carried;
    let result;
    try {
      result = await hit(this.db, key, windowMs, carried + 1);
    } catch (err) {
      if (counter) counter.pending += carried;
      throw err;
    }
    this.remember(key, windowMs, result);
    return result;
  }

  /** Writes every pending count in one statement and learns the shared counts back. */
  async flush(): Promise<void> {
    const now = this.now();
    const batch: { key: string; counter: Counter; n: number }[] = [];
    for (const [key, counter] of this.counters) {
      if (counter.resetsAt <= now) {
        // The window is over: its unwritten hits no longer count for anything.
        if (counter.flushing === 0) this.counters.delete(key);
      } else if (counter.pending > 0) {
        batch.push({ key, counter, n: counter.pending });
        counter.flushing += counter.pending;
        counter.pending = 0;
      }
    }
    if (batch.length === 0) return;
    try {
      const result = await this.db.execute<{ key: string; current: number; ttl: number }>(sql`
        insert into ${rateLimits} (key, count, resets_at)
        select key, n, now() + make_interval(secs => window_ms / 1000)
        from unnest(${sql.param(batch.map((b) => b.key))}::text[],
                    ${sql.param(batch.map((b) => b.n))}::int[],
                    ${sql.param(batch.map((b) => b.counter.windowMs))}::float8[]) as t(key, n, window_ms)
        on conflict (key) do update set
          count = case when ${rateLimits.resetsAt} <= now() then excluded.count
                       else least(${rateLimits.count}::bigint + excluded.count, 2147483647) end,
          resets_at = case when ${rateLimits.resetsAt} <= now() then excluded.resets_at
                           else ${rateLimits.resetsAt} end
        returning key, count as current,
                  greatest(0, ceil(extract(epoch from (resets_at - now())) * 1000))::int as ttl`);
      const answered = new Map(result.rows.map((row) => [row.key, row]));
      for (const { key, counter, n } of batch) {
        counter.flushing -= n;
        const row = answered.get(key);
        if (row) this.remember(key, counter.windowMs, { current: Number(row.current), ttl: Number(row.ttl) });
      }
    } catch (err) {
      for (const { counter, n } of batch) {
        counter.flushing -= n;
        counter.pending += n;
      }
      throw err;
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush().catch(() => {});
  }

  private remember(key: string, windowMs: number, result: { current: number; ttl: number }) {
    const now = this.now();
    const counter = this.counters.get(key);
    if (counter && counter.resetsAt > now) {
      // Answers may come back out of order: a count never goes down within its window.
      counter.shared = Math.max(counter.shared, result.current);
      counter.resetsAt = now + result.ttl;
    } else {
      this.counters.set(key, {
        shared: result.current,
        pending: 0,
        flushing: 0,
        resetsAt: now + result.ttl,
        windowMs,
      });
    }
  }
}

/** The @fastify/rate-limit store class on `counters`; each limited route (or groupId) counts on its own. */
export function pgRateLimitStore(counters: RateLimitCounters) {
  return class PgRateLimitStore {
    private readonly scope: string;

    constructor(scope?: unknown) {
      this.scope = typeof scope === 'string' ? scope : 'global';
    }

    // @fastify/rate-limit passes the window (ms) and the limit as arguments its typings do not declare.
    incr(key: string, callback: Callback, timeWindow = 60_000, max = 0): void {
      counters.count(`${this.scope}|${key}`, timeWindow, max).then(
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
