// What a long-running process (server, worker) does about a database that goes away.
import { isDatabaseUnavailable } from './unavailable';

/** Exit status when an embedded PostgreSQL could not be restarted (EX_TEMPFAIL: try again later). */
export const DATABASE_LOST_EXIT_CODE = 75;

/**
 * pg-boss completes and fails jobs without awaiting them; when the database is gone at that moment the promise
 * rejects with nobody listening, and Node's default would end the process. A lost connection is the
 * supervisor's business (db/supervisor.ts), so such rejections are logged; anything else still crashes.
 */
export function tolerateLostDatabase(log: (m: string) => void): void {
  process.on('unhandledRejection', (reason) => {
    if (isDatabaseUnavailable(reason)) {
      log(`database call failed while the database was unreachable: ${(reason as Error)?.message ?? reason}`);
      return;
    }
    throw reason;
  });
}
