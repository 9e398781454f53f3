// Kept public date answers (issue 18, decision 035): the free slots of a date are computed once per minute and
// agent schedule version. Every change the slots depend on moves the version in its own transaction (migration
// 0020's triggers), so a kept answer is never served after a booking, an override, a setting, a synced busy time
// or a property change — on this server or another one on the same database.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  agents,
  agentSettings,
  availabilityOverrides,
  availabilitySettings,
  bookings,
  properties,
  scheduleVersions,
} from '../src/db/schema';
import { createTestApp, type TestApp } from './app';
import { bookingPayload, makeAgent, makeCalendarBusy, makeProperty } from './fixtures';

// A Tuesday in the agent's booking window as of the test clock (default hours 09:00–17:00, New York).
const DATE = '2030-01-08';
let clock = new Date('2030-01-01T15:00:30.000Z');
let t: TestApp;
let other: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  other = await createTestApp({ now: () => clock, database: t.database });
});
afterAll(async () => {
  await other.close();
  await t.close();
});

/** The named statements the calls in `run` sent to PostgreSQL (through any pool of this process). */
async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  const original = pg.Client.prototype.query;
  const names: string[] = [];
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0] as { name?: string } | string;
    if (typeof config === 'object' && config?.name) names.push(config.name);
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await run();
  } finally {
    pg.Client.prototype.query = original;
  }
  return names;
}

async function slotsOf(app: TestApp, propertyId: number): Promise<string[]> {
  const res = await app.request({ method: 'GET', url: `/api/booking/availability/${propertyId}/${DATE}` });
  expect(res.statusCode).toBe(200);
  return res.json<{ availableSlots: string[] }>().availableSlots;
}

async function versionOf(agentId: string): Promise<number> {
  const [row] = await t.database.db
    .select({ version: scheduleVersions.version })
    .from(scheduleVersions)
    .where(eq(scheduleVersions.agentId, agentId));
  return row!.version;
}

