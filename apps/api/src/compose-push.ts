// Issue 47 — Web Push for the agent's devices (decision 093): a composition file (like compose-documents.ts). It
// wires the capability's routes (app.ts) and its delivery jobs (compose-workers.ts); the worker-side hooks that
// queue a push (the agent's e-mails about a request, a cancellation, "Not confirmed", a buyer's message, an
// access release) get `agentPushOf` from compose-workers.ts.
import type { FastifyInstance } from 'fastify';
import type { Db } from './db/client';
import type { JobQueue } from './jobs/queue';
import type { QueuedMailHandler } from './modules/core/mail/queued-mail';
import type { NetworkAppDeps, NetworkMailDeps } from './compose-network-deps';
import { pushJobHandler } from './modules/web-push/jobs';
import { queuePushNow, type AgentPush } from './modules/web-push/queue';
import { webPushRoutes } from './modules/web-push/routes';
import { vapidDetailsOf } from './modules/web-push/vapid';

/** The dashboard's service worker (the web build's public/dashboard-sw.js): the one file of the web app's. */
export const DASHBOARD_WORKER_PATH = '/dashboard-sw.js';

export async function registerWebPush(app: FastifyInstance, deps: NetworkAppDeps): Promise<void> {
  const { db, now } = deps.ctx;
  // The dashboard's service worker may control /dashboard and nothing wider (the booking pages stay outside
  // any worker's scope). On the root instance, so it reaches the web app's static files served after it.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method === 'GET' && request.url.split('?')[0] === DASHBOARD_WORKER_PATH)
      reply.header('service-worker-allowed', '/dashboard');
    return payload;
  });
  await app.register(webPushRoutes, {
    auth: deps.auth,
    db,
    now,
    outbound: deps.config.outbound,
    publicKey: () => vapidDetailsOf(deps.config).publicKey,
  });
}

export function pushJobs(deps: NetworkMailDeps): QueuedMailHandler<object>[] {
  const { db, now, config } = deps;
  return [
    pushJobHandler({
      db,
      now,
      vapid: () => vapidDetailsOf(config),
      outbound: config.outbound,
      timeoutSeconds: config.webhooks.timeoutSeconds,
    }),
  ] as QueuedMailHandler<object>[];
}

/** A push queued from a worker's job (its own transaction), due at once. */
export function agentPushOf(db: Db, queue: JobQueue, now: () => Date): AgentPush {
  return (alert) => queuePushNow(db, queue, alert, now());
}
