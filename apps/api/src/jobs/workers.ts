// The workers: pg-boss polling the queues and handing each job to the handler its capability registered at
// composition time (src/compose-workers.ts). This file knows no capability: adding a job never edits it.
// Any number of processes may run the workers against one database — a job is handed to one worker at a time
// (SKIP LOCKED), and each handler makes its own effect idempotent (core/mail/deliver.ts for messages).
// pg-boss's maintenance also runs here: it fails jobs whose worker died (expired), so they are retried.
import type PgBoss from 'pg-boss';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { startBoss } from './queue';

export type Workers = {
  stop: () => Promise<void>;
  /** For /api/health: "failing" while the queue's polls have been failing lately (database down). */
  state: () => WorkersState;
};

/** What /api/health says about a process's workers ("external": WORKERS_IN_PROCESS=false). */
export type WorkersState = 'running' | 'starting' | 'failing' | 'stopped' | 'external';

export type WorkerLog = {
  info: (msg: string) => void;
  /** Something the operator should mend, told once per occurrence (e.g. a day's backup that could not run). */
  warn: (msg: string) => void;
  error: (msg: string) => void;
};

/** A job as a handler gets it: its data and how many times it was tried (pg-boss's metadata). */
export type WorkerJob<T extends object> = PgBoss.JobWithMetadata<T>;

/** One capability's jobs on one queue: `run` does one job, and throws to have it retried with backoff. */
export type JobHandler = {
  queue: string;
  /** Jobs of this queue one process runs at once (each holds one database connection while it runs). */
  concurrency: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each handler narrows its own job data
  run: (job: WorkerJob<any>) => Promise<unknown>;
};

/** Work a capability does on a timer in the worker process (e.g. queueing the calendar syncs that are due). */
export type JobTicker = { everyMs: number; run: () => Promise<void> };

export async function runWorkers(options: {
  config: Config;
  db: Db;
  log: WorkerLog;
  handlers: readonly JobHandler[];
  tickers?: readonly JobTicker[];
  /** Logged once every handler polls. */
  startedMessage: string;
  /** Called after the queue stopped (closing the adapters the handlers used). */
  onStop?: () => void;
}): Promise<Workers> {
  const { config, db, log } = options;
  // pg-boss keeps polling through errors (a lost database included) and resumes by itself once it is back.
  let lastErrorAt = 0;
  let stopped = false;
  // The handlers running now. pg-boss's graceful stop gives up waiting after its timeout and fails the jobs in
  // hand, but a handler still running then finishes later and pg-boss records its outcome on the pool: stop()
  // waits for those too, so nothing touches the pool after the process (or a test) has closed it.
  const inFlight = new Set<Promise<unknown>>();
  // And the boss's own statements in flight: a poll that was fetching when stop() began still hands its jobs to a
  // handler, and a finished handler's outcome is written after it settles (pg-boss does not await it).
  const sqlInFlight = new Set<Promise<unknown>>();
  const boss = await startBoss(db, {
    running: sqlInFlight,
    supervise: true,
    maintenanceIntervalSeconds: config.jobs.maintenanceSeconds,
    onError: (err) => {
      lastErrorAt = Date.now();
      log.error(`[jobs] ${err.message}`);
    },
  });

  for (const handler of options.handlers) {
    for (let i = 0; i < handler.concurrency; i += 1) {
      await boss.work<object>(
        handler.queue,
        { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: config.jobs.pollSeconds },
        async ([job]) => {
          if (!job) return;
          const running = handler.run(job);
          inFlight.add(running);
          try {
            return await running;
          } finally {
            inFlight.delete(running);
          }
        },
      );
    }
  }
  const timers = (options.tickers ?? []).map((ticker) => {
    const timer = setInterval(() => void ticker.run(), ticker.everyMs);
    timer.unref();
    void ticker.run();
    return timer;
  });
  log.info(options.startedMessage);

  return {
    state: () => {
      if (stopped) return 'stopped';
      const window = Math.max(3 * config.jobs.pollSeconds, 10) * 1000;
      return Date.now() - lastErrorAt < window ? 'failing' : 'running';
    },
    stop: async () => {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      // Finish the jobs in hand (up to 10 s); pg-boss fails what is left so another worker retries it.
      await boss.stop({ graceful: true, wait: true, timeout: 10_000, close: false });
      // Then until no handler runs and no statement of the boss is in flight, twice in a row 50 ms apart — a late
      // poll's jobs, their handlers and their outcomes included. Bounded: a handler stuck on an unanswering
      // provider must not hold the shutdown for ever.
      const deadline = Date.now() + 20_000;
      const idle = () => inFlight.size === 0 && sqlInFlight.size === 0;
      let quiet = 0;
      while (quiet < 2 && Date.now() < deadline) {
        await Promise.race([
          Promise.allSettled([...inFlight, ...sqlInFlight]),
          new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now())).unref()),
        ]);
        await new Promise((resolve) => setTimeout(resolve, 50));
        quiet = idle() ? quiet + 1 : 0;
      }
      options.onStop?.();
    },
  };
}
