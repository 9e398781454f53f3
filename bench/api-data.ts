// Data of the API bench (issue 18), written in set-based SQL (generate_series), never row by row:
// - seedBench: the agents the availability and booking runs use. Agent 1 ("the subject", New York, every day
//   08:00–20:00) has one property and `subjectBookings` bookings over two years (one back, one ahead); the
//   others exist to take bookings on distinct slots.
// - generateScale: the scale run's data — more agents (10,000 in all) and bookings (1,000,000 in all) over
//   the same two years, the subject's own rows untouched, so its availability call reads the same rows in a
//   table 1,000 times larger.
// `node --import tsx bench/api-data.ts <DATABASE_URL> [agents] [bookings]` runs generateScale on its own.
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/api/src/db/client';

export type BenchAgent = { id: string; propertyId: number; timeZone: string };

const ZONE = 'America/New_York';
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];

/** `agents` enterprise agents (no monthly limit) working every day 08:00–20:00; the first has the bookings. */
export async function seedBench(
  db: Db,
  { agents, subjectBookings }: { agents: number; subjectBookings: number },
): Promise<BenchAgent[]> {
  await insertAgents(db, 'bench', agents, 'enterprise');
  const rows = await db.execute<{ id: string }>(sql`
    select id from agents where username like 'bench-%' order by username`);
  const ids = rows.rows.map((r) => r.id);
  await db.execute(sql`
    insert into availability_days (agent_id, day_of_week, is_available, intervals)
    select a.id, d, true, '[{"start":"08:00","end":"20:00"}]'::jsonb
    from agents a, unnest(${sql.raw(`array[${EVERY_DAY.join(',')}]`)}::int[]) d
    where a.username like 'bench-%'`);
  await db.execute(sql`
    insert into availability_settings (agent_id, minimum_notice_minutes, buffer_minutes, requires_approval)
    select id, 120, 15, false from agents where username like 'bench-%'`);
  const props = await db.execute<{ id: number; agent_id: string }>(sql`
    insert into properties (agent_id, address, city, state, zip_code, price, bedrooms, bathrooms, property_type)
    select id, '12 Elm Street', 'Austin', 'TX', '78701', 450000, 3, 2, 'Residential'
    from agents where username like 'bench-%'
    returning id, agent_id`);
  const propertyOf = new Map(props.rows.map((r) => [r.agent_id, Number(r.id)]));
  const subject = ids[0]!;
  // One booking every 17 h 30 min from a year ago (2 × 365 days / 1,000): some on every date of the window,
  // 1 in 10 cancelled (they must not count as busy), the rest confirmed.
  await db.execute(sql`
    insert into bookings (agent_id, property_id, client_name, client_email, client_phone, buyer_type,
                          booking_purpose, status, starts_at, ends_at, manage_token, public_id, created_at)
    select ${subject}, ${propertyOf.get(subject)!}, 'Bench Buyer', 'buyer' || g || '@example.com',
           '+1 512 555 0100', 'first_time_buyer', 'property_viewing',
           case when g % 10 = 0 then 'cancelled' else 'confirmed' end,
           t, t + interval '30 minutes', md5('bench-m' || g), md5('bench-p' || g), t - interval '5 days'
    from generate_series(1, ${subjectBookings}) g,
         lateral (select date_trunc('hour', now()) - interval '365 days'
                         + (g * (730 * 24 * 60 / ${subjectBookings})) * interval '1 minute' as t) s`);
  await db.execute(sql`analyze`);
  return ids.map((id) => ({ id, propertyId: propertyOf.get(id)!, timeZone: ZONE }));
}

async function insertAgents(db: Db, prefix: string, n: number, plan: string): Promise<void> {
  await db.execute(sql`
    insert into users (id, name, email, email_verified)
    select ${prefix} || '-user-' || g, 'Agent ' || g, ${prefix} || '-' || g || '@example.com', true
    from generate_series(1, ${n}) g`);
  await db.execute(sql`
    insert into agents (user_id, username, first_name, last_name, email, phone, time_zone, plan)
    select ${prefix} || '-user-' || g, ${prefix} || '-' || lpad(g::text, 6, '0'), 'Agent', 'No ' || g,
           ${prefix} || '-' || g || '@example.com', '+1 512 555 0100', ${ZONE}, ${plan}
    from generate_series(1, ${n}) g`);
}

/**
 * Grows the database to `agents` agents and `bookings` bookings in all: the missing agents ('scale-…') and
 * their bookings, about the same number each, 30 minutes every ~7 days over the same two years (no overlap
 * within an agent), 1 in 10 cancelled. One INSERT … SELECT generate_series per table.
 */
export async function generateScale(
  db: Db,
  { agents, bookings }: { agents: number; bookings: number },
): Promise<{ agents: number; bookings: number }> {
  const counted = async () => {
    const result = await db.execute<{ agents: string; bookings: string }>(sql`
      select (select count(*) from agents) as agents, (select count(*) from bookings) as bookings`);
    return { agents: Number(result.rows[0]!.agents), bookings: Number(result.rows[0]!.bookings) };
  };
  const before = await counted();
  const newAgents = Math.max(0, agents - before.agents);
  if (newAgents > 0) await insertAgents(db, 'scale', newAgents, 'pro');
  const newBookings = Math.max(0, bookings - before.bookings);
  if (newBookings > 0) {
    await db.execute(sql`
      insert into bookings (agent_id, property_id, client_name, client_email, client_phone, buyer_type,
                            booking_purpose, status, starts_at, ends_at, manage_token, public_id, created_at)
      select a.ids[1 + (g % a.n)], null, 'Scale Buyer', 'buyer' || (g % 100000) || '@example.com',
             '+1 512 555 0100', 'first_time_buyer', 'property_viewing',
             case when g % 10 = 0 then 'cancelled' else 'confirmed' end,
             t, t + interval '30 minutes', md5('scale-m' || g), md5('scale-p' || g), t - interval '5 days'
      from (select array_agg(id order by id) as ids, count(*)::int as n
            from agents where username like 'scale-%') a,
           generate_series(1, ${newBookings}) g,
           lateral (select date_trunc('day', now()) - interval '365 days'
                           + ((g / a.n) * (730 * 24 * 60 / ceil(${newBookings}::numeric / a.n))::int
                              + ((g % a.n) % 24) * 30) * interval '1 minute' as t) s`);
  }
  await db.execute(sql`analyze`);
  return counted();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { connect } = await import('../apps/api/src/db/client');
  const url = process.argv[2];
  if (!url) throw new Error('usage: node --import tsx bench/api-data.ts <DATABASE_URL> [agents] [bookings]');
  const handle = connect(url, 1);
  const started = Date.now();
  const totals = await generateScale(handle.db, {
    agents: Number(process.argv[3] ?? 10_000),
    bookings: Number(process.argv[4] ?? 1_000_000),
  });
  console.log(JSON.stringify({ ...totals, seconds: (Date.now() - started) / 1000 }));
  await handle.close();
}
