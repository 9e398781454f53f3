// Backups and restore (issue 40), through the operator's commands: `npm run admin -- backup --dir D` of a
// server's database and sealed-secrets key, then `npm run admin -- restore <folder>` into a FRESH data folder
// (the embedded PostgreSQL) → the same rows (counts and a checksum of the key tables), the same key, and the
// restored server starts and serves the same booking page data. A non-empty data folder or database is refused
// and left as it was.
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_MESSAGES } from '@keyturn/domain/operations';
import { ensureDatabase } from '../src/db/database';
import { KEY_FILE } from '../src/modules/core/crypto';
import { createTestApp, type TestApp } from './app';
import { bookingPayload, makeAgent, makeProperty, type TestAgent } from './fixtures';
import { freePort, spawnApi, stop, type Running } from './support/processes';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const KEY_TABLES = [
  'users',
  'agents',
  'properties',
  'bookings',
  'availability_days',
  'server_settings',
  'notification_messages',
];
const AUTH_SECRET = 'backup-restore-secret-backup-restore-01';

let t: TestApp;
let agent: TestAgent;
const dirs: string[] = [];
const running: Running[] = [];

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date('2030-01-07T15:00:00Z') });
  agent = await makeAgent(t);
  await makeProperty(t, agent.id, { address: '4 Backup Lane' });
  const booked = await t.request({
    method: 'POST',
    url: '/api/bookings',
    token: agent.token,
    payload: {
      ...bookingPayload(agent.id, { booking_date: '2030-01-09', booking_time: '10:00' }),
      agent_id: undefined,
    },
  });
  expect(booked.statusCode).toBe(201);
  // A sealed secret: readable after the restore only with the backup's key.
  const admin = await t.database.pool.query<{ email: string }>(
    'select email from users order by created_at limit 1',
  );
  expect(admin.rows).toHaveLength(1);
  await t.database.pool.query(
    `insert into server_settings (key, value, secret) values ('MAIL_FROM', 'Backups <b@example.com>', false)`,
  );
});

afterAll(async () => {
  await Promise.all(running.map((r) => stop(r)));
  await t.close();
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

async function tempDir(name: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `keyturn-${name}-`));
  dirs.push(dir);
  return dir;
}

/** `npm run admin -- <args>` as the operator runs it; answers its exit code and output. */
function admin(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const full: NodeJS.ProcessEnv = {
    ...process.env,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    AUTH_SECRET,
    ...env,
  };
  if (!env.DATABASE_URL) delete full.DATABASE_URL;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/admin.ts', ...args], {
      cwd: apiDir,
      env: full,
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

/** Row count and an md5 of every row (in a stable order) of each key table. */
async function fingerprint(url: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const out: Record<string, string> = {};
    for (const table of KEY_TABLES) {
      const r = await client.query<{ n: number; sum: string | null }>(
        `select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as sum from ${table} t`,
      );
      out[table] = `${r.rows[0]!.n}:${r.rows[0]!.sum}`;
    }
    return out;
  } finally {
    await client.end();
  }
}

describe('npm run admin -- backup, then restore into a fresh data folder', () => {
  let backupFolder: string;
  let restoredDir: string;

  it('writes the dump and the key into a new folder of the chosen one', async () => {
    const target = await tempDir('backups');
    const res = await admin(['backup', '--dir', target], {
      DATABASE_URL: t.database.url,
      DATA_DIR: t.config.dataDir,
    });
    expect(res.out).toContain('Backup written to');
    expect(res.code).toBe(0);
    const [name] = await readdir(target);
    expect(name).toMatch(/^keyturn-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z$/);
    backupFolder = path.join(target, name!);
    expect((await readdir(backupFolder)).sort()).toEqual(['backup.json', 'database.dump', 'secrets.key']);
  }, 120_000);

  it('restores into an empty data folder: the same rows and the same key', async () => {
    restoredDir = path.join(await tempDir('restored'), 'data');
    const res = await admin(['restore', backupFolder], { DATA_DIR: restoredDir });
    expect(res.out).toContain(BACKUP_MESSAGES.restored(restoredDir));
    expect(res.code).toBe(0);
    expect(await readFile(path.join(restoredDir, KEY_FILE), 'utf8')).toBe(
      await readFile(path.join(t.config.dataDir, KEY_FILE), 'utf8'),
    );
  }, 120_000);

  it('refuses a data folder or a database that is not empty, and changes nothing', async () => {
    const before = await fingerprint(t.database.url);
    const intoDatabase = await admin(['restore', backupFolder], {
      DATABASE_URL: t.database.url,
      DATA_DIR: t.config.dataDir,
    });
    expect(intoDatabase.code).toBe(1);
    expect(intoDatabase.out).toContain(BACKUP_MESSAGES.databaseNotEmpty);
    expect(await fingerprint(t.database.url)).toEqual(before);
    const intoFolder = await admin(['restore', backupFolder], { DATA_DIR: restoredDir });
    expect(intoFolder.code).toBe(1);
    expect(intoFolder.out).toContain(BACKUP_MESSAGES.dataFolderNotEmpty(restoredDir));
    const notABackup = await admin(['restore', restoredDir], { DATA_DIR: await tempDir('empty') });
    expect(notABackup.code).toBe(1);
    expect(notABackup.out).toContain(BACKUP_MESSAGES.notABackup(restoredDir));
  }, 180_000);

  it('the restored server starts on that folder with the same rows and serves the same booking page', async () => {
    const port = await freePort();
    const server = spawnApi('server', {
      DATA_DIR: restoredDir,
      PORT: String(port),
      PUBLIC_URL: 'http://keyturn.test',
      AUTH_SECRET,
      SEED_DEMO: 'false',
      WORKERS_IN_PROCESS: 'false',
    });
    running.push(server);
    await server.waitFor('Keyturn is running', 200_000);
    const adminUrl = (await readFile(path.join(restoredDir, 'postgres.url'), 'utf8')).trim();
    expect(await fingerprint(await ensureDatabase(adminUrl, 'keyturn'))).toEqual(
      await fingerprint(t.database.url),
    );
    for (const url of [`/api/agents/id/${agent.id}`, `/api/availability/public/${agent.id}`]) {
      const original = await t.request({ method: 'GET', url });
      const restored = await fetch(`http://127.0.0.1:${port}${url}`);
      expect(restored.status).toBe(original.statusCode);
      expect(await restored.json()).toEqual(original.json());
    }
  }, 260_000);
});
