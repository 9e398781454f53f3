// The job queue: pg-boss on the application's own PostgreSQL. Jobs are written by the SAME transaction as the
// booking change that causes them (pg-boss accepts a custom SQL executor per call: we hand it the
// transaction's connection), so a rollback schedules nothing and a commit cannot lose a job.
import { createHash } from 'node:crypto';
import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Config } from '../config';
import type { Db, DbTransaction } from '../db/client';
import { retryStartupRace, withStartupLock } from '../db/migrate';

export const NOTIFICATIONS_QUEUE = 'notifications';
/** Calendar sync (issue 14): pulling busy times and pushing showings (integrations/jobs.ts). */
export const CALENDAR_QUEUE = 'calendar';
/** MLS listing syncs (issue 34): one job per agent's sync (listing-import/jobs.ts). */
export const LISTINGS_QUEUE = 'listings';
/** The demo account's daily reset (issue 40, demo/jobs.ts): one job a day. */
export const DEMO_QUEUE = 'demo';
/** Outbound webhook deliveries (one job per delivery row, job id = the row's id). */
export const WEBHOOKS_QUEUE = 'webhooks';
/** pg-boss's own tables live in this schema, next to ours. */
export const JOBS_SCHEMA = 'pgboss';
/** The daily backup of the embedded database (issue 40, modules/backups/jobs.ts). */
export const BACKUPS_QUEUE = 'backups';

/** What pg-boss calls to run its SQL (its `db` option). */
export type SqlExecutor = {
  executeSql: (
    text: string,
    values?: unknown[],
  ) => Promise<{ rows: Record<string, unknown>[]; rowCount?: number | null }>;
};

export type JobOptions = {
  retryLimit: number;
  retryDelaySeconds: number;
  sendTimeoutSeconds: number;
  webhooks?: { retryLimit: number; retryDelaySeconds: number; timeoutSeconds: number };
};

export type QueuedJob<T extends object> = {
  /** Same input, same id: a job scheduled twice is stored once. */
  id: string;
  data: T;
  startAfter: Date;
  /** The queue it goes on: notifications unless said. */
  queue?:
    | typeof NOTIFICATIONS_QUEUE
    | typeof CALENDAR_QUEUE
    | typeof LISTINGS_QUEUE
    | typeof DEMO_QUEUE
    | typeof BACKUPS_QUEUE;
};

export type JobQueue = {
  /** Puts a job on its queue (notifications unless said) inside `tx`. Throws if the queue refused it. */
  send: <T extends object>(tx: DbTransaction, job: QueuedJob<T>) => Promise<void>;
  /**
   * Puts several jobs on their queues inside `tx` in ONE statement (pg-boss `insert`): what a booking change
   * fans out costs one round trip, not one per job. Throws if the queue refused any of them.
   */
  sendAll: <T extends object>(tx: DbTransaction, jobs: readonly QueuedJob<T>[]) => Promise<void>;
  /** Puts one webhook delivery on the webhooks queue inside `tx` (job id = the delivery's id). */
  sendWebhook: (tx: DbTransaction, deliveryId: string) => Promise<void>;
  /** Cancels jobs that have not run yet, inside `tx` (jobs already finished are left as they are). */
  cancel: (tx: DbTransaction, ids: string[]) => Promise<void>;
};

/** How long a job not yet run is kept (pg-boss's own default retention). */
export const JOB_RETENTION_MS = 14 * 24 * 60 * 60 * 1000;

/**
 * Until when pg-boss keeps a job that has not run. pg-boss counts its retention from the job's start, so a job
 * due at a time already past by more than the retention (a message due "now" by a clock set back, a refill
 * after an offer that ended long ago) would be archived unrun by the next maintenance before a worker took it:
 * the retention is counted from the later of its start and the moment it is queued — the real time, which is
 * what pg-boss's maintenance compares with, not the app's clock.
 */
