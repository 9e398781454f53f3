// Runs the calendar jobs the queue holds, as a worker would (pg-boss fetch → runCalendarJob → complete/fail),
// until none is left: tests see the outcome of a sync or push without waiting on a poll interval.
import { CALENDAR_QUEUE, startBoss } from '../../src/jobs/queue';
import type { Db } from '../../src/db/client';
import { runCalendarJob, type CalendarJobData } from '../../src/modules/integrations/jobs';
import type { CalendarDeps } from '../../src/modules/integrations/sync';

export type Drainer = { drain: () => Promise<string[]>; stop: () => Promise<void> };

export async function calendarDrainer(db: Db, deps: CalendarDeps): Promise<Drainer> {
  const boss = await startBoss(db);
  return {
    drain: async () => {
      const outcomes: string[] = [];
      for (let round = 0; round < 50; round += 1) {
        const jobs = await boss.fetch<CalendarJobData>(CALENDAR_QUEUE, { batchSize: 10 });
        if (jobs.length === 0) return outcomes;
        for (const job of jobs) {
          try {
            outcomes.push(`${job.data.kind}:${await runCalendarJob(deps, job.data)}`);
            await boss.complete(CALENDAR_QUEUE, job.id);
          } catch (err) {
            outcomes.push(`${job.data.kind}:threw ${(err as Error).message}`);
            await boss.fail(CALENDAR_QUEUE, job.id, { message: (err as Error).message });
          }
        }
      }
      return outcomes;
    },
    stop: () => boss.stop({ graceful: false, close: false }),
  };
}
