// Issue 44 "Held times" on a real database with a movable clock (Monday 2030-01-07 10:00 in New York; default
// hours Mon–Fri 09:00–17:00): choosing a time holds it for the agent's hold minutes; others stop being offered it
// and are refused it (holding or booking); the holder books it against everyone; an ended hold blocks nothing and
// is swept away; going back lets it go; holds count toward no cap or list. The races the issue names: 100 buyers
// holding one time → exactly one hold; the holder booking while 20 others try → the holder's 201 only.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HOLD_TEXTS } from '@keyturn/domain/slots/holds';
import { bookings, slotHolds } from '../src/db/schema';
import { sweepExpiredHolds } from '../src/modules/booking-public/hold-rows';
import { createTestApp, type TestApp } from './app';
import { bookingPayload, makeAgent, makeProperty, type TestAgent } from './fixtures';

const MONDAY = new Date('2030-01-07T15:00:00Z');
let clock = MONDAY;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  clock = MONDAY;
});

const DATE = '2030-01-08';
const TEN = '2030-01-08T10:00:00-05:00';
const minutesLater = (m: number) => new Date(MONDAY.getTime() + m * 60_000);

async function listing() {
  const agent = await makeAgent(t, { plan: 'pro' });
  return { agent, property: await makeProperty(t, agent.id) };
}
const hold = (agent: TestAgent, property: number | null, extra: Record<string, unknown> = {}) =>
  t.request({
    method: 'POST',
    url: '/api/booking/holds',
    payload: {
      agent_id: agent.id,
      property_id: property,
      booking_date: DATE,
      booking_time: '10:00',
      starts_at: TEN,
      ...extra,
    },
  });
const book = (agent: TestAgent, property: number, extra: Record<string, unknown> = {}) =>
  t.request({
    method: 'POST',
    url: '/api/booking',
    payload: bookingPayload(agent.id, {
      property_id: property,
      booking_time: '10:00',
      starts_at: TEN,
      ...extra,
    }),
  });
const offered = async (property: number) =>
  (
    (await t.request({ method: 'GET', url: `/api/booking/availability/${property}/${DATE}` })).json()
      .slots as { time: string }[]
  ).map((s) => s.time.slice(0, 5));
const holdsOf = (agent: TestAgent) =>
  t.database.db.select().from(slotHolds).where(eq(slotHolds.agentId, agent.id));

