// Calendar sync's work in the worker process (issue 14): one worker for the calendar queue, and a tick that
// queues the syncs that are due. Registered at composition time (src/compose-workers.ts).
import type { Db } from '../../db/client';
import { CALENDAR_QUEUE, type JobQueue } from '../../jobs/queue';
import type { JobHandler, JobTicker, WorkerJob, WorkerLog } from '../../jobs/workers';
import { queueDueSyncs, runCalendarJob, type CalendarJobData } from './jobs';
import type { CalendarDeps } from './sync';

export function calendarJobHandler(deps: CalendarDeps, log: WorkerLog): JobHandler {
  return {
    queue: CALENDAR_QUEUE,
    concurrency: 1,
    run: async (job: WorkerJob<CalendarJobData>) => {
      try {
        return { outcome: await runCalendarJob(deps, job.data) };
      } catch (err) {
        log.error(
          `[jobs] calendar ${job.data.kind} attempt ${job.retryCount + 1}: ${(err as Error).message}`,
        );
        throw err;
      }
    },
  };
}

export function calendarSyncTicker(
  options: { db: Db; queue: JobQueue; now: () => Date; syncMinutes: number },
  log: WorkerLog,
): JobTicker {
  return {
    everyMs: 60_000,
    run: async () => {
      try {
        await queueDueSyncs(options.db, options.queue, options.now(), options.syncMinutes);
      } catch (err) {
        log.error(`[jobs] calendar tick: ${(err as Error).message}`);
      }
    },
  };
}
