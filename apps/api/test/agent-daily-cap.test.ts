// Issue 44 "Daily caps for the agent" on a real database with a fixed clock (Monday 2030-01-07 10:00 in New
// York; default hours Mon–Fri 09:00–17:00): at most N showings a day across all the agent's listings. A full
// day offers no time on any listing's page (with the reason) nor in the month's dates; every buyer's door —
// the booking page, a consultation, the reschedule link, MCP's tool, a tour — is refused with 409
// AGENT_DAY_FULL and writes nothing; concurrent buyers end at exactly the cap; the agent can always act.
import type { AddressInfo } from 'node:net';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  AGENT_DAY_FULL_CODE,
  agentDayFullMessage,
  agentDayFullWhy,
} from '@keyturn/domain/slots/agentDailyCap';
import { FALLBACK_SLOTS_WITHOUT_PROPERTY } from '@keyturn/domain/constants';
import { bookings } from '../src/db/schema';
import { createTestApp, type TestApp } from './app';
import { bookingPayload, makeAgent, makeProperty, type TestAgent } from './fixtures';
import { seedBooking } from './support/bookings';
import { tokenOf, tourBuyerDetails } from './support/tours';

const NOW = new Date('2030-01-07T15:00:00Z');
const DATE = '2030-01-08';
const at = (hhmm: string, date = DATE) => `${date}T${hhmm}:00-05:00`;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
});
afterAll(async () => {
  await t.close();
});

const capUrl = '/api/agents/daily-cap';
const setCap = (agent: TestAgent, cap: unknown) =>
  t.request({ method: 'PUT', url: capUrl, token: agent.token, payload: { max_showings_per_day: cap } });
