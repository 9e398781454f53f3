// Response headers of issue 11: API answers are never cached (the buyer's manage call carries their contact
// details), and HSTS is sent exactly when the server sits behind TLS (an https PUBLIC_URL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('Cache-Control: no-store', () => {
  it('on the manage call, which answers the buyer their contact details', async () => {
    const booked = await t.request({
      method: 'POST',
      url: '/api/booking',
      payload: bookingPayload(agent.id),
    });
    expect(booked.statusCode).toBe(201);
    const token = booked.json().booking.manage_token as string;
    const res = await t.request({ method: 'GET', url: `/api/booking/manage?token=${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('on every authenticated answer, on refusals, and on the session call', async () => {
    for (const url of [
      '/api/agents/profile',
      '/api/bookings',
      '/api/auth/get-session',
      '/api/auth/profile',
    ]) {
      const res = await t.request({ method: 'GET', url, token: agent.token });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const refused = await t.request({ method: 'GET', url: '/api/agents/profile' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });
});

describe('HSTS', () => {
  it('is not sent on plain http', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent when PUBLIC_URL is https', async () => {
    const tls = await createTestApp({ env: { PUBLIC_URL: 'https://book.example.com' } });
    try {
      const res = await tls.request({ method: 'GET', url: '/api/health' });
      expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
    } finally {
      await tls.close();
    }
  });
});
