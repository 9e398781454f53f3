// The embedded database's daily backup (issue 40, decisions 065/066) through the real job queue and worker, on the
// test's clock: the worker's tick queues the day's job, the worker writes a backup folder (dump, sealed-secrets
// key, manifest) into BACKUP_DIR, keeps only the newest N (Server settings' "Daily backups kept"), and a second
// run the same day — a later tick, or the same day's job queued again after pg-boss archived the first — writes
// nothing. And where pg_dump is looked for, with the advice when none fits.
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_MESSAGES, DEBIAN_CLIENT_MAJOR } from '@keyturn/domain/operations';
import { startWorkers, type Workers } from '../src/compose-workers';
import { deterministicUuid, jobOptionsOf, openJobQueue } from '../src/jobs/queue';
import { BackupError, pgTool, serverMajor } from '../src/modules/backups/backup';
import { backupTicker } from '../src/modules/backups/jobs';
import { KEY_FILE } from '../src/modules/core/crypto';
import { serverSettingsOf } from '../src/modules/core/settings-store';
import { createTestApp, type TestApp } from './app';
import { DAY, HOUR, testClock } from './support/notify';

const clock = testClock();
let t: TestApp;
let workers: Workers;
const logged: { level: 'info' | 'warn' | 'error'; message: string }[] = [];