describe('holding a time', () => {
  it('holds it for 5 minutes: others are not offered it and are refused it; the holder books it', async () => {
    const { agent, property } = await listing();
    expect(await offered(property)).toContain('10:00');
    const res = await hold(agent, property);
    expect(res.statusCode).toBe(201);
    const held = res.json().hold;
    expect(held).toMatchObject({
      starts_at: '2030-01-08T15:00:00.000Z',
      expires_at: minutesLater(5).toISOString(),
      minutes: 5,
    });
    expect(held.token).toMatch(/^[\w-]{20,}$/);
    // Other buyers at once: not offered, not holdable, not bookable — told someone is booking it.
    expect(await offered(property)).not.toContain('10:00');
    expect(await offered(property)).toContain('11:00');
    const again = await hold(agent, property);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'SLOT_TAKEN', error: HOLD_TEXTS.heldByOther });
    const other = await book(agent, property, { client_email: 'other@example.com' });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'SLOT_TAKEN', error: HOLD_TEXTS.heldByOther });
    // The holder, four minutes on: booked, and the hold is used up.
    clock = minutesLater(4);
    const mine = await book(agent, property, { hold_token: held.token });
    expect(mine.statusCode).toBe(201);
    expect(await holdsOf(agent)).toEqual([]);
  });

  it('an ended hold blocks nothing: another buyer holds and books; the first holder is then refused', async () => {
    const { agent, property } = await listing();
    const first = (await hold(agent, property)).json().hold;
    clock = minutesLater(5);
    expect(await offered(property)).toContain('10:00');
    const second = await hold(agent, property);
    expect(second.statusCode).toBe(201);
    expect((await book(agent, property, { hold_token: second.json().hold.token })).statusCode).toBe(201);
    const late = await book(agent, property, { hold_token: first.token, client_email: 'late@example.com' });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('SLOT_TAKEN');
  });

  it('an ended hold nobody took still lets its buyer book, if the time is free', async () => {
    const { agent, property } = await listing();
    const held = (await hold(agent, property)).json().hold;
    clock = minutesLater(9);
    expect((await book(agent, property, { hold_token: held.token })).statusCode).toBe(201);
  });

  it('going back lets go of it; choosing another time moves the hold; the sweep removes ended ones', async () => {
    const { agent, property } = await listing();
    const first = (await hold(agent, property)).json().hold;
    const moved = await hold(agent, property, {
      booking_time: '10:30',
      starts_at: '2030-01-08T10:30:00-05:00',
      replaces: first.token,
    });
    expect(moved.statusCode).toBe(201);
    expect(await offered(property)).toContain('10:00');
    expect(await offered(property)).not.toContain('10:30');
    const released = await t.request({
      method: 'DELETE',
      url: `/api/booking/holds/${moved.json().hold.token}`,
    });
    expect(released.json()).toEqual({ success: true });
    expect(await offered(property)).toContain('10:30');
    expect(await holdsOf(agent)).toEqual([]);
    // Releasing twice, or an unknown token, answers the same and changes nothing.
    expect((await t.request({ method: 'DELETE', url: '/api/booking/holds/unknown-token' })).statusCode).toBe(
      200,
    );

    await hold(agent, property);
    expect(await sweepExpiredHolds(t.database.db, minutesLater(4))).toBe(0);
    expect(await sweepExpiredHolds(t.database.db, minutesLater(5))).toBeGreaterThanOrEqual(1);
    expect(await holdsOf(agent)).toEqual([]);
  });

  it('one client keeps at most 3 live holds of an agent: a fourth time lets their oldest go', async () => {
    const { agent, property } = await listing();
    const times = ['09:00', '10:00', '11:00', '12:00'];
    for (const [k, time] of times.entries()) {
      clock = minutesLater(k * 0.25);
      const res = await hold(agent, property, { booking_time: time, starts_at: `${DATE}T${time}:00-05:00` });
      expect(res.statusCode).toBe(201);
    }
    const held = (await holdsOf(agent)).map((h) => h.startsAt.toISOString()).sort();
    expect(held).toEqual([
      '2030-01-08T15:00:00.000Z',
      '2030-01-08T16:00:00.000Z',
      '2030-01-08T17:00:00.000Z',
    ]);
    expect(await offered(property)).toContain('09:00');
    // Stored as a hash, never the address itself.
    expect(
      (await holdsOf(agent)).every((h) => h.clientKey !== null && !h.clientKey.includes('127.0.0.1')),
    ).toBe(true);
  });

  it('a hold counts toward no cap and is no booking', async () => {
    const { agent, property } = await listing();
    await t.request({
      method: 'PUT',
      url: '/api/agents/daily-cap',
      token: agent.token,
      payload: { max_showings_per_day: 1 },
    });
    await hold(agent, property);
    expect(
      (await book(agent, property, { booking_time: '14:00', starts_at: '2030-01-08T14:00:00-05:00' }))
        .statusCode,
    ).toBe(201);
    const list = await t.request({ method: 'GET', url: '/api/bookings', token: agent.token });
    expect(list.json().data).toHaveLength(1);
  });

  it('refuses a bad request with 400 and fields, a time that is not open with 409, writing nothing', async () => {
    const { agent, property } = await listing();
    const bad = await hold(agent, property, { booking_date: '2030-13-01', booking_time: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_ERROR');
    const closed = await hold(agent, property, {
      booking_time: '20:00',
      starts_at: '2030-01-08T20:00:00-05:00',
    });
    expect(closed.statusCode).toBe(409);
    const other = await makeAgent(t);
    expect((await hold(other, property)).statusCode).toBe(404);
    expect(await holdsOf(agent)).toEqual([]);
  });
});

