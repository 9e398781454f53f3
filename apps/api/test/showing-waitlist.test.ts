// Issue 44 "Waitlist" on a real database with a movable clock (Monday 2030-01-07 10:00 in New York). The date
// 2030-01-08 offers one time (10:00, the agent's hours that day); a buyer books it, so others join the line.
// Joining is checked and written once per e-mail; a cancellation with 3 buyers in line offers the time to one
// buyer at a time (refills racing each other still make one offer) and the offer is claimed once (5 taps at once
// → one booking); others are refused the held time; an offer not taken in 15 minutes goes to the next buyer;
// leaving or being removed lets the time go to the next; the agent sees only their own lines.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WAITLIST_TEXTS } from '@keyturn/domain/slots/waitlist';
import { agents, bookings, showingWaitlist, slotHolds } from '../src/db/schema';
import { jobOptionsOf, openJobQueue, type JobQueue } from '../src/jobs/queue';
import { bookingNotifier } from '../src/modules/core/notifications/scheduler';
import { refillWaitlist } from '../src/modules/showing-waitlist/offers';
import { createTestApp, type TestApp } from './app';
import { bookingPayload, makeAgent, makeProperty, type TestAgent } from './fixtures';
import { joinWaitlist, onlyTimeOn } from './support/waitlist';

const MONDAY = new Date('2030-01-07T15:00:00Z');
let clock = MONDAY;
let t: TestApp;
let queue: JobQueue;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  queue = await openJobQueue(t.database.db, jobOptionsOf(t.config));
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

const refill = (agent: TestAgent) =>
  refillWaitlist(
    {
      ctx: {
        db: t.database.db,
        publicUrl: 'http://keyturn.test',
        now: () => clock,
        notify: bookingNotifier(queue, () => clock),
      },
      queue,
    },
    agent.id,
  );

/** An agent whose only time on DATE is 10:00, with a listing, and the time booked by a first buyer. */
async function fullDay() {
  const agent = await makeAgent(t, { plan: 'pro' });
  const property = await makeProperty(t, agent.id);
  await onlyTimeOn(t, agent, DATE, '10:00', '10:30');
  const first = await t.request({
    method: 'POST',
    url: '/api/booking',
    payload: bookingPayload(agent.id, {
      property_id: property,
      starts_at: TEN,
      client_email: 'first@example.com',
    }),
  });
  expect(first.statusCode).toBe(201);
  const open = (
    await t.request({ method: 'GET', url: `/api/booking/availability/${property}/${DATE}` })
  ).json();
  expect(open.slots).toEqual([]);
  return { agent, property, manageToken: first.json().booking.manage_token as string };
}

const join = (agent: TestAgent, property: number, email: string, extra: Record<string, unknown> = {}) =>
  joinWaitlist(t, { agent, property, date: DATE }, email, { part: 'morning', ...extra });
const link = (token: string) => t.request({ method: 'GET', url: `/api/booking/waitlist/${token}` });
const tap = (token: string) =>
  t.request({ method: 'POST', url: `/api/booking/waitlist/${token}/book`, payload: {} });
const entryOf = async (token: string) =>
  (await t.database.db.select().from(showingWaitlist).where(eq(showingWaitlist.token, token)))[0]!;
const cancel = (manageToken: string) =>
  t.request({
    method: 'POST',
    url: '/api/booking/cancel',
    payload: { token: manageToken, reason: 'Bought elsewhere' },
  });

async function threeInLine() {
  const day = await fullDay();
  const tokens: string[] = [];
  for (const name of ['ann', 'ben', 'cal']) {
    const res = await join(day.agent, day.property, `${name}@example.com`);
    expect(res.statusCode).toBe(201);
    tokens.push(res.json().data.token);
  }
  return { ...day, tokens };
}

