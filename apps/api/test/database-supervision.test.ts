// Issue 11: a supervised embedded database. The real server (`npm start`) on a fresh DATA_DIR takes a stream
// of public bookings while its PostgreSQL is killed with SIGKILL: meanwhile every call answers 503
// DATABASE_UNAVAILABLE with Retry-After (never a 500, never a hang) and /api/health names the database; the
// server restarts PostgreSQL by itself (stale postmaster.pid cleared) and bookings go through again; every
// booking acknowledged with 201 is in the database afterwards. When PostgreSQL cannot be brought back, the
// process exits non-zero so that a process supervisor takes over.
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type DbHandle } from '../src/db/client';
import { ensureDatabase } from '../src/db/database';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { DATABASE_LOST_EXIT_CODE } from '../src/db/process';
import { agents, bookings, notificationMessages } from '../src/db/schema';
import { replaceAvailability } from '../src/modules/availability/service';
import { DEMO_AGENT } from '../src/demo/data';
import { DEMO_TEXTS } from '@keyturn/domain/demo';
import { bookingPayload } from './fixtures';
import { ALL_DAY, sleep } from './support/notify';
import { freePort, spawnApi, stop, type Running } from './support/processes';

let dataDir: string;
let server: Running;
let base: string;
let db: DbHandle;
let agentId: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'keyturn-supervision-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawnApi('server', {
    DATA_DIR: dataDir,
    PORT: String(port),
    LOG_LEVEL: 'info',
    DATABASE_PROBE_SECONDS: '0.5',
    DATABASE_RESTART_ATTEMPTS: '3',
    JOBS_POLL_SECONDS: '0.5',
    PUBLIC_WRITE_LIMIT_PER_MINUTE: '100000',
    AUTH_SECRET: 'supervision-secret-supervision-secret-01',
  });
  await server.waitFor('Keyturn is running');
  // The server's own database, as `npm run admin` reaches it: a bookable agent around the clock, no limits.
  const url = new URL(readFileSync(path.join(dataDir, 'postgres.url'), 'utf8').trim());
  url.pathname = '/keyturn';
  db = connect(url.toString(), 2);
  const [agent] = await db.db
    .update(agents)
    .set({ plan: 'enterprise', timeZone: 'UTC' })
    .where(eq(agents.email, DEMO_AGENT.email))
    .returning({ id: agents.id });
  agentId = agent!.id;
  await replaceAvailability(db.db, agentId, { ...ALL_DAY, minimum_notice_minutes: 0 });
}, 240_000);

afterAll(async () => {
  await db?.close();
  if (server) await stop(server);
  await rm(dataDir, { recursive: true, force: true });
});

type Slot = { date: string; time: string; startsAt: string };

async function freeSlots(days: number): Promise<Slot[]> {
  const slots: Slot[] = [];
  for (let d = 1; d <= days; d += 1) {
    const date = new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
    const res = await fetch(`${base}/api/booking/availability/agent/${agentId}/${date}`);
    const body = (await res.json()) as { slots: { time: string; starts_at: string }[] };
    for (const s of body.slots) slots.push({ date, time: s.time.slice(0, 5), startsAt: s.starts_at });
  }
  return slots;
}

function postmasterPid(): number {
  return Number.parseInt(
    readFileSync(path.join(dataDir, 'postgres/postmaster.pid'), 'utf8').split('\n')[0]!,
    10,
  );
}

type Answer = { status: number; at: number; id?: string; code?: string; retryAfter?: string | null };