describe('a date answer is kept for its minute at the agent’s schedule version', () => {
  it('the second call of a minute reads only the version (one indexed lookup), and answers the same', async () => {
    const agent = await makeAgent(t);
    const propertyId = await makeProperty(t, agent.id);
    let first: string[] = [];
    const computing = await statementsOf(async () => (first = await slotsOf(t, propertyId)));
    expect(computing).toEqual(['slot-inputs-property']);
    let second: string[] = [];
    const kept = await statementsOf(async () => (second = await slotsOf(t, propertyId)));
    expect(kept).toEqual(['schedule-version-property']);
    expect(second).toEqual(first);
    expect(first).toContain('10:00:00');
  });

  it.each([
    ['this server', '10:00', () => t],
    ['another server on the same database', '11:00', () => other],
  ])(
    'a booking shows at once on %s: the booked time is gone from its next call in the same minute',
    async (_, time, reader) => {
      const agent = await makeAgent(t);
      const propertyId = await makeProperty(t, agent.id);
      expect(await slotsOf(reader(), propertyId)).toContain(`${time}:00`);
      expect(await slotsOf(reader(), propertyId)).toContain(`${time}:00`);
      const booked = await t.request({
        method: 'POST',
        url: '/api/booking',
        payload: bookingPayload(agent.id, {
          property_id: propertyId,
          booking_date: DATE,
          booking_time: time,
        }),
      });
      expect(booked.statusCode).toBe(201);
      expect(await slotsOf(reader(), propertyId)).not.toContain(`${time}:00`);
    },
  );

  it('a day closed by an override shows at once', async () => {
    const agent = await makeAgent(t);
    const propertyId = await makeProperty(t, agent.id);
    expect((await slotsOf(t, propertyId)).length).toBeGreaterThan(0);
    await t.database.db
      .insert(availabilityOverrides)
      .values({ agentId: agent.id, date: DATE, isAvailable: false, intervals: [] });
    expect(await slotsOf(t, propertyId)).toEqual([]);
  });

  it('a new minute computes afresh; a call at a minute’s first millisecond is computed and not kept', async () => {
    const agent = await makeAgent(t);
    const propertyId = await makeProperty(t, agent.id);
    await slotsOf(t, propertyId);
    const saved = clock;
    try {
      clock = new Date(saved.getTime() + 60_000);
      expect(await statementsOf(() => slotsOf(t, propertyId))).toEqual(['slot-inputs-property']);
      clock = new Date('2030-01-01T15:05:00.000Z');
      expect(await statementsOf(() => slotsOf(t, propertyId))).toEqual(['slot-inputs-property']);
      expect(await statementsOf(() => slotsOf(t, propertyId))).toEqual(['slot-inputs-property']);
    } finally {
      clock = saved;
    }
  });

  it('a property moved to another agent inside the minute is answered from the new agent’s schedule, even at an equal version', async () => {
    const before = await makeAgent(t);
    const after = await makeAgent(t);
    // The new agent does not work that day.
    await t.database.db
      .insert(availabilityOverrides)
      .values({ agentId: after.id, date: DATE, isAvailable: false, intervals: [] });
    const propertyId = await makeProperty(t, before.id);
    expect(await slotsOf(t, propertyId)).toContain('10:00:00');
    const kept = await versionOf(before.id);
    await t.database.db.update(properties).set({ agentId: after.id }).where(eq(properties.id, propertyId));
    // The two agents' versions happen to be equal within the minute.
    await t.database.db
      .update(scheduleVersions)
      .set({ version: kept })
      .where(eq(scheduleVersions.agentId, after.id));
    expect(await slotsOf(t, propertyId)).toEqual([]);
  });

  it('an unknown property is a 404 every time (nothing kept)', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await t.request({ method: 'GET', url: `/api/booking/availability/987654321/${DATE}` });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('schedule versions move with every change the slots depend on (migration 0020)', () => {
  it('each agent has a version row from sign-up', async () => {
    const agent = await makeAgent(t);
    const rows = await t.database.db
      .select({ version: scheduleVersions.version })
      .from(scheduleVersions)
      .where(eq(scheduleVersions.agentId, agent.id));
    expect(rows).toHaveLength(1);
  });

  it('bookings: a new one, a status change and a move count; a reminder flag does not', async () => {
    const agent = await makeAgent(t);
    const before = await versionOf(agent.id);
    const booked = await t.request({
      method: 'POST',
      url: '/api/booking',
      payload: bookingPayload(agent.id, { booking_date: DATE, booking_time: '13:00' }),
    });
    expect(booked.statusCode).toBe(201);
    const afterInsert = await versionOf(agent.id);
    expect(afterInsert).toBeGreaterThan(before);
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.agentId, agent.id));
    await t.database.db.update(bookings).set({ message: 'See you there' }).where(eq(bookings.id, row!.id));
    expect(await versionOf(agent.id)).toBe(afterInsert);
    await t.database.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, row!.id));
    expect(await versionOf(agent.id)).toBe(afterInsert + 1);
  });

  it('settings, availability settings, calendar busy times, properties and the agent’s zone count', async () => {
    const agent = await makeAgent(t);
    const db = t.database.db;
    let version = await versionOf(agent.id);
    const moved = async () => {
      const now = await versionOf(agent.id);
      expect(now).toBeGreaterThan(version);
      version = now;
    };
    await db
      .insert(agentSettings)
      .values({ agentId: agent.id, area: 'scheduling', settings: { suggest_on_booking_page: false } });
    await moved();
    await db
      .insert(availabilitySettings)
      .values({ agentId: agent.id, minimumNoticeMinutes: 120 })
      .onConflictDoUpdate({ target: availabilitySettings.agentId, set: { minimumNoticeMinutes: 120 } });
    await moved();
    await makeCalendarBusy(t, agent.id, '2030-01-08T15:00:00Z', '2030-01-08T16:00:00Z');
    await moved();
    const propertyId = await makeProperty(t, agent.id);
    await moved();
    await db.update(properties).set({ isPublic: false }).where(eq(properties.id, propertyId));
    await moved();
    await db.update(properties).set({ price: 365000 }).where(eq(properties.id, propertyId));
    expect(await versionOf(agent.id)).toBe(version);
    await db.update(agents).set({ timeZone: 'America/Chicago' }).where(eq(agents.id, agent.id));
    await moved();
  });

  it('deleting an agent removes the row with everything else (the cascaded deletes find nothing to bump)', async () => {
    const agent = await makeAgent(t);
    await makeProperty(t, agent.id);
    await t.request({
      method: 'POST',
      url: '/api/booking',
      payload: bookingPayload(agent.id, { booking_date: DATE, booking_time: '14:00' }),
    });
    await t.database.db.delete(agents).where(eq(agents.id, agent.id));
    const rows = await t.database.db
      .select()
      .from(scheduleVersions)
      .where(eq(scheduleVersions.agentId, agent.id));
    expect(rows).toEqual([]);
  });
});
