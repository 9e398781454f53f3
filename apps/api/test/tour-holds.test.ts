// Issue 44 "Held times" on a buyer tour (issue 16), on a real database with a movable clock (Monday 2030-01-07
// 10:00 in New York; default hours Mon–Fri 09:00–17:00): while the buyer fills in their details every stop's time
// is held for them — all stops or none, under the agent's lock — so other buyers are neither offered nor given
// those times; booking the tour uses the holds up and wins against 20 others; holding again replaces the tour's own
// holds; DELETE lets go; an ended hold blocks nothing.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_MESSAGES } from '@keyturn/domain/routes/messages';
import { HOLD_TEXTS } from '@keyturn/domain/slots/holds';
import { bookings, slotHolds } from '../src/db/schema';
import { createTestApp, type TestApp } from './app';
import { bookingPayload, makeAgent, makeProperty, type TestAgent } from './fixtures';
import { tokenOf, tourBuyerDetails } from './support/tours';

const MONDAY = new Date('2030-01-07T15:00:00Z');
const DATE = '2030-01-08';
const at = (hhmm: string) => `${DATE}T${hhmm}:00-05:00`;
const minutesLater = (m: number) => new Date(MONDAY.getTime() + m * 60_000);
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

/** An agent's saved two-stop tour (13:00 at 1 Elm St, 14:30 at 3 Ash Rd) and its invitation's token. */
async function tour() {
  const agent = await makeAgent(t, { plan: 'pro' });
  const pa = await makeProperty(t, agent.id, { address: '1 Elm St', lat: 30.2672, lng: -97.7431 });
  const pb = await makeProperty(t, agent.id, { address: '3 Ash Rd', lat: 30.2672, lng: -97.7327 });
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
  expect(saved.statusCode, saved.body).toBe(201);
  return { agent, pa, pb, token: tokenOf(saved.json().data.invite_url) };
}
const holdTour = (token: string) => t.request({ method: 'POST', url: `/api/tour/${token}/holds` });
const releaseTour = (token: string) => t.request({ method: 'DELETE', url: `/api/tour/${token}/holds` });
const bookTour = (token: string, agent: TestAgent, email = 'tourist@example.com') =>
  t.request({ method: 'POST', url: `/api/tour/${token}/book`, payload: tourBuyerDetails(agent.id, email) });
/** Another buyer booking `property` at `hhmm` on the agent's page. */
const bookOther = (agent: TestAgent, property: number, hhmm: string, email = 'other@example.com') =>
  t.request({
    method: 'POST',
    url: '/api/booking',
    payload: bookingPayload(agent.id, {
      property_id: property,
      booking_date: DATE,
      booking_time: hhmm,
      starts_at: at(hhmm),
      client_email: email,
    }),
  });
const offered = async (property: number) =>
  (
    (await t.request({ method: 'GET', url: `/api/booking/availability/${property}/${DATE}` })).json()
      .slots as { time: string }[]
  ).map((s) => s.time.slice(0, 5));
const holdsOf = (agent: TestAgent) =>
  t.database.db.select().from(slotHolds).where(eq(slotHolds.agentId, agent.id));