describe('the embedded PostgreSQL killed under load', () => {
  it('503 DATABASE_UNAVAILABLE with Retry-After while it is down, back by itself, every 201 booking kept', async () => {
    const slots = await freeSlots(6);
    expect(slots.length).toBeGreaterThan(200);
    const answers: Answer[] = [];
    const health: { status: number; body: Record<string, string> }[] = [];
    let next = 0;
    let killedAt = 0;
    let stopAt = Number.POSITIVE_INFINITY;

    const book = async (slot: Slot): Promise<Answer> => {
      try {
        const res = await fetch(`${base}/api/booking`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(
            bookingPayload(agentId, {
              booking_date: slot.date,
              booking_time: slot.time,
              starts_at: slot.startsAt,
              client_email: `buyer.${slot.date}.${slot.time.replace(':', '')}@load.test`,
            }),
          ),
          signal: AbortSignal.timeout(30_000),
        });
        const body = (await res.json().catch(() => ({}))) as {
          booking?: { id: string };
          code?: string;
        };
        return {
          status: res.status,
          at: Date.now(),
          id: body.booking?.id,
          code: body.code,
          retryAfter: res.headers.get('retry-after'),
        };
      } catch (err) {
        // A hang (timeout) or a dropped connection counts as a failure of the claim.
        return { status: 0, at: Date.now(), code: (err as Error).name };
      }
    };

    const stream = async () => {
      while (next < slots.length && Date.now() < stopAt) {
        const slot = slots[next++]!;
        const answer = await book(slot);
        answers.push(answer);
        if (answer.status === 503) {
          const h = await fetch(`${base}/api/health`);
          health.push({ status: h.status, body: (await h.json()) as Record<string, string> });
          await sleep(100);
        }
        const resumed = answers.filter((a) => killedAt && a.at > killedAt && a.status === 201).length;
        if (resumed >= 20 && stopAt === Number.POSITIVE_INFINITY) stopAt = Date.now();
      }
    };

    const killer = async () => {
      while (answers.filter((a) => a.status === 201).length < 20) await sleep(20);
      killedAt = Date.now();
      process.kill(postmasterPid(), 'SIGKILL');
    };

    await Promise.all([stream(), stream(), stream(), stream(), killer()]);

    const statuses = new Map<number, number>();
    for (const a of answers) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
    const unexpected = answers.filter((a) => ![201, 409, 503].includes(a.status));
    expect(unexpected, JSON.stringify([...statuses]) + server.output()).toEqual([]);

    // While it was down: 503s in the one shape, with Retry-After, and /api/health said which part.
    const unavailable = answers.filter((a) => a.status === 503);
    expect(unavailable.length).toBeGreaterThan(0);
    expect(unavailable.every((a) => a.code === 'DATABASE_UNAVAILABLE' && Number(a.retryAfter) > 0)).toBe(
      true,
    );
    expect(
      health.some(
        (h) => h.status === 503 && h.body.database === 'unreachable' && h.body.workers === 'failing',
      ),
    ).toBe(true);

    // It came back by itself: bookings after the kill, the server still the same process.
    const afterKill = answers.filter((a) => a.at > killedAt && a.status === 201);
    expect(afterKill.length).toBeGreaterThanOrEqual(20);
    expect(server.child.exitCode).toBeNull();
    expect(server.output()).toContain('restarting the embedded PostgreSQL');
    expect(postmasterPid()).not.toBeNaN();
    const healthNow = await fetch(`${base}/api/health`);
    expect(healthNow.status).toBe(200);
    expect(await healthNow.json()).toMatchObject({ database: 'ok', jobs: 'ok' });

    // The notification workers in the server came through too: the last booking's confirmation is written.
    // The agent is the demo's, whose messages are kept on the server (decision 064): written to the outbox and
    // marked not sent, with the reason, once the worker has handled the job.
    const last = answers.filter((a) => a.status === 201).at(-1)!.id!;
    const handled = (m: { status: string; lastError: string | null; fileName: string | null }) =>
      m.status === 'skipped' && m.lastError === DEMO_TEXTS.notSent && Boolean(m.fileName);
    const lastMessagesOf = () =>
      db.db
        .select({
          status: notificationMessages.status,
          lastError: notificationMessages.lastError,
          fileName: notificationMessages.fileName,
        })
        .from(notificationMessages)
        .where(eq(notificationMessages.bookingId, last));
    for (let i = 0; i < 900; i += 1) {
      if ((await lastMessagesOf()).some(handled)) break;
      await sleep(100);
    }
    expect((await lastMessagesOf()).some(handled)).toBe(true);

    // Every acknowledged booking is stored.
    const acknowledged = answers.filter((a) => a.status === 201).map((a) => a.id!);
    const stored = await db.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(inArray(bookings.id, acknowledged));
    expect(stored).toHaveLength(acknowledged.length);
    console.log(
      JSON.stringify({
        figure: 'postgres-sigkill-under-load',
        answers: Object.fromEntries(statuses),
        acknowledgedStored: `${stored.length}/${acknowledged.length}`,
        msUnavailable: (unavailable.at(-1)?.at ?? killedAt) - killedAt,
      }),
    );
  }, 180_000);

  it('a PostgreSQL that cannot be restarted: the server exits non-zero for its supervisor', async () => {
    // A cluster folder PostgreSQL refuses to start from (its version file no longer matches the binaries).
    const versionFile = path.join(dataDir, 'postgres/PG_VERSION');
    const version = readFileSync(versionFile, 'utf8');
    writeFileSync(versionFile, '9.6\n');
    try {
      process.kill(postmasterPid(), 'SIGKILL');
      const code = await server.exited;
      expect(code, server.output()).toBe(DATABASE_LOST_EXIT_CODE);
      expect(server.output()).toContain('could not be restarted after 3 tries');
    } finally {
      writeFileSync(versionFile, version);
    }
  }, 120_000);
});

