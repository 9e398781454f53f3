// Slots as instants through the API (issue 10, decision 010): on DST change days every offered slot can be
// booked one after another without a 409, the two passes of a repeated hour are told apart and booked exactly,
// and the month call marks exactly the dates with a free slot (overrides, notice and bookings applied).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AVAILABILITY, type AgentAvailability } from '@keyturn/domain/schemas/availability';
import { bookings } from '../src/db/schema';
import { createTestApp, type TestApp } from './app';
import { bookingPayload, makeAgent, makeProperty } from './fixtures';

let now = new Date('2026-03-04T15:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => now });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.request({ method: 'GET', url });
const post = (url: string, payload: object) => t.request({ method: 'POST', url, payload });

type Offered = { time: string; starts_at: string; label: string };
const dayOnly = (date: string, intervals: { start: string; end: string }[]): AgentAvailability => ({
  ...DEFAULT_AVAILABILITY,
  overrides: [{ date, is_available: true, intervals }],
});

async function offered(agentId: string, date: string): Promise<Offered[]> {
  const res = await get(`/api/booking/availability/agent/${agentId}/${date}`);
  expect(res.statusCode).toBe(200);
  return res.json().slots as Offered[];
}

/** Books every offered slot of the day in turn, each with the instant the answer gave. */
async function bookAll(agentId: string, date: string, slots: Offered[]) {
  const statuses: number[] = [];
  for (const [i, slot] of slots.entries()) {
    const res = await post(
      '/api/booking',
      bookingPayload(agentId, {
        booking_date: date,
        booking_time: slot.time.slice(0, 5),
        starts_at: slot.starts_at,
        client_email: `buyer${i}@example.com`,
      }),
    );
    statuses.push(res.statusCode);
  }
  return statuses;
}

const storedStarts = async (agentId: string) =>
  (await t.database.db.select().from(bookings).where(eq(bookings.agentId, agentId)))
    .map((b) => b.startsAt.toISOString())
    .sort();

describe('spring forward (New York, 8 March 2026)', () => {
  it('00:15–03:00 and 03:00–06:00: no slot runs past 03:00 EDT, and every offered slot books without a 409', async () => {
    now = new Date('2026-03-04T15:00:00Z');
    const date = '2026-03-08';
    const a = await makeAgent(t, {
      availability: dayOnly(date, [
        { start: '00:15', end: '03:00' },
        { start: '03:00', end: '06:00' },
      ]),
    });
    const slots = await offered(a.id, date);
    expect(slots.map((s) => s.time)).toEqual([
      '00:15:00',
      '00:45:00',
      '01:15:00',
      '03:00:00',
      '03:30:00',
      '04:00:00',
      '04:30:00',
      '05:00:00',
      '05:30:00',
    ]);
    expect(slots[2]).toEqual({ time: '01:15:00', starts_at: '2026-03-08T01:15:00-05:00', label: '1:15 AM' });
    expect(slots[3]).toEqual({ time: '03:00:00', starts_at: '2026-03-08T03:00:00-04:00', label: '3:00 AM' });
    expect(await bookAll(a.id, date, slots)).toEqual(slots.map(() => 201));
    expect(await storedStarts(a.id)).toEqual(slots.map((s) => new Date(s.starts_at).toISOString()).sort());
    expect(await offered(a.id, date)).toEqual([]);
  });
});

describe('fall back (New York, 1 November 2026)', () => {
  it('00:00–04:00: ten slots over five real hours, both passes of 1 AM named, all bookable one after another', async () => {
    now = new Date('2026-10-28T15:00:00Z');
    const date = '2026-11-01';
    const a = await makeAgent(t, { availability: dayOnly(date, [{ start: '00:00', end: '04:00' }]) });
    const res = await get(`/api/booking/availability/agent/${a.id}/${date}`);
    const body = res.json();
    // The spec's list keeps one label per wall time; the instants are ten.
    expect(body.availableSlots).toEqual([
      '00:00:00',
      '00:30:00',
      '01:00:00',
      '01:30:00',
      '02:00:00',
      '02:30:00',
      '03:00:00',
      '03:30:00',
    ]);
    expect(body.time_zone).toBe('America/New_York');
    const slots = body.slots as Offered[];
    expect(slots).toHaveLength(10);
    expect(slots.slice(2, 6).map((s) => [s.starts_at, s.label])).toEqual([
      ['2026-11-01T01:00:00-04:00', '1:00 AM EDT'],
      ['2026-11-01T01:30:00-04:00', '1:30 AM EDT'],
      ['2026-11-01T01:00:00-05:00', '1:00 AM EST'],
      ['2026-11-01T01:30:00-05:00', '1:30 AM EST'],
    ]);
    expect(await bookAll(a.id, date, slots)).toEqual(slots.map(() => 201));
    expect(await storedStarts(a.id)).toHaveLength(10);
  });

  it('00:15–02:00: 01:45 EDT fits the real working period and is offered', async () => {
    now = new Date('2026-10-28T15:00:00Z');
    const date = '2026-11-01';
    const a = await makeAgent(t, { availability: dayOnly(date, [{ start: '00:15', end: '02:00' }]) });
    expect((await offered(a.id, date)).map((s) => s.starts_at)).toContain('2026-11-01T01:45:00-04:00');
  });
});

describe('the booked instant is exactly the one asked for (London, 25 October 2026)', () => {
  it('the second pass of 01:00 (01:00Z) is booked as such, and manage answers that instant', async () => {
    now = new Date('2026-10-20T12:00:00Z');
    const date = '2026-10-25';
    const a = await makeAgent(t, {
      timeZone: 'Europe/London',
      availability: dayOnly(date, [{ start: '00:00', end: '03:00' }]),
    });
    const slots = await offered(a.id, date);
    const passes = slots.filter((s) => s.time === '01:00:00');
    expect(passes.map((s) => [s.starts_at, s.label])).toEqual([
      ['2026-10-25T01:00:00+01:00', '1:00 AM GMT+1'],
      ['2026-10-25T01:00:00Z', '1:00 AM GMT'],
    ]);
    const res = await post(
      '/api/booking',
      bookingPayload(a.id, { booking_date: date, booking_time: '01:00', starts_at: passes[1]?.starts_at }),
    );
    expect(res.statusCode).toBe(201);
    const booking = res.json().booking;
    expect(booking.starts_at).toBe('2026-10-25T01:00:00.000Z');
    const manage = (await get(`/api/booking/manage?token=${booking.manage_token}`)).json().booking;
    expect(manage.starts_at).toBe('2026-10-25T01:00:00.000Z');
    // Without an instant, the earliest open pass: the BST one (00:00Z) is still free.
    const plain = await post(
      '/api/booking',
      bookingPayload(a.id, { booking_date: date, booking_time: '01:00', client_email: 'x@example.com' }),
    );
    expect(plain.json().booking.starts_at).toBe('2026-10-25T00:00:00.000Z');
  });

  it('an instant that is no pass of the wall time answers 409 SLOT_UNAVAILABLE; a malformed one 400', async () => {
    now = new Date('2026-10-20T12:00:00Z');
    const date = '2026-10-25';
    const a = await makeAgent(t, {
      timeZone: 'Europe/London',
      availability: dayOnly(date, [{ start: '00:00', end: '03:00' }]),
    });
    const wrong = await post(
      '/api/booking',
      bookingPayload(a.id, { booking_date: date, booking_time: '01:00', starts_at: '2026-10-25T01:30:00Z' }),
    );
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().code).toBe('SLOT_UNAVAILABLE');
    const malformed = await post(
      '/api/booking',
      bookingPayload(a.id, { booking_date: date, booking_time: '01:00', starts_at: '25/10/2026 1am' }),
    );
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields).toHaveProperty('starts_at');
    expect(await storedStarts(a.id)).toEqual([]);
  });
});

