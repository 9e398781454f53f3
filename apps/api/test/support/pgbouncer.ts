// PgBouncer in transaction mode in front of a PostgreSQL server (issue 40): the pooler a managed PostgreSQL puts
// before the database. Every database of the server is reachable through it (a `*` entry), as the user of
// `upstreamUrl`; clients may give any password (auth_type any). Debian's pgbouncer package; PGBOUNCER names
// another binary.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../src/db/embedded';

export const PGBOUNCER = process.env.PGBOUNCER ?? '/usr/sbin/pgbouncer';

export function pgbouncerInstalled(): boolean {
  return existsSync(PGBOUNCER);
}

export type Pooler = { url: string; stop: () => Promise<void> };

export async function startPgBouncer(upstreamUrl: string): Promise<Pooler> {
  const upstream = new URL(upstreamUrl);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'keyturn-pgbouncer-'));
  const port = await freePort();
  const user = decodeURIComponent(upstream.username);
  const password = decodeURIComponent(upstream.password);
  const ini = [
    '[databases]',
    `* = host=${upstream.hostname} port=${upstream.port || 5432} user=${user} password=${password}`,
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    `unix_socket_dir = ${dir}`,
    'auth_type = any',
    'pool_mode = transaction',
    'max_client_conn = 1000',
    'default_pool_size = 20',
    'max_db_connections = 25',
    'server_reset_query =',
    'ignore_startup_parameters = extra_float_digits,options',
    `logfile = ${path.join(dir, 'pgbouncer.log')}`,
    'log_connections = 0',
    'log_disconnections = 0',
  ].join('\n');
  const iniFile = path.join(dir, 'pgbouncer.ini');
  await writeFile(iniFile, `${ini}\n`);
  // PgBouncer refuses to run as root (CI runs as root): it then switches to an unprivileged user, who must be
  // able to write its log and socket into the folder.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await chmod(dir, 0o777);
  const args = asRoot
    ? ['-u', existsSync('/var/lib/postgresql') ? 'postgres' : 'nobody', iniFile]
    : [iniFile];
  const child: ChildProcess = spawn(PGBOUNCER, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const url = new URL(upstreamUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  await waitUntilAnswering(url.toString(), () => output, child);
  return {
    url: url.toString(),
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGINT');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function waitUntilAnswering(url: string, output: () => string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited: ${output()}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      return;
    } catch {
      await client.end().catch(() => {});
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`pgbouncer did not answer: ${output()}`);
}
