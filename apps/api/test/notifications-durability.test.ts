// Issue 6's durability claims with real processes on one database: a server killed with SIGKILL while
// reminders are being sent loses none and sends none twice after its restart; two worker processes share the
// queue and send each reminder exactly once, even when every reminder job was queued twice.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationJobs, notificationMessages } from '../src/db/schema';
import { jobOptionsOf, openJobQueue } from '../src/jobs/queue';
import { createTestApp, type TestApp } from './app';
import { makeAgent } from './fixtures';
import {
  ALL_DAY,
  DAY,
  jobsOf,
  MAIL_FROM,
  MINUTE,
  PUBLIC_URL,
  remindersOnly,
  sleep,
  bookAt,
  minutesFromNow,
  testClock,
} from './support/notify';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from './support/smtp-server';
import { OFFLINE_MAPS_ENV } from './support/offline-maps';
import { entryFile, freePort } from './support/processes';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const clock = testClock();
let t: TestApp;
let smtp: TestSmtpServer;
let dataDir: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'keyturn-durability-'));
  // Retry settings travel with each job, so the process that books decides them: a job whose worker died is
  // failed (and retried) NOTIFY_SEND_TIMEOUT_SECONDS after it started.
  t = await createTestApp({
    now: clock.now,
    env: { PUBLIC_URL, NOTIFY_SEND_TIMEOUT_SECONDS: '4', NOTIFY_RETRY_DELAY_SECONDS: '1' },
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await rm(dataDir, { recursive: true, force: true });
});

type Running = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

async function spawnApi(entry: 'server' | 'worker', logLevel = 'warn'): Promise<Running> {
  // A free port each time: fixed ones meet another run of this suite on the same machine.
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: t.database.url,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL,
    LOG_LEVEL: logLevel,
    SEED_DEMO: 'false',
    SMTP_URL: smtp.url,
    MAIL_FROM,
    JOBS_POLL_SECONDS: '0.5',
    JOBS_MAINTENANCE_SECONDS: '1',
    AUTH_SECRET: 'durability-secret-durability-secret-0123',
    ...OFFLINE_MAPS_ENV,
  };
  delete env.INIT_CWD;
  const child = spawn(process.execPath, [entryFile(entry)], { cwd: apiDir, env });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

/**
 * `n` agents with one booking each, made "two days ago" for a showing 40 minutes from now: both reminders
 * (24 h and 1 h before) are due. Confirmations are switched off so every mail is a reminder.
 */
async function dueReminders(n: number): Promise<{ bookingIds: string[]; expected: Set<string> }> {
  const bookingIds: string[] = [];
  const realNow = Date.now();
  const showing = minutesFromNow(40 * MINUTE);
  for (let i = 0; i < n; i += 1) {
    clock.set(null);
    const agent = await makeAgent(t, { timeZone: 'UTC', availability: ALL_DAY });
    const settings = await t.request({
      method: 'PUT',
      url: '/api/agents/notifications',
      token: agent.token,
      payload: remindersOnly([1440, 60]),
    });
    expect(settings.statusCode).toBe(200);
    clock.set(new Date(realNow - 2 * DAY));
    const booked = await bookAt(t, agent, showing, { client_email: `buyer${i}.${realNow}@durable.test` });
    bookingIds.push(booked.id);
  }
  clock.set(null);
  const expected = new Set(bookingIds.flatMap((id) => [`${id}|1440`, `${id}|60`]));
  return { bookingIds, expected };
}

/** `{bookingId}|{offset}` of a received reminder, from its idempotency key header and subject. */
function reminderOf(mail: ReceivedMail): string | null {
  const key = String(mail.parsed.headers.get('x-keyturn-idempotency-key') ?? '');
  const match = /^booking:([0-9a-f-]{36})\/kind:reminder\.buyer\.email\//.exec(key);
  if (!match) return null;
  return `${match[1]}|${mail.subject.includes(' in 24 hours ') ? 1440 : 60}`;
}

function countsOf(expected: Set<string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const m of smtp.mails) {
    const r = reminderOf(m);
    if (r && expected.has(r)) counts.set(r, (counts.get(r) ?? 0) + 1);
  }
  return counts;
}

