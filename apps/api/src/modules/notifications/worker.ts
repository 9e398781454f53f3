// The notifications queue's handler: booking messages (handler.ts), and the other e-mails that share the queue
// (team and tour invitations), which their own modules hand in at composition time — one durable path for
// every e-mail we send.
import { NOTIFICATIONS_QUEUE } from '../../jobs/queue';
import type { JobHandler, WorkerJob, WorkerLog } from '../../jobs/workers';
import type { NotificationJobData } from '../core/notifications/catalogue';
import { runNotificationJob, type NotificationDeps } from './handler';
import type { QueuedMailHandler } from '../core/mail/queued-mail';

/** Jobs one process sends at once (each holds one database connection while it sends). */
const CONCURRENCY = 2;

export function notificationsJobHandler(
  deps: NotificationDeps,
  log: WorkerLog,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each mail narrows its own job data
  otherMails: readonly QueuedMailHandler<any>[],
): JobHandler {
  return {
    queue: NOTIFICATIONS_QUEUE,
    concurrency: CONCURRENCY,
    run: async (job: WorkerJob<object>) => {
      const other = otherMails.find((mail) => mail.matches(job.data));
      if (other) return other.run(job);
      const data = job.data as NotificationJobData;
      try {
        const result = await runNotificationJob(deps, data, job);
        log.info(
          `[jobs] ${data.event} ${data.bookingId}: ${result.skipped ? `skipped (${result.skipped})` : `${result.sent} sent`}`,
        );
        return result;
      } catch (err) {
        log.error(
          `[jobs] ${data.event} ${data.bookingId} attempt ${job.retryCount + 1}: ${(err as Error).message}`,
        );
        throw err;
      }
    },
  };
}
