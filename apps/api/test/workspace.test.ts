// The agent's workspace API (issue: agent workspace). Every route is tried by three callers: anonymous
// (401), another agent (404, nothing changed) and the owner (works). Clock: Monday 2030-01-07 10:00 New York.
import { US_STATE_MESSAGE, US_ZIP_MESSAGE } from '@keyturn/domain/usAddress';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_ACTIONS, transition } from '@keyturn/domain/bookingStatus';
import { BOOKING_STATUSES } from '@keyturn/domain/enums';
import { DEFAULT_AVAILABILITY } from '@keyturn/domain/schemas/availability';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@keyturn/domain/schemas/agentSettings';
import { agents, bookings, properties } from '../src/db/schema';
import { createTestApp, type TestApp } from './app';
import { bookingPayload, makeAgent, makeProperty, type TestAgent } from './fixtures';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let clock = new Date('2030-01-07T15:00:00Z');
let t: TestApp;
let owner: TestAgent;
let intruder: TestAgent;
let propertyId: number;
let bookingId: string;

const propertyBody = (overrides: Record<string, unknown> = {}) => ({
  address: '9 Harbor View',
  city: 'Boston',
  state: 'MA',
  zip_code: '02110',
  price: 799000,
  bedrooms: 2,
  bathrooms: 1.5,
  property_type: 'Condo',
  images: ['/uploads/abc.png'],
  is_public: true,
  ...overrides,
});

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  owner = await makeAgent(t, { plan: 'enterprise' });
  intruder = await makeAgent(t);
  propertyId = await makeProperty(t, owner.id);
  const res = await t.request({
    method: 'POST',
    url: '/api/booking',
    payload: bookingPayload(owner.id, {
      property_id: propertyId,
      booking_date: '2030-01-08',
      booking_time: '10:00',
    }),
  });
  bookingId = res.json().booking.id;
});
afterAll(async () => {
  await t.close();
});

type Route = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: () => string;
  body?: () => object;
  foreign?: boolean;
};

const routes: Route[] = [
  { method: 'GET', url: () => '/api/agents' },
  { method: 'GET', url: () => '/api/agents/dashboard' },
  { method: 'GET', url: () => '/api/agents/usage-stats' },
  { method: 'GET', url: () => '/api/agents/branding' },
  {
    method: 'PUT',
    url: () => '/api/agents/branding',
    body: () => ({ primaryColor: '#112233', companyName: 'Owner Co' }),
  },
  { method: 'GET', url: () => '/api/agents/notifications' },
  { method: 'PUT', url: () => '/api/agents/notifications', body: () => DEFAULT_NOTIFICATION_SETTINGS },
  { method: 'GET', url: () => '/api/agents/messages' },
  { method: 'POST', url: () => '/api/agents/messages/dismiss-failures' },
  { method: 'GET', url: () => '/api/agents/feedback-settings' },
  { method: 'POST', url: () => '/api/agents/acknowledge-defaults', body: () => ({ area: 'notifications' }) },
  { method: 'GET', url: () => `/api/agents/${owner.id}`, foreign: true },
  { method: 'GET', url: () => '/api/properties' },
  { method: 'GET', url: () => `/api/properties/${propertyId}`, foreign: true },
  {
    method: 'PUT',
    url: () => `/api/properties/${propertyId}`,
    body: () => propertyBody({ address: '12 Elm Street' }),
    foreign: true,
  },
  { method: 'GET', url: () => '/api/bookings' },
  { method: 'GET', url: () => `/api/bookings/${bookingId}`, foreign: true },
  { method: 'GET', url: () => '/api/bookings/schedule/today' },
  { method: 'GET', url: () => '/api/bookings/upcoming?days=3' },
  { method: 'GET', url: () => '/api/availability' },
  { method: 'PUT', url: () => '/api/availability', body: () => DEFAULT_AVAILABILITY },
  { method: 'GET', url: () => '/api/booking-links' },
  { method: 'GET', url: () => '/api/payments/subscription' },
];

