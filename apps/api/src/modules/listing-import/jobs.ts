// MLS syncs on the durable queue (pg-boss, queue `listings`; issue 34): one job per agent's sync — at once when
// the agent saves their MLS agent id or asks for a sync, and every MLS_SYNC_MINUTES from the worker's tick
// (the job id is per agent and interval, so several processes ticking queue it once).
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mlsConnections } from '../../db/schema';
import { deterministicUuid, LISTINGS_QUEUE, type JobQueue } from '../../jobs/queue';
import type { JobHandler, JobTicker, WorkerJob, WorkerLog } from '../../jobs/workers';
import { markSyncing, runMlsSync, type MlsSyncDeps } from './mls-sync';

export type ListingJobData = { kind: 'mls-sync'; agentId: string };

/** Queues one sync of the agent's listings, to run at once (the queue's own clock: a sync has no due time). */
export async function queueMlsSync(db: Db, queue: JobQueue, agentId: string, id: string = randomUUID()) {
  await db.transaction(async (tx) => {
    const data: ListingJobData = { kind: 'mls-sync', agentId };
    const job = { id, data, startAfter: new Date(), queue: LISTINGS_QUEUE } as const;
    await queue.send(tx, job);
  });
  await markSyncing(db, agentId);
}

/** Queues every connected agent's sync for the current interval. */
export async function queueDueMlsSyncs(db: Db, queue: JobQueue, now: Date, minutes: number): Promise<number> {
  const slot = Math.floor(now.getTime() / (minutes * 60_000));
  const due = await db.select({ agentId: mlsConnections.agentId }).from(mlsConnections);
  for (const { agentId } of due) {
    await queueMlsSync(db, queue, agentId, deterministicUuid(`mls-sync:${agentId}:${slot}`));
  }
  return due.length;
}

export async function runListingJob(
  deps: MlsSyncDeps & { available: () => Promise<boolean> },
  data: ListingJobData,
) {
  if (!(await deps.available())) {
    await deps.db
      .update(mlsConnections)
      .set({ status: 'idle' })
      .where(eq(mlsConnections.agentId, data.agentId));
    return 'mls-off';
  }
  const result = await runMlsSync(deps, data.agentId);
  return result === 'no-connection' ? result : 'synced';
}

export function listingsJobHandler(
  deps: MlsSyncDeps & { available: () => Promise<boolean> },
  log: WorkerLog,
): JobHandler {
  return {
    queue: LISTINGS_QUEUE,
    concurrency: 1,
    run: async (job: WorkerJob<ListingJobData>) => {
      try {
        return { outcome: await runListingJob(deps, job.data) };
      } catch (err) {
        log.error(`[jobs] MLS sync attempt ${job.retryCount + 1}: ${(err as Error).message}`);
        throw err;
      }
    },
  };
}

export function mlsSyncTicker(
  options: { db: Db; queue: JobQueue; now: () => Date; minutes: number; available: () => Promise<boolean> },
  log: WorkerLog,
): JobTicker {
  return {
    everyMs: 60_000,
    run: async () => {
      try {
        if (await options.available()) {
          await queueDueMlsSyncs(options.db, options.queue, options.now(), options.minutes);
        }
      } catch (err) {
        log.error(`[jobs] MLS tick: ${(err as Error).message}`);
      }
    },
  };
}