/** 10:00 UTC `days` days ago: in the past, so pg-boss (on the database's real clock) starts the job at once. */
function daysAgo(days: number): Date {
  const d = new Date(Date.now() - days * DAY);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 10));
}
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>): Promise<T> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}; log: ${JSON.stringify(logged)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const backups = async () =>
  (await readdir(t.config.backupDir).catch(() => [] as string[]))
    .filter((n) => !n.endsWith('.partial'))
    .sort();

/** The day's job as pg-boss holds it (its state and what the handler answered). */
async function dayJob(day: string) {
  const r = await t.database.db.execute<{ state: string; output: Record<string, unknown> | null }>(
    sql`select state, output from pgboss.job where name = 'backups' and id = ${deterministicUuid(`backup:${day}`)}`,
  );
  return r.rows[0] ?? null;
}
const completed = (day: string) => async () => {
  const job = await dayJob(day);
  return job?.state === 'completed' ? job : null;
};

/** One tick of the real ticker (the worker runs it hourly), on the test's clock. */
async function tick(): Promise<void> {
  const queue = await openJobQueue(t.database.db, jobOptionsOf(t.config));
  const { resolver } = serverSettingsOf(t.config, t.database.db);
  await backupTicker(
    { config: t.config, db: t.database.db, queue, resolver, now: clock.now },
    { info: () => {}, warn: () => {}, error: (m) => logged.push({ level: 'error', message: m }) },
  ).run();
}

beforeAll(async () => {
  // No DATABASE_URL in the app's configuration: the embedded database's daily backup (a managed one is left to
  // its provider), here on the test run's PostgreSQL.
  t = await createTestApp({ env: { JOBS_POLL_SECONDS: '0.5' } });
  expect(t.config.databaseUrl).toBeFalsy();
  await t.database.pool.query(
    `insert into server_settings (key, value, secret) values ('BACKUPS_KEPT', '2', false)`,
  );
  clock.set(daysAgo(3));
  workers = await startWorkers({
    config: t.config,
    db: t.database.db,
    now: clock.now,
    log: {
      info: (m) => logged.push({ level: 'info', message: m }),
      warn: (m) => logged.push({ level: 'warn', message: m }),
      error: (m) => logged.push({ level: 'error', message: m }),
    },
  });
}, 60_000);

afterAll(async () => {
  await workers?.stop();
  await t.close();
  await rm(t.config.backupDir, { recursive: true, force: true });
});

describe('the daily backup on the job queue', () => {
  it("runs when due: the worker's tick queues the day's job and it writes the dump, the key and the manifest", async () => {
    const day = dayOf(daysAgo(3));
    await until(`the backup of ${day}`, completed(day));
    const names = await backups();
    expect(names).toEqual([`keyturn-backup-${day}T10-00-00Z`]);
    const folder = path.join(t.config.backupDir, names[0]!);
    expect((await readdir(folder)).sort()).toEqual(['backup.json', 'database.dump', 'secrets.key']);
    expect(await readFile(path.join(folder, 'secrets.key'), 'utf8')).toBe(
      await readFile(path.join(t.config.dataDir, KEY_FILE), 'utf8'),
    );
    const manifest = JSON.parse(await readFile(path.join(folder, 'backup.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(manifest).toMatchObject({
      createdAt: daysAgo(3).toISOString(),
      database: new URL(t.database.url).pathname.slice(1),
    });
    // pg_dump's custom format begins with its magic bytes.
    expect((await readFile(path.join(folder, 'database.dump'))).subarray(0, 5).toString()).toBe('PGDMP');
    expect(logged.filter((l) => l.level !== 'info')).toEqual([]);
  }, 120_000);

  it('does nothing on a second run the same day: a later tick, or the day’s job queued again once archived', async () => {
    const day = dayOf(daysAgo(3));
    const before = await backups();
    clock.set(new Date(daysAgo(3).getTime() + 5 * HOUR));
    await tick();
    expect((await dayJob(day))?.state).toBe('completed');
    // pg-boss moves a completed job to its archive after 12 hours; the next tick then inserts the same id again.
    await t.database.db.execute(sql`delete from pgboss.job where name = 'backups'`);
    await tick();
    const again = await until(`the second job of ${day}`, completed(day));
    expect(String(again.output?.skipped)).toContain('was already written on');
    expect(await backups()).toEqual(before);
  }, 120_000);

  it('keeps only the newest N (Server settings), one backup a day', async () => {
    for (const days of [2, 1]) {
      clock.set(daysAgo(days));
      await tick();
      await until(`the backup of ${dayOf(daysAgo(days))}`, completed(dayOf(daysAgo(days))));
    }
    expect(await backups()).toEqual([
      `keyturn-backup-${dayOf(daysAgo(2))}T10-00-00Z`,
      `keyturn-backup-${dayOf(daysAgo(1))}T10-00-00Z`,
    ]);
    expect(logged.some((l) => l.message.includes('1 older backup(s) removed, 2 kept'))).toBe(true);
    expect(logged.filter((l) => l.level !== 'info')).toEqual([]);
  }, 180_000);
});

describe('pg_dump of the right version', () => {
  it("is found for this server's major among PATH and /usr/lib/postgresql/*/bin", async () => {
    const major = await serverMajor(t.database.url);
    const tool = await pgTool('pg_dump', major);
    expect(tool.major).toBeGreaterThanOrEqual(major);
    expect(path.basename(tool.file)).toBe('pg_dump');
  });

  it("is what Server settings' Check of Backups tells the administrator", async () => {
    const admin = await t.signUp();
    const res = await t.request({
      method: 'POST',
      url: '/api/server-settings/backups/check',
      token: admin.token,
    });
    expect(res.statusCode).toBe(200);
    const major = await serverMajor(t.database.url);
    const tool = await pgTool('pg_dump', major);
    expect(res.json()).toMatchObject({
      ok: true,
      message: `Backups can be written: pg_dump ${tool.major} for this PostgreSQL ${major} server.`,
    });
  });

  it('when none fits, the reason names the package to install', async () => {
    const err = await pgTool('pg_dump', 99).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BackupError);
    expect((err as Error).message).toMatch(/^pg_dump 99 or newer is needed .* only pg_dump \d+ was found/);
    expect((err as Error).message).toContain('postgresql-client-99 package from apt.postgresql.org');
    expect(BACKUP_MESSAGES.toolMissing('pg_dump', DEBIAN_CLIENT_MAJOR, BACKUP_MESSAGES.noneFound)).toContain(
      'apt-get install postgresql-client)',
    );
  });
});