describe('rescheduling with a hold', () => {
  it("the buyer's own showing does not count against the new time; the move uses the hold; others are refused", async () => {
    const { agent, property } = await listing();
    const original = (await book(agent, property)).json().booking as { id: string; manage_token: string };
    // The showing's own time (10:00) can be held for the move: it gives itself up.
    const same = await hold(agent, property, { reschedule_token: original.manage_token });
    expect(same.statusCode).toBe(201);
    // Another buyer cannot hold or book 14:00 once the rescheduling buyer holds it.
    const moved = await hold(agent, property, {
      booking_time: '14:00',
      starts_at: '2030-01-08T14:00:00-05:00',
      replaces: same.json().hold.token,
      reschedule_token: original.manage_token,
    });
    expect(moved.statusCode).toBe(201);
    const other = await book(agent, property, {
      booking_time: '14:00',
      starts_at: '2030-01-08T14:00:00-05:00',
      client_email: 'other@example.com',
    });
    expect(other.json().error).toBe(HOLD_TEXTS.heldByOther);
    const res = await t.request({
      method: 'POST',
      url: '/api/booking/reschedule',
      payload: {
        ...bookingPayload(agent.id, {
          property_id: property,
          booking_time: '14:00',
          starts_at: '2030-01-08T14:00:00-05:00',
        }),
        token: original.manage_token,
        original_booking_id: original.id,
        reschedule_reason: 'Later suits me',
        hold_token: moved.json().hold.token,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(await holdsOf(agent)).toEqual([]);
    // A token that is not a booking's: 404, nothing held.
    expect((await hold(agent, property, { reschedule_token: 'not-a-token' })).statusCode).toBe(404);
  });
});

describe("the agent's view of held times", () => {
  it('lists their own live holds with the listing, soonest first; not ended ones, not another agent’s', async () => {
    const { agent, property } = await listing();
    const other = await listing();
    await hold(agent, property, { booking_time: '14:00', starts_at: '2030-01-08T14:00:00-05:00' });
    await hold(agent, property);
    await hold(other.agent, other.property);
    const read = async () =>
      (await t.request({ method: 'GET', url: '/api/agents/held-times', token: agent.token })).json();
    expect(await read()).toEqual({
      success: true,
      data: [
        {
          starts_at: '2030-01-08T15:00:00.000Z',
          ends_at: expect.any(String),
          expires_at: minutesLater(5).toISOString(),
          property: { id: property, address: '12 Elm Street' },
        },
        expect.objectContaining({ starts_at: '2030-01-08T19:00:00.000Z' }),
      ],
    });
    clock = minutesLater(5);
    expect((await read()).data).toEqual([]);
    expect((await t.request({ method: 'GET', url: '/api/agents/held-times' })).statusCode).toBe(401);
  });
});

describe("the agent's hold minutes", () => {
  it('5 until set; 1 to 15 saved and used; the rest refused with 400', async () => {
    const { agent, property } = await listing();
    const url = '/api/agents/hold-minutes';
    expect((await t.request({ method: 'GET', url, token: agent.token })).json().data).toEqual({ minutes: 5 });
    for (const bad of [0, 16, 2.5, '5']) {
      const res = await t.request({ method: 'PUT', url, token: agent.token, payload: { minutes: bad } });
      expect(res.statusCode).toBe(400);
    }
    const saved = await t.request({ method: 'PUT', url, token: agent.token, payload: { minutes: 10 } });
    expect(saved.json()).toEqual({ success: true, data: { minutes: 10 } });
    expect((await hold(agent, property)).json().hold).toMatchObject({
      minutes: 10,
      expires_at: minutesLater(10).toISOString(),
    });
  });
});

describe('under concurrency', () => {
  it('100 buyers choosing the same time: exactly one hold, the other 99 told it is gone', async () => {
    const { agent, property } = await listing();
    const answers = await Promise.all(Array.from({ length: 100 }, () => hold(agent, property)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(99);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().code).toBe('SLOT_TAKEN');
    expect(await holdsOf(agent)).toHaveLength(1);
  });

  it('the holder books while 20 others try: the holder’s 201, never theirs', async () => {
    const { agent, property } = await listing();
    const held = (await hold(agent, property)).json().hold;
    const others = Array.from({ length: 20 }, (_, k) =>
      book(agent, property, { client_email: `b${k}@example.com` }),
    );
    const [mine, ...theirs] = await Promise.all([
      book(agent, property, { hold_token: held.token }),
      ...others,
    ]);
    expect(mine!.statusCode).toBe(201);
    for (const res of theirs) expect(res.statusCode).toBe(409);
    const rows = await t.database.db.select().from(bookings).where(eq(bookings.agentId, agent.id));
    expect(rows.map((r) => r.clientEmail)).toEqual(['casey@example.com']);
  });
});
