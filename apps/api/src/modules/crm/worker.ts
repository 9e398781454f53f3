// Outbound webhooks (Enterprise) in the worker process: one delivery row per job (deliver.ts). Registered at
// composition time (src/compose-workers.ts).
import type { Db } from '../../db/client';
import type { OutboundPolicy } from '../../http/outbound-url';
import { WEBHOOKS_QUEUE } from '../../jobs/queue';
import type { JobHandler, WorkerJob, WorkerLog } from '../../jobs/workers';
import { runWebhookJob, type WebhookJob } from './deliver';

export function webhookJobHandler(
  deps: { db: Db; now: () => Date; timeoutSeconds: number; outbound: OutboundPolicy },
  log: WorkerLog,
): JobHandler {
  return {
    queue: WEBHOOKS_QUEUE,
    concurrency: 1,
    run: async (job: WorkerJob<WebhookJob>) => {
      try {
        return await runWebhookJob(deps, job.data, job);
      } catch (err) {
        log.error(
          `[jobs] webhook ${job.data.deliveryId} attempt ${job.retryCount + 1}: ${(err as Error).message}`,
        );
        throw err;
      }
    },
  };
}