describe('GET /api/booking/available-dates: the dates the calendar marks', () => {
  it("marks exactly the days with a free slot: an override-opened Sunday yes, a day-off weekday no; today is the agent's", async () => {
    // Wednesday 2030-01-09 23:30 in New York = Thursday 04:30Z: a buyer east of the agent already has the 10th.
    now = new Date('2030-01-10T04:30:00Z');
    const a = await makeAgent(t, {
      availability: {
        ...DEFAULT_AVAILABILITY,
        overrides: [
          { date: '2030-01-13', is_available: true, intervals: [{ start: '10:00', end: '12:00' }] },
          { date: '2030-01-15', is_available: false, intervals: [] },
        ],
      },
    });
    const propertyId = await makeProperty(t, a.id);
    const res = await get(`/api/booking/available-dates/${propertyId}?month=2030-01`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.today).toBe('2030-01-09');
    expect(body.time_zone).toBe('America/New_York');
    expect(body.dates).toContain('2030-01-10'); // tomorrow for the agent
    expect(body.dates).toContain('2030-01-13'); // a Sunday opened by an override
    expect(body.dates).not.toContain('2030-01-12'); // Saturday
    expect(body.dates).not.toContain('2030-01-15'); // a Tuesday closed by a day off
    expect(body.dates).not.toContain('2030-01-09'); // today
    expect(body.dates.every((d: string) => d.startsWith('2030-01-'))).toBe(true);
    // The agent route answers the same days.
    const byAgent = (await get(`/api/booking/available-dates/agent/${a.id}?month=2030-01`)).json();
    expect(byAgent.dates).toEqual(body.dates);
  });

  it('a day whose every slot is booked is no longer marked; months outside the window are empty', async () => {
    now = new Date('2030-01-07T15:00:00Z');
    const a = await makeAgent(t, {
      availability: {
        ...DEFAULT_AVAILABILITY,
        overrides: [
          { date: '2030-01-13', is_available: true, intervals: [{ start: '10:00', end: '11:00' }] },
        ],
      },
    });
    const url = `/api/booking/available-dates/agent/${a.id}?month=2030-01`;
    expect((await get(url)).json().dates).toContain('2030-01-13');
    for (const time of ['10:00', '10:30']) {
      const res = await post(
        '/api/booking',
        bookingPayload(a.id, {
          booking_date: '2030-01-13',
          booking_time: time,
          client_email: `${time}@x.io`,
        }),
      );
      expect(res.statusCode).toBe(201);
    }
    expect((await get(url)).json().dates).not.toContain('2030-01-13');
    expect((await get(`/api/booking/available-dates/agent/${a.id}?month=2029-12`)).json().dates).toEqual([]);
    expect((await get(`/api/booking/available-dates/agent/${a.id}?month=2030-06`)).json().dates).toEqual([]);
  });

  it('a malformed month answers 400 with the field; an unknown property or agent 404', async () => {
    const a = await makeAgent(t);
    const bad = await get(`/api/booking/available-dates/agent/${a.id}?month=2030-13`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('month');
    expect((await get(`/api/booking/available-dates/agent/${a.id}`)).statusCode).toBe(400);
    expect((await get('/api/booking/available-dates/999999?month=2030-01')).statusCode).toBe(404);
    expect(
      (await get('/api/booking/available-dates/agent/00000000-0000-4000-8000-000000000000?month=2030-01'))
        .statusCode,
    ).toBe(404);
  });
});
