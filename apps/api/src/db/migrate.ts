import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { apiRoot } from '../api-root';

const migrationsFolder = path.join(apiRoot, 'drizzle');

// Any constant works; it only has to be the same for every Keyturn process sharing a database (the value
// predates the queue's set-up joining it). Since issue 40 it is taken per transaction; a server of an older
// version takes the session-level lock of the same key, which excludes it just the same.
const STARTUP_LOCK = 7_304_211;

/**
 * Runs `fn` while this process holds the start-up lock, so that processes starting together on one database do
 * their first-time set-up (our migrations, pg-boss's schema and queues) one after the other (issue 26: two of
 * them creating pg-boss's schema at once failed with "duplicate key" or "deadlock detected").
 *
 * The lock is a transaction-level advisory lock (issue 40): one connection of `pool` opens a transaction, takes
 * pg_try_advisory_xact_lock and keeps the transaction open while `fn` works on OTHER connections of the pool;
 * committing releases it. Nothing of it lives in the session, so it holds through a transaction pooler
 * (PgBouncer in transaction mode pins the transaction to one server connection), and a process that dies
 * mid-way ends its transaction and so the lock.
 */
export async function withStartupLock<T>(pool: pg.Pool, fn: () => Promise<T>): Promise<T> {
  // Waiting holds no connection (try, give it back, try again): `fn` of the holder needs connections of
  // the same pool, which waiters in this process must not be sitting on.
  let client: pg.PoolClient;
  for (;;) {
    client = await pool.connect();
    const got = await takeLock(client).catch((err: unknown) => {
      client.release(err instanceof Error ? err : true);
      throw err;
    });
    if (got) break;
    client.release();
    await new Promise((r) => setTimeout(r, 25 + Math.random() * 75));
  }
  try {
    return await fn();
  } finally {
    await client
      .query('commit')
      .then(() => client.release())
      // A connection whose commit failed is dropped, which ends its transaction and so the lock.
      .catch((err: unknown) => client.release(err instanceof Error ? err : true));
  }
}

/** In a new transaction on `client`: the lock taken (the transaction stays open), or not (rolled back). */
async function takeLock(client: pg.PoolClient): Promise<boolean> {
  await client.query('begin');
  const got = await client.query<{ locked: boolean }>('select pg_try_advisory_xact_lock($1) as locked', [
    STARTUP_LOCK,
  ]);
  if (got.rows[0]?.locked) return true;
  await client.query('rollback');
  return false;
}

/** SQLSTATEs a statement racing another process's start-up can meet; trying again succeeds. */
const TRANSIENT = new Set([
  '40P01', // deadlock_detected
  '40001', // serialization_failure
  '23505', // unique_violation (a catalogue row created by the other process first)
  '42P07', // duplicate_table
  '42710', // duplicate_object
  '42P06', // duplicate_schema
]);

/** `fn` again (up to `attempts` times, short growing pauses) while it fails with a start-up race's error. */
export async function retryStartupRace<T>(fn: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await fn();
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (attempt >= attempts || typeof code !== 'string' || !TRANSIENT.has(code)) throw err;
      await new Promise((r) => setTimeout(r, 50 * attempt + Math.random() * 50));
    }
  }
}

/**
 * Applies the committed migrations. Idempotent (drizzle records what ran), and safe when several servers start
 * against one database at once (withStartupLock). A migration's NOTICE (0021 counts the teams it removed) goes
 * to `log`.
 */
export async function runMigrations(pool: pg.Pool, log?: (message: string) => void): Promise<void> {
  await withStartupLock(pool, async () => {
    // A connection of its own: the lock's connection is inside its transaction (drizzle opens another).
    const client = await pool.connect();
    const notice = (msg: { message?: string }) => {
      if (msg.message) log?.(msg.message);
    };
    client.on('notice', notice);
    try {
      await migrate(drizzle(client), { migrationsFolder });
    } finally {
      client.off('notice', notice);
      client.release();
    }
  });
}