describe('authorization: anonymous 401, another agent 404 on foreign ids, the owner works', () => {
  for (const route of routes) {
    it(`${route.method} ${route.url
      .toString()
      .replace(/^\(\) => /, '')
      .replace(/\$\{[^}]+\}/g, ':id')
      .replace(/["`']/g, '')}`, async () => {
      const payload = route.body?.();
      const anon = await t.request({ method: route.method, url: route.url(), payload });
      expect(anon.statusCode).toBe(401);
      expect(anon.json().code).toBe('UNAUTHENTICATED');
      if (route.foreign) {
        const other = await t.request({
          method: route.method,
          url: route.url(),
          payload,
          token: intruder.token,
        });
        expect(other.statusCode).toBe(404);
      }
      const mine = await t.request({ method: route.method, url: route.url(), payload, token: owner.token });
      expect(mine.statusCode, mine.body).toBeLessThan(300);
    });
  }

  it("another agent cannot change, act on or delete the owner's property or booking — nothing changes", async () => {
    const before = await t.database.db.select().from(properties).where(eq(properties.id, propertyId));
    const attempts = [
      { method: 'PUT' as const, url: `/api/properties/${propertyId}`, payload: propertyBody() },
      { method: 'DELETE' as const, url: `/api/properties/${propertyId}` },
      { method: 'PUT' as const, url: `/api/bookings/${bookingId}`, payload: { action: 'cancel' } },
      {
        method: 'PUT' as const,
        url: `/api/bookings/${bookingId}/reschedule`,
        payload: { booking_date: '2030-01-09', booking_time: '11:00', reschedule_reason: 'x' },
      },
      { method: 'DELETE' as const, url: `/api/bookings/${bookingId}` },
      {
        method: 'PUT' as const,
        url: `/api/agents/${owner.id}`,
        payload: {
          first_name: 'X',
          last_name: 'Y',
          phone: '+1 555 010 0100',
          username: 'hijack',
          timeZone: 'UTC',
        },
      },
      { method: 'DELETE' as const, url: `/api/agents/${owner.id}` },
    ];
    for (const a of attempts) {
      const res = await t.request({ ...a, token: intruder.token });
      expect(res.statusCode, `${a.method} ${a.url}`).toBe(404);
    }
    expect(await t.database.db.select().from(properties).where(eq(properties.id, propertyId))).toEqual(
      before,
    );
    const [b] = await t.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(b?.status).toBe('confirmed');
    const [a] = await t.database.db.select().from(agents).where(eq(agents.id, owner.id));
    expect(a?.username).toBe(owner.username);
  });

  it("another agent's list endpoints never show the owner's data", async () => {
    const props = await t.request({ method: 'GET', url: '/api/properties', token: intruder.token });
    expect(props.json().data).toEqual([]);
    const list = await t.request({ method: 'GET', url: '/api/bookings', token: intruder.token });
    expect(list.json().data).toEqual([]);
  });

  it('a signed-in user without an agent profile gets 404 AGENT_PROFILE_NOT_FOUND', async () => {
    const { token } = await t.signUp();
    const res = await t.request({ method: 'GET', url: '/api/properties', token });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('AGENT_PROFILE_NOT_FOUND');
  });
});