export function keepUntilOf(startAfter: Date, queuedAt: Date): Date {
  return new Date(Math.max(startAfter.getTime(), queuedAt.getTime()) + JOB_RETENTION_MS);
}

/**
 * Installs pg-boss's schema and our queue when missing (both idempotent and safe when several processes
 * start at once), and returns the handle the booking services schedule through. It runs no timers: the
 * workers (jobs/workers.ts) are started separately.
 */
export async function openJobQueue(db: Db, options: JobOptions): Promise<JobQueue> {
  const boss = await startBoss(db);

  const sendAll: JobQueue['sendAll'] = async (tx, jobs) => {
    if (jobs.length === 0) return;
    const executor = transactionExecutor(tx);
    const rows = jobs.map((job) => ({
      id: job.id,
      name: job.queue ?? NOTIFICATIONS_QUEUE,
      data: job.data,
      startAfter: job.startAfter.toISOString(),
      keepUntil: keepUntilOf(job.startAfter, new Date()).toISOString(),
      retryLimit: options.retryLimit,
      retryDelay: options.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: options.sendTimeoutSeconds,
    }));
    // pg-boss's insert answers nothing (INSERT … ON CONFLICT DO NOTHING): the row count tells whether every
    // job went in, and only when one did not are the missing ones looked up.
    let insertedCount = 0;
    const client = transactionClient(tx);
    await boss.insert(rows, {
      db: {
        executeSql: async (text, values) => {
          // A named statement: each connection parses and plans pg-boss's insert once, not per booking
          // (issue 18). The name is the text's hash, so another pg-boss version's text gets its own name.
          const result = await client.query({ name: statementName('pgboss-insert', text), text, values });
          insertedCount = result.rowCount ?? 0;
          return result;
        },
      },
    });
    if (insertedCount === jobs.length) return;
    // Not inserted: fine if the job already exists (scheduled twice), a lost job otherwise.
    for (const job of jobs) {
      const existing = await boss.getJobById(job.queue ?? NOTIFICATIONS_QUEUE, job.id, {
        db: executor,
        includeArchive: true,
      });
      if (!existing) throw new Error(`The job queue refused job ${job.id} (is the queue installed?)`);
    }
  };

  return {
    send: (tx, job) => sendAll(tx, [job]),
    sendAll,
    sendWebhook: async (tx, deliveryId) => {
      const hooks = options.webhooks ?? { retryLimit: 8, retryDelaySeconds: 30, timeoutSeconds: 10 };
      const id = await boss.send(
        WEBHOOKS_QUEUE,
        { deliveryId },
        {
          id: deliveryId,
          retryLimit: hooks.retryLimit,
          retryDelay: hooks.retryDelaySeconds,
          retryBackoff: true,
          // A worker that died mid-request: the job is failed and retried after this.
          expireInSeconds: hooks.timeoutSeconds * 3,
          db: transactionExecutor(tx),
        },
      );
      if (id === null) throw new Error(`The job queue refused webhook delivery ${deliveryId}`);
    },
    cancel: async (tx, ids) => {
      if (ids.length === 0) return;
      await boss.cancel(NOTIFICATIONS_QUEUE, ids, { db: transactionExecutor(tx) });
    },
  };
}

/**
 * A started pg-boss on the application's pool, its schema installed and our queues created. Without
 * `supervise` it runs no maintenance timers (the sending side and test drainers); the workers pass their own
 * `onError` (pg-boss keeps polling through errors and resumes once the database is back).
 */
