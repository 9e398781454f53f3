// The public API under load (issue 18), on a real server process each side:
// - availability: GET /api/booking/availability/:propertyId/:date on the real API (`apps/api/src/server.ts`)
//   against bench/baseline-server.ts (bare Fastify + pg, one indexed query) on the same database and data, at
//   8 and 64 connections, runs interleaved A B A B A B (autocannon), each figure the median of its runs. The
//   API keeps a date's answer for its minute at the agent's schedule version (decision 035), so these calls
//   are one version lookup each; a second API with PUBLIC_DATE_ANSWERS_KEPT=0 computes every call (the inputs
//   statement and the slot engine), measured the same way at 64 connections ("computed");
// - bookings/s: POST /api/booking on distinct free slots at 16 connections (each answer a 201), against the
//   baseline server inserting the same bodies as one booking row each (same table, same EXCLUDE constraint),
//   interleaved A B A B A B, medians;
// - scale (BENCH_SCALE=1, a few minutes): the same availability call, computed every time, at 8 connections
//   after the database grew
//   to 10,000 agents and 1,000,000 bookings (bench/api-data.ts), its p50 against the p50 at 1,000 bookings,
//   EXPLAIN ANALYZE of each statement the call runs, and the database size.
// The servers run with rate limits high enough not to refuse the bench (their counting still runs), no demo
// data and no in-process notification workers. BENCH_API_CPU_PROF=<folder> writes the API's CPU profile there (the baseline's in <folder>/baseline).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { bookingWindow } from '@keyturn/domain/slots/engine';
import { connect } from '../apps/api/src/db/client';
import { ensureDatabase } from '../apps/api/src/db/database';
import { freePort, startEmbeddedPostgres } from '../apps/api/src/db/embedded';
import { runMigrations } from '../apps/api/src/db/migrate';
import { OFFLINE_MAPS_ENV } from '../apps/api/test/support/offline-maps';
import { generateScale, seedBench, type BenchAgent } from './api-data';

type Print = (figure: Record<string, unknown> & { name: string; value: number; unit: string }) => void;
type Run = {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  statuses: string;
};

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = 3;
/** BENCH_API_PARTS=availability,bookings (default both): which runs (profiling one at a time). */
const PARTS = new Set((process.env.BENCH_API_PARTS ?? 'availability,bookings').split(','));
/** The subject, the API's booking agents and the baseline's booking agents (distinct slots for every run): 100
 * a side, as on a quiet machine the baseline inserts ~5,000 rows a second and must not run out of slots. */
const BOOKING_AGENTS = 201;
const SUBJECT_BOOKINGS = 1_000;

