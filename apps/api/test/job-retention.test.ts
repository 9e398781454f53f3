// The job queue keeps what it was given until it runs: pg-boss counts a job's retention (14 days) from its start,
// so a job queued now but due at an instant long past — a message due "now" by a clock set back, a refill after
// an offer that ended — was archived unrun by the next maintenance when that came before a worker (found as a
// flaky waiting-list test in CI). The retention now counts from when the job is queued.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { writeTransaction } from '../src/db/transaction';
import { JOB_RETENTION_MS, jobOptionsOf, keepUntilOf, openJobQueue, startBoss } from '../src/jobs/queue';
import { createTestApp, type TestApp } from './app';

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

it('counts the retention from the later of the start and the queueing', () => {
  const now = new Date('2026-12-04T03:00:00Z');
  expect(keepUntilOf(new Date(now.getTime() - 300 * DAY), now)).toEqual(
    new Date(now.getTime() + JOB_RETENTION_MS),
  );
  expect(keepUntilOf(new Date(now.getTime() + 3 * DAY), now)).toEqual(
    new Date(now.getTime() + 3 * DAY + JOB_RETENTION_MS),
  );
});

it('a job due 300 days ago survives maintenance and is run, not archived', async () => {
  const queue = await openJobQueue(t.database.db, jobOptionsOf(t.config));
  const id = randomUUID();
  await writeTransaction(t.database.db, (tx) =>
    queue.send(tx, { id, data: { kind: 'retention.check' }, startAfter: new Date(Date.now() - 300 * DAY) }),
  );
  const boss = await startBoss(t.database.db);
  try {
    await boss.maintain();
    const state = async () =>
      (await t.database.db.execute(sql`select state from pgboss.job where id = ${id}::uuid`)).rows[0]?.state;
    expect(await state()).toBe('created');
    const archived = await t.database.db.execute(sql`select 1 from pgboss.archive where id = ${id}::uuid`);
    expect(archived.rows).toHaveLength(0);
    const [job] = await boss.fetch<{ kind: string }>('notifications');
    expect(job).toMatchObject({ id, data: { kind: 'retention.check' } });
    await boss.complete('notifications', id);
    expect(await state()).toBe('completed');
  } finally {
    await boss.stop({ graceful: false, wait: true, close: false });
  }
});