describe('properties and the plan limit (spec §9: basic 3, pro 15)', () => {
  it('3rd property ok, 4th refused on basic with a clear message; after set-plan pro it is allowed', async () => {
    const a = await makeAgent(t, { plan: 'basic' });
    for (let i = 1; i <= 3; i++) {
      const res = await t.request({
        method: 'POST',
        url: '/api/properties',
        token: a.token,
        payload: propertyBody({ address: `${i} Limit Lane` }),
      });
      expect(res.statusCode, `property ${i}`).toBe(201);
    }
    const fourth = await t.request({
      method: 'POST',
      url: '/api/properties',
      token: a.token,
      payload: propertyBody({ address: '4 Limit Lane' }),
    });
    expect(fourth.statusCode).toBe(403);
    expect(fourth.json()).toEqual({
      error: 'Your Basic plan includes up to 3 properties. Upgrade your plan to add more.',
      code: 'PROPERTY_LIMIT_REACHED',
    });

    const [row] = await t.database.db.select({ email: agents.email }).from(agents).where(eq(agents.id, a.id));
    const cli = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'src/cli/admin.ts', 'set-plan', row!.email, 'pro'],
      {
        cwd: apiDir,
        env: { ...process.env, DATABASE_URL: t.database.url },
        encoding: 'utf8',
      },
    );
    expect(cli.status, cli.stderr).toBe(0);
    expect(cli.stdout).toContain('is now on the Professional plan');

    const again = await t.request({
      method: 'POST',
      url: '/api/properties',
      token: a.token,
      payload: propertyBody({ address: '4 Limit Lane' }),
    });
    expect(again.statusCode).toBe(201);
    const usage = await t.request({ method: 'GET', url: '/api/agents/usage-stats', token: a.token });
    expect(usage.json().data).toMatchObject({ plan: 'pro', properties: { used: 4, limit: 15 } });
  });

  it('set-plan refuses an unknown plan or e-mail', () => {
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/admin.ts', ...args], {
        cwd: apiDir,
        env: { ...process.env, DATABASE_URL: t.database.url },
        encoding: 'utf8',
      });
    expect(run('set-plan', 'x@example.com', 'gold').status).toBe(2);
    expect(run('set-plan', 'nobody@example.com', 'pro').status).toBe(1);
  });

  it('deleting a property hides it and keeps its bookings', async () => {
    const a = await makeAgent(t);
    const created = await t.request({
      method: 'POST',
      url: '/api/properties',
      token: a.token,
      payload: propertyBody(),
    });
    const id = created.json().data.id as number;
    const booked = await t.request({
      method: 'POST',
      url: '/api/booking',
      payload: bookingPayload(a.id, { property_id: id, booking_date: '2030-01-09' }),
    });
    expect(booked.statusCode).toBe(201);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/properties/${id}`, token: a.token })).statusCode,
    ).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/properties', token: a.token })).json().data).toEqual(
      [],
    );
    expect((await t.request({ method: 'GET', url: `/api/booking/property/${id}` })).statusCode).toBe(404);
    const list = await t.request({ method: 'GET', url: '/api/bookings', token: a.token });
    expect(list.json().data[0]).toMatchObject({ property: { id, address: '9 Harbor View' } });
  });

  it('bad property input is refused with field messages', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/properties',
      token: owner.token,
      payload: propertyBody({ price: -1, bathrooms: 1.3, address: '' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      address: 'Address is required',
      price: 'Price cannot be negative',
    });
  });

  it('a US property needs a USPS state code and a 5-digit ZIP or ZIP+4 (decision 016); the state is stored upper-case', async () => {
    const create = (fields: Record<string, string>) =>
      t.request({
        method: 'POST',
        url: '/api/properties',
        token: owner.token,
        payload: propertyBody(fields),
      });
    const refused = await create({ state: 'Massachusetts USA', zip_code: 'abcde' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ state: US_STATE_MESSAGE, zip_code: US_ZIP_MESSAGE });
    const stored = await create({ state: 'ma', zip_code: '02110-1234' });
    expect(stored.statusCode).toBe(201);
    expect(stored.json().data ?? stored.json()).toMatchObject({ state: 'MA', zip_code: '02110-1234' });
  });
});

describe('booking state machine, enforced by the server', () => {
  async function bookingIn(status: (typeof BOOKING_STATUSES)[number], startsInPast: boolean) {
    const startsAt = new Date(clock.getTime() + (startsInPast ? -2 : 26) * 3600_000);
    const [row] = await t.database.db
      .insert(bookings)
      .values({
        agentId: owner.id,
        clientName: 'State Buyer',
        clientEmail: 's@example.com',
        clientPhone: '1',
        buyerType: 'investor',
        bookingPurpose: 'property_viewing',
        status,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 30 * 60_000),
        manageToken: `tok-${Math.random()}`,
        publicId: `pub-${Math.random()}`,
      })
      .returning({ id: bookings.id });
    return row!.id;
  }

  it('every transition the domain refuses answers 409 ILLEGAL_TRANSITION and changes nothing; allowed ones apply', async () => {
    let checked = 0;
    for (const status of BOOKING_STATUSES) {
      for (const past of [false, true]) {
        for (const action of BOOKING_ACTIONS) {
          // Active bookings may overlap each other only if they are not both active: keep them apart.
          clock = new Date(clock.getTime() + 3 * 24 * 3600_000);
          const id = await bookingIn(status, past);
          const startsAt = (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!
            .startsAt;
          const expected = transition(status, action, startsAt, clock);
          const res = await t.request({
            method: 'PUT',
            url: `/api/bookings/${id}`,
            token: owner.token,
            payload: { action, reason: 'Because' },
          });
          const [after] = await t.database.db.select().from(bookings).where(eq(bookings.id, id));
          if (expected.ok) {
            expect(res.statusCode, `${status} ${past ? 'past' : 'future'} ${action}`).toBe(200);
            expect(after?.status).toBe(expected.status);
          } else {
            expect(res.statusCode, `${status} ${past ? 'past' : 'future'} ${action}`).toBe(409);
            expect(res.json()).toEqual({ error: expected.reason, code: 'ILLEGAL_TRANSITION' });
            expect(after?.status).toBe(status);
          }
          checked++;
        }
      }
    }
    expect(checked).toBe(BOOKING_STATUSES.length * 2 * BOOKING_ACTIONS.length);
  });

  it('an agent cancels with a reason: the slot is free again on the public page', async () => {
    clock = new Date('2030-01-07T15:00:00Z');
    const a = await makeAgent(t);
    const res = await t.request({
      method: 'POST',
      url: '/api/booking',
      payload: bookingPayload(a.id, { booking_date: '2030-01-10', booking_time: '11:00' }),
    });
    const id = res.json().booking.id;
    const slots = async () =>
      (await t.request({ method: 'GET', url: `/api/booking/availability/agent/${a.id}/2030-01-10` })).json()
        .availableSlots;
    expect(await slots()).not.toContain('11:00:00');
    const cancelled = await t.request({
      method: 'PUT',
      url: `/api/bookings/${id}`,
      token: a.token,
      payload: { action: 'cancel', reason: 'Agent sick' },
    });
    expect(cancelled.json().data).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'Agent sick',
      allowed_actions: [],
    });
    expect(await slots()).toContain('11:00:00');
  });

  it('agent reschedule moves the booking in one transaction; a taken time answers 409 and keeps the original', async () => {
    const a = await makeAgent(t);
    const first = (
      await t.request({
        method: 'POST',
        url: '/api/booking',
        payload: bookingPayload(a.id, { booking_date: '2030-01-10', booking_time: '09:00' }),
      })
    ).json().booking;
    await t.request({
      method: 'POST',
      url: '/api/booking',
      payload: bookingPayload(a.id, { booking_date: '2030-01-10', booking_time: '14:00' }),
    });
    const taken = await t.request({
      method: 'PUT',
      url: `/api/bookings/${first.id}/reschedule`,
      token: a.token,
      payload: { booking_date: '2030-01-10', booking_time: '14:00', reschedule_reason: 'Conflict' },
    });
    expect(taken.statusCode).toBe(409);
    expect(
      (await t.request({ method: 'GET', url: `/api/bookings/${first.id}`, token: a.token })).json().data
        .status,
    ).toBe('confirmed');
    const moved = await t.request({
      method: 'PUT',
      url: `/api/bookings/${first.id}/reschedule`,
      token: a.token,
      payload: { booking_date: '2030-01-11', booking_time: '15:30', reschedule_reason: 'Conflict' },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({
      booking_date: '2030-01-11',
      booking_time: '15:30',
      status: 'confirmed',
      rescheduled_from_id: first.id,
      reschedule_reason: 'Conflict',
    });
    expect(
      (await t.request({ method: 'GET', url: `/api/bookings/${first.id}`, token: a.token })).json().data
        .status,
    ).toBe('rescheduled');
  });

  it('lists filter by status, date, property and search; today and upcoming use the agent zone', async () => {
    const a = await makeAgent(t);
    const pid = await makeProperty(t, a.id);
    await t.request({
      method: 'POST',
      url: '/api/booking',
      payload: bookingPayload(a.id, {
        property_id: pid,
        booking_date: '2030-01-08',
        booking_time: '09:00',
        client_name: 'Robin Hart',
      }),
    });
    await t.request({
      method: 'POST',
      url: '/api/booking',
      payload: bookingPayload(a.id, {
        booking_date: '2030-01-09',
        booking_time: '09:00',
        client_name: 'Sky Lane',
      }),
    });
    await t.request({
      method: 'POST',
      url: '/api/booking',
      payload: bookingPayload(a.id, {
        booking_date: '2030-01-21',
        booking_time: '09:00',
        client_name: 'Far Future',
      }),
    });
    const q = async (query: string) =>
      (await t.request({ method: 'GET', url: `/api/bookings${query}`, token: a.token }))
        .json()
        .data.map((b: { client_name: string }) => b.client_name);
    expect(await q('?date=2030-01-09')).toEqual(['Sky Lane']);
    expect(await q(`?property_id=${pid}`)).toEqual(['Robin Hart']);
    expect(await q('?q=robin')).toEqual(['Robin Hart']);
    expect(await q('?status=cancelled')).toEqual([]);
    expect((await q('?limit=1')).length).toBe(1);
    expect(
      (await t.request({ method: 'GET', url: '/api/bookings?limit=0', token: a.token })).statusCode,
    ).toBe(400);
    const upcomingNames = (await t.request({ method: 'GET', url: '/api/bookings/upcoming', token: a.token }))
      .json()
      .data.map((b: { client_name: string }) => b.client_name);
    expect(upcomingNames).toEqual(['Robin Hart', 'Sky Lane']);
    clock = new Date('2030-01-08T13:00:00Z'); // 08:00 in New York on the 8th
    const today = (
      await t.request({ method: 'GET', url: '/api/bookings/schedule/today', token: a.token })
    ).json().data;
    expect(today.map((b: { client_name: string }) => b.client_name)).toEqual(['Robin Hart']);
    const dash = (await t.request({ method: 'GET', url: '/api/agents/dashboard', token: a.token })).json()
      .data;
    expect(dash.today).toHaveLength(1);
    expect(dash.bookingUrl).toBe(`${t.config.publicUrl}/bookme/${a.id}/${a.username}`);
    expect(dash.usage.bookingsThisMonth).toEqual({ used: 3, limit: 15 });
    clock = new Date('2030-01-07T15:00:00Z');
  });

  it("the overview's pending count is every pending request, not only the next 3 days' (issue 19)", async () => {
    const a = await makeAgent(t);
    for (const [days, status] of [
      [1, 'pending'],
      [10, 'pending'],
      [40, 'pending'],
      [2, 'confirmed'],
    ] as const) {
      const startsAt = new Date(clock.getTime() + days * 86_400_000);
      await t.database.db.insert(bookings).values({
        agentId: a.id,
        clientName: `Buyer ${days}`,
        clientEmail: 'p@example.com',
        clientPhone: '+1 555 010 0199',
        buyerType: 'investor',
        bookingPurpose: 'property_viewing',
        status,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 30 * 60_000),
        manageToken: `tok-${Math.random()}`,
        publicId: `pub-${Math.random()}`,
      });
    }
    const dash = (await t.request({ method: 'GET', url: '/api/agents/dashboard', token: a.token })).json()
      .data;
    expect(dash.pendingCount).toBe(3);
  });

  it('the agent books a buyer in, and creates an invitation link whose prefill the public flow reads', async () => {
    const a = await makeAgent(t);
    const { agent_id: _omit, ...body } = bookingPayload(a.id, {
      booking_date: '2030-01-15',
      booking_time: '18:30',
    });
    const made = await t.request({ method: 'POST', url: '/api/bookings', token: a.token, payload: body });
    expect(made.statusCode).toBe(201);
    expect(made.json().data).toMatchObject({ status: 'confirmed', booking_time: '18:30' });
    const past = await t.request({
      method: 'POST',
      url: '/api/bookings',
      token: a.token,
      payload: { ...body, booking_date: '2030-01-06' },
    });
    // A past showing is recorded as completed (agentBookingStatusFor, issue 19).
    expect(past.statusCode).toBe(201);
    expect(past.json().data.status).toBe('completed');

    const link = await t.request({
      method: 'POST',
      url: '/api/booking-links',
      token: a.token,
      payload: {
        label: 'Invite Sam',
        prefill: { buyer_name: 'Sam Invitee', buyer_email: 'sam@example.com', buyer_type: 'investor' },
      },
    });
    expect(link.statusCode).toBe(201);
    const { id, url } = link.json().data;
    expect(url).toBe(`${t.config.publicUrl}/booking/${id}`);
    const prefill = await t.request({ method: 'GET', url: `/api/booking/prefill?token=${id}` });
    expect(prefill.json()).toMatchObject({
      agent_id: a.id,
      prefill: { buyer_name: 'Sam Invitee', buyer_type: 'investor' },
    });
    expect(
      (await t.request({ method: 'DELETE', url: `/api/booking-links/${id}`, token: intruder.token }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/booking-links/${id}`, token: a.token })).statusCode,
    ).toBe(200);
    expect((await t.request({ method: 'GET', url: `/api/booking/links/${id}` })).statusCode).toBe(404);
  });
});

