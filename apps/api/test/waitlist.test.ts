// The waiting list and sales enquiries (issue: public site): stored once per e-mail, validated, rate-limited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitlistEntries } from '../src/db/schema';
import { createTestApp, type TestApp } from './app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/waitlist', () => {
  it('stores an entry; the same e-mail again (any case) keeps one entry and says so kindly', async () => {
    const body = {
      name: 'Ada Lovelace',
      email: 'ada@agency.example',
      company: 'Analytical Homes',
      segment: 'agency',
    };
    const first = await t.request({ method: 'POST', url: '/api/waitlist', payload: body });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ success: true, status: 'joined' });
    const again = await t.request({
      method: 'POST',
      url: '/api/waitlist',
      payload: { ...body, email: 'ADA@agency.example' },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      status: 'already_joined',
      message: expect.stringContaining('already on the waiting list'),
    });
    const rows = (await t.database.db.select().from(waitlistEntries)).filter((r) => r.kind === 'waitlist');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Ada Lovelace', segment: 'agency', company: 'Analytical Homes' });
  });

  it('bad input is refused with field messages and stores nothing', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/waitlist',
      payload: { name: '', email: 'nope', segment: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      name: 'Name is required',
      email: 'Please enter a valid email address',
      segment: 'Choose the segment that fits you best',
    });
  });

  it('is rate-limited per client', async () => {
    const limited = await createTestApp({ env: { PUBLIC_WRITE_LIMIT_PER_MINUTE: '2' } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await limited.request({
          method: 'POST',
          url: '/api/waitlist',
          payload: { name: 'N', email: `n${i}@example.com`, segment: 'residential' },
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([201, 201, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /api/sales-inquiries', () => {
  it('stores the enquiry like the waiting list; a repeat updates it', async () => {
    const body = {
      name: 'Grace',
      email: 'grace@brokerage.example',
      company: 'Hopper Realty',
      team_size: 12,
      message: 'Twelve agents, two offices.',
    };
    expect((await t.request({ method: 'POST', url: '/api/sales-inquiries', payload: body })).statusCode).toBe(
      201,
    );
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/sales-inquiries',
          payload: { ...body, message: 'Now fifteen.' },
        })
      ).statusCode,
    ).toBe(201);
    const rows = (await t.database.db.select().from(waitlistEntries)).filter((r) => r.kind === 'sales');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.message).toBe('Team size: 12\n\nNow fifteen.');
  });
});
