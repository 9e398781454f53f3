// The public booking API (spec §7, issue: booking flow) on a real database, with a fixed clock:
// Monday 2030-01-07 10:00 in New York. Bookable: Tuesday 2030-01-08 through 2030-03-08.
import { PHONE_CHARACTERS_MESSAGE, PHONE_INVALID_MESSAGE } from '@keyturn/domain/phone';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, bookingLinks, bookings, properties } from '../src/db/schema';
import { DEFAULT_AVAILABILITY } from '@keyturn/domain/schemas/availability';
import { createTestApp, type TestApp } from './app';
import { bookingPayload, makeAgent, makeProperty, type TestAgent } from './fixtures';

const NOW = new Date('2030-01-07T15:00:00Z');
let t: TestApp;
let agent: TestAgent;
let propertyId: number;

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  agent = await makeAgent(t);
  propertyId = await makeProperty(t, agent.id);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.request({ method: 'GET', url });
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url, payload, headers });
const slotsOf = async (date: string, a = agent) =>
  (await get(`/api/booking/availability/agent/${a.id}/${date}`)).json().availableSlots as string[];
const bookingRows = (agentId: string) =>
  t.database.db.select().from(bookings).where(eq(bookings.agentId, agentId));

describe('GET /api/agents/id/:agentId', () => {
  it('answers the §3 public profile and nothing internal', async () => {
    const res = await get(`/api/agents/id/${agent.id}`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(Object.keys(data).sort()).toEqual(
      [
        'companyName',
        'defaultLanguage',
        'email',
        'first_name',
        'id',
        'last_name',
        'logoUrl',
        'phone',
        'primaryColor',
        'profilePictureUrl',
        'timeZone',
        'username',
      ].sort(),
    );
    expect(data).toMatchObject({
      first_name: 'Jamie',
      timeZone: 'America/New_York',
      primaryColor: '#3B82F6',
    });
  });

  it('an unknown or malformed id answers 404 AGENT_NOT_FOUND', async () => {
    expect((await get('/api/agents/id/00000000-0000-4000-8000-000000000000')).json()).toMatchObject({
      code: 'AGENT_NOT_FOUND',
    });
    expect((await get('/api/agents/id/robert')).statusCode).toBe(404);
  });
});

describe('GET /api/availability/public/:agentId', () => {
  it('lists the seven weekdays with is_available (Mon–Fri by default)', async () => {
    const res = await get(`/api/availability/public/${agent.id}`);
    expect(res.json()).toEqual({
      success: true,
      availability: [0, 1, 2, 3, 4, 5, 6].map((d) => ({ day_of_week: d, is_available: d >= 1 && d <= 5 })),
    });
  });
});

describe('GET /api/properties/public/:agentId and /api/booking/property/:id', () => {
  it('lists public properties only: private and deleted ones are hidden', async () => {
    const other = await makeAgent(t);
    const visible = await makeProperty(t, other.id, { address: '1 Visible Way' });
    const hidden = await makeProperty(t, other.id, { address: '2 Private Rd', isPublic: false });
    const gone = await makeProperty(t, other.id, { address: '3 Sold Ave', deletedAt: new Date() });
    const res = await get(`/api/properties/public/${other.id}`);
    expect(res.json().properties.map((p: { id: number }) => p.id)).toEqual([visible]);
    expect((await get(`/api/booking/property/${hidden}`)).json()).toMatchObject({
      code: 'PROPERTY_NOT_FOUND',
    });
    expect((await get(`/api/booking/property/${gone}`)).statusCode).toBe(404);
  });

  it('answers the property with its agent (name, logoUrl, profilePictureUrl)', async () => {
    const res = await get(`/api/booking/property/${propertyId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      property: {
        id: propertyId,
        agent_id: agent.id,
        address: '12 Elm Street',
        zip_code: '62701',
        images: [],
      },
      agent: { id: agent.id, name: expect.stringContaining('Jamie'), logoUrl: null, profilePictureUrl: null },
    });
  });

  it('a property is reachable by its unguessable public id as well as the numeric id (issue 11)', async () => {
    const byNumber = (await get(`/api/booking/property/${propertyId}`)).json();
    const publicId = byNumber.property.public_id as string;
    expect(publicId).toMatch(/^[0-9a-f]{32}$/);
    const byPublicId = await get(`/api/booking/property/${publicId}`);
    expect(byPublicId.statusCode).toBe(200);
    expect(byPublicId.json()).toEqual(byNumber);
    // The calendar's dates and a date's slots answer the same by either id.
    const dates = (id: string | number) => get(`/api/booking/available-dates/${id}?month=2030-01`);
    expect((await dates(publicId)).statusCode).toBe(200);
    expect((await dates(publicId)).json()).toEqual((await dates(propertyId)).json());
    const slots = (id: string | number) => get(`/api/booking/availability/${id}/2030-01-08`);
    expect((await slots(publicId)).json().availableSlots).toHaveLength(16);
    expect((await slots(publicId)).json()).toEqual((await slots(propertyId)).json());
    // A hidden property is no more reachable by its public id; an unknown public id is a plain 404.
    const hidden = await makeProperty(t, agent.id, { isPublic: false });
    const [row] = await t.database.db
      .select({ publicId: properties.publicId })
      .from(properties)
      .where(eq(properties.id, hidden));
    expect((await get(`/api/booking/property/${row!.publicId}`)).statusCode).toBe(404);
    expect((await get(`/api/booking/property/${'0'.repeat(32)}`)).json()).toMatchObject({
      code: 'PROPERTY_NOT_FOUND',
    });
  });

  it('every property gets its own public id (the migration gives existing rows one each the same way)', async () => {
    const ids = await Promise.all([1, 2, 3].map(() => makeProperty(t, agent.id)));
    const rows = await t.database.db
      .select({ publicId: properties.publicId })
      .from(properties)
      .where(inArray(properties.id, ids));
    expect(new Set(rows.map((r) => r.publicId)).size).toBe(3);
  });

  it('an unknown or non-numeric property id answers 404, never 500', async () => {
    for (const id of ['999999', 'abc', '0', '-1', '1e3', '99999999999999']) {
      const res = await get(`/api/booking/property/${id}`);
      expect(res.statusCode, id).toBe(404);
    }
  });
});

describe('GET /api/booking/availability/…/:date', () => {
  it('answers the free 30-minute slots of a working day as HH:mm:ss', async () => {
    const res = await get(`/api/booking/availability/${propertyId}/2030-01-09`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.agentAvailability).toEqual({ isAvailable: true });
    expect(body.availableSlots).toHaveLength(16);
    expect(body.availableSlots[0]).toBe('09:00:00');
    expect(body.availableSlots.at(-1)).toBe('16:30:00');
  });

  it('a day marked unavailable answers no slots and isAvailable false', async () => {
    const res = await get(`/api/booking/availability/agent/${agent.id}/2030-01-12`); // Saturday
    expect(res.json()).toEqual({
      availableSlots: [],
      agentAvailability: { isAvailable: false },
      time_zone: 'America/New_York',
      slots: [],
    });
  });

  it('a malformed date, today, and day 61 answer 400', async () => {
    expect((await get(`/api/booking/availability/${propertyId}/2030-1-9`)).statusCode).toBe(400);
    expect((await get(`/api/booking/availability/${propertyId}/2030-02-30`)).statusCode).toBe(400);
    const today = await get(`/api/booking/availability/${propertyId}/2030-01-07`);
    expect(today.statusCode).toBe(400);
    expect(today.json()).toMatchObject({ code: 'DATE_OUTSIDE_WINDOW' });
    expect((await get(`/api/booking/availability/${propertyId}/2030-03-08`)).statusCode).toBe(200);
    expect((await get(`/api/booking/availability/${propertyId}/2030-03-09`)).statusCode).toBe(400);
  });
});

describe('POST /api/booking', () => {
  it('books a free slot: 201 with the manage link, stored at the right instant, slot no longer offered', async () => {
    const res = await post(
      '/api/booking',
      bookingPayload(agent.id, {
        property_id: propertyId,
        booking_date: '2030-01-10',
        booking_time: '09:30',
      }),
    );
    expect(res.statusCode).toBe(201);
    const { booking } = res.json();
    expect(booking).toMatchObject({
      status: 'confirmed',
      booking_date: '2030-01-10',
      booking_time: '09:30',
      time_zone: 'America/New_York',
      starts_at: '2030-01-10T14:30:00.000Z',
      ends_at: '2030-01-10T15:00:00.000Z',
      property_id: propertyId,
    });
    expect(booking.manage_url).toBe(`${t.config.publicUrl}/booking/manage?token=${booking.manage_token}`);
    expect(await slotsOf('2030-01-10')).not.toContain('09:30:00');
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ clientEmail: 'casey@example.com', budgetMin: 300000, status: 'confirmed' });
  });

  it("stores the buyer's language: the payload's, else the request's, else the agent's default (issue 43)", async () => {
    const book = async (time: string, extra: object, headers: Record<string, string> = {}) => {
      const res = await post(
        '/api/booking',
        bookingPayload(agent.id, { booking_date: '2030-01-11', booking_time: time, ...extra }),
        headers,
      );
      expect(res.statusCode).toBe(201);
      const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, res.json().booking.id));
      return row?.locale;
    };
    expect(await book('09:00', { locale: 'es' }, { 'accept-language': 'en' })).toBe('es');
    expect(await book('09:30', {}, { 'accept-language': 'es-MX,es;q=0.9' })).toBe('es');
    expect(await book('10:00', {}, { 'accept-language': 'de' })).toBe('en');
    await t.database.db.update(agents).set({ defaultLanguage: 'es' }).where(eq(agents.id, agent.id));
    try {
      expect(await book('10:30', {}, { 'accept-language': 'de' })).toBe('es');
    } finally {
      await t.database.db.update(agents).set({ defaultLanguage: 'en' }).where(eq(agents.id, agent.id));
    }
    const bad = await post(
      '/api/booking',
      bookingPayload(agent.id, { booking_date: '2030-01-11', booking_time: '11:00', locale: 'fr' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.locale).toBeTruthy();
  });

  it('bad input answers 400 with the §5 messages per field and stores nothing', async () => {
    const before = (await bookingRows(agent.id)).length;
    const res = await post(
      '/api/booking',
      bookingPayload(agent.id, {
        client_name: ' ',
        client_email: 'casey@',
        client_phone: '',
        buyer_type: '',
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: {
        client_name: 'Full name is required',
        client_email: 'Please enter a valid email address',
        client_phone: 'Phone number is required',
        buyer_type: 'Buyer type is required',
      },
    });
    expect((await bookingRows(agent.id)).length).toBe(before);
  });

  it('letters in the phone ("call me") answer 400 with the phone message and store nothing; a national number is stored in international form', async () => {
    const before = (await bookingRows(agent.id)).length;
    const refused = await post('/api/booking', bookingPayload(agent.id, { client_phone: 'call me' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { client_phone: PHONE_CHARACTERS_MESSAGE },
    });
    const short = await post('/api/booking', bookingPayload(agent.id, { client_phone: '555-01' }));
    expect(short.json()).toMatchObject({ fields: { client_phone: PHONE_INVALID_MESSAGE } });
    expect((await bookingRows(agent.id)).length).toBe(before);
  });

  it('a time that is not a free slot answers 409 SLOT_UNAVAILABLE (outside hours, weekend, off-grid, past)', async () => {
    for (const [date, time] of [
      ['2030-01-09', '08:30'],
      ['2030-01-09', '17:00'],
      ['2030-01-12', '10:00'],
      ['2030-01-09', '10:15'],
      ['2030-01-07', '14:00'],
      ['2030-03-09', '10:00'],
    ]) {
      const res = await post(
        '/api/booking',
        bookingPayload(agent.id, { booking_date: date, booking_time: time }),
      );
      expect(res.statusCode, `${date} ${time}`).toBe(409);
      expect(res.json().code).toBe('SLOT_UNAVAILABLE');
    }
  });

  it('a property of another agent, or an unknown agent, answers 404', async () => {
    const other = await makeAgent(t);
    const foreign = await makeProperty(t, other.id);
    expect(
      (await post('/api/booking', bookingPayload(agent.id, { property_id: foreign }))).json(),
    ).toMatchObject({ code: 'PROPERTY_NOT_FOUND' });
    expect(
      (await post('/api/booking', bookingPayload('00000000-0000-4000-8000-000000000000'))).statusCode,
    ).toBe(404);
    // The agent is named first, as when the agent was read before the property: an unknown agent with a real
    // property, and with another agent's property, is AGENT_NOT_FOUND; a missing property of a real agent is
    // PROPERTY_NOT_FOUND.
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const property_id of [foreign, 2_000_000_000]) {
      expect((await post('/api/booking', bookingPayload(unknown, { property_id }))).json()).toMatchObject({
        code: 'AGENT_NOT_FOUND',
      });
    }
    expect(
      (await post('/api/booking', bookingPayload(agent.id, { property_id: 2_000_000_000 }))).json(),
    ).toMatchObject({ code: 'PROPERTY_NOT_FOUND' });
  });

  it('100 concurrent bookings of the same slot: exactly one 201, the rest 409, no 5xx, one row', async () => {
    const a = await makeAgent(t, { plan: 'enterprise' });
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        post(
          '/api/booking',
          bookingPayload(a.id, {
            client_email: `buyer${i}@example.com`,
            booking_date: '2030-01-15',
            booking_time: '11:00',
          }),
        ),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(99);
    for (const r of results.filter((r) => r.statusCode === 409)) {
      expect(['SLOT_TAKEN', 'SLOT_UNAVAILABLE']).toContain(r.json().code);
    }
    expect(await bookingRows(a.id)).toHaveLength(1);
  });

  it('the race loser gets the SLOT_TAKEN message from the database constraint', async () => {
    const a = await makeAgent(t, { plan: 'enterprise' });
    // Ten different buyers (the same buyer's second try is told they already have it: buyer-messages.test.ts).
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(
          '/api/booking',
          bookingPayload(a.id, {
            booking_date: '2030-01-16',
            booking_time: '13:00',
            client_email: `racer${i}@example.com`,
          }),
        ),
      ),
    );
    const taken = results.filter((r) => r.statusCode === 409 && r.json().code === 'SLOT_TAKEN');
    expect(taken.length).toBeGreaterThan(0);
    expect(taken[0]!.json().error).toBe(
      'This time was just booked by someone else. Please pick another time.',
    );
  });

  it('an Idempotency-Key makes a retried submit answer the first booking instead of a second one', async () => {
    const a = await makeAgent(t);
    const body = bookingPayload(a.id, { booking_date: '2030-01-17', booking_time: '14:00' });
    const first = await post('/api/booking', body, { 'idempotency-key': 'submit-1' });
    const retry = await post('/api/booking', body, { 'idempotency-key': 'submit-1' });
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json().booking.id).toBe(first.json().booking.id);
    expect(await bookingRows(a.id)).toHaveLength(1);
    const other = await post(
      '/api/booking',
      { ...body, booking_time: '15:00' },
      { 'idempotency-key': 'submit-1' },
    );
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('concurrent duplicates with one Idempotency-Key all answer the same single booking', async () => {
    const a = await makeAgent(t);
    const body = bookingPayload(a.id, { booking_date: '2030-01-17', booking_time: '10:00' });
    const results = await Promise.all(
      Array.from({ length: 8 }, () => post('/api/booking', body, { 'idempotency-key': 'double-tap' })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    expect(new Set(results.map((r) => r.json().booking.id)).size).toBe(1);
    expect(await bookingRows(a.id)).toHaveLength(1);
  });

  it("the plan's monthly limit (basic 15) refuses the 16th with 403; cancelled ones don't count; pro allows more", async () => {
    const a = await makeAgent(t, { plan: 'basic' });
    const times = [
      '09:00',
      '09:30',
      '10:00',
      '10:30',
      '11:00',
      '11:30',
      '12:00',
      '12:30',
      '13:00',
      '13:30',
      '14:00',
      '14:30',
      '15:00',
      '15:30',
      '16:00',
    ];
    for (const time of times) {
      const res = await post(
        '/api/booking',
        bookingPayload(a.id, { booking_date: '2030-01-22', booking_time: time }),
      );
      expect(res.statusCode, time).toBe(201);
    }
    const refused = await post(
      '/api/booking',
      bookingPayload(a.id, { booking_date: '2030-01-22', booking_time: '16:30' }),
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('BOOKING_LIMIT_REACHED');
    expect(refused.json().error).toMatch(/can't take more online bookings this month/);

    const [one] = await bookingRows(a.id);
    await t.database.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, one!.id));
    expect(
      (
        await post(
          '/api/booking',
          bookingPayload(a.id, { booking_date: '2030-01-22', booking_time: '16:30' }),
        )
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await post(
          '/api/booking',
          bookingPayload(a.id, { booking_date: '2030-01-23', booking_time: '09:00' }),
        )
      ).statusCode,
    ).toBe(403);

    await t.database.db.update(agents).set({ plan: 'pro' }).where(eq(agents.id, a.id));
    expect(
      (
        await post(
          '/api/booking',
          bookingPayload(a.id, { booking_date: '2030-01-23', booking_time: '09:00' }),
        )
      ).statusCode,
    ).toBe(201);
  });

  it('an agent who requires approval receives the booking as pending', async () => {
    const a = await makeAgent(t, { availability: { ...DEFAULT_AVAILABILITY, requires_approval: true } });
    const res = await post(
      '/api/booking',
      bookingPayload(a.id, { booking_date: '2030-01-24', booking_time: '09:00' }),
    );
    expect(res.json().booking.status).toBe('pending');
    expect(await slotsOf('2030-01-24', a)).not.toContain('09:00:00');
  });

  it('the buffer between showings removes the neighbouring slots', async () => {
    const a = await makeAgent(t, { availability: { ...DEFAULT_AVAILABILITY, buffer_minutes: 30 } });
    await post('/api/booking', bookingPayload(a.id, { booking_date: '2030-01-24', booking_time: '11:00' }));
    const slots = await slotsOf('2030-01-24', a);
    expect(slots).not.toContain('10:30:00');
    expect(slots).not.toContain('11:00:00');
    expect(slots).not.toContain('11:30:00');
    expect(slots).toContain('10:00:00');
    expect(slots).toContain('12:00:00');
  });
});

describe('manage, prefill, reschedule, cancel', () => {
  async function book(a: TestAgent, date: string, time: string) {
    const res = await post(
      '/api/booking',
      bookingPayload(a.id, { booking_date: date, booking_time: time, message: 'Garage?' }),
    );
    expect(res.statusCode).toBe(201);
    return res.json().booking as { id: string; manage_token: string };
  }
  const reschedule = (
    a: TestAgent,
    original: { id: string; manage_token: string },
    overrides: Record<string, unknown> = {},
  ) =>
    post('/api/booking/reschedule', {
      ...bookingPayload(a.id, { booking_date: '2030-01-29', booking_time: '15:00' }),
      original_booking_id: original.id,
      reschedule_reason: 'Flight moved',
      token: original.manage_token,
      ...overrides,
    });

  it('the manage token reads the booking; unknown tokens answer 404', async () => {
    const a = await makeAgent(t);
    const b = await book(a, '2030-01-28', '10:00');
    const res = await get(`/api/booking/manage?token=${b.manage_token}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().booking).toMatchObject({
      id: b.id,
      status: 'confirmed',
      booking_date: '2030-01-28',
      booking_time: '10:00',
      client_name: 'Casey Buyer',
      message: 'Garage?',
      agent: { id: a.id, phone: '+1 212 555 0100' },
      can_cancel: true,
      can_reschedule: true,
    });
    expect((await get('/api/booking/manage?token=nope')).statusCode).toBe(404);
    expect((await get(`/api/booking/manage?token=${b.id}`)).statusCode).toBe(404);
  });

  it('prefill for a manage token switches the flow to reschedule mode with the buyer answers (spec §3, §4)', async () => {
    const a = await makeAgent(t);
    const b = await book(a, '2030-01-28', '11:00');
    const res = await get(`/api/booking/prefill?token=${b.manage_token}`);
    expect(res.json()).toMatchObject({
      success: true,
      agent_id: a.id,
      property_id: null,
      prefill: {
        buyer_name: 'Casey Buyer',
        buyer_email: 'casey@example.com',
        buyer_type: 'first_time_buyer',
        budget_min: 300000,
        budget_max: 400000,
        notes: 'Garage?',
        action: 'reschedule',
        booking_id: b.id,
        booking_date: '2030-01-28',
        booking_time: '11:00',
      },
    });
    expect((await get('/api/booking/prefill?token=unknown')).statusCode).toBe(404);
  });

  it('reschedule: new booking confirmed, original marked rescheduled, old slot free again', async () => {
    const a = await makeAgent(t);
    const b = await book(a, '2030-01-28', '12:00');
    const res = await reschedule(a, b);
    expect(res.statusCode).toBe(200);
    const moved = res.json().booking;
    expect(moved).toMatchObject({ status: 'confirmed', booking_date: '2030-01-29', booking_time: '15:00' });
    expect(moved.id).not.toBe(b.id);
    expect(await slotsOf('2030-01-28', a)).toContain('12:00:00');
    expect(await slotsOf('2030-01-29', a)).not.toContain('15:00:00');
    const old = (await get(`/api/booking/manage?token=${b.manage_token}`)).json().booking;
    expect(old).toMatchObject({
      status: 'rescheduled',
      can_cancel: false,
      rescheduled_to_token: moved.manage_token,
    });
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, moved.id));
    expect(row).toMatchObject({ rescheduledFromId: b.id, rescheduleReason: 'Flight moved' });
    expect((await reschedule(a, b, { booking_time: '16:00' })).json().code).toBe('BOOKING_NOT_ACTIVE');
  });

  it('a blank reschedule reason is refused with the §5 message and nothing changes', async () => {
    const a = await makeAgent(t);
    const b = await book(a, '2030-01-28', '13:00');
    const res = await reschedule(a, b, { reschedule_reason: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.reschedule_reason).toBe('Please provide a reason for rescheduling');
    expect((await get(`/api/booking/manage?token=${b.manage_token}`)).json().booking.status).toBe(
      'confirmed',
    );
  });

  it('rescheduling into a taken slot answers 409 and the original stays exactly as it was', async () => {
    const a = await makeAgent(t);
    const b = await book(a, '2030-01-28', '14:00');
    await book(a, '2030-01-29', '15:00');
    const before = (await t.database.db.select().from(bookings).where(eq(bookings.id, b.id)))[0];
    const res = await reschedule(a, b);
    expect(res.statusCode).toBe(409);
    const after = (await t.database.db.select().from(bookings).where(eq(bookings.id, b.id)))[0];
    expect(after).toEqual(before);
  });

  it('a reschedule racing new bookings for the same slot: exactly one wins; a losing reschedule leaves the original intact', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await makeAgent(t, { plan: 'enterprise' });
      const b = await book(a, '2030-01-30', '09:00');
      const target = { booking_date: '2030-01-31', booking_time: '10:00' };
      const results = await Promise.all([
        reschedule(a, b, target),
        ...Array.from({ length: 5 }, () => post('/api/booking', bookingPayload(a.id, target))),
      ]);
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200 || c === 201)).toHaveLength(1);
      expect(codes.every((c) => c === 200 || c === 201 || c === 409)).toBe(true);
      const active = (await bookingRows(a.id)).filter((r) => r.status === 'confirmed');
      if (codes[0] === 200) {
        expect(active).toHaveLength(1); // the moved booking only; the original is 'rescheduled'
      } else {
        expect(active).toHaveLength(2); // the original untouched + the winning new booking
        expect(active.some((r) => r.id === b.id)).toBe(true);
      }
    }
  });

  it('cancel with a reason frees the slot; cancelling again answers 409 BOOKING_NOT_ACTIVE', async () => {
    const a = await makeAgent(t);
    const b = await book(a, '2030-01-28', '15:00');
    const res = await post('/api/booking/cancel', { token: b.manage_token, reason: 'Bought elsewhere' });
    expect(res.statusCode).toBe(200);
    expect(res.json().booking).toMatchObject({ status: 'cancelled', can_cancel: false });
    expect(await slotsOf('2030-01-28', a)).toContain('15:00:00');
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, b.id));
    expect(row?.cancelReason).toBe('Bought elsewhere');
    expect((await post('/api/booking/cancel', { token: b.manage_token })).json().code).toBe(
      'BOOKING_NOT_ACTIVE',
    );
    expect((await post('/api/booking/cancel', { token: 'unknown' })).statusCode).toBe(404);
  });
});

