// Issue 46 — buyers' own data ("Your data" links, downloads, deletion requests, retention): a composition file
// (like compose-documents.ts). It wires the capability's routes (app.ts), its e-mail job and the retention
// ticker (compose-workers.ts), and the workers' mailer that adds the "Your data" link to buyers' e-mails.
import type { FastifyInstance } from 'fastify';
import type { Mailer } from './adapters/mail';
import type { Config } from './config';
import type { Db } from './db/client';
import type { JobQueue } from './jobs/queue';
import type { WorkerLog } from './jobs/workers';
import type { QueuedMailHandler } from './modules/core/mail/queued-mail';
import type { NetworkAppDeps, NetworkMailDeps } from './compose-network-deps';
import { withYourDataLinks, yourDataSignerOf } from './modules/buyer-privacy/links';
import { privacyRequestMail } from './modules/buyer-privacy/mail';
import { applyRetention } from './modules/buyer-privacy/retention';
import { privacyAgentRoutes, privacyPublicRoutes } from './modules/buyer-privacy/routes';

export async function registerBuyerPrivacy(app: FastifyInstance, deps: NetworkAppDeps): Promise<void> {
  const { db, now, smsDefaultCountry } = deps.ctx;
  const privacy = {
    db,
    queue: deps.queue,
    now,
    defaultCountry: smsDefaultCountry ?? deps.config.sms.defaultCountry,
    signer: yourDataSignerOf(deps.config),
  };
  await app.register(privacyPublicRoutes, { deps: privacy, ...deps.limits });
  await app.register(privacyAgentRoutes, { auth: deps.auth, deps: privacy });
}

export function privacyMails(deps: NetworkMailDeps): QueuedMailHandler<object>[] {
  const { db, mailer, mailFrom, publicUrl } = deps;
  return [privacyRequestMail({ db, mailer, mailFrom, publicUrl })] as QueuedMailHandler<object>[];
}

/** The workers' mailer: every e-mail marked as a buyer's gets their "Your data" link. */
export function withBuyerDataLinks(config: Config, mailer: Mailer): Mailer {
  return withYourDataLinks(mailer, yourDataSignerOf(config), config.publicUrl);
}

/**
 * The retention, applied when the worker starts and then every day (each buyer deleted once: a deleted buyer has
 * no address left to match; a run takes at most 100 buyers per agent, the next one the rest).
 */
export function privacyRetentionTicker(
  deps: { db: Db; queue: JobQueue; now: () => Date; config: Config },
  log: WorkerLog,
): { everyMs: number; run: () => Promise<void> } {
  const requestDeps = {
    db: deps.db,
    queue: deps.queue,
    now: deps.now,
    defaultCountry: deps.config.sms.defaultCountry,
  };
  return {
    everyMs: 24 * 60 * 60_000,
    run: () =>
      applyRetention(requestDeps).then(
        (n) => {
          if (n > 0) log.info(`[privacy] retention deleted ${n} buyer(s)`);
        },
        (err: unknown) => log.error(`[privacy] retention failed: ${String(err)}`),
      ),
  };
}
