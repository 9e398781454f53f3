// The workers: pg-boss polling the notifications queue and running each job (notifications/handler.ts).
// Any number of processes may run them against one database — a job is handed to one worker at a time
// (SKIP LOCKED), and each message is sent at most once per idempotency key (notifications/deliver.ts).
// pg-boss's maintenance also runs here: it fails jobs whose worker died (expired), so they are retried.
import type { Config } from '../config';
import type { Db } from '../db/client';
import { createMailer, type Mailer } from '../adapters/mail';
import { databaseOutbox } from '../adapters/outbox';
import { createSmsSender, type SmsSender } from '../adapters/sms';
import type { NotificationJobData } from '../modules/notifications/catalogue';
import { runNotificationJob } from '../modules/notifications/handler';
import { type CalendarJobData, queueDueSyncs, runCalendarJob } from '../modules/integrations/jobs';
import { calendarDepsOf } from '../modules/integrations/setup';
import { runWebhookJob, type WebhookJob } from '../modules/crm/deliver';
import { runTeamInvitationJob } from '../modules/teams/invitation-mail';
import {
  isTourInvitationJob,
  runTourInvitationJob,
  type TourInvitationJobData,
} from '../modules/routes/tour-invitation-mail';
import { isTeamInvitationJob, type TeamInvitationJobData } from '../modules/teams/service';
import {
  CALENDAR_QUEUE,
  jobOptionsOf,
  NOTIFICATIONS_QUEUE,
  openJobQueue,
  startBoss,
  WEBHOOKS_QUEUE,
} from './queue';

export type Workers = {
  stop: () => Promise<void>;
  /** For /api/health: "failing" while the queue's polls have been failing lately (database down). */
  state: () => WorkersState;
};

/** What /api/health says about a process's workers ("external": WORKERS_IN_PROCESS=false). */
export type WorkersState = 'running' | 'starting' | 'failing' | 'stopped' | 'external';

export type WorkerLog = {
  info: (msg: string) => void;
  error: (msg: string) => void;
};

/** Jobs one process works on at once (each holds one database connection while it sends). */
const CONCURRENCY = 2;

export async function startWorkers(options: {
  config: Config;
  db: Db;
  /** The clock the rules read (a reminder for a showing that already started is dropped); tests pass theirs. */
  now?: () => Date;
  log?: WorkerLog;
  /** Replaces the adapters made from the configuration (tests wrap them to simulate failures). */
  adapters?: { mailer?: Mailer; sms?: SmsSender };
}): Promise<Workers> {
  const { config, db } = options;
  const now = options.now ?? (() => new Date());
  const log = options.log ?? { info: () => {}, error: (m: string) => console.error(m) };
  const outbox = databaseOutbox(db);
  const mailer = options.adapters?.mailer ?? createMailer({ smtpUrl: config.mail.smtpUrl, outbox });
  const sms = options.adapters?.sms ?? createSmsSender({ ...config.sms, outbox });

  // pg-boss keeps polling through errors (a lost database included) and resumes by itself once it is back.
  let lastErrorAt = 0;
  let stopped = false;
  const boss = await startBoss(db, {
    supervise: true,
    maintenanceIntervalSeconds: config.jobs.maintenanceSeconds,
    onError: (err) => {
      lastErrorAt = Date.now();
      log.error(`[jobs] ${err.message}`);
    },
  });

  const deps = {
    db,
    mailer,
    sms,
    publicUrl: config.publicUrl,
    mailFrom: config.mail.from,
    smsDefaultCountry: config.sms.defaultCountry,
    now,
  };
  for (let i = 0; i < CONCURRENCY; i += 1) {
    await boss.work<NotificationJobData | TeamInvitationJobData | TourInvitationJobData>(
      NOTIFICATIONS_QUEUE,
      { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: config.jobs.pollSeconds },
      async ([job]) => {
        if (!job) return;
        // Team invitations (issue 15) share the queue: one durable path for every e-mail we send.
        if (isTeamInvitationJob(job.data)) return runTeamInvitationJob(deps, job.data, job);
        // Buyer-tour invitations (issue 16) likewise.
        if (isTourInvitationJob(job.data)) return runTourInvitationJob(deps, job.data, job);
        const data = job.data;
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
    );
  }
  // Calendar sync (issue 14): one worker for the calendar queue, and a tick that queues the syncs that are due.
  const calendarDeps = calendarDepsOf(config, db, now, mailer);
  await boss.work<CalendarJobData>(
    CALENDAR_QUEUE,
    { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: config.jobs.pollSeconds },
    async ([job]) => {
      if (!job) return;
      try {
        return { outcome: await runCalendarJob(calendarDeps, job.data) };
      } catch (err) {
        log.error(
          `[jobs] calendar ${job.data.kind} attempt ${job.retryCount + 1}: ${(err as Error).message}`,
        );
        throw err;
      }
    },
  );
  // Outbound webhooks (Enterprise): one delivery row per job.
  await boss.work<WebhookJob>(
    WEBHOOKS_QUEUE,
    { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: config.jobs.pollSeconds },
    async ([job]) => {
      if (!job) return;
      try {
        return await runWebhookJob(
          { db, now, timeoutSeconds: config.webhooks.timeoutSeconds, outbound: config.outbound },
          job.data,
          job,
        );
      } catch (err) {
        log.error(
          `[jobs] webhook ${job.data.deliveryId} attempt ${job.retryCount + 1}: ${(err as Error).message}`,
        );
        throw err;
      }
    },
  );
  const calendarQueue = await openJobQueue(db, jobOptionsOf(config));
  const tick = async () => {
    try {
      await queueDueSyncs(db, calendarQueue, now(), config.calendar.syncMinutes);
    } catch (err) {
      log.error(`[jobs] calendar tick: ${(err as Error).message}`);
    }
  };
  const ticker = setInterval(() => void tick(), 60_000);
  ticker.unref();
  void tick();
  log.info(`[jobs] workers started (${mailer.transport} mail, ${sms.transport} texts)`);

  return {
    state: () => {
      if (stopped) return 'stopped';
      const window = Math.max(3 * config.jobs.pollSeconds, 10) * 1000;
      return Date.now() - lastErrorAt < window ? 'failing' : 'running';
    },
    stop: async () => {
      stopped = true;
      clearInterval(ticker);
      // Finish the jobs in hand (up to 10 s); pg-boss fails what is left so another worker retries it.
      await boss.stop({ graceful: true, wait: true, timeout: 10_000, close: false });
      mailer.close();
    },
  };
}
