// Composition of the worker process: each capability hands in its job handlers here, so the queue
// (jobs/workers.ts) knows none of them. Used by `npm run worker` (worker.ts), the server's in-process workers
// (server.ts) and the tests.
import { textJobs } from './modules/texts/outgoing';
import type { Config } from './config';
import type { Db } from './db/client';
import { createResolvingMailer, type Mailer } from './adapters/mail';
import { databaseOutbox } from './adapters/outbox';
import { createResolvingSmsSender, type SmsSender } from './adapters/sms';
import {
  mailSettingsOf,
  mapsConfigOf,
  oauthAppsOf,
  resoSettingsOf,
  serverSettingsOf,
  smsSettingsOf,
} from './modules/core/settings-store';
import { resoClient } from './adapters/reso';
import { listingsJobHandler, mlsSyncTicker } from './modules/listing-import/jobs';
import { imageBackendFor } from './modules/uploads/backend';
import { jobOptionsOf, openJobQueue } from './jobs/queue';
import { runWorkers, type WorkerLog, type Workers } from './jobs/workers';
import { webhookJobHandler } from './modules/crm/worker';
import { calendarDepsOf } from './modules/integrations/setup';
import { calendarJobHandler, calendarSyncTicker } from './modules/integrations/worker';
import { notificationsJobHandler } from './modules/notifications/worker';
import { tourInvitationMail } from './modules/routes/tour-invitation-mail';
import { proposalMail } from './modules/routes/proposal-mail';
import { sellerApprovalMail } from './modules/sellers/approval-mail';
import { sellerNoticeMail } from './modules/sellers/notice-mail';
import { linkSignerOf } from './modules/sellers/links';
import { teamInvitationMail } from './modules/teams/invitation-mail';
import { accessReleaseMail } from './modules/access/release-mail';
import { accessBoxOf } from './modules/access/service';
import { sellerDigestMail, sellerDigestTicker } from './modules/seller-report/digest';
import { expireGrace } from './modules/billing/plan-state';
import { sweepExpiredHolds } from './modules/booking-public/hold-rows';
import { bookingNotifier } from './modules/core/notifications/scheduler';
import { waitlistJobs } from './modules/showing-waitlist/mail';
import { waitlistTicker } from './modules/showing-waitlist/ticker';
import { networkMails } from './compose-network';
import { composeNotifier } from './compose-booking-side';
import { webhookEmitter } from './modules/crm/emit';
import { threadMails } from './compose-threads';
import { documentMails } from './compose-documents';
import { privacyMails, privacyRetentionTicker, withBuyerDataLinks } from './compose-privacy';
import { agentPushOf, pushJobs } from './compose-push';
import { demoJobHandler, demoResetTicker } from './demo/jobs';
import { backupJobHandler, backupTicker } from './modules/backups/jobs';

