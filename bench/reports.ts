// The Reports query at 100,000 bookings for one agent (issue 13), with its same-run baseline: one plain
// `count(*)` over the same rows (same agent, same range). A and B run interleaved (A B A B …) so load on the
// machine hits both alike; the figure is each side's median. Runs on an embedded PostgreSQL in a temporary
// folder, or on DATABASE_URL when set (a database `keyturn_bench` is created there).
// The bookings are written straight into the tables, so their leads' stored classes come from the backfill
// (the path an upgraded installation takes at start): its time for all 120,000 bookings is a figure too, as
// are a second, idempotent run and the write-time cost of storing one lead's classes after a change.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { connect } from '../apps/api/src/db/client';
import { ensureDatabase } from '../apps/api/src/db/database';
import { startEmbeddedPostgres } from '../apps/api/src/db/embedded';
import { runMigrations } from '../apps/api/src/db/migrate';
import { backfillLeadClasses, reclassifyLead } from '../apps/api/src/modules/leads/classes';
import { benchmarks, coreReport, reportBreakdowns } from '../apps/api/src/modules/reports/service';

type Print = (figure: {
  name: string;
  value: number;
  unit: string;
  baseline?: { name: string; value: number };
  ratio?: number;
  rows: number;
  leads?: number;
}) => void;

const BOOKINGS = 100_000;
const OTHER_AGENT_BOOKINGS = 20_000;
const ROUNDS = 15;
const range = { from: '2030-01-01', to: '2030-12-31' };

export async function reportsBench(print: Print): Promise<void> {
  const tmp = process.env.DATABASE_URL ? null : await mkdtemp(path.join(os.tmpdir(), 'keyturn-bench-'));
  const server = tmp ? await startEmbeddedPostgres(tmp) : null;
  const adminUrl = server?.adminUrl ?? process.env.DATABASE_URL!;
  const handle = connect(await ensureDatabase(adminUrl, 'keyturn_bench'), 2);
  try {
    await runMigrations(handle.pool);
    const { db } = handle;
    const agent = await seed(db, 'bench-agent', BOOKINGS);
    await seed(db, 'bench-other', OTHER_AGENT_BOOKINGS);
    const backfillStart = performance.now();
    const backfill = await backfillLeadClasses(db);
    print({
      name: 'lead_class_backfill_120k_bookings',
      value: round(performance.now() - backfillStart),
      unit: 'ms (once)',
      rows: BOOKINGS + OTHER_AGENT_BOOKINGS,
      leads: backfill.classified,
    });
    const againStart = performance.now();
    const again = await backfillLeadClasses(db);
    if (again.classified !== 0) throw new Error('a second backfill found work: it is not idempotent');
    print({
      name: 'lead_class_backfill_again_nothing_to_do',
      value: round(performance.now() - againStart),
      unit: 'ms (once)',
      rows: BOOKINGS + OTHER_AGENT_BOOKINGS,
      leads: 0,
    });
    await db.execute(sql`analyze`);
    // A change's extra work: one lead (20 bookings, some answered) classified again in a transaction.
    const oneLead: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      oneLead.push(
        await timed(() => db.transaction((tx) => reclassifyLead(tx, agent.id, `buyer${i}@example.com`))),
      );
    }
    print({
      name: 'lead_class_store_one_lead_20_bookings',
      value: round(median(oneLead)),
      unit: 'ms (median)',
      rows: BOOKINGS / 5000,
    });

    const count = async () =>
      db.execute(sql`
        select count(*) from bookings
        where agent_id = ${agent.id}
          and starts_at >= (${range.from}::date)::timestamp at time zone ${agent.timeZone}
          and starts_at < (${range.to}::date + 1)::timestamp at time zone ${agent.timeZone}`);
    const counted = Number((await count()).rows[0]?.count);
    const report = await coreReport(db, agent, range);
    if (report.bookings_by_day.reduce((n, d) => n + d.total, 0) !== counted || counted !== BOOKINGS) {
      throw new Error(
        'the report and the baseline do not cover the same rows: the figure would mean nothing',
      );
    }

    for (const [name, run] of [
      ['reports_core_100k_bookings', () => coreReport(db, agent, range)],
      ['reports_breakdowns_100k_bookings', () => reportBreakdowns(db, agent, range)],
      // Every agent's bookings in the range (120,000): each agent's hot leads from their stored classes.
      ['reports_benchmarks_120k_bookings', () => benchmarks(db, agent, range)],
    ] as const) {
      const { a, b } = await interleaved(run, count);
      print({
        name,
        value: round(a),
        unit: 'ms (median)',
        baseline: { name: 'count_star_same_rows', value: round(b) },
        ratio: Number((a / b).toFixed(2)),
        rows: counted,
      });
    }
  } finally {
    await handle.close();
    await server?.stop();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  }
}

