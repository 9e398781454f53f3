// The booking side's composition, used by buildApp (app.ts): what every booking change tells the rest of the
// product (the notifier's layers, innermost first) and the waiting list's routes (issue 44). Like
// compose-listing.ts, a composition file: it wires capabilities, none imports it.
import type { FastifyInstance } from 'fastify';
import type { Auth } from './auth';
import type { JobQueue } from './jobs/queue';
import { withAccessRelease } from './modules/access/release-mail';
import type { PublicContext } from './modules/booking-public/context';
import { bookingNotifier, type BookingNotifier } from './modules/core/notifications/scheduler';
import { withWebhookEvents } from './modules/crm/booking-events';
import type { webhookEmitter } from './modules/crm/emit';
import { withCalendarPush } from './modules/integrations/jobs';
import { withLeadClasses } from './modules/leads/classes';
import { withSellerApprovals } from './modules/sellers/approval';
import { withWaitlistRefill } from './modules/showing-waitlist/notifier';
import { withDocumentMails } from './modules/listing-documents/notifier';
import { withTourReplan } from './modules/network-tours/replan';
import { waitlistAgentRoutes, waitlistPublicRoutes } from './modules/showing-waitlist/routes';
import { openHouseAgentRoutes, openHousePublicRoutes } from './modules/open-houses/routes';

/**
 * Innermost first: the messages, the seller's approvals, the access release, the waiting list's refill, the
 * lead's stored class, the webhooks (which read that class), the calendars.
 */
export function composeNotifier(
  queue: JobQueue,
  webhooks: ReturnType<typeof webhookEmitter>,
  now: () => Date,
): BookingNotifier {
  const messages = withAccessRelease(withSellerApprovals(bookingNotifier(queue, now), queue, now), queue);
  return withCalendarPush(
    withWebhookEvents(
      withLeadClasses(
        withTourReplan(withWaitlistRefill(withDocumentMails(messages, queue, now), queue, now), queue, now),
      ),
      webhooks,
    ),
    queue,
    now,
  );
}

/**
 * Issue 44: the waiting list — joining and the buyer's link (public), the agent's lines — and open houses (the
 * agent's, a property's list and the buyer's registration).
 */
export async function registerBookingMechanics(
  app: FastifyInstance,
  deps: {
    auth: Auth;
    ctx: PublicContext;
    queue: JobQueue;
    limits: { writeLimitPerMinute: number; readLimitPerMinute: number };
  },
): Promise<void> {
  const ctx = { ...deps.ctx, queue: deps.queue };
  await app.register(waitlistPublicRoutes, { ctx, ...deps.limits });
  await app.register(waitlistAgentRoutes, { auth: deps.auth, ctx });
  await app.register(openHousePublicRoutes, { ctx: deps.ctx, ...deps.limits });
  const { db, now, notify } = deps.ctx;
  await app.register(openHouseAgentRoutes, { auth: deps.auth, db, now, notify });
}