export type { WorkerLog, Workers, WorkersState } from './jobs/workers';

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
  const log = options.log ?? {
    info: () => {},
    warn: (m: string) => console.warn(m),
    error: (m: string) => console.error(m),
  };
  const outbox = databaseOutbox(db);
  // Server settings (decision 048): each message reads the SMTP server and SMS account in force.
  const { resolver } = serverSettingsOf(config, db);
  // Issue 46: every e-mail to a buyer gets their "Your data" link (compose-privacy.ts).
  const mailer = withBuyerDataLinks(
    config,
    options.adapters?.mailer ?? createResolvingMailer({ settings: mailSettingsOf(resolver), outbox }),
  );
  const sms =
    options.adapters?.sms ??
    createResolvingSmsSender({
      settings: smsSettingsOf(resolver, config.sms.providerUrl),
      outbox,
      outbound: config.outbound,
    });
  const mail = { db, mailer, publicUrl: config.publicUrl, mailFrom: config.mail.from, now };
  const calendarQueue = await openJobQueue(db, jobOptionsOf(config));
  // Issue 34: MLS syncs read the RESO Web API in force (Server settings) at each run.
  const reso = resoSettingsOf(resolver);
  const mlsAvailable = async () => (await reso()) !== null;
  const mlsSync = {
    db,
    now,
    reso: resoClient({ settings: reso, outbound: config.outbound }),
    images: imageBackendFor(config, db),
    available: mlsAvailable,
  };

  // Issue 44: the waiting list's refills read the booking page's own answers (the public context).
  const waitlist = {
    ctx: { db, publicUrl: config.publicUrl, now, notify: bookingNotifier(calendarQueue, now) },
    queue: calendarQueue,
  };

  // Issue 47: worker-side jobs (the agent's e-mails) queue a push to the agent's devices on the same queue.
  const agentPush = agentPushOf(db, calendarQueue, now);
  const bookingMail = { ...mail, sms, smsDefaultCountry: config.sms.defaultCountry, agentPush };

  // Issue 45: a tour's re-plan moves requests as any booking change does (every layer of the notifier).
  const network = {
    agentPush,
    ...mail,
    sms,
    smsDefaultCountry: config.sms.defaultCountry,
    config,
    maps: mapsConfigOf(resolver, config.maps, config.publicUrl),
    notify: composeNotifier(calendarQueue, webhookEmitter(calendarQueue, now), now),
  };

  return runWorkers({
    config,
    db,
    log,
    handlers: [
      notificationsJobHandler(bookingMail, log, [
        // Team invitations (issue 15) and buyer-tour invitations (issue 16) share the notifications queue.
        teamInvitationMail(mail),
        tourInvitationMail(mail),
        // Optimise's time proposals to buyers (issue 29).
        proposalMail({ ...mail, sms, smsDefaultCountry: config.sms.defaultCountry }),
        // Issue 33: buyers' text replies forwarded to their agent, and the agent's answers by text.
        textJobs({ ...mail, sms }),
        // The seller's approval requests, reminders, escalations and expiries (issue 32).
        sellerApprovalMail({
          ...mail,
          sms,
          signer: linkSignerOf(config),
          smsDefaultCountry: config.sms.defaultCountry,
        }),
        // Issue 39 §2: booked, moved and cancelled showings and feedback, to the contacts who ticked them.
        sellerNoticeMail({ ...mail, sms, smsDefaultCountry: config.sms.defaultCountry }),
        // Access details released before a showing (issue 32 §3).
        accessReleaseMail({ ...mail, box: accessBoxOf(config), agentPush }),
        // The seller's weekly digest (issue 32 §4).
        sellerDigestMail(mail),
        // Issue 44: the waiting list's refills, joined e-mails and offers.
        waitlistJobs({ ...waitlist, ...mail, sms, smsDefaultCountry: config.sms.defaultCountry }),
        // Issue 45: buyer's agents' requests, showing threads, listing documents.
        ...networkMails(network),
        ...threadMails(network),
        ...documentMails(network),
        // Issue 46: buyers' data requests and retention.
        ...privacyMails(network),
        // Issue 47: push to the agent's devices.
        ...pushJobs(network),
      ]),
      calendarJobHandler(
        calendarDepsOf(config, db, now, mailer, oauthAppsOf(resolver, config.calendar.endpoints)),
        log,
      ),
      webhookJobHandler(
        { db, now, timeoutSeconds: config.webhooks.timeoutSeconds, outbound: config.outbound },
        log,
      ),
      listingsJobHandler(mlsSync, log),
      // Issue 40: the demo account rebuilt every day (when the server has one).
      demoJobHandler({ db, queue: calendarQueue, images: imageBackendFor(config, db), config, now }, log),
      backupJobHandler({ config, db, resolver, now }, log),
    ],
    tickers: [
      mlsSyncTicker(
        { db, queue: calendarQueue, now, minutes: config.mls.syncMinutes, available: mlsAvailable },
        log,
      ),
      sellerDigestTicker({ db, queue: calendarQueue, now }, log),
      demoResetTicker({ db, queue: calendarQueue }, log),
      // Issue 40: the embedded database's daily backup.
      backupTicker({ config, db, queue: calendarQueue, resolver, now }, log),
      calendarSyncTicker({ db, queue: calendarQueue, now, syncMinutes: config.calendar.syncMinutes }, log),
      // Issue 30: a failed payment's grace that ended puts the agent on Basic's limits.
      {
        everyMs: 60_000,
        run: () =>
          expireGrace(db, now()).then(
            () => {},
            (err: unknown) => log.error(`[billing] grace check failed: ${String(err)}`),
          ),
      },
      // Issue 44: held times that ended (they already block nothing) leave the table.
      {
        everyMs: 60_000,
        run: () =>
          sweepExpiredHolds(db, now()).then(
            () => {},
            (err: unknown) => log.error(`[holds] sweep failed: ${String(err)}`),
          ),
      },
      // Issue 44: every minute, times that opened (new hours too) are offered to waiting buyers.
      waitlistTicker(waitlist, log),
      // Issue 46: buyers past the agent's retention are deleted (at start, then daily).
      privacyRetentionTicker({ db, queue: calendarQueue, now, config }, log),
    ],
    startedMessage: '[jobs] workers started (mail and texts as set in Server settings)',
    onStop: () => mailer.close(),
  });
}
