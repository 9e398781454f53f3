// The database foundation: migrations are idempotent, and overlapping active bookings of one agent are
// impossible by construction (EXCLUDE constraint), surfacing as 409 SLOT_TAKEN.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../src/db/migrate';
import { agents, bookings, users } from '../src/db/schema';
import { AppError } from '../src/http/errors';
import { insertBooking, type NewBooking } from '../src/modules/bookings/service';
import { createTestDatabase, type TestDatabase } from './db';

let d: TestDatabase;
let agentId: string;
let otherAgentId: string;

beforeAll(async () => {
  // Migrated here from empty, not copied from the run's template: the migrations are what this file tests.
  d = await createTestDatabase({ migrate: 'fresh' });
  agentId = await makeAgent('one');
  otherAgentId = await makeAgent('two');
});
afterAll(async () => {
  await d.drop();
});

async function makeAgent(suffix: string): Promise<string> {
  const userId = `user-${suffix}`;
  await d.db.insert(users).values({ id: userId, name: 'A B', email: `${suffix}@example.com` });
  const [row] = await d.db
    .insert(agents)
    .values({
      userId,
      username: `agent-${suffix}`,
      firstName: 'A',
      lastName: 'B',
      email: `${suffix}@example.com`,
      phone: '5550100',
    })
    .returning();
  return row!.id;
}

function booking(
  agent: string,
  startIso: string,
  minutes = 30,
  status: NewBooking['status'] = 'confirmed',
): NewBooking {
  const startsAt = new Date(startIso);
  return {
    agentId: agent,
    clientName: 'Buyer',
    clientEmail: 'buyer@example.com',
    clientPhone: '5550199',
    buyerType: 'investor',
    bookingPurpose: 'property_viewing',
    status,
    startsAt,
    endsAt: new Date(startsAt.getTime() + minutes * 60_000),
  };
}

describe('migrations', () => {
  it('run twice in a row without error and without re-applying anything', async () => {
    const before = await d.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    await runMigrations(d.pool);
    await runMigrations(d.pool);
    const after = await d.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(after.rows[0]).toEqual(before.rows[0]);
    expect(Number((before.rows[0] as { n: number }).n)).toBeGreaterThanOrEqual(2);
  });

  it('two servers migrating the same database at once take turns', async () => {
    await expect(
      Promise.all([runMigrations(d.pool), runMigrations(d.pool), runMigrations(d.pool)]),
    ).resolves.toBeDefined();
  });
});

describe('no double booking (EXCLUDE constraint)', () => {
  it('rejects an overlapping active booking of the same agent at the database level (SQLSTATE 23P01)', async () => {
    await insertBooking(d.db, booking(agentId, '2030-03-04T15:00:00Z'));
    const overlap = d.pool.query(
      `insert into bookings (agent_id, client_name, client_email, client_phone, buyer_type, booking_purpose, status,
         starts_at, ends_at, manage_token, public_id)
       values ($1, 'X', 'x@example.com', '1', 'investor', 'property_viewing', 'pending',
         '2030-03-04T15:15:00Z', '2030-03-04T15:45:00Z', 'tok-a', 'pub-a')`,
      [agentId],
    );
    await expect(overlap).rejects.toMatchObject({ code: '23P01', constraint: 'bookings_no_overlap' });
  });

  it('the booking service turns the violation into HTTP 409 SLOT_TAKEN', async () => {
    await insertBooking(d.db, booking(agentId, '2030-03-05T15:00:00Z'));
    const err = await insertBooking(d.db, booking(agentId, '2030-03-05T15:10:00Z')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).statusCode).toBe(409);
    expect((err as AppError).toBody()).toEqual({
      error: 'This time was just booked by someone else. Please pick another time.',
      code: 'SLOT_TAKEN',
    });
  });

  it('back-to-back bookings (one ends when the next starts) are allowed', async () => {
    await insertBooking(d.db, booking(agentId, '2030-03-06T15:00:00Z'));
    await expect(insertBooking(d.db, booking(agentId, '2030-03-06T15:30:00Z'))).resolves.toMatchObject({
      status: 'confirmed',
    });
  });

  it('another agent may book the same time', async () => {
    await insertBooking(d.db, booking(agentId, '2030-03-07T15:00:00Z'));
    await expect(insertBooking(d.db, booking(otherAgentId, '2030-03-07T15:00:00Z'))).resolves.toBeDefined();
  });

  it('cancelled, declined and rescheduled bookings free their time; pending holds it', async () => {
    for (const status of ['cancelled', 'declined', 'rescheduled'] as const) {
      await insertBooking(d.db, booking(agentId, '2030-03-08T15:00:00Z', 30, status));
    }
    await insertBooking(d.db, booking(agentId, '2030-03-08T15:00:00Z', 30, 'pending'));
    const err = await insertBooking(d.db, booking(agentId, '2030-03-08T15:00:00Z')).catch((e: unknown) => e);
    expect((err as AppError).code).toBe('SLOT_TAKEN');
  });

  it('cancelling a booking frees its slot for a new one', async () => {
    const first = await insertBooking(d.db, booking(agentId, '2030-03-09T15:00:00Z'));
    await d.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, first.id));
    await expect(insertBooking(d.db, booking(agentId, '2030-03-09T15:00:00Z'))).resolves.toBeDefined();
  });

  it('manage and feedback tokens are random, at least 128 bits, and not the id', async () => {
    const row = await insertBooking(d.db, booking(agentId, '2030-03-10T15:00:00Z'));
    expect(row.manageToken).not.toBe(row.id);
    expect(Buffer.from(row.manageToken, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(row.publicId).not.toBe(row.manageToken);
  });
});