export async function startBoss(
  db: Db,
  options: {
    supervise?: boolean;
    maintenanceIntervalSeconds?: number;
    onError?: (err: Error) => void;
    /** Where the boss's statements in flight are kept (the workers wait for them at stop). */
    running?: Set<Promise<unknown>>;
  } = {},
): Promise<PgBoss> {
  // pg-boss's first-time set-up (its schema, our queues) races itself when processes start together on a
  // fresh database (issue 26): one process at a time, under the migrations' lock, and a lost race tried
  // again with a new instance (a PgBoss whose start failed stays "starting" and would not start again).
  return retryStartupRace(() =>
    withStartupLock(poolOf(db), async () => {
      const boss = new PgBoss({
        db: poolExecutor(poolOf(db), options.running),
        schema: JOBS_SCHEMA,
        migrate: true,
        supervise: options.supervise ?? false,
        schedule: false,
        ...(options.maintenanceIntervalSeconds === undefined
          ? {}
          : { maintenanceIntervalSeconds: options.maintenanceIntervalSeconds }),
      });
      boss.on('error', options.onError ?? (() => {}));
      try {
        await boss.start();
        await ensureQueue(boss);
      } catch (err) {
        await boss.stop({ graceful: false, wait: false }).catch(() => {});
        throw err;
      }
      return boss;
    }),
  );
}

export function jobOptionsOf(config: Config): JobOptions {
  return {
    retryLimit: config.jobs.retryLimit,
    retryDelaySeconds: config.jobs.retryDelaySeconds,
    sendTimeoutSeconds: config.jobs.sendTimeoutSeconds,
    webhooks: config.webhooks,
  };
}

export async function ensureQueue(boss: PgBoss): Promise<void> {
  for (const name of [
    NOTIFICATIONS_QUEUE,
    CALENDAR_QUEUE,
    WEBHOOKS_QUEUE,
    LISTINGS_QUEUE,
    DEMO_QUEUE,
    BACKUPS_QUEUE,
  ]) {
    if (!(await boss.getQueue(name))) await boss.createQueue(name, { name, policy: 'standard' });
  }
}

/** A UUID derived from `key`: the same message event always gets the same job id. */
export function deterministicUuid(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  // Version 8 (custom) and the RFC 9562 variant bits, so it is a well-formed UUID.
  const version = `8${hex.slice(13, 16)}`;
  const variant = ((parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16) + hex.slice(17, 20);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${version}-${variant}-${hex.slice(20, 32)}`;
}

/** The pg pool behind the drizzle handle (drizzle keeps it as `$client`). */
export function poolOf(db: Db): pg.Pool {
  const pool = (db as unknown as { $client?: pg.Pool }).$client;
  if (!pool || typeof pool.query !== 'function') throw new Error('The database handle has no pg pool');
  return pool;
}

export function poolExecutor(pool: pg.Pool, running?: Set<Promise<unknown>>): SqlExecutor {
  if (!running) return { executeSql: (text, values) => pool.query(text, values) };
  // The workers count their boss's statements in flight: stop() returns only once none is left (jobs/workers.ts).
  return {
    executeSql: (text, values) => {
      const query = pool.query(text, values);
      const settled = query.then(
        () => undefined,
        () => undefined,
      );
      running.add(settled);
      void settled.then(() => running.delete(settled));
      return query;
    },
  };
}

/**
 * The connection a drizzle transaction runs on, as a pg-boss executor. Drizzle does not export it; its
 * node-postgres session keeps the checked-out client as `client` (drizzle-orm 0.45).
 */
export function transactionExecutor(tx: DbTransaction): SqlExecutor {
  const client = transactionClient(tx);
  return { executeSql: (text, values) => client.query(text, values) };
}

function transactionClient(tx: DbTransaction): pg.ClientBase {
  const session = tx._.session as unknown as { client?: pg.ClientBase };
  const client = session.client;
  if (!client || typeof client.query !== 'function') {
    throw new Error('Cannot reach the connection of this transaction (drizzle internals changed?)');
  }
  return client;
}

const statementNames = new Map<string, string>();

/** A prepared statement's name for a constant SQL text: `prefix` and a hash of the text (memoised). */
export function statementName(prefix: string, text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `${prefix}-${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    if (statementNames.size < 100) statementNames.set(text, name);
  }
  return name;
}
