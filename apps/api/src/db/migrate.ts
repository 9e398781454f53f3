import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

// Any constant works; it only has to be the same for every Keyturn process sharing a database (the value
// predates the queue's set-up joining it, so older servers still take turns with newer ones).
const STARTUP_LOCK = 7_304_211;

/**
 * Runs `fn` while this process holds the start-up lock: a session advisory lock on one connection of `pool`,
 * so that processes starting together on one database do their first-time set-up (our migrations, pg-boss's
 * schema and queues) one after the other (issue 26: two of them creating pg-boss's schema at once failed
 * with "duplicate key" or "deadlock detected").
 */
export async function withStartupLock<T>(
  pool: pg.Pool,
  fn: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  // Waiting holds no connection (try, give it back, try again): `fn` of the holder needs connections of
  // the same pool, which waiters in this process must not be sitting on.
  let client: pg.PoolClient;
  for (;;) {
    client = await pool.connect();
    const got = await client
      .query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [STARTUP_LOCK])
      .catch((err: unknown) => {
        client.release();
        throw err;
      });
    if (got.rows[0]?.locked) break;
    client.release();
    await new Promise((r) => setTimeout(r, 25 + Math.random() * 75));
  }
  try {
    return await fn(client);
  } finally {
    await client
      .query('select pg_advisory_unlock($1)', [STARTUP_LOCK])
      .then(() => client.release())
      // A connection whose unlock failed is dropped, which ends its session and so the lock.
      .catch((err: unknown) => client.release(err instanceof Error ? err : true));
  }
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
  await withStartupLock(pool, async (client) => {
    const notice = (msg: { message?: string }) => {
      if (msg.message) log?.(msg.message);
    };
    client.on('notice', notice);
    try {
      await migrate(drizzle(client), { migrationsFolder });
    } finally {
      client.off('notice', notice);
    }
  });
}
