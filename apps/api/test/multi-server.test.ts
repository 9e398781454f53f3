// Issue 11's proof that N servers on one PostgreSQL share nothing else: two real servers (as `npm start` runs
// them, WORKERS_IN_PROCESS=false, each with its own DATA_DIR as on two machines) and a separate worker process
// (`npm run worker`) on one database named by DATABASE_URL. An image uploaded through one server is served by
// the other; 50 buyers racing for one slot, spread over both servers, make exactly one booking; reminders
// queued through both servers reach a real SMTP server on 127.0.0.1 exactly once each.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, notificationMessages } from '../src/db/schema';
import { replaceAvailability } from '../src/modules/availability/service';
import { createTestDatabase, type TestDatabase } from './db';
import { bookingPayload } from './fixtures';
import { ALL_DAY, MAIL_FROM, PUBLIC_URL, remindersOnly, sleep } from './support/notify';
import { freePort, spawnApi, stop, type Running } from './support/processes';
import { startSmtpServer, type TestSmtpServer } from './support/smtp-server';

const AUTH_SECRET = 'multi-server-secret-multi-server-secret-01';
let database: TestDatabase;
let smtp: TestSmtpServer;
const dataDirs: string[] = [];
let servers: { base: string; process: Running }[] = [];
let worker: Running;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpServer();
  const common = {
    DATABASE_URL: database.url,
    PUBLIC_URL,
    SMTP_URL: smtp.url,
    MAIL_FROM,
    AUTH_SECRET,
    SEED_DEMO: 'false',
    PUBLIC_WRITE_LIMIT_PER_MINUTE: '100000',
    JOBS_POLL_SECONDS: '0.5',
    JOBS_MAINTENANCE_SECONDS: '1',
  };
  for (let i = 0; i < 2; i += 1) {
    const dir = await mkdtemp(path.join(os.tmpdir(), `keyturn-server-${i}-`));
    dataDirs.push(dir);
    const port = await freePort();
    const process = spawnApi('server', {
      ...common,
      DATA_DIR: dir,
      PORT: String(port),
      WORKERS_IN_PROCESS: 'false',
    });
    servers.push({ base: `http://127.0.0.1:${port}`, process });
  }
  const workerDir = await mkdtemp(path.join(os.tmpdir(), 'keyturn-worker-'));
  dataDirs.push(workerDir);
  worker = spawnApi('worker', { ...common, DATA_DIR: workerDir, LOG_LEVEL: 'info' });
  await Promise.all([
    ...servers.map((s) => s.process.waitFor('Keyturn is running')),
    worker.waitFor('Keyturn workers are running'),
  ]);
}, 240_000);

afterAll(async () => {
  const codes = await Promise.all([
    ...servers.map((s) => stop(s.process)),
    ...(worker ? [stop(worker)] : []),
  ]);
  servers = [];
  await smtp?.close();
  await database?.drop();
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  expect(codes.every((c) => c === 0)).toBe(true);
});

type Agent = { id: string; token: string };
let made = 0;

