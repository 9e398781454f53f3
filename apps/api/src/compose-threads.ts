// Issue 45 — a conversation per showing and its quick statuses. A composition file (like compose-booking-side.ts): it wires the capability's routes (app.ts) and
// its e-mail jobs on the notifications queue (compose-workers.ts); none imports it. The texts capability's free-text
// replies reach a showing's thread through the floor (modules/core/showing-thread.ts), so texts never imports it.
import type { FastifyInstance } from 'fastify';
import type { QueuedMailHandler } from './modules/core/mail/queued-mail';
import { threadMessageMail } from './modules/showing-threads/mail';
import { ownTextsRoutes } from './modules/showing-threads/own-texts';
import { threadAgentRoutes, threadPublicRoutes } from './modules/showing-threads/routes';
import type { NetworkAppDeps, NetworkMailDeps } from './compose-network-deps';

export async function registerShowingThreads(app: FastifyInstance, deps: NetworkAppDeps): Promise<void> {
  const threads = { db: deps.ctx.db, queue: deps.queue, now: deps.ctx.now };
  await app.register(threadAgentRoutes, { ...threads, auth: deps.auth });
  await app.register(threadPublicRoutes, { ...threads, ...deps.limits });
  await app.register(ownTextsRoutes, {
    auth: deps.auth,
    db: deps.ctx.db,
    now: deps.ctx.now,
    smsDefaultCountry: deps.ctx.smsDefaultCountry ?? 'US',
    textsReady: deps.ctx.textsReady ?? (() => Promise.resolve(false)),
  });
}

export function threadMails(deps: NetworkMailDeps): QueuedMailHandler<object>[] {
  return [threadMessageMail(deps) as QueuedMailHandler<object>];
}
