// Route optimisation (issue 16) through the real app: the day with drive times and warnings, Optimise and
// Apply (since issue 29: proposes the new times to the buyers, moving nothing — test/route-proposals.test.ts), the Professional plan gate, scoping, and the maps
// adapters against a 127.0.0.1 server speaking Nominatim and OSRM — cached, and degrading to the estimate.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_MESSAGES } from '@keyturn/domain/routes/messages';
import { DEFAULT_AVAILABILITY } from '@keyturn/domain/schemas/availability';
import { estimateTravel } from '@keyturn/domain/routes/travel';
import { OFFICE_PIN_MESSAGE } from '@keyturn/domain/schemas/routes';
import { TOUR_STOPS_MESSAGE } from '@keyturn/domain/schemas/tours';
import { bookings, leads, notificationJobs } from '../src/db/schema';
import { createTestApp, type TestApp } from './app';
import { bookingPayload, makeAgent, makeProperty, type TestAgent } from './fixtures';
import { seedBooking } from './support/bookings';
import { startMapsServer, type MapsServer } from './support/maps-server';
import { tokenOf, tourBuyerDetails } from './support/tours';

// Monday 7 January 2030, noon in New York; the day planned is Tuesday 8 January (EST, UTC−5).
const now = new Date('2030-01-07T17:00:00Z');
const DATE = '2030-01-08';
const at = (hhmm: string) => `${DATE}T${hhmm}:00-05:00`;
// Three places on one street in Austin: A, then C 1 km east, then B 15 km east.
const A = { lat: 30.2672, lng: -97.7431 };
const C = { lat: 30.2672, lng: -97.7327 };
const B = { lat: 30.2672, lng: -97.5871 };

let t: TestApp;
let pro: TestAgent;
let basic: TestAgent;
let other: TestAgent;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ now: () => now });
  pro = await makeAgent(t, { plan: 'pro', timeZone: 'America/New_York' });
  basic = await makeAgent(t, { plan: 'basic', timeZone: 'America/New_York' });
  other = await makeAgent(t, { plan: 'pro', timeZone: 'America/New_York' });
  const db = t.database.db;
  const pa = await makeProperty(t, pro.id, { address: '1 Elm St', ...A });
  const pb = await makeProperty(t, pro.id, { address: '12 Oak St', ...B });
  const pc = await makeProperty(t, pro.id, { address: '3 Ash Rd', ...C });
  // Booked A 10:00 → B 11:00 → C 12:00: 15 km out and 14 km back; A → C → B drives 15 km in all.
  ids.a = await seedBooking(db, pro.id, { startsAt: at('10:00'), status: 'confirmed', propertyId: pa });
  ids.b = await seedBooking(db, pro.id, {
    startsAt: at('11:00'),
    status: 'pending',
    propertyId: pb,
    clientEmail: 'b@example.com',
  });
  ids.c = await seedBooking(db, pro.id, {
    startsAt: at('12:00'),
    status: 'pending',
    propertyId: pc,
    clientEmail: 'c@example.com',
  });
  ids.other = await seedBooking(db, other.id, { startsAt: at('15:00'), status: 'pending' });
});
afterAll(() => t.close());

const get = (agent: TestAgent, date = DATE) =>
  t.request({ method: 'GET', url: `/api/routes/day?date=${date}`, token: agent.token });
const optimise = (agent: TestAgent) =>
  t.request({ method: 'POST', url: '/api/routes/day/optimise', token: agent.token, payload: { date: DATE } });
const apply = (agent: TestAgent, moves: { booking_id: string; starts_at: string }[]) =>
  t.request({
    method: 'POST',
    url: '/api/routes/day/apply',
    token: agent.token,
    payload: { date: DATE, moves },
  });