describe('GET /api/booking/links/:linkId', () => {
  it('resolves an active link to its agent, property and prefill; inactive or unknown links answer 404', async () => {
    await t.database.db.insert(bookingLinks).values([
      {
        id: 'spring-open-house',
        agentId: agent.id,
        propertyId,
        prefill: { buyer_name: 'Pat Invitee', booking_purpose: 'open_house' },
      },
      { id: 'old-campaign', agentId: agent.id, isActive: false },
    ]);
    expect((await get('/api/booking/links/spring-open-house')).json()).toEqual({
      success: true,
      agent_id: agent.id,
      property_id: propertyId,
      prefill: { buyer_name: 'Pat Invitee', booking_purpose: 'open_house' },
    });
    expect((await get('/api/booking/links/old-campaign')).statusCode).toBe(404);
    expect((await get('/api/booking/links/nothing-here')).statusCode).toBe(404);
    expect((await get('/api/booking/prefill?token=spring-open-house')).json()).toMatchObject({
      prefill: { buyer_name: 'Pat Invitee' },
    });
  });
});

describe('rate limit on public writes', () => {
  it('answers 429 in the error shape once a client exceeds the per-minute limit', async () => {
    const limited = await createTestApp({ now: () => NOW, env: { PUBLIC_WRITE_LIMIT_PER_MINUTE: '3' } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        codes.push((await limited.request({ method: 'POST', url: '/api/booking', payload: {} })).statusCode);
      }
      expect(codes.slice(0, 3)).toEqual([400, 400, 400]);
      expect(codes[3]).toBe(429);
      const res = await limited.request({ method: 'POST', url: '/api/booking', payload: {} });
      expect(res.json()).toMatchObject({ code: 'RATE_LIMITED', error: expect.any(String) });
    } finally {
      await limited.close();
    }
  });
});

describe('a slot taken after the page loaded', () => {
  it('answers SLOT_TAKEN with the buyer-facing message, not "unavailable"', async () => {
    const a = await makeAgent(t);
    const body = bookingPayload(a.id, { booking_date: '2030-02-05', booking_time: '10:00' });
    expect((await post('/api/booking', body)).statusCode).toBe(201);
    const late = await post('/api/booking', { ...body, client_email: 'late@example.com' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      error: 'This time was just booked by someone else. Please pick another time.',
      code: 'SLOT_TAKEN',
    });
  });
});
