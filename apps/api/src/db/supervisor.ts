// Keeps watch over the database: a probe on its own connection every few seconds, and (embedded PostgreSQL)
// the postmaster's exit. While the database is down, `DatabaseStatus` says so — every API route then answers
// 503 DATABASE_UNAVAILABLE with Retry-After (app.ts) and /api/health names the database. An embedded
// PostgreSQL that died is started again (stale lock files cleared); after `maxRestarts` failed tries in a row
// the supervisor gives up and the process exits non-zero, so a process supervisor (systemd, Docker, k8s)
// takes over. With DATABASE_URL there is nothing to restart: the pool reconnects once the server is back.
import pg from 'pg';
import type { EmbeddedDatabase } from './embedded';

/** Seconds a client is asked to wait before trying again while the database is down. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export class DatabaseStatus {
  private downSince: Date | null = null;
  private why: string | null = null;

  get up(): boolean {
    return this.downSince === null;
  }

  get reason(): string | null {
    return this.why;
  }

  markDown(reason: string): void {
    if (this.downSince === null) this.downSince = new Date();
    this.why = reason;
  }

  markUp(): void {
    this.downSince = null;
    this.why = null;
  }
}

export type SupervisorOptions = {
  url: string;
  status: DatabaseStatus;
  embedded?: EmbeddedDatabase | undefined;
  probeSeconds: number;
  maxRestarts: number;
  log: { info: (m: string) => void; error: (m: string) => void };
  /** Called once when the embedded database could not be brought back; the caller exits. */
  onGiveUp: (err: Error) => void;
};

export type Supervisor = { stop: () => void };

/** One `select 1` on a fresh connection (not the pool's: a busy pool must not look like a dead server). */
export async function probeDatabase(url: string, timeoutMs = 3000): Promise<void> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
  } finally {
    await client.end().catch(() => {});
  }
}

export function superviseDatabase(options: SupervisorOptions): Supervisor {
  const { status, embedded, log } = options;
  let stopped = false;
  let restarting: Promise<void> | null = null;
  let failedProbes = 0;
  let timer: NodeJS.Timeout | null = null;

  const restart = (why: string) => {
    if (!embedded || restarting || stopped) return;
    status.markDown(why);
    restarting = (async () => {
      let lastError: Error = new Error(why);
      for (let attempt = 1; attempt <= options.maxRestarts && !stopped; attempt += 1) {
        // 0.5 s, 1 s, 2 s…: orphaned backends of a killed postmaster need a moment to notice and exit.
        await sleep(500 * 2 ** (attempt - 1));
        if (stopped) return;
        try {
          log.info(`[database] ${why}; restarting the embedded PostgreSQL (try ${attempt})`);
          await embedded.restart();
          await probeDatabase(options.url);
          failedProbes = 0;
          status.markUp();
          log.info('[database] the embedded PostgreSQL is back');
          return;
        } catch (err) {
          lastError = err instanceof Error ? err : new Error(String(err));
          log.error(`[database] restart ${attempt} failed: ${lastError.message}`);
        }
      }
      if (!stopped) {
        stopped = true;
        options.onGiveUp(
          new Error(
            `The embedded PostgreSQL could not be restarted after ${options.maxRestarts} tries: ${lastError.message}`,
          ),
        );
      }
    })().finally(() => {
      restarting = null;
    });
  };

  embedded?.onExit((code, signal) => {
    restart(`PostgreSQL exited (${signal ?? `code ${code}`})`);
  });

  const tick = async () => {
    if (stopped) return;
    if (!restarting) {
      try {
        await probeDatabase(options.url);
        failedProbes = 0;
        if (!status.up) log.info('[database] reachable again');
        status.markUp();
      } catch (err) {
        failedProbes += 1;
        const why = `database unreachable: ${(err as Error).message}`;
        if (status.up) log.error(`[database] ${why}`);
        status.markDown(why);
        // A postmaster that is gone, or alive but silent for three probes in a row, is started again.
        if (embedded && (!embedded.running() || failedProbes >= 3)) restart(why);
      }
    }
    if (!stopped) timer = setTimeout(() => void tick(), options.probeSeconds * 1000);
  };
  timer = setTimeout(() => void tick(), options.probeSeconds * 1000);

  return {
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