describe('availability, settings and branding', () => {
  it('PUT /api/availability replaces the whole object; the public slots reflect it at once', async () => {
    const a = await makeAgent(t);
    const wednesdayOff = {
      ...DEFAULT_AVAILABILITY,
      days: DEFAULT_AVAILABILITY.days.map((d) => (d.day_of_week === 3 ? { ...d, is_available: false } : d)),
    };
    const res = await t.request({
      method: 'PUT',
      url: '/api/availability',
      token: a.token,
      payload: wednesdayOff,
    });
    expect(res.statusCode).toBe(200);
    expect(
      (await t.request({ method: 'GET', url: '/api/availability', token: a.token })).json().data,
    ).toEqual(wednesdayOff);
    const wed = await t.request({ method: 'GET', url: `/api/booking/availability/agent/${a.id}/2030-01-09` });
    expect(wed.json()).toEqual({
      availableSlots: [],
      agentAvailability: { isAvailable: false },
      time_zone: 'America/New_York',
      slots: [],
    });
    const pub = await t.request({ method: 'GET', url: `/api/availability/public/${a.id}` });
    expect(pub.json().availability[3]).toEqual({ day_of_week: 3, is_available: false });
    const bad = await t.request({
      method: 'PUT',
      url: '/api/availability',
      token: a.token,
      payload: { ...DEFAULT_AVAILABILITY, buffer_minutes: -5 },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('notification settings start at the defaults with a notice until acknowledged', async () => {
    const a = await makeAgent(t);
    const first = await t.request({ method: 'GET', url: '/api/agents/notifications', token: a.token });
    expect(first.json()).toMatchObject({
      isDefault: true,
      acknowledged: false,
      data: { reminder_offsets_minutes: [1440, 60] },
    });
    await t.request({
      method: 'POST',
      url: '/api/agents/acknowledge-defaults',
      token: a.token,
      payload: { area: 'notifications' },
    });
    expect(
      (await t.request({ method: 'GET', url: '/api/agents/notifications', token: a.token })).json(),
    ).toMatchObject({ isDefault: true, acknowledged: true });
    const saved = await t.request({
      method: 'PUT',
      url: '/api/agents/notifications',
      token: a.token,
      payload: { ...first.json().data, reminder_offsets_minutes: [120] },
    });
    expect(saved.json()).toMatchObject({ isDefault: false, data: { reminder_offsets_minutes: [120] } });
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/agents/acknowledge-defaults',
          token: a.token,
          payload: { area: 'bogus' },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('branding updates the public profile; an invalid colour is refused', async () => {
    const a = await makeAgent(t);
    const res = await t.request({
      method: 'PUT',
      url: '/api/agents/branding',
      token: a.token,
      payload: { primaryColor: '#0F766E', companyName: 'Teal Homes', logoUrl: '/uploads/logo.png' },
    });
    expect(res.json().data).toEqual({
      primaryColor: '#0F766E',
      companyName: 'Teal Homes',
      logoUrl: '/uploads/logo.png',
      profilePictureUrl: null,
      // Issue 26: the public profile's e-mail and phone switches, shown by default (a branding PUT without them
      // leaves them as they are).
      showEmail: true,
      showPhone: true,
    });
    expect((await t.request({ method: 'GET', url: `/api/agents/id/${a.id}` })).json().data).toMatchObject({
      primaryColor: '#0F766E',
      logoUrl: '/uploads/logo.png',
    });
    expect(
      (
        await t.request({
          method: 'PUT',
          url: '/api/agents/branding',
          token: a.token,
          payload: { primaryColor: 'teal' },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('DELETE /api/agents/{id} removes the profile and its data', async () => {
    const a = await makeAgent(t);
    await makeProperty(t, a.id);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/agents/${a.id}`, token: a.token })).statusCode,
    ).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/agents/profile', token: a.token })).statusCode).toBe(
      404,
    );
    expect(await t.database.db.select().from(properties).where(eq(properties.agentId, a.id))).toEqual([]);
  });
});

describe('uploads', () => {
  // A real 20×20 PNG (one colour), built by hand: signature, IHDR, IDAT, IEND.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAABQAAAAUCAIAAAAC64paAAAAGElEQVR4nGNgGAWjYBSMglEwCkbBKBgFAA1sAAE7iGbvAAAAAElFTkSuQmCC',
    'base64',
  );

  function multipart(name: string, contentType: string, bytes: Buffer) {
    const boundary = '----keyturn-test';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${contentType}\r\n\r\n`;
    return {
      payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
  }

  it('stores a real image and serves it with long cache headers', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/uploads?kind=logo',
      token: owner.token,
      ...multipart('logo.png', 'image/png', png),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { url, width, height } = res.json();
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    expect([width, height]).toEqual([20, 20]);
    const served = await t.request({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(png)).toBe(true);
    expect(served.headers['cache-control']).toContain('immutable');
    // Shown anywhere, also in the e-mail preview's sandboxed frame (an opaque origin; issue 19).
    expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('a logo or picture can be uploaded before the agent profile exists (first-time setup); a property photo cannot', async () => {
    const fresh = await t.signUp();
    const logo = await t.request({
      method: 'POST',
      url: '/api/uploads?kind=logo',
      token: fresh.token,
      ...multipart('logo.png', 'image/png', png),
    });
    expect(logo.statusCode, logo.body).toBe(201);
    const picture = await t.request({
      method: 'POST',
      url: '/api/uploads?kind=picture',
      token: fresh.token,
      ...multipart('me.png', 'image/png', png),
    });
    expect(picture.statusCode).toBe(201);
    const photo = await t.request({
      method: 'POST',
      url: '/api/uploads?kind=property',
      token: fresh.token,
      ...multipart('house.png', 'image/png', png),
    });
    expect(photo.statusCode).toBe(404);
    expect(photo.json().code).toBe('AGENT_PROFILE_NOT_FOUND');
  });

  it('a non-image is refused even when it claims to be a PNG', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/uploads',
      token: owner.token,
      ...multipart('evil.png', 'image/png', Buffer.from('<script>alert(1)</script>')),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'UPLOAD_NOT_IMAGE',
      error: "That file isn't a PNG, JPEG, WebP or GIF image.",
    });
  });

  it('a truncated PNG (its first 30 bytes: a valid header, 20×20) is refused as an image', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/uploads',
      token: owner.token,
      ...multipart('cut.png', 'image/png', png.subarray(0, 30)),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'UPLOAD_NOT_IMAGE', fields: { file: expect.any(String) } });
  });

  it('a file over 5 MB answers 413, and anonymous uploads 401', async () => {
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const res = await t.request({
      method: 'POST',
      url: '/api/uploads',
      token: owner.token,
      ...multipart('big.png', 'image/png', big),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('UPLOAD_TOO_LARGE');
    expect(
      (await t.request({ method: 'POST', url: '/api/uploads', ...multipart('a.png', 'image/png', png) }))
        .statusCode,
    ).toBe(401);
  });
});
