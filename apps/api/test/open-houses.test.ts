// Issue 44 "Open houses with capacity" on a real database with a fixed clock (Monday 2030-01-07 10:00 in New
// York; default hours Mon–Fri 09:00–17:00). The agent schedules an open house 13:00–15:00 on Tuesday with 10
// groups per 30 minutes: the page lists its four times with the places left; 50 buyers registering for one time
// at once → exactly 10; registrations get the booking's messages and count toward no daily limit; no private
// showing can be booked in the window (by a buyer or the agent) and no open house over a showing; cancelling it
// cancels its registrations and gives the times back.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_HOUSE_TEXTS } from '@keyturn/domain/slots/openHouse';
import { agents, bookings, notificationJobs } from '../src/db/schema';
import { createTestApp, type TestApp } from './app';
import { bookingPayload, makeAgent, makeProperty, type TestAgent } from './fixtures';

const NOW = new Date('2030-01-07T15:00:00Z');
const DATE = '2030-01-08';
const at = (hhmm: string) => new Date(`${DATE}T${hhmm}:00-05:00`).toISOString();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
});
afterAll(async () => {
  await t.close();
});

const schedule = (agent: TestAgent, property: number, extra: Record<string, unknown> = {}) =>
  t.request({
    method: 'POST',
    url: '/api/open-houses',
    token: agent.token,
    payload: {
      property_id: property,
      date: DATE,
      start_time: '13:00',
      end_time: '15:00',
      groups_per_slot: 10,
      ...extra,
    },
  });
const register = (id: string, startsAt: string, email: string) =>
  t.request({
    method: 'POST',
    url: `/api/booking/open-houses/${id}/register`,
    payload: {
      starts_at: startsAt,
      client_name: 'Olive Open',
      client_email: email,
      client_phone: '+1 646 555 0170',
      buyer_type: 'first_time_buyer',
    },
  });
const slotsOf = async (property: number) =>
  (
    (await t.request({ method: 'GET', url: `/api/booking/availability/${property}/${DATE}` })).json()
      .slots as {
      starts_at: string;
    }[]
  ).map((s) => new Date(s.starts_at).toISOString());

async function openHouse() {
  const agent = await makeAgent(t, { plan: 'enterprise' });
  const property = await makeProperty(t, agent.id);
  const res = await schedule(agent, property);
  expect(res.statusCode).toBe(201);
  return { agent, property, id: res.json().data.id as string };
}

