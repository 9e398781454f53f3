// Issue 45 — a listing's documents, their rules, signed links and download log. A composition file (like compose-booking-side.ts): it wires the capability's routes (app.ts) and
// its e-mail jobs on the notifications queue (compose-workers.ts); none imports it.
import type { FastifyInstance } from 'fastify';
import type { QueuedMailHandler } from './modules/core/mail/queued-mail';
import type { NetworkAppDeps, NetworkMailDeps } from './compose-network-deps';
import { documentLinkSignerOf } from './modules/listing-documents/links';
import { documentMailJobs } from './modules/listing-documents/mail';
import { documentAgentRoutes, documentPublicRoutes } from './modules/listing-documents/routes';

export async function registerListingDocuments(app: FastifyInstance, deps: NetworkAppDeps): Promise<void> {
  const { db, publicUrl, now } = deps.ctx;
  const documents = { db, queue: deps.queue, signer: documentLinkSignerOf(deps.config), publicUrl };
  await app.register(documentAgentRoutes, { auth: deps.auth, deps: documents, now });
  await app.register(documentPublicRoutes, { deps: documents, now, ...deps.limits });
}

export function documentMails(deps: NetworkMailDeps): QueuedMailHandler<object>[] {
  const { db, mailer, mailFrom, publicUrl, now, config } = deps;
  return [
    documentMailJobs({ db, mailer, mailFrom, publicUrl, now, signer: documentLinkSignerOf(config) }),
  ] as QueuedMailHandler<object>[];
}
