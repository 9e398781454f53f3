// Buyer messages that mislead (issue 29): a buyer who goes Back after "Request sent" and confirms again is told
// they already have the time (not "booked by someone else"), and a reschedule link says beforehand when it
// gives up a confirmed time (the agent approves each booking, WCAG 3.3.7).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AVAILABILITY } from '@keyturn/domain/schemas/availability';
import { availabilitySettings, bookings, properties } from '../src/db/schema';
import { ALREADY_BOOKED_MESSAGE } from '../src/modules/booking-public/own-booking';
import { createTestApp, type TestApp } from './app';
import { bookingPayload, makeAgent, makeProperty } from './fixtures';

const NOW = new Date('2030-01-07T15:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url, payload, headers });

describe('the same buyer confirming a time they already hold', () => {
  it('answers 409 ALREADY_BOOKED (their time, pending or confirmed); another buyer still gets SLOT_TAKEN', async () => {
    const a = await makeAgent(t, { availability: { ...DEFAULT_AVAILABILITY, requires_approval: true } });
    const propertyId = await makeProperty(t, a.id);
    const body = bookingPayload(a.id, {
      property_id: propertyId,
      booking_date: '2030-01-15',
      booking_time: '10:00',
    });
    const first = await post('/api/booking', body, { 'idempotency-key': 'first-attempt-0001' });
    expect(first.statusCode).toBe(201);
    expect(first.json().booking.status).toBe('pending');
    const startsAt = first.json().booking.starts_at as string;

    // Back, then Confirm again: a new attempt (a new key), the same e-mail in other letter case.
    for (const again of [
      { ...body, client_email: 'Casey@Example.com' },
      { ...body, starts_at: startsAt },
    ]) {
      const res = await post('/api/booking', again, { 'idempotency-key': `again-${Math.random()}` });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: ALREADY_BOOKED_MESSAGE, code: 'ALREADY_BOOKED' });
      expect(JSON.stringify(res.json())).not.toContain('manage');
    }
    const other = await post('/api/booking', { ...body, client_email: 'someone@example.com' });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('SLOT_TAKEN');
    const rows = await t.database.db.select().from(bookings).where(eq(bookings.agentId, a.id));
    expect(rows).toHaveLength(1);
  });
});

describe('a reschedule link says when it gives up a confirmed time', () => {
  it('gives_up_confirmed: true only for a confirmed booking with approval on', async () => {
    const a = await makeAgent(t);
    const book = async (time: string) => {
      const res = await post(
        '/api/booking',
        bookingPayload(a.id, { booking_date: '2030-01-16', booking_time: time }),
      );
      expect(res.statusCode).toBe(201);
      return res.json().booking as { manage_token: string; status: string };
    };
    const prefillOf = async (token: string) =>
      (await t.request({ method: 'GET', url: `/api/booking/prefill?token=${token}` })).json().prefill;

    const confirmed = await book('10:00');
    expect(confirmed.status).toBe('confirmed');
    expect((await prefillOf(confirmed.manage_token)).gives_up_confirmed).toBe(false);

    await t.database.db
      .update(availabilitySettings)
      .set({ requiresApproval: true })
      .where(eq(availabilitySettings.agentId, a.id));
    expect((await prefillOf(confirmed.manage_token)).gives_up_confirmed).toBe(true);
    const pending = await book('11:00');
    expect(pending.status).toBe('pending');
    expect((await prefillOf(pending.manage_token)).gives_up_confirmed).toBe(false);
  });
});

describe("the feedback page's way to book the property again", () => {
  it("book_again_path: the property's booking page while it is public, else the agent's page", async () => {
    const a = await makeAgent(t);
    const propertyId = await makeProperty(t, a.id);
    const res = await post(
      '/api/booking',
      bookingPayload(a.id, { property_id: propertyId, booking_date: '2030-01-17', booking_time: '10:00' }),
    );
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, res.json().booking.id));
    const [property] = await t.database.db.select().from(properties).where(eq(properties.id, propertyId));
    const view = async () =>
      (await t.request({ method: 'GET', url: `/api/feedback/public/${row!.publicId}` })).json();
    expect((await view()).book_again_path).toBe(`/${a.username}/12-elm-street/${property!.publicId}/book`);
    await t.database.db.update(properties).set({ isPublic: false }).where(eq(properties.id, propertyId));
    expect((await view()).book_again_path).toBe(`/bookme/${a.id}/${a.username}`);
  });
});