describe('scheduling an open house', () => {
  it('lists its 30-minute times with places left; refuses a bad window or date with 400', async () => {
    const { agent, property, id } = await openHouse();
    const list = (await t.request({ method: 'GET', url: `/api/booking/open-houses/${property}` })).json()
      .data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id, groups_per_slot: 10, time_zone: 'America/New_York' });
    expect(list[0].groups).toEqual(
      ['13:00', '13:30', '14:00', '14:30'].map((h) => ({ starts_at: at(h), taken: 0, left: 10 })),
    );
    const odd = await schedule(agent, property, { date: '2030-01-09', end_time: '14:15' });
    expect([odd.statusCode, odd.json().fields.end_time]).toEqual([400, OPEN_HOUSE_TEXTS.form.wholeGroups]);
    const past = await schedule(agent, property, { date: '2030-01-07' });
    expect([past.statusCode, past.json().fields.date]).toEqual([400, OPEN_HOUSE_TEXTS.form.past]);
    const many = await schedule(agent, property, { date: '2030-01-09', groups_per_slot: 51 });
    expect(many.statusCode).toBe(400);
    const stranger = await makeAgent(t);
    expect((await schedule(stranger, property, { date: '2030-01-09' })).statusCode).toBe(404);
  });

  it('keeps private showings out of the window, and an open house off a booked showing', async () => {
    const { agent, property } = await openHouse();
    // The window's times are not offered; those around it are.
    const offered = await slotsOf(property);
    expect(offered).not.toContain(at('13:00'));
    expect(offered).not.toContain(at('14:30'));
    expect(offered).toContain(at('15:00'));
    const buyer = await t.request({
      method: 'POST',
      url: '/api/booking',
      payload: bookingPayload(agent.id, {
        property_id: property,
        booking_time: '13:30',
        starts_at: at('13:30'),
      }),
    });
    expect(buyer.statusCode).toBe(409);
    const own = await t.request({
      method: 'POST',
      url: '/api/bookings',
      token: agent.token,
      payload: bookingPayload(agent.id, { booking_time: '14:00' }),
    });
    // The agent is told which open house holds the time, not that someone else just booked it.
    expect([own.statusCode, own.json().code]).toEqual([409, 'DURING_OPEN_HOUSE']);
    expect(own.json().error).toBe(
      OPEN_HOUSE_TEXTS.overlapsOpenHouse('12 Elm Street', 'Tue, Jan 8, 1:00 PM–3:00 PM EST'),
    );
    // A showing at 10:00 the next day: no open house over it.
    const showing = await t.request({
      method: 'POST',
      url: '/api/bookings',
      token: agent.token,
      payload: bookingPayload(agent.id, { booking_date: '2030-01-09', booking_time: '10:00' }),
    });
    expect(showing.statusCode).toBe(201);
    // Moving it into the open house is refused the same way, and the showing stays where it was.
    const moved = await t.request({
      method: 'PUT',
      url: `/api/bookings/${showing.json().data.id}/reschedule`,
      token: agent.token,
      payload: { booking_date: DATE, booking_time: '13:30', reschedule_reason: 'Buyer asked' },
    });
    expect([moved.statusCode, moved.json().code]).toEqual([409, 'DURING_OPEN_HOUSE']);
    const kept = await t.request({
      method: 'GET',
      url: `/api/bookings/${showing.json().data.id}`,
      token: agent.token,
    });
    expect(kept.json().data.status).toBe('confirmed');
    const over = await schedule(agent, property, {
      date: '2030-01-09',
      start_time: '09:30',
      end_time: '11:00',
    });
    expect([over.statusCode, over.json().code, over.json().error]).toEqual([
      409,
      'OPEN_HOUSE_OVERLAPS',
      OPEN_HOUSE_TEXTS.overlapsShowing,
    ]);
  });
});