describe('joining a waiting list', () => {
  it('refuses a join without consent, a bad e-mail or a date outside the window with 400, writing nothing', async () => {
    const { agent, property } = await fullDay();
    const noConsent = await join(agent, property, 'x@example.com', { contact_consent: false });
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json().fields.contact_consent).toBe(WAITLIST_TEXTS.join.consentRequired);
    expect((await join(agent, property, 'not-an-email')).json().fields.client_email).toBeTruthy();
    const late = await join(agent, property, 'y@example.com', { date: '2031-06-01' });
    expect([late.statusCode, late.json().code]).toEqual([400, 'DATE_OUTSIDE_WINDOW']);
    const other = await makeAgent(t);
    expect((await join(other, property, 'z@example.com')).statusCode).toBe(404);
    const rows = await t.database.db
      .select()
      .from(showingWaitlist)
      .where(eq(showingWaitlist.agentId, agent.id));
    expect(rows).toHaveLength(0);
  });

  it('puts buyers in line in the order they join; the same e-mail twice keeps its place', async () => {
    const { agent, property } = await fullDay();
    const ann = (await join(agent, property, 'ann@example.com')).json().data;
    expect(ann).toMatchObject({ date: DATE, part: 'morning', place: 1, already: false });
    expect((await join(agent, property, 'ben@example.com')).json().data.place).toBe(2);
    const again = (await join(agent, property, 'ANN@example.com', { part: 'any' })).json().data;
    expect(again).toMatchObject({ token: ann.token, place: 1, already: true, part: 'morning' });
    const view = (await link(ann.token)).json().data;
    expect(view).toMatchObject({
      status: 'waiting',
      place: 1,
      offer: null,
      booking: null,
      time_zone: 'America/New_York',
    });
    expect((await link('no-such-token-here')).statusCode).toBe(404);
  });
});

describe('a cancellation with 3 buyers in line', () => {
  it('offers the time to one buyer at a time, even with refills racing, and the offer is claimed once', async () => {
    const { agent, property, manageToken, tokens } = await threeInLine();
    expect(await refill(agent)).toBe(0);
    expect((await cancel(manageToken)).statusCode).toBe(200);
    const offers = await Promise.all(Array.from({ length: 5 }, () => refill(agent)));
    expect(offers.reduce((a, b) => a + b, 0)).toBe(1);
    const [ann, ben, cal] = await Promise.all(tokens.map(entryOf));
    expect([ann!.status, ben!.status, cal!.status]).toEqual(['offered', 'waiting', 'waiting']);
    const holds = await t.database.db.select().from(slotHolds).where(eq(slotHolds.agentId, agent.id));
    expect(holds.map((h) => [h.waitlistEntryId, h.startsAt.toISOString()])).toEqual([
      [ann!.id, new Date(TEN).toISOString()],
    ]);
    expect((await link(tokens[0]!)).json().data.offer).toEqual({
      starts_at: new Date(TEN).toISOString(),
      expires_at: minutesLater(15).toISOString(),
    });
    // Nobody else is offered or can book the held time.
    const page = (
      await t.request({ method: 'GET', url: `/api/booking/availability/${property}/${DATE}` })
    ).json();
    expect(page.slots).toEqual([]);
    const other = await t.request({
      method: 'POST',
      url: '/api/booking',
      payload: bookingPayload(agent.id, {
        property_id: property,
        starts_at: TEN,
        client_email: 'late@example.com',
      }),
    });
    expect(other.statusCode).toBe(409);
    // Five taps at once: one booking, every answer the same booked link.
    const taps = await Promise.all(Array.from({ length: 5 }, () => tap(tokens[0]!)));
    expect(taps.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const booked = await t.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.clientEmail, 'ann@example.com'));
    expect(booked.map((b) => [b.status, b.startsAt.toISOString(), b.propertyId])).toEqual([
      ['confirmed', new Date(TEN).toISOString(), property],
    ]);
    const view = (await link(tokens[0]!)).json().data;
    expect(view).toMatchObject({
      status: 'booked',
      booking: { status: 'confirmed', manage_token: booked[0]!.manageToken },
    });
    expect((await entryOf(tokens[0]!)).bookingId).toBe(booked[0]!.id);
    // Ben and Cal still wait; the next refill has nothing to offer.
    expect(await refill(agent)).toBe(0);
    expect((await link(tokens[1]!)).json().data).toMatchObject({ status: 'waiting', place: 1 });
    expect((await link(tokens[2]!)).json().data).toMatchObject({ status: 'waiting', place: 2 });
    expect((await tap(tokens[1]!)).json()).toMatchObject({
      code: 'WAITLIST_OFFER_ENDED',
      error: WAITLIST_TEXTS.offerEnded,
    });
  });

  it('an offer not taken in 15 minutes goes to the next buyer; leaving passes it on at once', async () => {
    const { agent, manageToken, tokens } = await threeInLine();
    await cancel(manageToken);
    expect(await refill(agent)).toBe(1);
    clock = minutesLater(14);
    expect(await refill(agent)).toBe(0);
    clock = minutesLater(15);
    expect(await refill(agent)).toBe(1);
    expect((await link(tokens[0]!)).json().data).toMatchObject({
      status: 'lapsed',
      offer: null,
      place: null,
    });
    expect((await tap(tokens[0]!)).json().code).toBe('WAITLIST_OFFER_ENDED');
    expect((await entryOf(tokens[1]!)).status).toBe('offered');
    // Ben leaves from his link: the time is let go, and Cal is offered it.
    const left = await t.request({ method: 'DELETE', url: `/api/booking/waitlist/${tokens[1]}` });
    expect(left.json().data).toMatchObject({ status: 'left', offer: null });
    expect(await refill(agent)).toBe(1);
    expect((await entryOf(tokens[2]!)).status).toBe('offered');
    expect((await tap(tokens[2]!)).json().data.status).toBe('booked');
  });

  it('a buyer waiting for the afternoon is not offered a morning time', async () => {
    const { agent, property, manageToken } = await fullDay();
    const pm = (await join(agent, property, 'pm@example.com', { part: 'afternoon' })).json().data;
    await cancel(manageToken);
    expect(await refill(agent)).toBe(0);
    expect((await entryOf(pm.token)).status).toBe('waiting');
  });
});