describe('DATABASE_URL: the PostgreSQL server goes away and comes back', () => {
  it('503 DATABASE_UNAVAILABLE while it is away; the pool reconnects by itself once it is back', async () => {
    const pgDir = await mkdtemp(path.join(os.tmpdir(), 'keyturn-external-pg-'));
    const external = await startEmbeddedPostgres(pgDir);
    const port = await freePort();
    const url = await ensureDatabase(external.adminUrl, 'keyturn');
    const api = spawnApi('server', {
      DATABASE_URL: url,
      DATA_DIR: pgDir,
      PORT: String(port),
      DATABASE_PROBE_SECONDS: '0.5',
      AUTH_SECRET: 'supervision-secret-supervision-secret-01',
    });
    // An agent lookup: 404 when the database answered that nobody has this id, 503 while it cannot answer.
    const NOBODY = '/api/agents/id/00000000-0000-4000-8000-000000000000';
    const get = (p: string) => fetch(`http://127.0.0.1:${port}${p}`, { signal: AbortSignal.timeout(30_000) });
    try {
      await api.waitFor('Keyturn is running');
      expect((await get('/api/health')).status).toBe(200);

      // Gone: the server is killed outright (no restart here — the server is someone else's to run).
      process.kill(
        Number.parseInt(
          readFileSync(path.join(pgDir, 'postgres/postmaster.pid'), 'utf8').split('\n')[0]!,
          10,
        ),
        'SIGKILL',
      );
      let down: Response | null = null;
      for (let i = 0; i < 100 && !down; i += 1) {
        const res = await get(NOBODY);
        if (res.status === 503) down = res;
        else await sleep(100);
      }
      expect(down?.headers.get('retry-after')).toBeTruthy();
      expect(await down!.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
      const health = await get('/api/health');
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({ status: 'unavailable', database: 'unreachable' });

      // Back on the same address: the same process answers again.
      await external.restart();
      let back = 0;
      for (let i = 0; i < 100 && back !== 404; i += 1) {
        back = (await get(NOBODY)).status;
        if (back !== 404) await sleep(100);
      }
      expect(back).toBe(404);
      expect(api.child.exitCode).toBeNull();
    } finally {
      expect(await stop(api)).toBe(0);
      await external.stop();
      await rm(pgDir, { recursive: true, force: true });
    }
  }, 240_000);
});
