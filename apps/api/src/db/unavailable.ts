// Whether an error means the database cannot be reached (not that it refused the statement): the HTTP error
// handler answers such a request 503 (http/errors.ts) and a long-running process logs it (process.ts).
import { sqlState } from './client';

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