describe("the agent's waiting lists", () => {
  it('lists their own lines in order and removes a buyer (their held time passes on); others get 404', async () => {
    const { agent, manageToken, tokens } = await threeInLine();
    const list = await t.request({ method: 'GET', url: '/api/waitlist-entries', token: agent.token });
    const rows = list.json().data as { id: string; client_email: string; place: number; status: string }[];
    expect(rows.map((r) => [r.client_email, r.place, r.status])).toEqual([
      ['ann@example.com', 1, 'waiting'],
      ['ben@example.com', 2, 'waiting'],
      ['cal@example.com', 3, 'waiting'],
    ]);
    const stranger = await makeAgent(t);
    expect(
      (await t.request({ method: 'GET', url: '/api/waitlist-entries', token: stranger.token })).json().data,
    ).toEqual([]);
    const notTheirs = await t.request({
      method: 'DELETE',
      url: `/api/waitlist-entries/${rows[0]!.id}`,
      token: stranger.token,
    });
    expect(notTheirs.statusCode).toBe(404);
    await cancel(manageToken);
    await refill(agent);
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/waitlist-entries/${rows[0]!.id}`,
      token: agent.token,
    });
    expect(removed.json()).toEqual({ success: true });
    expect((await link(tokens[0]!)).json().data.status).toBe('removed');
    expect(await t.database.db.select().from(slotHolds).where(eq(slotHolds.agentId, agent.id))).toEqual([]);
    expect(await refill(agent)).toBe(1);
    expect((await entryOf(tokens[1]!)).status).toBe('offered');
    const again = await t.request({
      method: 'DELETE',
      url: `/api/waitlist-entries/${rows[0]!.id}`,
      token: agent.token,
    });
    expect(again.statusCode).toBe(404);
  });
});

describe("the buyer's language on the waiting list (issue 43)", () => {
  it('is stored at join (payload, else the request, else the agent’s default) and the offer’s booking takes it', async () => {
    const { agent, property, manageToken } = await fullDay();
    const named = (await join(agent, property, 'es-payload@example.com', { locale: 'es' })).json().data;
    const asked = await t.request({
      method: 'POST',
      url: '/api/booking/waitlist',
      headers: { 'accept-language': 'es-MX,es;q=0.9' },
      payload: {
        agent_id: agent.id,
        property_id: property,
        date: DATE,
        part: 'morning',
        client_name: 'Ana Espera',
        client_email: 'es-header@example.com',
        client_phone: '+1 646 555 0143',
        buyer_type: 'first_time_buyer',
        contact_consent: true,
      },
    });
    expect(asked.statusCode).toBe(201);
    const plain = (await join(agent, property, 'en-plain@example.com')).json().data;
    await t.database.db.update(agents).set({ defaultLanguage: 'es' }).where(eq(agents.id, agent.id));
    const byDefault = (await join(agent, property, 'es-default@example.com')).json().data;
    expect((await entryOf(named.token)).locale).toBe('es');
    expect((await entryOf(asked.json().data.token)).locale).toBe('es');
    expect((await entryOf(plain.token)).locale).toBe('en');
    expect((await entryOf(byDefault.token)).locale).toBe('es');
    expect((await join(agent, property, 'bad@example.com', { locale: 'fr' })).statusCode).toBe(400);
    // The first in line (Spanish by the payload) is offered the cancelled time; the booking speaks Spanish,
    // though the tap names no language and the agent's default is English again.
    await t.database.db.update(agents).set({ defaultLanguage: 'en' }).where(eq(agents.id, agent.id));
    await cancel(manageToken);
    expect(await refill(agent)).toBe(1);
    expect((await tap(named.token)).statusCode).toBe(201);
    const [booked] = await t.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.clientEmail, 'es-payload@example.com'));
    expect(booked!.locale).toBe('es');
  });
});
