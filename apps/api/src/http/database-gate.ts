// While the database is down every API call answers 503 DATABASE_UNAVAILABLE with Retry-After at once —
// not a 500, not a request hanging on a pool that cannot connect. The supervisor (db/supervisor.ts) decides
// "down"; a request that meets a lost connection before the supervisor noticed gets the same answer from the
// error handler (errors.ts, through db/unavailable.ts).
import type { FastifyInstance, FastifyReply } from 'fastify';
import { DATABASE_RETRY_AFTER_SECONDS, type DatabaseStatus } from '../db/supervisor';

export const DATABASE_UNAVAILABLE_BODY = {
  error: 'The service is briefly unavailable. Please try again in a few seconds.',
  code: 'DATABASE_UNAVAILABLE',
} as const;

export function sendDatabaseUnavailable(reply: FastifyReply) {
  return reply
    .status(503)
    .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
    .header('cache-control', 'no-store')
    .send(DATABASE_UNAVAILABLE_BODY);
}

/** Paths that work without the database: the health report itself and the API documentation. */
const WITHOUT_DATABASE = /^\/api\/(health|docs)(\/|$|\?)/;

export function registerDatabaseGate(app: FastifyInstance, status: DatabaseStatus): void {
  app.addHook('onRequest', async (request, reply) => {
    if (status.up) return;
    const url = request.url;
    // The built web app's files come from disk; its API calls are what get the 503.
    const needsDatabase = url.startsWith('/api/') || url.startsWith('/uploads/');
    if (!needsDatabase || WITHOUT_DATABASE.test(url)) return;
    return sendDatabaseUnavailable(reply);
  });
}