const book = (agent: TestAgent, overrides: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/booking', payload: bookingPayload(agent.id, overrides) });
const activeOn = async (agent: TestAgent, date = DATE) =>
  (
    await t.database.db
      .select({ startsAt: bookings.startsAt })
      .from(bookings)
      .where(and(eq(bookings.agentId, agent.id), inArray(bookings.status, ['pending', 'confirmed'])))
  ).filter((b) => b.startsAt.toISOString().slice(0, 10) === date).length;
const refused = {
  error: agentDayFullMessage(2),
  code: AGENT_DAY_FULL_CODE,
  fields: { booking_time: agentDayFullMessage(2) },
};

describe('GET/PUT /api/agents/daily-cap', () => {
  it('starts with no limit, saves 1 to 50 or null, refuses the rest with 400 and changes nothing', async () => {
    const agent = await makeAgent(t);
    const read = async () =>
      (await t.request({ method: 'GET', url: capUrl, token: agent.token })).json().data.max_showings_per_day;
    expect(await read()).toBeNull();
    expect((await setCap(agent, 4)).json()).toEqual({ success: true, data: { max_showings_per_day: 4 } });
    expect(await read()).toBe(4);
    for (const bad of [0, 51, 2.5, '4', -1]) {
      const res = await setCap(agent, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        fields: { max_showings_per_day: expect.any(String) },
      });
    }
    const missing = await t.request({ method: 'PUT', url: capUrl, token: agent.token, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(await read()).toBe(4);
    expect((await setCap(agent, null)).statusCode).toBe(200);
    expect(await read()).toBeNull();
    expect((await t.request({ method: 'GET', url: capUrl })).statusCode).toBe(401);
  });

  it('saving the weekly hours keeps the cap, and the cap keeps the weekly hours', async () => {
    const agent = await makeAgent(t);
    await setCap(agent, 6);
    const hours = (await t.request({ method: 'GET', url: '/api/availability', token: agent.token })).json();
    await t.request({
      method: 'PUT',
      url: '/api/availability',
      token: agent.token,
      payload: { ...hours.data, buffer_minutes: 15 },
    });
    expect((await t.request({ method: 'GET', url: capUrl, token: agent.token })).json().data).toEqual({
      max_showings_per_day: 6,
    });
    await setCap(agent, 3);
    const after = await t.request({ method: 'GET', url: '/api/availability', token: agent.token });
    expect(after.json().data).toEqual({ ...hours.data, buffer_minutes: 15 });
  });
});

describe('a full day across all listings', () => {
  it('offers no time on any listing, says why, leaves the date out of the month, refuses every buyer', async () => {
    const agent = await makeAgent(t, { plan: 'pro' });
    const a = await makeProperty(t, agent.id);
    const b = await makeProperty(t, agent.id);
    const c = await makeProperty(t, agent.id);
    await setCap(agent, 2);
    expect((await book(agent, { property_id: a, booking_time: '10:00' })).statusCode).toBe(201);
    const slotsOf = async (property: number, date = DATE) =>
      (await t.request({ method: 'GET', url: `/api/booking/availability/${property}/${date}` })).json();
    // One showing: a day with room offers the other listings' times as before.
    expect((await slotsOf(c)).slots.length).toBeGreaterThan(10);
    expect((await book(agent, { property_id: b, booking_time: '11:00' })).statusCode).toBe(201);

    const full = await slotsOf(c);
    expect(full.slots).toEqual([]);
    expect(full.removed_why).toEqual([agentDayFullWhy(2)]);
    const dates = (
      await t.request({ method: 'GET', url: `/api/booking/available-dates/${c}?month=2030-01` })
    ).json().dates as string[];
    expect(dates).not.toContain(DATE);
    expect(dates).toContain('2030-01-09');
    const consultation = await t.request({
      method: 'GET',
      url: `/api/booking/availability/agent/${agent.id}/${DATE}`,
    });
    expect(consultation.json().slots).toEqual([]);

    // Booked anyway (a page loaded earlier): 409 with the reason, nothing written — a listing or a consultation.
    for (const overrides of [
      { property_id: c, booking_time: '14:00' },
      { property_id: null, booking_time: '15:00', booking_purpose: 'property_valuation' },
    ]) {
      const res = await book(agent, overrides);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual(refused);
    }
    expect(await activeOn(agent)).toBe(2);
    // The next day is not full.
    expect(
      (await book(agent, { property_id: c, booking_date: '2030-01-09', booking_time: '14:00' })).statusCode,
    ).toBe(201);

    // The agent can always act: their own booking on the full day is made (and counts).
    const own = await t.request({
      method: 'POST',
      url: '/api/bookings',
      token: agent.token,
      payload: {
        ...bookingPayload(agent.id, { property_id: c, booking_time: '16:00' }),
        agent_id: undefined,
      },
    });
    expect(own.statusCode).toBe(201);
    expect(await activeOn(agent)).toBe(3);
    // Raising the cap opens the day at once (the schedule version moves with the setting).
    await setCap(agent, 4);
    expect((await slotsOf(c)).slots.length).toBeGreaterThan(0);
  });

  it('a cancellation frees the day; a reschedule within the full day moves, one into it is refused', async () => {
    const agent = await makeAgent(t, { plan: 'pro' });
    const property = await makeProperty(t, agent.id);
    await setCap(agent, 2);
    const first = (await book(agent, { property_id: property, booking_time: '10:00' })).json().booking;
    const second = (await book(agent, { property_id: property, booking_time: '13:00' })).json().booking;
    const elsewhere = (
      await book(agent, { property_id: property, booking_date: '2030-01-09', booking_time: '10:00' })
    ).json().booking;
    const reschedule = (booking: { id: string; manage_token: string }, date: string, time: string) =>
      t.request({
        method: 'POST',
        url: '/api/booking/reschedule',
        payload: {
          ...bookingPayload(agent.id, { property_id: property, booking_date: date, booking_time: time }),
          token: booking.manage_token,
          original_booking_id: booking.id,
          reschedule_reason: 'Another time suits better',
        },
      });
    // Within the full day: the showing gives its own place up.
    expect((await reschedule(first, DATE, '15:00')).statusCode).toBe(200);
    // From another day into the full one: refused, the showing stays where it was.
    const into = await reschedule(elsewhere, DATE, '16:00');
    expect(into.statusCode).toBe(409);
    expect(into.json().code).toBe(AGENT_DAY_FULL_CODE);
    expect(await activeOn(agent, '2030-01-09')).toBe(1);
    expect(await activeOn(agent)).toBe(2);
    // The buyer cancels one: the day has room again.
    const cancelled = await t.request({
      method: 'POST',
      url: '/api/booking/cancel',
      payload: { token: second.manage_token },
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await reschedule(elsewhere, DATE, '16:00')).statusCode).toBe(200);
  });
});

describe('under concurrency', () => {
  it('12 buyers booking 12 different times of one day with a cap of 3: exactly 3 bookings, 9 refusals', async () => {
    const agent = await makeAgent(t, { plan: 'pro' });
    const properties = await Promise.all(Array.from({ length: 12 }, () => makeProperty(t, agent.id)));
    await setCap(agent, 3);
    // The day's first 12 half-hour times (09:00 … 14:30), each at its own listing.
    const times = FALLBACK_SLOTS_WITHOUT_PROPERTY.slice(0, 12);
    const answers = await Promise.all(
      times.map((time, k) =>
        book(agent, {
          property_id: properties[k],
          booking_time: time,
          client_email: `buyer${k}@example.com`,
        }),
      ),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    for (const r of answers.filter((a) => a.statusCode === 409))
      expect(r.json().code).toBe(AGENT_DAY_FULL_CODE);
    expect(await activeOn(agent)).toBe(3);
  });
});

describe('tours and MCP count against the same cap', () => {
  it('a tour whose stops would pass the cap books none of them; one that fits books whole', async () => {
    const agent = await makeAgent(t, { plan: 'pro' });
    const pa = await makeProperty(t, agent.id, { address: '1 Elm St', lat: 30.2672, lng: -97.7431 });
    const pb = await makeProperty(t, agent.id, { address: '3 Ash Rd', lat: 30.2672, lng: -97.7327 });
    await seedBooking(t.database.db, agent.id, { startsAt: at('09:00'), status: 'confirmed' });
    await setCap(agent, 2);
    const saved = await t.request({
      method: 'POST',
      url: '/api/tours',
      token: agent.token,
      payload: {
        date: DATE,
        stops: [
          { property_id: pa, starts_at: at('13:00') },
          { property_id: pb, starts_at: at('14:30') },
        ],
      },
    });
    expect(saved.statusCode).toBe(201);
    const token = tokenOf(saved.json().data.invite_url);
    const bookTour = () =>
      t.request({
        method: 'POST',
        url: `/api/tour/${token}/book`,
        payload: tourBuyerDetails(agent.id, 'tourist@example.com'),
      });
    const refusedTour = await bookTour();
    expect(refusedTour.statusCode).toBe(409);
    expect(refusedTour.json().code).toBe(AGENT_DAY_FULL_CODE);
    expect(await activeOn(agent)).toBe(1);
    await setCap(agent, 3);
    expect((await bookTour()).statusCode).toBe(201);
    expect(await activeOn(agent)).toBe(3);
  });

  it("MCP's book_showing is refused on a full day with the same words, and finds no open time there", async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const client = new Client({ name: 'keyturn-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));
    try {
      const agent = await makeAgent(t, { plan: 'pro' });
      const property = await makeProperty(t, agent.id);
      await setCap(agent, 2);
      await seedBooking(t.database.db, agent.id, { startsAt: at('09:00'), status: 'confirmed' });
      await seedBooking(t.database.db, agent.id, { startsAt: at('12:00'), status: 'pending' });
      const call = async (name: string, args: Record<string, unknown>) =>
        (await client.callTool({ name, arguments: args })) as CallToolResult;
      const text = (r: CallToolResult) => r.content.map((p) => (p.type === 'text' ? p.text : '')).join('\n');
      const times = await call('find_open_times', { agent_id: agent.id, from: DATE, to: DATE });
      expect(times.isError, text(times)).toBeFalsy();
      expect((times.structuredContent as { open_times: unknown[] }).open_times).toEqual([]);
      const booked = await call(
        'book_showing',
        bookingPayload(agent.id, { property_id: property, booking_time: '14:00' }),
      );
      expect(booked.isError).toBe(true);
      expect(text(booked)).toBe(agentDayFullMessage(2));
      expect(await activeOn(agent)).toBe(2);
    } finally {
      await client.close();
    }
  });
});