describe('a server killed while reminders are due', () => {
  it('SIGKILL mid-send, restart: every due reminder arrives, none twice', async () => {
    const { bookingIds, expected } = await dueReminders(8);
    smtp.setDelay(100);
    const started = Date.now();
    const first = await spawnApi('server');
    await smtp.waitFor(() => countsOf(expected).size >= 5, 60_000);

    // Stop accepting mail: the next message a worker sends is held before our 250 answer. Once one is held
    // (and everything accepted earlier has had time to be recorded), the server dies.
    let held!: () => void;
    const isHeld = new Promise<void>((resolve) => (held = resolve));
    smtp.hold(() => held());
    await isHeld;
    await sleep(300);
    const killedAt = Date.now();
    first.child.kill('SIGKILL');
    expect(await first.exited).toBeNull();
    await sleep(300);
    smtp.release();
    await sleep(300);
    const beforeRestart = countsOf(expected).size;
    expect(beforeRestart).toBeGreaterThanOrEqual(5);
    expect(beforeRestart).toBeLessThan(expected.size);
    // The message in flight at the kill was never accepted.
    expect(smtp.dropped).toBeGreaterThanOrEqual(1);

    const restartedAt = Date.now();
    const second = await spawnApi('server');
    try {
      await smtp.waitFor(() => countsOf(expected).size === expected.size, 60_000);
      const completedAt = Date.now();
      await sleep(3000);
      const counts = countsOf(expected);
      expect([...counts.values()].every((n) => n === 1)).toBe(true);
      expect(counts.size).toBe(expected.size);
      const reminderMails = smtp.mails.filter((m) => reminderOf(m) && expected.has(reminderOf(m)!));
      expect(new Set(reminderMails.map((m) => m.messageId)).size).toBe(expected.size);
      const rows = await t.database.db
        .select()
        .from(notificationMessages)
        .where(
          and(
            inArray(notificationMessages.bookingId, bookingIds),
            like(notificationMessages.kind, 'reminder.%'),
          ),
        );
      expect(rows).toHaveLength(expected.size);
      expect(rows.every((r) => r.status === 'sent')).toBe(true);
      console.log(
        JSON.stringify({
          figure: 'kill-restart',
          reminders: expected.size,
          sentBeforeKill: beforeRestart,
          droppedInFlight: smtp.dropped,
          msKillToRestart: restartedAt - killedAt,
          msRestartToAllDelivered: completedAt - restartedAt,
          msTotal: completedAt - started,
        }),
      );
    } finally {
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    }
    if (second.output().includes('Error')) console.log(second.output());
  }, 180_000);
});

describe('two worker processes on one database', () => {
  it('each reminder is sent exactly once, even with every job queued twice', async () => {
    const { bookingIds, expected } = await dueReminders(8);
    // A second copy of every reminder job: the two workers may each take one copy at the same moment.
    const queue = await openJobQueue(t.database.db, jobOptionsOf(t.config));
    for (const id of bookingIds) {
      for (const job of (await jobsOf(t, id)).filter((j) => j.event === 'reminder')) {
        await t.database.db.transaction((tx) =>
          queue.send(tx, { id: crypto.randomUUID(), data: job.data!, startAfter: new Date(0) }),
        );
      }
    }
    const queued = await t.database.db
      .select()
      .from(notificationJobs)
      .where(and(inArray(notificationJobs.bookingId, bookingIds), eq(notificationJobs.event, 'reminder')));
    expect(queued).toHaveLength(expected.size);

    smtp.setDelay(50);
    const started = Date.now();
    const workers = [await spawnApi('worker', 'info'), await spawnApi('worker', 'info')];
    try {
      await smtp.waitFor(() => countsOf(expected).size === expected.size, 60_000);
      const completedAt = Date.now();
      await sleep(3000);
      const counts = countsOf(expected);
      expect(counts.size).toBe(expected.size);
      expect([...counts.values()].every((n) => n === 1)).toBe(true);
      // Both processes did part of the work.
      const sentBy = workers.map(
        (w) => (w.output().match(/\[jobs\] reminder [0-9a-f-]+: 1 sent/g) ?? []).length,
      );
      expect(sentBy.every((n) => n > 0)).toBe(true);
      expect(sentBy.reduce((a, b) => a + b, 0)).toBe(expected.size);
      console.log(
        JSON.stringify({
          figure: 'two-workers',
          reminders: expected.size,
          jobs: expected.size * 2,
          sentByWorker: sentBy,
          msToAllDelivered: completedAt - started,
        }),
      );
    } catch (err) {
      for (const w of workers) console.log(w.output());
      throw err;
    } finally {
      for (const w of workers) w.child.kill('SIGTERM');
    }
    const codes = await Promise.all(workers.map((w) => w.exited));
    expect(codes, workers.map((w) => w.output()).join('\n----\n')).toEqual([0, 0]);
  }, 180_000);
});
