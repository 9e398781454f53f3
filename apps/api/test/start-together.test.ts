// Issue 26: processes started together on a fresh database all start. Two servers (as `npm start` runs them,
// WORKERS_IN_PROCESS=false, each with its own DATA_DIR) and two workers (`npm run worker`) are spawned in the
// same tick on an EMPTY database — our migrations and pg-boss's schema not yet there — ten times; every one
// of them must come up (before the start-up lock, one of two servers or workers exited with code 1 on
// "duplicate key" or "deadlock detected"), the database ends up with every migration applied once, and the one
// process that applied them logged what migration 0021 removed.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './db';
import { freePort, spawnApi, stop, type Running } from './support/processes';

const ROUNDS = Number(process.env.START_TOGETHER_ROUNDS ?? 10);
const MIGRATIONS = (
  JSON.parse(readFileSync(new URL('../drizzle/meta/_journal.json', import.meta.url), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;
const dirs: string[] = [];

afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

async function round(i: number): Promise<void> {
  const database = await createTestDatabase({ migrate: false });
  const running: Running[] = [];
  try {
    const common = {
      DATABASE_URL: database.url,
      PUBLIC_URL: 'http://keyturn.test',
      AUTH_SECRET: 'start-together-secret-start-together-01',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    };
    const envs: ['server' | 'worker', Record<string, string>][] = [];
    for (let k = 0; k < 4; k += 1) {
      const dir = await mkdtemp(path.join(os.tmpdir(), `keyturn-together-${i}-${k}-`));
      dirs.push(dir);
      if (k < 2) {
        const port = String(await freePort());
        envs.push(['server', { ...common, DATA_DIR: dir, PORT: port, WORKERS_IN_PROCESS: 'false' }]);
      } else {
        envs.push(['worker', { ...common, DATA_DIR: dir }]);
      }
    }
    // The same instant: all four spawned in one tick.
    for (const [entry, env] of envs) running.push(spawnApi(entry, env));
    const started = await Promise.allSettled(
      running.map((r, k) => r.waitFor(k < 2 ? 'Keyturn is running' : 'Keyturn workers are running', 90_000)),
    );
    const failed = started.flatMap((s, k) =>
      s.status === 'rejected' ? [`round ${i}, process ${k}: ${String(s.reason)}`] : [],
    );
    expect(failed).toEqual([]);
    // Exactly one of them applied the migrations, and its start-up log carries migration 0021's count.
    const notice = 'migration 0021: removed 0 team(s) with no member';
    expect(running.filter((r) => r.output().includes(notice))).toHaveLength(1);
    const applied = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    const queues = await database.db.execute<{ name: string }>(
      sql`select name from pgboss.queue order by name`,
    );
    expect(applied.rows[0]?.n).toBe(MIGRATIONS);
    expect(queues.rows.map((q) => q.name)).toEqual([
      'backups',
      'calendar',
      'demo',
      'listings',
      'notifications',
      'webhooks',
    ]);
  } finally {
    const codes = await Promise.all(running.map((r) => stop(r)));
    await database.drop();
    // A process that did not stop cleanly shows what it printed.
    const unclean = codes.flatMap((code, k) =>
      code === 0
        ? []
        : [
            `process ${k} exited ${String(code)} (${String(running[k]!.child.signalCode)}):\n${running[k]!.output()}`,
          ],
    );
    expect(codes, unclean.join('\n\n')).toEqual(running.map(() => 0));
  }
}

describe('servers and workers started together on an empty database', () => {
  it(`all start, ${ROUNDS} rounds of two servers and two workers`, async () => {
    for (let i = 0; i < ROUNDS; i += 1) await round(i);
  }, 900_000);
});
