// Issue 26: on a signed-in route, authentication comes before validation — an anonymous call is a 401 whatever
// its query, path or body, never a 400 describing the input it may not send. The routes are read from the
// app's own OpenAPI document (every operation that documents a 401), not from a hand list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Operation = { responses?: Record<string, unknown> };

/** Buyer-facing routes (no account) whose shared error set lists a 401: not signed-in routes. */
const PUBLIC = [
  /^\/api\/feedback\/public\//,
  /^\/api\/assistant\/agent\//,
  /^\/api\/assistant\/conversations/,
  // Google/Microsoft sign-in starts signed out; its 401 is for linking a provider without a session.
  /^\/api\/auth\/social\/[a-z]+\/start$/,
];

const BAD_QUERY =
  '?date=not-a-date&month=13&limit=-5&days=abc&property_id=abc&status=zzz&from=x&to=y&kind=zzz&q=' +
  'x'.repeat(5000);

describe('signed-in routes answer 401 before looking at the input', () => {
  it('every operation documenting a 401 answers an anonymous call with a bad query and body 401', async () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const checked: string[] = [];
    const wrong: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (!operation.responses?.['401'] || PUBLIC.some((p) => p.test(path))) continue;
        const url = path.replace(/\{[A-Za-z]+\}/g, 'not-an-id') + BAD_QUERY;
        const withBody = method !== 'get' && method !== 'delete';
        const res = await t.request({
          method: method.toUpperCase() as 'GET',
          url,
          ...(withBody ? { payload: { bogus: [1, { nested: null }], email: 42 } } : {}),
        });
        checked.push(`${method.toUpperCase()} ${path}`);
        if (res.statusCode !== 401)
          wrong.push(`${method.toUpperCase()} ${path} → ${res.statusCode} ${res.body}`);
        else expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED', error: expect.any(String) });
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toContain('GET /api/bookings');
    expect(checked.length).toBeGreaterThan(60);
  });
});
