// Opens the application's database: the server named by DATABASE_URL, or the embedded PostgreSQL in DATA_DIR.
// A long-running process (server, worker) also asks for supervision: db/supervisor.ts.
import pg from 'pg';
import type { Config } from '../config';
import { connect, type DbHandle } from './client';
import { startEmbeddedPostgres } from './embedded';
import { runMigrations } from './migrate';
import { DatabaseStatus, superviseDatabase, type SupervisorOptions } from './supervisor';

export type Database = DbHandle & { url: string; embedded: boolean; status: DatabaseStatus };

const APP_DATABASE = 'keyturn';

export type Supervision = Pick<SupervisorOptions, 'log' | 'onGiveUp'>;

export async function openDatabase(
  config: Config,
  log: (m: string) => void,
  supervision?: Supervision,
): Promise<Database> {
  const status = new DatabaseStatus();
  // What a migration reports (0021: how many member-less teams it removed) belongs in the start-up log.
  const migrationLog = (m: string) => (supervision ? supervision.log.info(m) : log(m));
  const supervise = (url: string, embedded?: Parameters<typeof superviseDatabase>[0]['embedded']) =>
    supervision
      ? superviseDatabase({
          url,
          status,
          embedded,
          probeSeconds: config.database.probeSeconds,
          maxRestarts: config.database.restartAttempts,
          ...supervision,
        })
      : { stop: () => {} };

  if (config.databaseUrl) {
    const handle = connect(config.databaseUrl, undefined, { pooler: config.databasePooler });
    await runMigrations(handle.pool, migrationLog);
    const supervisor = supervise(config.databaseUrl);
    return {
      ...handle,
      url: config.databaseUrl,
      embedded: false,
      status,
      close: async () => {
        supervisor.stop();
        await handle.close();
      },
    };
  }
  const embedded = await startEmbeddedPostgres(config.dataDir, log);
  try {
    const url = await ensureDatabase(embedded.adminUrl, APP_DATABASE);
    const handle = connect(url);
    await runMigrations(handle.pool, migrationLog);
    const supervisor = supervise(url, embedded);
    return {
      ...handle,
      url,
      embedded: true,
      status,
      close: async () => {
        supervisor.stop();
        await handle.close();
        await embedded.stop();
      },
    };
  } catch (err) {
    await embedded.stop();
    throw err;
  }
}

/** Creates `name` on the server if it is missing; returns its connection string. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