describe('registering', () => {
  it('50 buyers registering for one time of capacity 10 at once → exactly 10; the rest told it is full', async () => {
    const { property, id } = await openHouse();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => register(id, at('13:00'), `party${i}@example.com`)),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(40);
    expect(new Set(answers.filter((r) => r.statusCode === 409).map((r) => r.json().code))).toEqual(
      new Set(['OPEN_HOUSE_FULL']),
    );
    expect(answers.find((r) => r.statusCode === 409)!.json().error).toBe(OPEN_HOUSE_TEXTS.fullNow);
    const rows = await t.database.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.openHouseId, id), inArray(bookings.status, ['confirmed'])));
    expect(rows).toHaveLength(10);
    const list = (await t.request({ method: 'GET', url: `/api/booking/open-houses/${property}` })).json()
      .data;
    expect(list[0].groups[0]).toEqual({ starts_at: at('13:00'), taken: 10, left: 0 });
    expect(list[0].groups[1]).toEqual({ starts_at: at('13:30'), taken: 0, left: 10 });
  });

  it("gets the booking's messages, is the agent's to see, counts toward no daily limit; a time not of it is refused", async () => {
    const { agent, property, id } = await openHouse();
    await t.request({
      method: 'PUT',
      url: '/api/agents/daily-cap',
      token: agent.token,
      payload: { max_showings_per_day: 1 },
    });
    const first = await register(id, at('13:30'), 'ann@example.com');
    expect(first.statusCode).toBe(201);
    expect(first.json().booking).toMatchObject({
      status: 'confirmed',
      starts_at: at('13:30'),
      property_id: property,
    });
    expect((await register(id, at('13:30'), 'ben@example.com')).statusCode).toBe(201);
    const jobs = await t.database.db
      .select({ event: notificationJobs.event })
      .from(notificationJobs)
      .where(eq(notificationJobs.bookingId, first.json().booking.id));
    expect(jobs.map((j) => j.event)).toEqual(
      expect.arrayContaining(['booking_created', 'reminder', 'feedback_request']),
    );
    // The agent's one showing a day is still free: two registrations are not showings.
    expect(await slotsOf(property)).toContain(at('10:00'));
    const mine = (await t.request({ method: 'GET', url: '/api/open-houses', token: agent.token })).json()
      .data;
    expect(mine[0].registrants.map((r: { client_email: string }) => r.client_email).sort()).toEqual([
      'ann@example.com',
      'ben@example.com',
    ]);
    const other = await makeAgent(t);
    expect(
      (await t.request({ method: 'GET', url: '/api/open-houses', token: other.token })).json().data,
    ).toEqual([]);
    expect((await register(id, at('13:15'), 'odd@example.com')).json().code).toBe('OPEN_HOUSE_CLOSED');
    expect((await register(id, at('15:00'), 'late@example.com')).json().code).toBe('OPEN_HOUSE_CLOSED');
  });

  it('cancelling the open house cancels its registrations and offers the times again', async () => {
    const { agent, property, id } = await openHouse();
    const ann = (await register(id, at('14:00'), 'ann@example.com')).json().booking;
    const stranger = await makeAgent(t);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/open-houses/${id}`, token: stranger.token }))
        .statusCode,
    ).toBe(404);
    const gone = await t.request({ method: 'DELETE', url: `/api/open-houses/${id}`, token: agent.token });
    expect(gone.json()).toEqual({ success: true });
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, ann.id));
    expect([row!.status, row!.cancelledBy]).toEqual(['cancelled', 'agent']);
    expect(
      (await t.request({ method: 'GET', url: `/api/booking/open-houses/${property}` })).json().data,
    ).toEqual([]);
    expect(await slotsOf(property)).toContain(at('14:00'));
    expect((await register(id, at('14:30'), 'late@example.com')).json().code).toBe('OPEN_HOUSE_CLOSED');
  });
});

describe("the registrant's language (issue 43)", () => {
  it('the booking stores the payload’s language, else the request’s, else the agent’s default', async () => {
    const { agent, id } = await openHouse();
    const localeOf = async (email: string) =>
      (await t.database.db.select().from(bookings).where(eq(bookings.clientEmail, email)))[0]!.locale;
    const payload = (email: string, extra: Record<string, unknown> = {}) => ({
      starts_at: at('13:00'),
      client_name: 'Olive Open',
      client_email: email,
      client_phone: '+1 646 555 0170',
      buyer_type: 'first_time_buyer',
      ...extra,
    });
    const url = `/api/booking/open-houses/${id}/register`;
    const post = (body: object, headers: Record<string, string> = {}) =>
      t.request({ method: 'POST', url, payload: body, headers });
    expect((await post(payload('oh-es@example.com', { locale: 'es' }))).statusCode).toBe(201);
    expect((await post(payload('oh-header@example.com'), { 'accept-language': 'es' })).statusCode).toBe(201);
    expect((await post(payload('oh-en@example.com'), { 'accept-language': 'en' })).statusCode).toBe(201);
    expect((await post(payload('oh-plain@example.com'))).statusCode).toBe(201);
    await t.database.db.update(agents).set({ defaultLanguage: 'es' }).where(eq(agents.id, agent.id));
    expect((await post(payload('oh-default@example.com'))).statusCode).toBe(201);
    expect(await localeOf('oh-es@example.com')).toBe('es');
    expect(await localeOf('oh-header@example.com')).toBe('es');
    expect(await localeOf('oh-en@example.com')).toBe('en');
    expect(await localeOf('oh-plain@example.com')).toBe('en');
    expect(await localeOf('oh-default@example.com')).toBe('es');
  });
});