export async function apiBench(print: Print): Promise<void> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'keyturn-bench-api-'));
  const server = process.env.DATABASE_URL ? null : await startEmbeddedPostgres(path.join(tmp, 'pg'));
  const adminUrl = server?.adminUrl ?? process.env.DATABASE_URL!;
  const url = await ensureDatabase(adminUrl, 'keyturn_bench_api');
  const handle = connect(url, 2);
  const children: ChildProcess[] = [];
  try {
    await handle.db.execute(sql`drop schema if exists public cascade`);
    await handle.db.execute(sql`drop schema if exists pgboss cascade`);
    await handle.db.execute(sql`drop schema if exists drizzle cascade`);
    await handle.db.execute(sql`create schema public`);
    await runMigrations(handle.pool);
    const agents = await seedBench(handle.db, { agents: BOOKING_AGENTS, subjectBookings: SUBJECT_BOOKINGS });
    const subject = agents[0]!;
    const window = bookingWindow(new Date(), subject.timeZone);
    const date = addDays(window.from, 9);
    const availabilityPath = `/api/booking/availability/${subject.propertyId}/${date}`;

    const apiPort = Number(process.env.BENCH_API_PORT ?? (await freePort()));
    const basePort = Number(process.env.BENCH_BASELINE_PORT ?? (await freePort()));
    const startApi = async (port: number, env: Record<string, string>, profile: string | null) =>
      start(
        'api',
        path.join(root, 'apps/api'),
        [...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []), '--import', 'tsx', 'src/server.ts'],
        {
          DATABASE_URL: url,
          DATA_DIR: path.join(tmp, `data-${port}`),
          PORT: String(port),
          HOST: '127.0.0.1',
          SEED_DEMO: 'false',
          WORKERS_IN_PROCESS: 'false',
          PUBLIC_READ_LIMIT_PER_MINUTE: '100000000',
          PUBLIC_WRITE_LIMIT_PER_MINUTE: '100000000',
          // The supervisor's probe opens a connection; on a loaded machine a slow one would turn every answer
          // into a 503 for a while (the figures would then be refused, not wrong).
          DATABASE_PROBE_SECONDS: '60',
          // No public maps service is called from a measurement (issue 30: they are the defaults).
          ...OFFLINE_MAPS_ENV,
          ...env,
        },
        port,
      );
    const profile = process.env.BENCH_API_CPU_PROF ?? null;
    children.push(await startApi(apiPort, {}, profile));
    // The same API computing every call (no kept answers), for the "computed" figures and the scale run.
    const computedPort = Number(process.env.BENCH_API_COMPUTED_PORT ?? (await freePort()));
    children.push(
      await startApi(
        computedPort,
        { PUBLIC_DATE_ANSWERS_KEPT: '0' },
        profile ? path.join(profile, 'computed') : null,
      ),
    );
    children.push(
      await start(
        'baseline',
        root,
        [
          ...(process.env.BENCH_API_CPU_PROF
            ? ['--cpu-prof', `--cpu-prof-dir=${path.join(process.env.BENCH_API_CPU_PROF, 'baseline')}`]
            : []),
          '--import',
          'tsx',
          'bench/baseline-server.ts',
        ],
        {
          DATABASE_URL: url,
          PORT: String(basePort),
        },
        basePort,
      ),
    );
    for (const port of [apiPort, computedPort]) {
      const first = await fetch(`http://127.0.0.1:${port}${availabilityPath}`);
      const answer = (await first.json()) as { slots?: unknown[] };
      if (first.status !== 200 || !answer.slots?.length) {
        throw new Error(`the availability call answered ${first.status}: the figures would mean nothing`);
      }
    }

    // p50 at 8 connections of the computing API: what the scale run compares with.
    const p50At1k: number[] = [];
    for (const [port, kind] of [
      [apiPort, ''],
      [computedPort, 'computed_'],
    ] as const) {
      for (const connections of PARTS.has('availability') ? [8, 64] : []) {
        const a: Run[] = [];
        const b: Run[] = [];
        await load(port, availabilityPath, connections, 1); // warm-up (JIT, prepared statements, pools)
        await load(basePort, availabilityPath, connections, 1);
        for (let round = 0; round < ROUNDS; round++) {
          a.push(await load(port, availabilityPath, connections, SECONDS));
          b.push(await load(basePort, availabilityPath, connections, SECONDS));
        }
        checkClean(`availability ${kind}`, a);
        checkClean('baseline', b);
        if (connections === 8 && kind) p50At1k.push(...a.map((r) => r.p50));
        printMedians(print, a, b, {
          rate: ['req_per_s', 'req/s (median)'],
          name: (figure) => `availability_${kind}${figure}_${connections}_connections`,
          baseline: (figure) => `bare_fastify_pg_${figure}`,
        });
      }
    }

    // Bookings per second on distinct slots: each request takes the next free (agent, date, time) of its
    // side's queue — the API's on the hour within the agents' hours, the baseline's (which checks no hours)
    // every half hour of the day on agents of its own — so no run meets a slot an earlier run took.
    if (PARTS.has('bookings')) {
      const half = 1 + (BOOKING_AGENTS - 1) / 2;
      const apiSlots = slotQueue(bookableSlots(agents.slice(1, half), window, { hours: [10, 19], step: 60 }));
      const baseSlots = slotQueue(bookableSlots(agents.slice(half), window, { hours: [0, 23], step: 30 }));
      const a: Run[] = [];
      const b: Run[] = [];
      await bookingLoad(apiPort, apiSlots, 1); // warm-up
      await bookingLoad(basePort, baseSlots, 1);
      for (let round = 0; round < ROUNDS; round++) {
        a.push(await bookingLoad(apiPort, apiSlots, SECONDS));
        b.push(await bookingLoad(basePort, baseSlots, SECONDS));
      }
      checkClean('bookings', a);
      checkClean('baseline bookings', b);
      printMedians(print, a, b, {
        rate: ['per_s', 'bookings/s (median; every answer a 201)'],
        name: (figure) => `bookings_${figure}_distinct_slots_16_connections`,
        baseline: (figure) => `bare_fastify_pg_insert_${figure}`,
      });
    }

    if (process.env.BENCH_SCALE === '1') {
      const sequentialAt1k = await sequentialP50(computedPort, availabilityPath);
      await scaleRun(print, handle.db, url, computedPort, availabilityPath, subject, date, {
        loaded: median(p50At1k),
        sequential: sequentialAt1k,
      });
    } else {
      console.error('scale run skipped: BENCH_SCALE=1 runs it (10,000 agents, 1,000,000 bookings, minutes)');
    }
  } finally {
    for (const child of children) await stop(child);
    await handle.close();
    await server?.stop();
    await rm(tmp, { recursive: true, force: true });
  }
}