const round = (ms: number) => Number(ms.toFixed(2));

async function interleaved(a: () => Promise<unknown>, b: () => Promise<unknown>) {
  for (let i = 0; i < 3; i++) {
    await a();
    await b();
  }
  const as: number[] = [];
  const bs: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    as.push(await timed(a));
    bs.push(await timed(b));
  }
  return { a: median(as), b: median(bs) };
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/**
 * One agent in New York with 10 properties and `n` bookings spread over 2030 (08:00–20:00 local), in the
 * ended states that may overlap (completed, no-show, cancelled, rescheduled, declined), a third of the
 * completed ones with feedback. Reproducible: the mix follows the row number.
 */
async function seed(db: ReturnType<typeof connect>['db'], name: string, n: number) {
  const timeZone = 'America/New_York';
  await db.execute(sql`delete from users where id = ${name}`);
  await db.execute(
    sql`insert into users (id, name, email) values (${name}, ${name}, ${`${name}@example.com`})`,
  );
  const [agent] = (
    await db.execute<{ id: string }>(sql`
      insert into agents (user_id, username, first_name, last_name, email, phone, time_zone, plan)
      values (${name}, ${name}, 'Bench', 'Agent', ${`${name}@example.com`}, '+1 212 555 0100', ${timeZone}, 'pro')
      returning id`)
  ).rows;
  const agentId = agent!.id;
  await db.execute(sql`
    insert into properties (agent_id, address, city, state, zip_code, price, bedrooms, bathrooms, property_type)
    select ${agentId}, i || ' Bench Street', 'Springfield', 'IL', '62701', 300000 + i * 10000, 3, 2, 'Residential'
    from generate_series(1, 10) as i`);
  await db.execute(sql`
    insert into bookings (agent_id, property_id, client_name, client_email, client_phone, buyer_type, budget_min,
                          budget_max, booking_purpose, status, starts_at, ends_at, manage_token, public_id,
                          cancel_reason, created_at)
    select ${agentId},
           (select min(id) from properties where agent_id = ${agentId}) + i % 10,
           'Buyer ' || i, 'buyer' || (i % 5000) || '@example.com', '+1 646 555 0199',
           (array['first_time_buyer', 'investor', 'home_owner'])[1 + i % 3],
           100000 * (1 + i % 9), 100000 * (2 + i % 9),
           'property_viewing',
           (array['completed', 'completed', 'completed', 'completed', 'completed', 'no_show', 'cancelled',
                  'cancelled', 'rescheduled', 'declined'])[1 + i % 10],
           s, s + interval '30 minutes', ${name} || '-m-' || i, ${name} || '-p-' || i,
           case when i % 10 in (6, 7) then (array['Found another home', 'Schedule conflict', null])[1 + i % 3] end,
           s - (i % 20) * interval '1 day'
    from generate_series(1, ${n}) as i,
         lateral (select ('2030-01-01'::timestamp + (i % 365) * interval '1 day'
                          + (8 + i % 12) * interval '1 hour' + (i % 2) * interval '30 minutes')
                         at time zone ${timeZone} as s) t`);
  await db.execute(sql`
    insert into feedback (booking_id, agent_id, rating, interest_level, second_showing)
    select id, agent_id, 1 + abs(hashtext(id::text)) % 5,
           (array['very_interested', 'somewhat_interested', 'not_interested'])[1 + abs(hashtext(id::text)) % 3],
           abs(hashtext(id::text)) % 4 = 0
    from bookings where agent_id = ${agentId} and status = 'completed' and abs(hashtext(id::text)) % 3 = 0`);
  return { id: agentId, timeZone };
}
