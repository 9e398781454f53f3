// The input boundary (src/http/input-boundary.ts and the column-bounded domain schemas): each of the seven
// causes of a 500 found by the probe of issue 11 is now a 400 `{ error, code, fields }` naming the field,
// and nothing is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { bookings, properties } from '../src/db/schema';
import { createTestApp, type TestApp } from './app';
import { bookingPayload, makeAgent, type TestAgent } from './fixtures';

let t: TestApp;
let agent: TestAgent;
const now = new Date('2030-01-02T15:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ now: () => now });
  agent = await makeAgent(t);
});
afterAll(() => t.close());

function expectRefusal(res: { statusCode: number; json: () => unknown }, field: string) {
  expect(res.statusCode).toBe(400);
  const body = res.json() as { error: string; code: string; fields: Record<string, string> };
  expect(typeof body.error).toBe('string');
  expect(typeof body.code).toBe('string');
  expect(Object.keys(body.fields)).toContain(field);
}

async function storedBookings() {
  const [row] = await t.database.db.select({ n: count() }).from(bookings);
  return row?.n ?? 0;
}

describe('input boundary: text PostgreSQL cannot store', () => {
  it('a NUL byte in the query of the anonymous manage call is a 400 naming token', async () => {
    const res = await t.request({ method: 'GET', url: '/api/booking/manage?token=%00' });
    expectRefusal(res, 'token');
  });

  it('a NUL byte in a path parameter is a 400 naming it', async () => {
    const res = await t.request({ method: 'GET', url: '/api/agents/id/abc%00def' });
    expectRefusal(res, 'agentId');
  });

  it('a NUL byte or a lone surrogate in a body field is a 400 naming the field; nothing stored', async () => {
    const before = await storedBookings();
    const nul = await t.request({
      method: 'POST',
      url: '/api/booking',
      payload: bookingPayload(agent.id, { client_name: 'Ann\u0000Lee' }),
    });
    expectRefusal(nul, 'client_name');
    const surrogate = await t.request({
      method: 'POST',
      url: '/api/booking',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(bookingPayload(agent.id)).replace('Casey Buyer', 'Casey \\ud800'),
    });
    expectRefusal(surrogate, 'client_name');
    expect(await storedBookings()).toBe(before);
  });

  it('a NUL or a lone surrogate in sign-in (better-auth) is a 400 naming the field', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'a\u0000@example.com', password: 'x' },
    });
    expectRefusal(res, 'email');
  });

  it('a well-formed pair (an emoji) is fine', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/booking',
      payload: bookingPayload(agent.id, { client_name: 'Casey 🏠', booking_date: '2030-01-08' }),
    });
    expect(res.statusCode).toBe(201);
  });
});

describe('input boundary: numbers bounded by their columns, dates by the product', () => {
  it('property_id 2147483648 in a booking is a 400, not a 500', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/booking',
      payload: bookingPayload(agent.id, { property_id: 2147483648 }),
    });
    expectRefusal(res, 'property_id');
  });

  it('budget_max 2147483648 and budget_min 1.5 are 400s naming the budget', async () => {
    const agentMade = await t.request({
      method: 'POST',
      url: '/api/bookings',
      token: agent.token,
      payload: { ...bookingPayload(agent.id), agent_id: undefined, budget_max: 2147483648 },
    });
    expectRefusal(agentMade, 'budget_max');
    const fraction = await t.request({
      method: 'POST',
      url: '/api/booking',
      payload: bookingPayload(agent.id, { budget_min: 1.5 }),
    });
    expectRefusal(fraction, 'budget_min');
  });

  it('?property_id=2147483648 and ?date=9999-12-31 on the bookings list are 400s', async () => {
    const id = await t.request({
      method: 'GET',
      url: '/api/bookings?property_id=2147483648',
      token: agent.token,
    });
    expectRefusal(id, 'property_id');
    const date = await t.request({ method: 'GET', url: '/api/bookings?date=9999-12-31', token: agent.token });
    expectRefusal(date, 'date');
  });

  it('bathrooms 5e-324 is a 400 and no property is stored', async () => {
    const [before] = await t.database.db.select({ n: count() }).from(properties);
    const res = await t.request({
      method: 'POST',
      url: '/api/properties',
      token: agent.token,
      headers: { 'content-type': 'application/json' },
      payload:
        '{"address":"1 Main St","city":"Springfield","state":"IL","zip_code":"62701","price":1,' +
        '"bedrooms":1,"bathrooms":5e-324,"property_type":"Condo"}',
    });
    expectRefusal(res, 'bathrooms');
    const [after] = await t.database.db.select({ n: count() }).from(properties);
    expect(after?.n).toBe(before?.n);
  });
});

describe('input boundary: body depth, size and prototype keys', () => {
  it('6,000-deep JSON on sign-in is a 400 naming the body', async () => {
    const deep = '['.repeat(6000) + ']'.repeat(6000);
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json' },
      payload: `{"email":${deep},"password":"x"}`,
    });
    expectRefusal(res, 'body');
    expect(res.json().code).toBe('BODY_TOO_DEEP');
  });

  it('a body over the size cap is refused with a field', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/booking',
      payload: bookingPayload(agent.id, { message: 'x'.repeat(1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: expect.any(String), fields: { body: expect.any(String) } });
  });

  it('__proto__ and constructor keys are refused, naming the key', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/booking',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(bookingPayload(agent.id)).replace('{', '{"__proto__":{"isAdmin":true},'),
    });
    expectRefusal(res, 'body');
    expect(res.json().fields.body).toContain('__proto__');
    const ctor = await t.request({
      method: 'PUT',
      url: '/api/availability',
      token: agent.token,
      payload: { constructor: { prototype: { polluted: true } } },
    });
    expectRefusal(ctor, 'body');
    expect(ctor.json().fields.body).toContain('constructor');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('malformed JSON is a 400 naming the body', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/booking',
      headers: { 'content-type': 'application/json' },
      payload: '{"agent_id":',
    });
    expectRefusal(res, 'body');
  });
});
