// The demo's daily reset on the durable queue (issue 40, decision 064; queue `demo`): a worker tick queues
// tomorrow's reset — job id per day, so every process ticking queues it once — to run at DEMO_RESET_UTC_HOUR;
// the job rebuilds the demo for its day when the server still has one (a removed demo is not brought back).
import { deterministicUuid, DEMO_QUEUE, type JobQueue } from '../jobs/queue';
import type { JobHandler, JobTicker, WorkerJob, WorkerLog } from '../jobs/workers';
import type { Db } from '../db/client';
import { resetDemoIfPresent, type DemoDeps } from './seed';

/** 09:00 UTC: 3 or 4 AM in Austin, the demo agent's zone — before anyone tries it in the morning. */
export const DEMO_RESET_UTC_HOUR = 9;

export type DemoResetJobData = { kind: 'demo.reset'; day: string };

/** The next reset: the first DEMO_RESET_UTC_HOUR after `now`, with its day (YYYY-MM-DD, UTC). */
export function nextDemoReset(now: Date): { day: string; at: Date } {
  const at = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), DEMO_RESET_UTC_HOUR),
  );
  if (at.getTime() <= now.getTime()) at.setUTCDate(at.getUTCDate() + 1);
  return { day: at.toISOString().slice(0, 10), at };
}

/** Queues the next daily reset (once per day, whoever ticks). */
export async function queueDemoReset(db: Db, queue: JobQueue, now: Date): Promise<string> {
  const { day, at } = nextDemoReset(now);
  const data: DemoResetJobData = { kind: 'demo.reset', day };
  await db.transaction((tx) =>
    queue.send(tx, { id: deterministicUuid(`demo.reset:${day}`), data, startAfter: at, queue: DEMO_QUEUE }),
  );
  return day;
}

/** Queued on the queue's own clock (pg-boss compares startAfter with the database's time), not a test's. */
export function demoResetTicker(deps: { db: Db; queue: JobQueue }, log: WorkerLog): JobTicker {
  return {
    everyMs: 60 * 60_000,
    run: () =>
      queueDemoReset(deps.db, deps.queue, new Date()).then(
        () => {},
        (err: unknown) => log.error(`[demo] daily reset not queued: ${String(err)}`),
      ),
  };
}

export function demoJobHandler(deps: Omit<DemoDeps, 'auth'>, log: WorkerLog): JobHandler {
  return {
    queue: DEMO_QUEUE,
    concurrency: 1,
    run: async (_job: WorkerJob<DemoResetJobData>) => {
      const result = await resetDemoIfPresent(deps);
      if (result)
        log.info(`[demo] rebuilt for today: ${result.bookings} bookings, ${result.messages} messages`);
      return { reset: result !== null };
    },
  };
}
