// While the database is down every API call answers 503 DATABASE_UNAVAILABLE with Retry-After at once —
// not a 500, not a request hanging on a pool that cannot connect. The supervisor (db/supervisor.ts) decides
// "down"; a request that meets a lost connection before the supervisor noticed gets the same answer from the
// error handler (errors.ts, through isDatabaseUnavailable).
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sqlState } from '../db/client';
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

// SQLSTATE classes 08 (connection exception) and 57P (operator intervention: shutdown, crash, cannot
// connect now), 53300 (too many connections); Node socket errors; pg's own messages for a lost connection.
const UNAVAILABLE_STATES = /^(08...|57P0[1-4]|53300)$/;
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down|in recovery mode)|terminating connection/i;

/** Whether `err` (possibly wrapped by drizzle or better-auth) means "the database cannot be reached". */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (
    let e = err as { cause?: unknown; message?: unknown; code?: unknown } | undefined, depth = 0;
    e && depth < 5;
    depth += 1
  ) {
    const state = sqlState(e);
    if (state && (UNAVAILABLE_STATES.test(state) || UNAVAILABLE_ERRNOS.has(state))) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    e = e.cause as typeof e;
  }
  return false;
}
