// The listings' routes, registered by buildApp (app.ts): the listing side (issue 32) — a property's showing rules
// (decision 052), its sellers and occupants with their approval links (053), its access details and the live
// seller report (054) — and the listing import (issue 34, decision 058). Like compose-workers.ts, a composition
// file: it wires capabilities, none imports it.
import type { FastifyInstance } from 'fastify';
import type { Auth } from './auth';
import type { Config } from './config';
import type { Db } from './db/client';
import type { JobQueue } from './jobs/queue';
import { accessAgentRoutes, accessPublicRoutes } from './modules/access/routes';
import { accessBoxOf } from './modules/access/service';
import { listingImportRoutes } from './modules/listing-import/routes';
import type { BookingNotifier } from './modules/core/notifications/scheduler';
import { sellerReportAgentRoutes, sellerReportPublicRoutes } from './modules/seller-report/routes';
import { sellerApprovalRoutes } from './modules/sellers/approval-routes';
import { contactRoutes } from './modules/sellers/contact-routes';
import { linkSignerOf } from './modules/sellers/links';
import { showingRulesRoutes } from './modules/showing-rules/routes';

export async function registerListingSide(
  app: FastifyInstance,
  deps: { config: Config; auth: Auth; db: Db; now: () => Date; notify: BookingNotifier; queue: JobQueue },
): Promise<void> {
  const { config, auth, db, now, notify, queue } = deps;
  await app.register(showingRulesRoutes, { auth, db });
  // §2: a property's sellers and occupants, and the seller's approval links.
  await app.register(contactRoutes, { auth, db, now });
  await app.register(sellerApprovalRoutes, {
    ctx: { db, publicUrl: config.publicUrl, now, notify, queue, signer: linkSignerOf(config) },
    writeLimitPerMinute: config.publicWriteLimitPerMinute,
    readLimitPerMinute: config.publicReadLimitPerMinute,
  });
  // §3: access details, sealed with the calendar tokens' key.
  const box = accessBoxOf(config);
  await app.register(accessAgentRoutes, { auth, db, box, now, queue });
  await app.register(accessPublicRoutes, {
    db,
    box,
    now,
    readLimitPerMinute: config.publicReadLimitPerMinute,
  });
  // §4: the live seller report.
  await app.register(sellerReportAgentRoutes, { auth, db, now, publicUrl: config.publicUrl });
  await app.register(sellerReportPublicRoutes, {
    db,
    now,
    readLimitPerMinute: config.publicReadLimitPerMinute,
  });
}

/** Issue 34 §2: listings from the MLS (RESO Web API, set up in Server settings) or a CSV file. */
export async function registerListingImport(
  app: FastifyInstance,
  deps: {
    auth: Auth;
    db: Db;
    now: () => Date;
    notify: BookingNotifier;
    queue: JobQueue;
    /** The RESO Web API's settings as saved now; null while the MLS import is off. */
    reso: () => Promise<unknown>;
  },
): Promise<void> {
  const { reso, ...rest } = deps;
  await app.register(listingImportRoutes, { ...rest, mlsAvailable: async () => (await reso()) !== null });
}
