// Issue 45 — buyer's agents: finding homes across agents, their showing requests and messages about them. A composition file (like compose-booking-side.ts): it wires the capability's routes (app.ts) and
// its e-mail jobs on the notifications queue (compose-workers.ts); none imports it.
import type { FastifyInstance } from 'fastify';
import type { QueuedMailHandler } from './modules/core/mail/queued-mail';
import type { NetworkAppDeps, NetworkMailDeps } from './compose-network-deps';
import { showingNetworkRoutes } from './modules/network/routes';
import { networkTourRoutes } from './modules/network-tours/routes';
import { tourReplanJobs } from './modules/network-tours/replan';

export async function registerShowingNetwork(app: FastifyInstance, deps: NetworkAppDeps): Promise<void> {
  await app.register(showingNetworkRoutes, { auth: deps.auth, ctx: deps.ctx, ...deps.limits });
  // Cross-agent tours: a day of other agents' homes planned, sent as one request each, re-planned on a decline.
  await app.register(networkTourRoutes, {
    auth: deps.auth,
    ctx: deps.ctx,
    maps: deps.maps,
    outbound: deps.config.outbound,
    ...deps.limits,
  });
}

/**
 * The network's requests are bookings: their messages are the booking messages (the notification catalogue
 * copies each buyer e-mail to the buyer's agent), the seller's and the proposals'. Its own job: a tour's re-plan
 * after a decline (the day planned again, unanswered requests moved, the buyer's agent e-mailed).
 */
export function networkMails(deps: NetworkMailDeps): QueuedMailHandler<object>[] {
  const ctx = { db: deps.db, publicUrl: deps.publicUrl, now: deps.now, notify: deps.notify };
  return [
    tourReplanJobs({
      ctx,
      maps: deps.maps,
      outbound: deps.config.outbound,
      mailer: deps.mailer,
      mailFrom: deps.mailFrom,
    }) as QueuedMailHandler<object>,
  ];
}