describe('route optimisation without a routing service (issue 16)', () => {
  it('My day: showings in time order, estimated drives, the total and the warning where the drive is longer than the gap', async () => {
    const res = await get(pro);
    expect(res.statusCode).toBe(200);
    const day = res.json().data;
    expect(day.showings.map((s: { booking_id: string }) => s.booking_id)).toEqual([ids.a, ids.b, ids.c]);
    expect(day.showings[1].property).toMatchObject({ address: '12 Oak St', lat: B.lat, lng: B.lng });
    expect(day.routing_configured).toBe(false);
    expect(day.map.tile_url).toBeNull();
    // 15 km × 1.35 at 30 km/h = 41 min; 14 km → 38 min.
    expect(day.legs.map((l: { minutes: number; source: string }) => [l.minutes, l.source])).toEqual([
      [41, 'estimated'],
      [38, 'estimated'],
    ]);
    expect(day.total_drive_minutes).toBe(79);
    expect(day.warnings.map((w: { text: string }) => w.text)).toEqual([
      "You can't be at 12 Oak St by 11:00 am: 41 min drive, 30 min gap",
      "You can't be at 3 Ash Rd by 12:00 pm: 38 min drive, 30 min gap",
    ]);
    expect(day.line).toEqual([
      [A.lat, A.lng],
      [B.lat, B.lng],
      [C.lat, C.lng],
    ]);
    expect(day.line_source).toBe('estimated');
    expect(day.optimisable).toBe(true);
    // Today (the booking window starts tomorrow) is shown but not optimised.
    const today = (await get(pro, '2030-01-07')).json().data;
    expect(today.optimisable).toBe(false);
    const refused = await t.request({
      method: 'POST',
      url: '/api/routes/day/optimise',
      token: pro.token,
      payload: { date: '2030-01-07' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.date).toBe(ROUTE_MESSAGES.notInWindow);
  });

  it("My day lists the day's completed showings with the active ones; cancelled ones are left out", async () => {
    const db = t.database.db;
    const done = await seedBooking(db, other.id, {
      startsAt: at('09:00'),
      status: 'completed',
      clientEmail: 'done@example.com',
    });
    await seedBooking(db, other.id, {
      startsAt: at('10:00'),
      status: 'cancelled',
      clientEmail: 'x@example.com',
    });
    const day = (await get(other)).json().data;
    expect(day.showings.map((s: { booking_id: string; status: string }) => [s.booking_id, s.status])).toEqual(
      [
        [done, 'completed'],
        [ids.other, 'pending'],
      ],
    );
  });

  it('Basic plans are refused by the server: 403 PLAN_UPGRADE_REQUIRED on day, optimise and apply', async () => {
    for (const res of [
      await get(basic),
      await optimise(basic),
      await apply(basic, [{ booking_id: ids.b!, starts_at: at('13:00') }]),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('PLAN_UPGRADE_REQUIRED');
    }
  });

  it('Optimise proposes the shorter order within the open slots, with the saving; it changes nothing', async () => {
    const res = await optimise(pro);
    expect(res.statusCode).toBe(200);
    const p = res.json().data;
    expect(p.feasible).toBe(true);
    expect(p.method).toBe('exact');
    expect(p.order).toEqual([ids.a, ids.c, ids.b]);
    expect(p.booked_minutes).toBe(79);
    expect(p.optimised_minutes).toBe(3 + 38);
    expect(p.saving_minutes).toBe(38);
    expect(p.saving_percent).toBe(48);
    // The confirmed showing stays. Each buyer answers on their own (issue 29, decision 042), so a proposed
    // time must be free while B still holds 11:00: C right after B's current time (11:30, 3 min from A), B
    // after the 38 min drive (12:00 + 38 → the 13:00 slot).
    expect(p.moves).toEqual([
      {
        booking_id: ids.b,
        starts_at: '2030-01-08T18:00:00.000Z',
        from_starts_at: '2030-01-08T16:00:00.000Z',
        address: '12 Oak St',
        client_name: 'Casey Buyer',
      },
      {
        booking_id: ids.c,
        starts_at: '2030-01-08T16:30:00.000Z',
        from_starts_at: '2030-01-08T17:00:00.000Z',
        address: '3 Ash Rd',
        client_name: 'Casey Buyer',
      },
    ]);
    const stillBooked = await t.database.db.select().from(bookings).where(eq(bookings.id, ids.c!));
    expect(stillBooked[0]!.status).toBe('pending');
  });

  it("Apply refuses another agent's booking (404) and a time that is not open (409), changing nothing", async () => {
    const foreign = await apply(pro, [{ booking_id: ids.other!, starts_at: at('13:00') }]);
    expect(foreign.statusCode).toBe(404);
    // 10:00 is the confirmed showing's time.
    const taken = await apply(pro, [{ booking_id: ids.b!, starts_at: at('10:00') }]);
    expect(taken.statusCode).toBe(409);
    const confirmedMove = await apply(pro, [{ booking_id: ids.a!, starts_at: at('14:00') }]);
    expect(confirmedMove.statusCode).toBe(409);
    const bad = await apply(pro, [{ booking_id: 'nope', starts_at: 'tomorrow' }]);
    expect(bad.statusCode).toBe(400);
    const rows = await t.database.db.select().from(bookings).where(eq(bookings.agentId, pro.id));
    expect(rows.every((r) => r.status !== 'rescheduled')).toBe(true);
  });

  it('Apply proposes both new times to the buyers (issue 29): nothing is rescheduled, My day lists the proposals', async () => {
    const p = (await optimise(pro)).json().data;
    const res = await apply(
      pro,
      p.moves.map((m: { booking_id: string; starts_at: string }) => ({
        booking_id: m.booking_id,
        starts_at: m.starts_at,
      })),
    );
    expect(res.statusCode).toBe(200);
    const day = res.json().data;
    // The day is as booked until a buyer accepts.
    expect(day.showings.map((s: { property: { address: string } }) => s.property.address)).toEqual([
      '1 Elm St',
      '12 Oak St',
      '3 Ash Rd',
    ]);
    expect(
      day.proposals.map((x: { booking_id: string; status: string }) => [x.booking_id, x.status]).sort(),
    ).toEqual(
      [
        [ids.b, 'proposed'],
        [ids.c, 'proposed'],
      ].sort(),
    );
    const db = t.database.db;
    for (const id of [ids.b!, ids.c!]) {
      const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
      expect(row!.status).toBe('pending');
      expect(await db.select().from(bookings).where(eq(bookings.rescheduledFromId, id))).toEqual([]);
      const jobs = await db
        .select()
        .from(notificationJobs)
        .where(and(eq(notificationJobs.bookingId, id), eq(notificationJobs.event, 'booking_rescheduled')));
      expect(jobs).toHaveLength(0);
    }
  });

  it('the property pin: placed by hand (validated, scoped), and the form is told no geocoder is configured', async () => {
    const id = await makeProperty(t, pro.id, { address: '9 Pine St' });
    const before = await t.request({
      method: 'GET',
      url: `/api/properties/${id}/position`,
      token: pro.token,
    });
    expect(before.json().data).toMatchObject({ lat: null, lng: null, geocoder_configured: false });
    const bad = await t.request({
      method: 'PUT',
      url: `/api/properties/${id}/position`,
      token: pro.token,
      payload: { lat: 95, lng: 0 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.lat).toBeDefined();
    const foreign = await t.request({
      method: 'PUT',
      url: `/api/properties/${id}/position`,
      token: other.token,
      payload: { lat: 30, lng: -97 },
    });
    expect(foreign.statusCode).toBe(404);
    const placed = await t.request({
      method: 'PUT',
      url: `/api/properties/${id}/position`,
      token: pro.token,
      payload: { lat: 30.25, lng: -97.75 },
    });
    expect(placed.json().data).toMatchObject({ lat: 30.25, lng: -97.75 });
  });
});

describe('travel-aware public slots: "cluster showings by area" (issue 16)', () => {
  it('a slot unreachable from the showing before it is not offered, a reachable one is, a nearby one is recommended', async () => {
    const agent = await makeAgent(t, { plan: 'pro', timeZone: 'America/New_York' });
    const home = await makeProperty(t, agent.id, { address: '5 Home St', ...A });
    const far = await makeProperty(t, agent.id, { address: '12 Oak St', ...B });
    const near = await makeProperty(t, agent.id, { address: '3 Ash Rd', ...C });
    // 10:00 at the far house (41 min away), 14:00 at the house next door (3 min away).
    await seedBooking(t.database.db, agent.id, {
      startsAt: at('10:00'),
      status: 'confirmed',
      propertyId: far,
    });
    await seedBooking(t.database.db, agent.id, {
      startsAt: at('14:00'),
      status: 'confirmed',
      propertyId: near,
    });
    const offered = async () => {
      const res = await t.request({ method: 'GET', url: `/api/booking/availability/${home}/${DATE}` });
      expect(res.statusCode).toBe(200);
      return res.json() as { availableSlots: string[]; slots: { time: string; recommended?: boolean }[] };
    };
    const before = await offered();
    expect(before.availableSlots).toContain('10:30:00');
    expect(before.slots.some((s) => s.recommended)).toBe(false);

    const turnOn = await t.request({
      method: 'PUT',
      url: '/api/routes/settings',
      token: agent.token,
      payload: { cluster_by_area: true },
    });
    expect(turnOn.json().data).toMatchObject({ cluster_by_area: true });
    const after = await offered();
    // 10:30 + 41 min = 11:11: 10:30 and 11:00 are gone, 11:30 is offered.
    expect(after.availableSlots).not.toContain('10:30:00');
    expect(after.availableSlots).not.toContain('11:00:00');
    expect(after.availableSlots).toContain('11:30:00');
    // Next door at 14:00: 13:30 (no time for the 3 min drive) and 14:30 (likewise after it) are gone; the
    // slots within an hour on either side are recommended.
    expect(after.availableSlots).not.toContain('13:30:00');
    expect(after.availableSlots).not.toContain('14:30:00');
    expect(after.slots.filter((s) => s.recommended).map((s) => s.time)).toEqual([
      '12:30:00',
      '13:00:00',
      '15:00:00',
      '15:30:00',
    ]);

    const refused = await t.request({
      method: 'PUT',
      url: '/api/routes/settings',
      token: basic.token,
      payload: { cluster_by_area: true },
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('travel re-checked at booking, month days and the office start point (issue 16)', () => {
  /** A Professional agent with "cluster showings by area" on, a house at A and one 41 min away at B. */
  async function clusteringAgent(availability?: object) {
    const agent = await makeAgent(t, { plan: 'pro', timeZone: 'America/New_York' });
    const home = await makeProperty(t, agent.id, { address: '5 Home St', ...A });
    const far = await makeProperty(t, agent.id, { address: '12 Oak St', ...B });
    const on = await t.request({
      method: 'PUT',
      url: '/api/routes/settings',
      token: agent.token,
      payload: { cluster_by_area: true },
    });
    expect(on.statusCode).toBe(200);
    if (availability) {
      const saved = await t.request({
        method: 'PUT',
        url: '/api/availability',
        token: agent.token,
        payload: { ...DEFAULT_AVAILABILITY, ...availability },
      });
      expect(saved.statusCode).toBe(200);
    }
    return { agent, home, far };
  }
  const agentBookings = async (agentId: string) =>
    t.database.db.select().from(bookings).where(eq(bookings.agentId, agentId));
  const monthDates = async (propertyId: number) => {
    const res = await t.request({
      method: 'GET',
      url: `/api/booking/available-dates/${propertyId}?month=2030-01`,
    });
    expect(res.statusCode).toBe(200);
    return res.json().dates as string[];
  };

  it('POST /api/booking refuses a slot no longer reachable (a far showing booked next to it meanwhile): 409 SLOT_UNREACHABLE, nothing booked', async () => {
    const { agent, home, far } = await clusteringAgent();
    await seedBooking(t.database.db, agent.id, {
      startsAt: at('10:00'),
      status: 'confirmed',
      propertyId: far,
    });
    // The buyer's page offered 11:30 at home (10:30 + 41 min = 11:11).
    const page = await t.request({ method: 'GET', url: `/api/booking/availability/${home}/${DATE}` });
    expect(page.json().availableSlots).toContain('11:30:00');
    // Meanwhile someone books the far house at 12:30: 11:30–12:00 at home leaves 30 min for a 41 min drive.
    await seedBooking(t.database.db, agent.id, {
      startsAt: at('12:30'),
      status: 'confirmed',
      propertyId: far,
      clientEmail: 'other@example.com',
    });
    const rows = (await agentBookings(agent.id)).length;
    const refused = await t.request({
      method: 'POST',
      url: '/api/booking',
      payload: bookingPayload(agent.id, { property_id: home, booking_date: DATE, booking_time: '11:30' }),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: ROUTE_MESSAGES.slotUnreachable,
      code: 'SLOT_UNREACHABLE',
      fields: { booking_time: ROUTE_MESSAGES.slotUnreachable },
    });
    expect(await agentBookings(agent.id)).toHaveLength(rows);
    // The same rule as the listing: 11:30 is no longer offered, 14:00 is, and booking it works.
    const fresh = await t.request({ method: 'GET', url: `/api/booking/availability/${home}/${DATE}` });
    expect(fresh.json().availableSlots).not.toContain('11:30:00');
    const booked = await t.request({
      method: 'POST',
      url: '/api/booking',
      payload: bookingPayload(agent.id, { property_id: home, booking_date: DATE, booking_time: '14:00' }),
    });
    expect(booked.statusCode).toBe(201);

    // Reschedule is re-checked too: moving the 14:00 showing to the unreachable 11:30 changes nothing.
    const moved = await t.request({
      method: 'POST',
      url: '/api/booking/reschedule',
      payload: {
        ...bookingPayload(agent.id, { property_id: home, booking_date: DATE, booking_time: '11:30' }),
        original_booking_id: booked.json().booking.id,
        reschedule_reason: 'Earlier suits me',
        token: booked.json().booking.manage_token,
      },
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().code).toBe('SLOT_UNREACHABLE');
    const [kept] = (await agentBookings(agent.id)).filter((b) => b.id === booked.json().booking.id);
    expect(kept!.status).toBe('confirmed');
  });

  it("the month's bookable days drop a date whose every open slot is unreachable; the office starts the day", async () => {
    // Tuesday 8: only 10:30–11:30 open after a far showing ending 10:30. Wednesday 9: 10:00–11:00.
    const { agent, home, far } = await clusteringAgent({
      overrides: [
        { date: '2030-01-08', is_available: true, intervals: [{ start: '10:30', end: '11:30' }] },
        { date: '2030-01-09', is_available: true, intervals: [{ start: '10:00', end: '11:00' }] },
      ],
    });
    await seedBooking(t.database.db, agent.id, {
      startsAt: at('10:00'),
      status: 'confirmed',
      propertyId: far,
    });
    const dates = await monthDates(home);
    expect(dates).not.toContain('2030-01-08');
    expect(dates).toContain('2030-01-09');
    expect(dates).toContain('2030-01-10');
    // The far house itself is reachable after the far showing (no drive): the date stays for it.
    expect(await monthDates(far)).toContain('2030-01-08');

    // An office 41 min from home: the day opens there at 10:00, so Wednesday's 10:00 and 10:30 are out of reach.
    const office = await t.request({
      method: 'PUT',
      url: '/api/routes/office',
      token: agent.token,
      payload: {
        address: '9 Far Rd',
        city: 'Austin',
        state: 'tx',
        zip_code: '78701',
        lat: B.lat,
        lng: B.lng,
      },
    });
    expect(office.statusCode).toBe(200);
    expect(office.json().data.office).toEqual({
      address: { address: '9 Far Rd', city: 'Austin', state: 'TX', zip_code: '78701' },
      lat: B.lat,
      lng: B.lng,
    });
    const withOffice = await monthDates(home);
    expect(withOffice).not.toContain('2030-01-09');
    // Thursday (9:00–17:00): from 9:41 on, reachable.
    expect(withOffice).toContain('2030-01-10');
    const thursday = await t.request({ method: 'GET', url: `/api/booking/availability/${home}/2030-01-10` });
    expect(thursday.json().availableSlots.slice(0, 2)).toEqual(['10:00:00', '10:30:00']);
    // Without clustering the office changes no public slot.
    await t.request({
      method: 'PUT',
      url: '/api/routes/settings',
      token: agent.token,
      payload: { cluster_by_area: false },
    });
    expect(await monthDates(home)).toEqual(expect.arrayContaining(['2030-01-08', '2030-01-09']));
  });

  it('the office: validated, placed by hand without a geocoder (the form is told), counted in My day and Optimise; Basic gets 403', async () => {
    const agent = await makeAgent(t, { plan: 'pro', timeZone: 'America/New_York' });
    const pa = await makeProperty(t, agent.id, { address: '1 Elm St', ...A });
    const pc = await makeProperty(t, agent.id, { address: '3 Ash Rd', ...C });
    await seedBooking(t.database.db, agent.id, { startsAt: at('10:00'), status: 'pending', propertyId: pa });
    await seedBooking(t.database.db, agent.id, {
      startsAt: at('11:00'),
      status: 'pending',
      propertyId: pc,
      clientEmail: 'c2@example.com',
    });
    const put = (payload: object, who = agent) =>
      t.request({ method: 'PUT', url: '/api/routes/office', token: who.token, payload });
    const address = { address: '9 Far Rd', city: 'Austin', state: 'TX', zip_code: '78701' };

    const settings = (
      await t.request({ method: 'GET', url: '/api/routes/settings', token: agent.token })
    ).json().data;
    expect(settings).toMatchObject({ cluster_by_area: false, office: null, geocoder_configured: false });
    const noPin = await put(address);
    expect(noPin.statusCode).toBe(400);
    expect(noPin.json().fields).toEqual({ lat: ROUTE_MESSAGES.officePinRequired });
    const half = await put({ ...address, lat: B.lat });
    expect(half.statusCode).toBe(400);
    expect(half.json().fields.lat).toBe(OFFICE_PIN_MESSAGE);
    const bad = await put({ ...address, zip_code: 'nope', lat: 91, lng: B.lng });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['lat', 'zip_code']);
    expect((await put({ ...address, lat: B.lat, lng: B.lng }, basic)).statusCode).toBe(403);
    expect((await put({ ...address, lat: B.lat, lng: B.lng })).statusCode).toBe(200);

    // My day: the drive from the office (B) to the first showing (A, 41 min) is the first leg, in the total.
    const day = (await get(agent)).json().data;
    expect(day.office).toMatchObject({ lat: B.lat, lng: B.lng });
    expect(day.start_leg).toMatchObject({ minutes: 41, source: 'estimated' });
    expect(day.total_drive_minutes).toBe(41 + day.legs[0].minutes);
    expect(day.line[0]).toEqual([B.lat, B.lng]);
    // Optimise starts at the office: C (1 km nearer B) first saves driving against A first.
    const proposal = (await optimise(agent)).json().data;
    expect(proposal.booked_minutes).toBe(41 + day.legs[0].minutes);
    expect(proposal.order[0]).toBe(day.showings[1].booking_id);
    expect(proposal.optimised_minutes).toBeLessThan(proposal.booked_minutes);

    const removed = await t.request({ method: 'DELETE', url: '/api/routes/office', token: agent.token });
    expect(removed.json().data.office).toBeNull();
    expect((await get(agent)).json().data.start_leg).toBeNull();
  });
});

describe('buyer tours: propose and re-validate (issue 16)', () => {
  it('proposes the order that drives least with consecutive open slots and the drives between them; adjustments are re-checked', async () => {
    const agent = await makeAgent(t, { plan: 'pro', timeZone: 'America/New_York' });
    const pa = await makeProperty(t, agent.id, { address: '1 Elm St', ...A });
    const pb = await makeProperty(t, agent.id, { address: '12 Oak St', ...B });
    const pc = await makeProperty(t, agent.id, { address: '3 Ash Rd', ...C });
    // The agent is busy at 9:00; the buyer is a lead from an earlier showing.
    await seedBooking(t.database.db, agent.id, {
      startsAt: at('09:00'),
      status: 'confirmed',
      clientEmail: 'tour@example.com',
      clientName: 'Tori Tour',
    });
    const [lead] = await t.database.db.select().from(leads).where(eq(leads.agentId, agent.id));
    const propose = (payload: object, who = agent) =>
      t.request({ method: 'POST', url: '/api/tours/propose', token: who.token, payload });

    const res = await propose({ date: DATE, property_ids: [pb, pa, pc], lead_id: lead!.id });
    expect(res.statusCode).toBe(200);
    const tour = res.json().data;
    expect(tour).toMatchObject({ feasible: true, drive_source: 'estimated', time_zone: 'America/New_York' });
    expect(tour.buyer).toMatchObject({ name: 'Tori Tour', email: 'tour@example.com' });
    // A and C are next door, B 14 km on: B never sits between them (3 + 38 = 41 min, not 41 + 38).
    const order = tour.stops.map((s: { property_id: number }) => s.property_id);
    expect(order[1]).toBe(pc);
    expect(tour.total_drive_minutes).toBe(41);
    // 9:00 is taken: 9:30 first, then the next open half hour after the drive.
    expect(tour.stops[0].starts_at).toBe(new Date(at('09:30')).toISOString());
    // The times the agent may move a stop to on screen: the day's open slots, the server's instants.
    expect(tour.open_times).toContain(new Date(at('09:30')).toISOString());
    expect(tour.open_times).not.toContain(new Date(at('09:00')).toISOString());
    for (let k = 1; k < tour.stops.length; k++) {
      const gap = (Date.parse(tour.stops[k].starts_at) - Date.parse(tour.stops[k - 1].ends_at)) / 60_000;
      expect(gap).toBeGreaterThanOrEqual(tour.stops[k].drive_minutes);
      expect(gap).toBeLessThan(tour.stops[k].drive_minutes + 30);
    }

    // The agent moves the second stop right after the first: too close for the drive, named; 9:00 is not free.
    const check = (stops: { property_id: number; starts_at: string }[]) =>
      t.request({
        method: 'POST',
        url: '/api/tours/check',
        token: agent.token,
        payload: { date: DATE, stops },
      });
    const tooClose = (
      await check([
        { property_id: pa, starts_at: at('09:00') },
        { property_id: pb, starts_at: at('10:00') },
      ])
    ).json().data;
    expect(tooClose.feasible).toBe(false);
    expect(tooClose.stops.map((s: { problem: string | null }) => s.problem)).toEqual([
      ROUTE_MESSAGES.tourNotOpen,
      ROUTE_MESSAGES.tourTooClose(41, 30),
    ]);
    const fine = (
      await check([
        { property_id: pa, starts_at: at('10:00') },
        { property_id: pb, starts_at: at('11:30') },
      ])
    ).json().data;
    expect(fine).toMatchObject({ feasible: true, total_drive_minutes: 41 });

    // Refusals: one property, a plan without route optimisation, another agent's property or lead.
    const one = await propose({ date: DATE, property_ids: [pa] });
    expect(one.statusCode).toBe(400);
    expect(one.json().fields.property_ids).toBe(TOUR_STOPS_MESSAGE);
    const basicTour = await propose({ date: DATE, property_ids: [pa, pb] }, basic);
    expect(basicTour.statusCode).toBe(403);
    expect(basicTour.json().code).toBe('PLAN_UPGRADE_REQUIRED');
    const stranger = await makeProperty(t, other.id, { address: '8 Else St', ...C });
    expect((await propose({ date: DATE, property_ids: [pa, stranger] })).statusCode).toBe(404);
    const [otherLead] = await t.database.db.select().from(leads).where(eq(leads.agentId, other.id));
    expect((await propose({ date: DATE, property_ids: [pa, pb], lead_id: otherLead!.id })).statusCode).toBe(
      404,
    );
  });
});

describe('buyer tours: saved with one invitation, booked whole or not at all (issue 16)', () => {
  it('the buyer books every stop in one go (linked bookings, notifications); a stop taken meanwhile books nothing', async () => {
    const agent = await makeAgent(t, { plan: 'pro', timeZone: 'America/New_York' });
    const pa = await makeProperty(t, agent.id, { address: '1 Elm St', ...A });
    const pb = await makeProperty(t, agent.id, { address: '12 Oak St', ...B });
    const save = (stops: { property_id: number; starts_at: string }[], who = agent) =>
      t.request({ method: 'POST', url: '/api/tours', token: who.token, payload: { date: DATE, stops } });
    // A tour that does not hold is not saved: the stop is named.
    const refused = await save([
      { property_id: pa, starts_at: at('10:00') },
      { property_id: pb, starts_at: at('10:30') },
    ]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'TOUR_NOT_VALID',
      fields: { 'stops.1': ROUTE_MESSAGES.tourTooClose(41, 0) },
    });
    expect(
      (
        await save(
          [
            { property_id: pa, starts_at: at('10:00') },
            { property_id: pb, starts_at: at('11:30') },
          ],
          basic,
        )
      ).statusCode,
    ).toBe(403);

    const tourStops = (first: string, second: string) => [
      { property_id: pa, starts_at: at(first) },
      { property_id: pb, starts_at: at(second) },
    ];
    const saved = await save(tourStops('10:00', '11:30'));
    expect(saved.statusCode).toBe(201);
    const token = tokenOf(saved.json().data.invite_url);
    const page = (await t.request({ method: 'GET', url: `/api/tour/${token}` })).json().data;
    expect(page).toMatchObject({ date: DATE, time_zone: 'America/New_York', booked: false });
    expect(page.stops.map((s: { address: string; starts_at: string }) => [s.address, s.starts_at])).toEqual([
      ['1 Elm St', new Date(at('10:00')).toISOString()],
      ['12 Oak St', new Date(at('11:30')).toISOString()],
    ]);
    expect((await t.request({ method: 'GET', url: '/api/tour/not-a-token' })).statusCode).toBe(404);

    const details = tourBuyerDetails(agent.id, 'tourist@example.com');
    const book = (tok: string, body: object = details) =>
      t.request({ method: 'POST', url: `/api/tour/${tok}/book`, payload: body });
    // The booking form's validation and messages.
    const invalid = await book(token, { ...details, client_email: 'nope' });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json().fields)).toEqual(['client_email']);

    // A second tour whose last stop someone takes before the buyer books: nothing is booked, the stop is named.
    const other = await save(tourStops('13:00', '14:30'));
    const otherToken = tokenOf(other.json().data.invite_url);
    await seedBooking(t.database.db, agent.id, {
      startsAt: at('14:30'),
      status: 'confirmed',
      clientEmail: 'quick@example.com',
    });
    const before = (await agentTourRows(agent.id)).length;
    const taken = await book(otherToken);
    expect(taken.statusCode).toBe(409);
    const message = ROUTE_MESSAGES.tourStopTaken('12 Oak St', '2:30 pm');
    expect(taken.json()).toEqual({ error: message, code: 'TOUR_STOP_TAKEN', fields: { 'stops.1': message } });
    expect(await agentTourRows(agent.id)).toHaveLength(before);

    // The first tour books whole: two linked bookings, each with the buyer's notifications.
    const booked = await book(token);
    expect(booked.statusCode).toBe(201);
    const ids = booked.json().data.booking_ids as string[];
    expect(ids).toHaveLength(2);
    const rows = await t.database.db.select().from(bookings).where(inArray(bookings.id, ids));
    expect(new Set(rows.map((r) => r.tourId)).size).toBe(1);
    expect(rows[0]!.tourId).not.toBeNull();
    expect(rows.map((r) => r.clientEmail)).toEqual(['tourist@example.com', 'tourist@example.com']);
    const jobs = await t.database.db
      .select()
      .from(notificationJobs)
      .where(inArray(notificationJobs.bookingId, ids));
    expect(new Set(jobs.map((j) => j.bookingId))).toEqual(new Set(ids));
    // Booked once: the link now says so, and a second submit books nothing more.
    expect((await t.request({ method: 'GET', url: `/api/tour/${token}` })).json().data.booked).toBe(true);
    expect((await book(token)).json().code).toBe('TOUR_ALREADY_BOOKED');
    expect((await agentTourRows(agent.id)).filter((r) => r.tourId !== null)).toHaveLength(2);
  });
});

describe('buyer tours: drive reachability re-checked when the buyer books (issue 16)', () => {
  it('a showing booked far away since the invitation leaves no time to drive to a stop: 409 TOUR_STOP_UNREACHABLE naming it, nothing booked', async () => {
    // The "cluster showings by area" switch is off: a tour is planned around its drives, so they are re-checked.
    const agent = await makeAgent(t, { plan: 'pro', timeZone: 'America/New_York' });
    const pa = await makeProperty(t, agent.id, { address: '1 Elm St', ...A });
    const pb = await makeProperty(t, agent.id, { address: '12 Oak St', ...B });
    const far = await makeProperty(t, agent.id, { address: '40 Far Rd', ...B });
    const save = async (first: string, second: string) => {
      const res = await t.request({
        method: 'POST',
        url: '/api/tours',
        token: agent.token,
        payload: {
          date: DATE,
          stops: [
            { property_id: pa, starts_at: at(first) },
            { property_id: pb, starts_at: at(second) },
          ],
        },
      });
      expect(res.statusCode).toBe(201);
      return tokenOf(res.json().data.invite_url);
    };
    const late = await save('13:00', '14:30');
    const early = await save('09:00', '10:30');
    // Meanwhile a buyer books the far house at 12:00–12:30: 13:00 at 1 Elm St is still open (no buffer) but
    // 30 min is too short for the 41 min drive from it.
    await seedBooking(t.database.db, agent.id, {
      startsAt: at('12:00'),
      status: 'confirmed',
      propertyId: far,
      clientEmail: 'far@example.com',
    });
    const details = tourBuyerDetails(agent.id, 'tourist@example.com');
    const book = (tok: string) =>
      t.request({ method: 'POST', url: `/api/tour/${tok}/book`, payload: details });
    const before = (await agentTourRows(agent.id)).length;
    const refused = await book(late);
    expect(refused.statusCode).toBe(409);
    const message = ROUTE_MESSAGES.tourStopUnreachable('1 Elm St', '1:00 pm');
    expect(refused.json()).toEqual({
      error: message,
      code: 'TOUR_STOP_UNREACHABLE',
      fields: { 'stops.0': message },
    });
    // All or nothing: the reachable second stop was not booked either, and the tour can still be booked later.
    expect(await agentTourRows(agent.id)).toHaveLength(before);
    expect((await t.request({ method: 'GET', url: `/api/tour/${late}` })).json().data.booked).toBe(false);
    // The morning tour ends 11:00 and 11:00 → 12:00 leaves time for the drive: it books whole.
    const booked = await book(early);
    expect(booked.statusCode).toBe(201);
    expect(booked.json().data.booking_ids).toHaveLength(2);
  });
});

describe('the office start on a spring-forward day (issue 29, time §1)', () => {
  it('Sydney 2027-10-03, hours 02:15–06:00, office 58 min away: 03:15 and 03:45 are neither offered nor bookable', async () => {
    const sydney = await createTestApp({
      now: () => new Date('2027-09-30T00:00:00Z'),
      database: t.database,
    });
    try {
      const agent = await makeAgent(sydney, {
        plan: 'pro',
        timeZone: 'Australia/Sydney',
        availability: {
          ...DEFAULT_AVAILABILITY,
          overrides: [
            { date: '2027-10-03', is_available: true, intervals: [{ start: '02:15', end: '06:00' }] },
          ],
        },
      });
      const home = await makeProperty(sydney, agent.id, { address: '5 Home St', ...A });
      const office = { lat: A.lat + 21.3 / 111.195, lng: A.lng };
      expect(estimateTravel(office, A).minutes).toBe(58);
      const put = (url: string, payload: object) =>
        sydney.request({ method: 'PUT', url, token: agent.token, payload });
      expect((await put('/api/routes/settings', { cluster_by_area: true })).statusCode).toBe(200);
      const officeAddress = { address: '9 Far Rd', city: 'Austin', state: 'TX', zip_code: '78701' };
      expect((await put('/api/routes/office', { ...officeAddress, ...office })).statusCode).toBe(200);
      // The clock jumps 02:00 → 03:00: the day opens at 03:00, 03:58 is the earliest the agent can be there.
      const day = await sydney.request({
        method: 'GET',
        url: `/api/booking/availability/${home}/2027-10-03`,
      });
      expect(day.json().availableSlots).toEqual(['04:15:00', '04:45:00', '05:15:00']);
      const booked = await sydney.request({
        method: 'POST',
        url: '/api/booking',
        payload: bookingPayload(agent.id, {
          property_id: home,
          booking_date: '2027-10-03',
          booking_time: '03:15',
        }),
      });
      expect(booked.statusCode).toBe(409);
      expect(booked.json().code).toBe('SLOT_UNREACHABLE');
    } finally {
      await sydney.close();
    }
  });
});

/** POST /api/tours for `agent`: two stops of DATE. */
const saveTour = (agent: TestAgent, stops: [number, string][]) =>
  t.request({
    method: 'POST',
    url: '/api/tours',
    token: agent.token,
    payload: {
      date: DATE,
      stops: stops.map(([property_id, time]) => ({ property_id, starts_at: at(time) })),
    },
  });

describe('buyer tours with an office: the builder and the booking weigh one rule (issue 29)', () => {
  it('on a day with no showings the first stop is the drive after the opening, the buyer books it, and a refusal names the office', async () => {
    const agent = await makeAgent(t, { plan: 'pro', timeZone: 'America/New_York' });
    const pa = await makeProperty(t, agent.id, { address: '1 Elm St', ...A });
    const pc = await makeProperty(t, agent.id, { address: '3 Ash Rd', ...C });
    // Before the office is set a tour at 9:00 holds (no start point): saved, booked later.
    const early = await saveTour(agent, [
      [pa, '09:00'],
      [pc, '10:00'],
    ]);
    expect(early.statusCode).toBe(201);
    // The office is 41 min from 1 Elm St (38 from 3 Ash Rd); the day opens there at 9:00.
    const office = await t.request({
      method: 'PUT',
      url: '/api/routes/office',
      token: agent.token,
      payload: { address: '9 Far Rd', city: 'Austin', state: 'TX', zip_code: '78701', ...B },
    });
    expect(office.statusCode).toBe(200);
    const res = await t.request({
      method: 'POST',
      url: '/api/tours/propose',
      token: agent.token,
      payload: { date: DATE, property_ids: [pa, pc] },
    });
    const tour = res.json().data;
    expect(tour.feasible).toBe(true);
    // Not 9:00 (unreachable from the office at the opening): the first half hour after the drive.
    expect(tour.stops[0].starts_at).toBe(new Date(at('10:00')).toISOString());
    // The agent cannot move the first stop back to 9:00 either: the check names the office, with the drive.
    const check = await t.request({
      method: 'POST',
      url: '/api/tours/check',
      token: agent.token,
      payload: {
        date: DATE,
        stops: [
          { property_id: pc, starts_at: at('09:00') },
          { property_id: pa, starts_at: at('10:00') },
        ],
      },
    });
    expect(check.json().data.stops[0].problem).toBe(ROUTE_MESSAGES.tourFromOffice(38));
    const proposed = tour.stops.map((s: { property_id: number; starts_at: string }) => [
      s.property_id,
      new Date(s.starts_at).toLocaleTimeString('en-GB', { timeZone: 'America/New_York' }).slice(0, 5),
    ]);
    const saved = await saveTour(agent, proposed);
    expect(saved.statusCode).toBe(201);
    const book = (r: typeof saved, email: string) =>
      t.request({
        method: 'POST',
        url: `/api/tour/${tokenOf(r.json().data.invite_url)}/book`,
        payload: tourBuyerDetails(agent.id, email),
      });
    // The tour saved before the office: refused with the true reason (the office, not "other showings").
    const refused = await book(early, 'early@example.com');
    expect(refused.statusCode).toBe(409);
    const message = ROUTE_MESSAGES.tourStopUnreachableFromOffice('1 Elm St', '9:00 am');
    expect(refused.json()).toEqual({
      error: message,
      code: 'TOUR_STOP_UNREACHABLE',
      fields: { 'stops.0': message },
    });
    // The proposed tour books whole.
    const booked = await book(saved, 'proposed@example.com');
    expect(booked.statusCode).toBe(201);
    expect(booked.json().data.booking_ids).toHaveLength(2);
  });
});

const agentTourRows = (agentId: string) =>
  t.database.db.select().from(bookings).where(eq(bookings.agentId, agentId));

describe('maps adapters against 127.0.0.1 Nominatim and OSRM servers (issue 16)', () => {
  let maps: MapsServer;
  let m: TestApp;
  let agent: TestAgent;
  beforeAll(async () => {
    maps = await startMapsServer();
    m = await createTestApp({
      now: () => now,
      database: t.database,
      env: {
        GEOCODER_URL: `${maps.url}/`,
        GEOCODER_EMAIL: 'ops@keyturn.example',
        ROUTING_URL: maps.url,
        ROUTING_TIMEOUT_SECONDS: '0.5',
        ALLOW_PRIVATE_OUTBOUND_HOSTS: 'true',
        MAP_TILE_URL: 'http://127.0.0.1:5450/tiles/{z}/{x}/{y}.png',
      },
    });
    agent = await makeAgent(m, { plan: 'pro', timeZone: 'America/New_York' });
  });
  afterAll(async () => {
    await m.close();
    await maps.close();
  });

  const save = (address: string) =>
    m.request({
      method: 'POST',
      url: '/api/properties',
      token: agent.token,
      payload: {
        address,
        city: 'Austin',
        state: 'TX',
        zip_code: '78701',
        price: 500000,
        bedrooms: 3,
        bathrooms: 2,
        property_type: 'Residential',
      },
    });
  const position = async (id: number) =>
    (await m.request({ method: 'GET', url: `/api/properties/${id}/position`, token: agent.token })).json()
      .data;

  it('a saved property is geocoded with a structured Nominatim search, identified per the usage policy, and cached', async () => {
    maps.places.set('100 congress ave', { lat: A.lat, lon: A.lng });
    maps.requests.length = 0;
    const first = await save('100 Congress Ave');
    expect(first.statusCode).toBe(201);
    expect(maps.requests).toHaveLength(1);
    const [req] = maps.requests;
    expect(req!.path).toBe('/search');
    expect(Object.fromEntries(req!.query)).toEqual({
      street: '100 Congress Ave',
      city: 'Austin',
      state: 'TX',
      postalcode: '78701',
      countrycodes: 'us',
      format: 'jsonv2',
      limit: '1',
      email: 'ops@keyturn.example',
    });
    expect(req!.headers['user-agent']).toBe(
      'Keyturn showing scheduler (+http://localhost:5001; ops@keyturn.example)',
    );
    expect(await position(first.json().data.id)).toMatchObject({
      lat: A.lat,
      lng: A.lng,
      geocoder_configured: true,
    });
    // The same address, spaced and cased differently: answered from the cache.
    const second = await save('100  CONGRESS Ave');
    expect(maps.requests).toHaveLength(1);
    expect(await position(second.json().data.id)).toMatchObject({ lat: A.lat, lng: A.lng });
    expect(m.config.maps.tileUrl).toBe('http://127.0.0.1:5450/tiles/{z}/{x}/{y}.png');
  });

  it('the office is geocoded from its address through the same adapter; an address it cannot find is a 400', async () => {
    maps.places.set('200 office plaza', { lat: B.lat, lon: B.lng });
    maps.requests.length = 0;
    const office = (address: string) =>
      m.request({
        method: 'PUT',
        url: '/api/routes/office',
        token: agent.token,
        payload: { address, city: 'Austin', state: 'TX', zip_code: '78701' },
      });
    const placed = await office('200 Office Plaza');
    expect(placed.statusCode).toBe(200);
    expect(placed.json().data).toMatchObject({
      geocoder_configured: true,
      office: { lat: B.lat, lng: B.lng, address: { address: '200 Office Plaza' } },
    });
    expect(maps.requests.map((r) => r.query.get('street'))).toEqual(['200 Office Plaza']);
    const unknown = await office('1 Nowhere Way');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'OFFICE_NOT_FOUND',
      fields: { address: ROUTE_MESSAGES.officeNotFound },
    });
    // The office placed before stays.
    const kept = await m.request({ method: 'GET', url: '/api/routes/settings', token: agent.token });
    expect(kept.json().data.office).toMatchObject({ lat: B.lat, lng: B.lng });
    await m.request({ method: 'DELETE', url: '/api/routes/office', token: agent.token });
  });

  it('a failing geocoder leaves the property without a position (no error), and nothing is cached', async () => {
    maps.mode = 'error';
    const res = await save('7 Lost Lane');
    expect(res.statusCode).toBe(201);
    expect(await position(res.json().data.id)).toMatchObject({ lat: null, lng: null });
    maps.mode = 'ok';
  });

  it('drive times from OSRM table (asserted request), the route line from OSRM route, cached per pair and hour', async () => {
    const db = m.database.db;
    const pa = await makeProperty(m, agent.id, { address: '1 Elm St', ...A });
    const pb = await makeProperty(m, agent.id, { address: '12 Oak St', ...B });
    await seedBooking(db, agent.id, { startsAt: at('10:00'), status: 'confirmed', propertyId: pa });
    await seedBooking(db, agent.id, { startsAt: at('11:00'), status: 'pending', propertyId: pb });
    maps.requests.length = 0;
    const day = (
      await m.request({ method: 'GET', url: `/api/routes/day?date=${DATE}`, token: agent.token })
    ).json().data;
    const table = maps.requests.find((r) => r.path.startsWith('/table/'))!;
    expect(table.path).toBe(
      `/table/v1/driving/${A.lng.toFixed(6)},${A.lat.toFixed(6)};${B.lng.toFixed(6)},${B.lat.toFixed(6)}`,
    );
    expect(table.query.get('annotations')).toBe('duration,distance');
    expect(table.headers['user-agent']).toBe(
      'Keyturn showing scheduler (+http://localhost:5001; ops@keyturn.example)',
    );
    const route = maps.requests.find((r) => r.path.startsWith('/route/'))!;
    expect(route.path).toBe(table.path.replace('/table/', '/route/'));
    expect(Object.fromEntries(route.query)).toMatchObject({ overview: 'full', geometries: 'geojson' });
    // 15 km at the server's 60 s per km = 15 min: routed, no warning in a 30-minute gap.
    expect(day.legs).toEqual([expect.objectContaining({ minutes: 15, source: 'routed' })]);
    expect(day.routing_configured).toBe(true);
    expect(day.warnings).toEqual([]);
    expect(day.line_source).toBe('routed');
    expect(day.line).toHaveLength(4);
    expect(day.map.tile_url).toBe('http://127.0.0.1:5450/tiles/{z}/{x}/{y}.png');
    maps.requests.length = 0;
    await m.request({ method: 'GET', url: `/api/routes/day?date=${DATE}`, token: agent.token });
    expect(maps.requests.filter((r) => r.path.startsWith('/table/'))).toHaveLength(0);
  });

  it('a router answering 500, or not answering in time, degrades to the estimate', async () => {
    const db = m.database.db;
    const pc = await makeProperty(m, agent.id, { address: '3 Ash Rd', ...C });
    await seedBooking(db, agent.id, { startsAt: at('12:00'), status: 'pending', propertyId: pc });
    for (const mode of ['error', 'hang'] as const) {
      maps.mode = mode;
      const res = await m.request({ method: 'GET', url: `/api/routes/day?date=${DATE}`, token: agent.token });
      expect(res.statusCode).toBe(200);
      const day = res.json().data;
      // A → B cached as routed; B → C new: estimated (14 km → 38 min).
      expect(day.legs.map((l: { minutes: number; source: string }) => [l.minutes, l.source])).toEqual([
        [15, 'routed'],
        [38, 'estimated'],
      ]);
      expect(day.line_source).toBe('estimated');
    }
    maps.mode = 'ok';
  });
});