describe('holding a tour', () => {
  it("holds every stop for the agent's hold minutes: others are not offered them nor given them; the tour books", async () => {
    const { agent, pa, pb, token } = await tour();
    expect(await offered(pa)).toContain('13:00');
    const res = await holdTour(token);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      success: true,
      hold: { expires_at: minutesLater(5).toISOString(), minutes: 5 },
    });
    const rows = await holdsOf(agent);
    expect(rows.map((h) => [h.propertyId, h.startsAt.toISOString()]).sort()).toEqual(
      [
        [pa, '2030-01-08T18:00:00.000Z'],
        [pb, '2030-01-08T19:30:00.000Z'],
      ].sort(),
    );
    expect(rows.every((h) => h.expiresAt.getTime() === minutesLater(5).getTime())).toBe(true);
    // Other buyers, at once: neither stop's time is offered or given.
    expect(await offered(pa)).not.toContain('13:00');
    expect(await offered(pb)).not.toContain('14:30');
    const other = await bookOther(agent, pb, '14:30');
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'SLOT_TAKEN', error: HOLD_TEXTS.heldByOther });
    // The tour's buyer, four minutes on: every stop booked, the holds used up.
    clock = minutesLater(4);
    const booked = await bookTour(token, agent);
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().data.booking_ids).toHaveLength(2);
    expect(await holdsOf(agent)).toEqual([]);
    // A booked tour holds nothing any more.
    expect((await holdTour(token)).json()).toMatchObject({ code: 'TOUR_ALREADY_BOOKED' });
  });

  it('all stops or none: a stop another buyer holds is named (409) and nothing of the tour is held', async () => {
    const { agent, pb, token } = await tour();
    const theirs = await t.request({
      method: 'POST',
      url: '/api/booking/holds',
      payload: {
        agent_id: agent.id,
        property_id: pb,
        booking_date: DATE,
        booking_time: '14:30',
        starts_at: at('14:30'),
      },
    });
    expect(theirs.statusCode).toBe(201);
    const res = await holdTour(token);
    expect(res.statusCode).toBe(409);
    const taken = ROUTE_MESSAGES.tourStopTaken('3 Ash Rd', '2:30 pm');
    expect(res.json()).toMatchObject({ code: 'TOUR_STOP_TAKEN', error: taken, fields: { 'stops.1': taken } });
    // Only the other buyer's hold: the first stop was not held either.
    expect((await holdsOf(agent)).map((h) => h.token)).toEqual([theirs.json().hold.token]);
    // A stop booked meanwhile is named the same way.
    const next = await tour();
    expect((await bookOther(next.agent, next.pa, '13:00')).statusCode).toBe(201);
    expect((await holdTour(next.token)).json()).toMatchObject({
      code: 'TOUR_STOP_TAKEN',
      fields: { 'stops.0': ROUTE_MESSAGES.tourStopTaken('1 Elm St', '1:00 pm') },
    });
    expect(await holdsOf(next.agent)).toEqual([]);
  });

  it("holding again (a reload, another tab) replaces the tour's own holds; DELETE lets go; an unknown tour is 404", async () => {
    const { agent, pa, token } = await tour();
    expect((await holdTour(token)).statusCode).toBe(201);
    clock = minutesLater(2);
    const again = await holdTour(token);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().hold.expires_at).toBe(minutesLater(7).toISOString());
    expect(await holdsOf(agent)).toHaveLength(2);
    expect((await releaseTour(token)).json()).toEqual({ success: true });
    expect(await holdsOf(agent)).toEqual([]);
    expect(await offered(pa)).toContain('13:00');
    expect((await holdTour('no-such-tour-token')).statusCode).toBe(404);
    expect((await releaseTour('no-such-tour-token')).statusCode).toBe(404);
  });

  it('an ended hold blocks nothing (the server’s clock): another buyer books a stop and the tour is refused', async () => {
    const { agent, pa, token } = await tour();
    await holdTour(token);
    clock = minutesLater(5);
    expect(await offered(pa)).toContain('13:00');
    expect((await bookOther(agent, pa, '13:00')).statusCode).toBe(201);
    const late = await bookTour(token, agent);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('TOUR_STOP_TAKEN');
    expect(await holdsOf(agent)).toHaveLength(0);
  });

  it('the tour’s buyer books while 20 others try its stops: the tour’s 201, never theirs', async () => {
    const { agent, pa, pb, token } = await tour();
    expect((await holdTour(token)).statusCode).toBe(201);
    const [mine, ...theirs] = await Promise.all([
      bookTour(token, agent),
      ...Array.from({ length: 20 }, (_, k) =>
        k % 2 === 0
          ? bookOther(agent, pa, '13:00', `b${k}@example.com`)
          : bookOther(agent, pb, '14:30', `b${k}@example.com`),
      ),
    ]);
    expect(mine!.statusCode, mine!.body).toBe(201);
    for (const res of theirs) expect(res.statusCode).toBe(409);
    const rows = await t.database.db.select().from(bookings).where(eq(bookings.agentId, agent.id));
    expect(rows.map((r) => r.clientEmail)).toEqual(['tourist@example.com', 'tourist@example.com']);
  });
});

describe("the tour buyer's language (issue 43)", () => {
  const localesOf = async (agent: TestAgent) =>
    (await t.database.db.select().from(bookings).where(eq(bookings.agentId, agent.id))).map((b) => b.locale);

  it('every stop’s booking stores the request’s language; the payload’s wins; none named: English', async () => {
    const spanish = await tour();
    const asked = await t.request({
      method: 'POST',
      url: `/api/tour/${spanish.token}/book`,
      headers: { 'accept-language': 'es' },
      payload: tourBuyerDetails(spanish.agent.id, 'turista@example.com'),
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(await localesOf(spanish.agent)).toEqual(['es', 'es']);
    const named = await tour();
    const english = await t.request({
      method: 'POST',
      url: `/api/tour/${named.token}/book`,
      headers: { 'accept-language': 'es' },
      payload: { ...tourBuyerDetails(named.agent.id, 'tourist@example.com'), locale: 'en' },
    });
    expect(english.statusCode).toBe(201);
    expect(await localesOf(named.agent)).toEqual(['en', 'en']);
    const plain = await tour();
    expect((await bookTour(plain.token, plain.agent)).statusCode).toBe(201);
    expect(await localesOf(plain.agent)).toEqual(['en', 'en']);
  });

  it('a stop taken answers TOUR_STOP_TAKEN in Spanish with the time through Intl (es-US)', async () => {
    const { agent, pb, token } = await tour();
    expect((await bookOther(agent, pb, '14:30')).statusCode).toBe(201);
    const res = await t.request({
      method: 'POST',
      url: `/api/tour/${token}/holds`,
      headers: { 'accept-language': 'es' },
    });
    expect(res.statusCode).toBe(409);
    const clock = new Intl.DateTimeFormat('es-US', {
      timeZone: 'America/New_York',
      hour: 'numeric',
      minute: '2-digit',
    }).format(new Date(at('14:30')));
    const text = `3 Ash Rd a las ${clock} ya no está libre, así que no se reservó nada. Comuníquese con su agente para acordar nuevos horarios.`;
    expect(res.json()).toEqual({ code: 'TOUR_STOP_TAKEN', error: text, fields: { 'stops.1': text } });
  });
});