/** Signs up on one server and creates the agent profile on the other: sessions live in the database. */
async function makeAgent(): Promise<Agent> {
  made += 1;
  const [a, b] = servers;
  const signUp = await fetch(`${a!.base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: PUBLIC_URL },
    body: JSON.stringify({
      firstName: 'Robin',
      lastName: `Agent${made}`,
      email: `robin${made}.${Date.now()}@multi.test`,
      password: 'Tangerine-Lighthouse-47',
    }),
  });
  expect(signUp.status, await signUp.clone().text()).toBe(200);
  const { token } = (await signUp.json()) as { token: string };
  const created = await fetch(`${b!.base}/api/agents`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      first_name: 'Robin',
      last_name: `Agent${made}`,
      phone: '+1 212 555 0100',
      username: `robin-agent-${made}-${Date.now().toString(36)}`,
      timeZone: 'UTC',
    }),
  });
  expect(created.status).toBe(201);
  const id = ((await created.json()) as { data: { id: string } }).data.id;
  await replaceAvailability(database.db, id, ALL_DAY);
  return { id, token };
}

// A real 20×20 PNG (one colour).
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABQAAAAUCAIAAAAC64paAAAAGElEQVR4nGNgGAWjYBSMglEwCkbBKBgFAA1sAAE7iGbvAAAAAElFTkSuQmCC',
  'base64',
);

describe('two servers and a worker on one PostgreSQL', () => {
  it('an image uploaded through one server is served by the other', async () => {
    const agent = await makeAgent();
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'logo.png');
    const uploaded = await fetch(`${servers[0]!.base}/api/uploads?kind=logo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${agent.token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const { url } = (await uploaded.json()) as { url: string };
    const served = await fetch(`${servers[1]!.base}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toContain('immutable');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
  });

  it('50 buyers racing for one slot over both servers: exactly one booking, every other answer 409', async () => {
    const agent = await makeAgent();
    const date = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const offered = (await (
      await fetch(`${servers[1]!.base}/api/booking/availability/agent/${agent.id}/${date}`)
    ).json()) as { slots: { time: string; starts_at: string }[] };
    const slot = offered.slots[20]!;
    const answers = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const res = await fetch(`${servers[i % 2]!.base}/api/booking`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(
            bookingPayload(agent.id, {
              booking_date: date,
              booking_time: slot.time.slice(0, 5),
              starts_at: slot.starts_at,
              client_email: `racer${i}@multi.test`,
            }),
          ),
        });
        return { server: i % 2, status: res.status };
      }),
    );
    const counts = new Map<number, number>();
    for (const a of answers) counts.set(a.status, (counts.get(a.status) ?? 0) + 1);
    expect(Object.fromEntries(counts)).toEqual({ 201: 1, 409: 49 });
    const stored = await database.db.select().from(bookings).where(eq(bookings.agentId, agent.id));
    expect(stored).toHaveLength(1);
  });

  it('reminders queued through both servers are sent once each by the worker', async () => {
    // Agent-made bookings take any future minute: a showing whose 15-minute reminder falls due within the
    // next minute, made through alternate servers for four agents.
    const showing = new Date(Math.ceil((Date.now() + 15 * 60_000 + 5_000) / 60_000) * 60_000);
    const booked: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const agent = await makeAgent();
      const server = servers[i % 2]!;
      const settings = await fetch(`${server.base}/api/agents/notifications`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${agent.token}` },
        body: JSON.stringify(remindersOnly([15])),
      });
      expect(settings.status).toBe(200);
      const res = await fetch(`${server.base}/api/bookings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${agent.token}` },
        body: JSON.stringify(
          bookingPayload(agent.id, {
            booking_date: showing.toISOString().slice(0, 10),
            booking_time: showing.toISOString().slice(11, 16),
            client_email: `reminded${i}.${Date.now()}@multi.test`,
          }),
        ),
      });
      expect(res.status, await res.clone().text()).toBe(201);
      booked.push(((await res.json()) as { data: { id: string } }).data.id);
    }
    const reminded = (id: string) =>
      smtp.mails.filter((m) =>
        String(m.parsed.headers.get('x-keyturn-idempotency-key') ?? '').startsWith(
          `booking:${id}/kind:reminder.buyer.email/`,
        ),
      );
    await smtp.waitFor(() => booked.every((id) => reminded(id).length >= 1), 150_000);
    // Time for a duplicate to show up if any process were to send one.
    await sleep(3000);
    expect(booked.map((id) => reminded(id).length)).toEqual([1, 1, 1, 1]);
    for (const id of booked) {
      const rows = await database.db
        .select({ status: notificationMessages.status })
        .from(notificationMessages)
        .where(
          and(eq(notificationMessages.bookingId, id), eq(notificationMessages.kind, 'reminder.buyer.email')),
        );
      expect(rows).toEqual([{ status: 'sent' }]);
    }
    // The worker process sent them: the servers run no workers.
    expect(worker.output()).toMatch(/\[jobs\] reminder [0-9a-f-]+: 1 sent/);
    for (const s of servers) expect(s.process.output()).not.toContain('[jobs] reminder');
  }, 180_000);
});
