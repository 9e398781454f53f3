// The public site's "Talk to Sales" enquiries and its waiting list reach whoever runs the server: Server settings
// lists the enquiries newest first (a repeat from the same address replaces the earlier one) with the waiting
// list's size — for the administrators only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app';

let t: TestApp;
let admin: { token: string; email: string };
let agent: { token: string; email: string };

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: 'ops@example.com' } });
  await t.signUp({ email: 'demo@keyturn.app' });
  admin = await t.signUp();
  agent = await t.signUp();
});
afterAll(async () => {
  await t.close();
});

const list = (token?: string) =>
  t.request({ method: 'GET', url: '/api/server-settings/sales-enquiries', token });
const enquire = (payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/sales-inquiries', payload });

describe('GET /api/server-settings/sales-enquiries', () => {
  it('lists the enquiries newest first with the waiting list size; a repeat replaces the earlier enquiry', async () => {
    expect((await list(admin.token)).json()).toEqual({
      success: true,
      total: 0,
      waiting_list: 0,
      enquiries: [],
    });
    expect(
      (
        await enquire({
          name: 'Pat Broker',
          email: 'pat@brokerage.example',
          company: 'Lakeside Realty',
          team_size: 12,
          message: 'Twelve agents, two offices.',
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (await enquire({ name: 'Sam Solo', email: 'sam@example.com', message: 'Just me for now.' })).statusCode,
    ).toBe(201);
    // Pat writes again: the enquiry is updated and becomes the newest.
    expect(
      (
        await enquire({
          name: 'Pat Broker',
          email: 'PAT@brokerage.example',
          company: 'Lakeside Realty',
          message: 'Now fifteen agents.',
        })
      ).statusCode,
    ).toBe(201);
    for (const email of ['a@example.com', 'b@example.com']) {
      const joined = await t.request({
        method: 'POST',
        url: '/api/waitlist',
        payload: { name: 'Waiting Agent', email, segment: 'residential' },
      });
      expect(joined.statusCode).toBe(201);
    }

    const res = await list(admin.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, total: 2, waiting_list: 2 });
    expect(body.enquiries.map((e: { name: string; message: string }) => [e.name, e.message])).toEqual([
      ['Pat Broker', 'Now fifteen agents.'],
      ['Sam Solo', 'Just me for now.'],
    ]);
    expect(body.enquiries[0]).toMatchObject({ company: 'Lakeside Realty', email: 'pat@brokerage.example' });
    expect(body.enquiries[1]).toMatchObject({ company: null });
    expect(Date.parse(body.enquiries[0].created_at)).toBeGreaterThanOrEqual(
      Date.parse(body.enquiries[1].created_at),
    );
  });

  it('is for the administrators only: 401 without a session, 403 for an agent', async () => {
    expect((await list()).statusCode).toBe(401);
    const refused = await list(agent.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
  });
});