async function scaleRun(
  print: Print,
  db: ReturnType<typeof connect>['db'],
  url: string,
  apiPort: number,
  availabilityPath: string,
  subject: BenchAgent,
  date: string,
  at1k: { loaded: number; sequential: number },
) {
  const started = Date.now();
  // The subject's rows stay as they were: the figures compare the same rows in a table 1,000 times larger,
  // settled as a database that grew over time would be (vacuumed, checkpointed).
  const totals = await generateScale(db, { agents: 10_000, bookings: 1_000_000 });
  await db.execute(sql`vacuum (analyze) bookings`);
  await db.execute(sql`checkpoint`).catch(() => {}); // needs a superuser (or pg_checkpoint) on DATABASE_URL
  const generatedSeconds = (Date.now() - started) / 1000;
  await load(apiPort, availabilityPath, 8, 1);
  const runs: Run[] = [];
  for (let round = 0; round < ROUNDS; round++) runs.push(await load(apiPort, availabilityPath, 8, SECONDS));
  checkClean('availability at scale', runs);
  const p50 = median(runs.map((r) => r.p50));
  print({
    name: 'availability_p50_8_connections_at_1m_bookings',
    value: p50,
    unit: 'ms (median of runs; autocannon counts whole ms)',
    baseline: { name: 'availability_p50_8_connections_at_1k_bookings', value: at1k.loaded },
    ratio: Number((p50 / at1k.loaded).toFixed(2)),
  });
  const sequential = await sequentialP50(apiPort, availabilityPath);
  print({
    name: 'availability_p50_one_client_at_1m_bookings',
    value: sequential,
    unit: 'ms (median of 1,000 requests one after another)',
    baseline: { name: 'availability_p50_one_client_at_1k_bookings', value: at1k.sequential },
    ratio: Number((sequential / at1k.sequential).toFixed(2)),
    agents: totals.agents,
    bookings: totals.bookings,
    generated_in_s: generatedSeconds,
  });
  const size = await db.execute<{ size: string; bytes: string }>(sql`
    select pg_size_pretty(pg_database_size(current_database())) as size,
           pg_database_size(current_database()) as bytes`);
  print({
    name: 'database_size_at_1m_bookings',
    value: Number(size.rows[0]!.bytes),
    unit: 'bytes',
    pretty: size.rows[0]!.size,
  });
  // EXPLAIN ANALYZE of each statement the availability call runs (as prepared, a generic plan): its one read
  // when it computes, the version lookup when a kept answer may be served (decision 035), and the rate-limit
  // upsert of a client's first hit in a window (later hits are batched: the same upsert).
  const { scheduleVersionStatement, slotInputsStatement } =
    await import('../apps/api/src/modules/availability/slot-inputs');
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const [from, to] = [addDays(date, -2), addDays(date, 3)];
    const client = await pool.connect();
    try {
      await client.query(`set plan_cache_mode = force_generic_plan`);
      for (const [name, text, values] of [
        [
          'slot inputs of a property (one round trip)',
          slotInputsStatement('property'),
          [subject.propertyId, new Date(`${from}T12:00:00Z`), new Date(`${to}T12:00:00Z`), null],
        ],
        [
          'schedule version of a property (kept answers)',
          scheduleVersionStatement('property'),
          [subject.propertyId],
        ],
        [
          'rate-limit counter upsert',
          `insert into rate_limits (key, count, resets_at) values ($1, 1, now() + interval '1 minute')
           on conflict (key) do update set count = rate_limits.count + excluded.count returning count`,
          ['public-read|203.0.113.9'],
        ],
      ] as const) {
        const plan = await client.query(`explain (analyze, buffers) ${text}`, [...values]);
        const lines = plan.rows.map((row: Record<string, string>) => Object.values(row)[0]).join('\n');
        console.log(`-- EXPLAIN ANALYZE: ${name}, at ${totals.bookings} bookings\n${lines}`);
      }
    } finally {
      client.release();
    }
  } finally {
    await pool.end();
  }
}

/** The median time of one availability call, 1,000 calls one after another on one connection (µs precision). */
async function sequentialP50(port: number, urlPath: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 1_100; i++) {
    const started = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}${urlPath}`);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`availability answered ${res.status}`);
    if (i >= 100) times.push(performance.now() - started); // the first 100 warm up
  }
  return Number(median(times).toFixed(3));
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

type Slot = { agent: BenchAgent; date: string; time: string };

/** Slots from day 20 of the window on (the subject's availability date stays untouched), `from`–`to` o'clock
 * every `step` minutes; with the agents' 15-minute buffer, on the hour keeps API bookings apart. */
function bookableSlots(
  agents: BenchAgent[],
  window: { from: string; to: string },
  { hours: [from, to], step }: { hours: [number, number]; step: 30 | 60 },
): Slot[] {
  const slots: Slot[] = [];
  for (let day = 20; day < 60; day++) {
    for (let hour = from; hour <= to; hour++) {
      for (const minute of step === 30 ? ['00', '30'] : ['00']) {
        for (const agent of agents) {
          const time = `${String(hour).padStart(2, '0')}:${minute}`;
          slots.push({ agent, date: addDays(window.from, day), time });
        }
      }
    }
  }
  return slots;
}

/** Hands out each slot once; running out would make the figures mean nothing. */
function slotQueue(slots: Slot[]): () => Slot {
  let next = 0;
  return () => {
    const slot = slots[next++];
    if (!slot) throw new Error('the bench ran out of distinct slots: raise BOOKING_AGENTS');
    return slot;
  };
}

function load(port: number, urlPath: string, connections: number, seconds: number): Promise<Run> {
  return new Promise((resolve, reject) => {
    autocannon(
      { url: `http://127.0.0.1:${port}${urlPath}`, connections, duration: seconds, pipelining: 1 },
      (err, result) => (err ? reject(err) : resolve(runOf(result))),
    );
  });
}

function bookingLoad(port: number, nextSlot: () => Slot, seconds: number): Promise<Run> {
  let next = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `http://127.0.0.1:${port}/api/booking`,
        connections: 16,
        duration: seconds,
        requests: [
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            setupRequest: (req) => {
              const slot = nextSlot();
              next += 1;
              return {
                ...req,
                body: JSON.stringify({
                  property_id: slot.agent.propertyId,
                  agent_id: slot.agent.id,
                  client_name: 'Jordan Rivera',
                  client_email: `jordan${next}@example.com`,
                  client_phone: '+1 512 555 0100',
                  buyer_type: 'first_time_buyer',
                  budget_min: 300000,
                  budget_max: 400000,
                  income_range: '100000-125000',
                  booking_purpose: 'property_viewing',
                  custom_purpose: null,
                  booking_date: slot.date,
                  booking_time: slot.time,
                  message: 'Is the garage included?',
                }),
              };
            },
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve(runOf(result))),
    );
  });
}

function runOf(result: autocannon.Result): Run {
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statuses: JSON.stringify(result.statusCodeStats),
  };
}

/** The rate, p50 and p99 of the subject's runs `a` against the baseline's runs `b`, each the median. */
function printMedians(
  print: Print,
  a: Run[],
  b: Run[],
  names: { rate: [string, string]; name: (figure: string) => string; baseline: (figure: string) => string },
) {
  for (const [figure, unit, pick] of [
    [...names.rate, (r: Run) => r.rps],
    ['p50', 'ms (median)', (r: Run) => r.p50],
    ['p99', 'ms (median)', (r: Run) => r.p99],
  ] as const) {
    const value = median(a.map(pick));
    const base = median(b.map(pick));
    print({
      name: names.name(figure),
      value,
      unit,
      baseline: { name: names.baseline(figure), value: base },
      ratio: Number((value / base).toFixed(2)),
      runs: ROUNDS,
    });
  }
}

function checkClean(what: string, runs: Run[]) {
  const bad = runs.reduce((n, r) => n + r.non2xx + r.errors, 0);
  if (bad > 0) {
    const statuses = runs.map((r) => r.statuses).join(' ');
    throw new Error(`${what}: ${bad} answers were not 2xx (${statuses}): the figures would mean nothing`);
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function start(
  name: string,
  cwd: string,
  args: string[],
  env: Record<string, string>,
  port: number,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} server exited with ${child.exitCode}`);
    try {
      await fetch(`http://127.0.0.1:${port}/api/health`);
      return child;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  child.kill('SIGTERM');
  throw new Error(`${name} server did not start on port ${port}`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await apiBench((figure) => console.log(JSON.stringify(figure)));
}
