// Fuzz (fast-check) of every write route the app registered — read from the app's own route table and
// better-auth's endpoint list, never a hand list — with NUL bytes, lone surrogates, huge and fractional
// numbers, 1 MB strings, deep nesting and prototype keys. The rule of issue 11: no input causes a 5xx, and
// every refusal is `{ error, code, fields }` (fields naming what was wrong on a 400).
// FUZZ_RUNS (default 500 per route) raises the count: `npm run fuzz` at the root runs many more.
// The suite is cut in FUZZ_SHARDS test files (test/fuzz-<n>.test.ts, issue 42), so two test workers share it:
// shard n fuzzes every FUZZ_SHARDS-th write route from the n-th, each with the full count, and one of the other
// checks; together they send exactly what the one file did.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import { AUTH_BASE_PATH } from '../../src/auth';
import { AUTH_ENDPOINTS } from '../../src/modules/auth/routes';
import { createTestApp, type TestApp } from '../app';
import { bookingPayload, makeAgent, makeProperty, type TestAgent } from '../fixtures';
import { AUTH_SPELLINGS, rawClient } from './raw-http';
import { stripeSignature } from './stripe-server';
import { billingAccounts } from '../../src/db/schema';
import { HANDLED_STRIPE_EVENTS } from '../../src/modules/billing/events';

const RUNS = Number(process.env.FUZZ_RUNS ?? 500);
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const FUZZ_SHARDS = 3;

/** Shard `shard` (0 … FUZZ_SHARDS - 1) of the fuzz suite: called once by each test/fuzz-<n>.test.ts. */
export function fuzzSuite(shard: number): void {
  let t: TestApp;
  let agent: TestAgent;
  let propertyId: number;
  const password = 'correct-horse-9';
  let email: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_LIMIT_PER_MINUTE: '1000000' } });
    agent = await makeAgent(t, { password });
    email = agent.email;
    propertyId = await makeProperty(t, agent.id);
  });
  afterAll(() => t.close());

  // ---- hostile values ----

  const MEGABYTE = 'x'.repeat(1024 * 1024);
  const hostileString = fc.oneof(
    {
      weight: 20,
      arbitrary: fc.constantFrom(
        '\u0000',
        'a\u0000b',
        '\ud800',
        'x\udfff',
        '\ud83d',
        '\uffff',
        '',
        ' ',
        '9999-12-31',
        '0000-00-00',
        '2147483648',
        '-1',
        '1e400',
        'NaN',
        '../../etc/passwd',
        '<script>alert(1)</script>',
        "'; drop table bookings; --",
        '\r\nBcc: victim@example.com',
        '%00',
        '__proto__',
      ),
    },
    { weight: 10, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 5, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
    { weight: 1, arbitrary: fc.constant(MEGABYTE) },
  );
  const hostileNumber = fc.oneof(
    fc.constantFrom(
      2_147_483_647,
      2_147_483_648,
      -2_147_483_649,
      Number.MAX_SAFE_INTEGER,
      Number.MAX_SAFE_INTEGER + 2,
      1e308,
      -1e308,
      5e-324,
      -0,
      1.5,
      0.1,
      -1,
    ),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer(),
  );

  /** Values that look right, so the hostile one next to them gets past the other fields' checks. */
  function plausible(): fc.Arbitrary<unknown> {
    return fc.constantFrom(
      agent.id,
      propertyId,
      email,
      password,
      '2030-01-08',
      '10:00',
      'property_viewing',
      'first_time_buyer',
      'Casey Buyer',
      '+1 646 555 0199',
      'America/New_York',
      true,
      false,
      null,
      0,
      1,
      [],
      {},
    );
  }

  const leaf = fc.oneof(
    { weight: 3, arbitrary: hostileString },
    { weight: 3, arbitrary: hostileNumber },
    { weight: 3, arbitrary: fc.constant(null).chain(() => plausible()) },
    { weight: 1, arbitrary: fc.boolean() },
  );

  const value: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
    v: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { weight: 6, arbitrary: leaf },
      { weight: 1, arbitrary: fc.array(tie('v'), { maxLength: 4 }) },
      { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), tie('v'), { maxKeys: 4 }) },
    ),
  })).v;

  /** A body as JSON text: the route's own field names with hostile or plausible values, or raw hostility. */
  function bodyText(fieldNames: string[]): fc.Arbitrary<string> {
    const keys = fieldNames.length > 0 ? fieldNames : ['id', 'name', 'email', 'password'];
    const shaped = fc
      .record(Object.fromEntries(keys.map((k) => [k, value])), { requiredKeys: [] })
      .map((o) => JSON.stringify(o));
    const mutatedBooking = fc
      .tuple(fc.constantFrom(...Object.keys(bookingPayload('x'))), value)
      .map(([key, v]) => JSON.stringify({ ...bookingPayload(agent.id), [key]: v }));
    const deep = fc
      .integer({ min: 20, max: 6000 })
      .map((n) => `{"${keys[0]}":${'['.repeat(n)}${']'.repeat(n)}}`);
    const prototypeKeys = fc
      .constantFrom('__proto__', 'constructor', 'prototype')
      .map((k) => `{"${k}":{"polluted":true,"prototype":{"polluted":true}},"${keys[0]}":"x"}`);
    const raw = fc.constantFrom('', '{', 'null', '[]', '"\\ud800"', '{"a":"\\u0000"}', '1e999', 'true');
    return fc.oneof(
      { weight: 8, arbitrary: shaped },
      { weight: 3, arbitrary: mutatedBooking },
      { weight: 1, arbitrary: deep },
      { weight: 1, arbitrary: prototypeKeys },
      { weight: 1, arbitrary: raw },
    );
  }

  const pathParam = fc.oneof(
    fc.constantFrom('%00', '%ED%A0%80', '2147483648', '-1', '0', '1e3', 'abc', '%2e%2e', 'x'.repeat(300)),
    fc.constant(null).map(() => agent.id),
    fc.constant(null).map(() => String(propertyId)),
    fc.uuid(),
  );
  const query = fc.oneof(
    fc.constant(''),
    fc.constantFrom('?token=%00', '?date=9999-12-31', '?property_id=2147483648', '?a=%ED%A0%80', '?token=x'),
  );

  // ---- the routes ----

  type WriteRoute = { method: string; url: string; fields: string[] };

  function fieldNamesOf(schema: unknown): string[] {
    let s = schema as z.ZodType | undefined;
    // superRefine/transform wrappers keep the object underneath.
    for (let i = 0; i < 5 && s && !(s instanceof z.ZodObject); i++) {
      const def = (s as unknown as { def?: { in?: z.ZodType; innerType?: z.ZodType; schema?: z.ZodType } })
        .def;
      s = def?.in ?? def?.innerType ?? def?.schema;
    }
    return s instanceof z.ZodObject ? Object.keys(s.shape) : [];
  }

  function writeRoutes(): WriteRoute[] {
    const routes: WriteRoute[] = [];
    for (const r of t.app.routeTable) {
      if (!WRITE_METHODS.has(r.method) || !r.url.startsWith('/api/')) continue;
      if (r.url === `${AUTH_BASE_PATH}/*`) continue; // expanded below into better-auth's own endpoints
      routes.push({ method: r.method, url: r.url, fields: fieldNamesOf(r.body) });
    }
    const endpoints = Object.values(
      t.auth.api as Record<string, { path?: string; options?: { method?: unknown } }>,
    );
    for (const e of endpoints) {
      if (!e.path || ![e.options?.method].flat().includes('POST')) continue;
      routes.push({
        method: 'POST',
        url: `${AUTH_BASE_PATH}${e.path}`,
        // Issue 41's endpoints read these too (reset link, new address, two-factor code).
        fields: ['email', 'password', 'name', 'token', 'newPassword', 'newEmail', 'code'],
      });
    }
    return routes;
  }

  let session: string | null = null;

  /**
   * A signed-in session for the next route: the last one while it still answers (a password hash per sign-in is
   * ~180 ms of a core, issue 42), a new one when a fuzzed route ended it (sign-out, revoke); the agent profile
   * again if a fuzzed DELETE /api/agents/:id removed it.
   */
  async function freshToken(): Promise<string> {
    let token = session;
    let profile = token ? await t.request({ method: 'GET', url: '/api/agents/profile', token }) : null;
    if (!token || !profile || profile.statusCode === 401) {
      token = (await t.auth.api.signInEmail({ body: { email, password } })).token;
      session = token;
      profile = await t.request({ method: 'GET', url: '/api/agents/profile', token });
    }
    if (profile.statusCode === 404) {
      const username = `fuzz-agent-${Date.now().toString(36)}`;
      const created = await t.request({
        method: 'POST',
        url: '/api/agents',
        token,
        payload: {
          first_name: 'Fuzz',
          last_name: 'Agent',
          phone: '+1 212 555 0100',
          username,
          timeZone: 'UTC',
        },
      });
      expect(created.statusCode).toBe(201);
      agent = { ...agent, id: created.json().data.id as string, username };
    }
    return token;
  }

  function checkAnswer(
    route: WriteRoute,
    url: string,
    body: string,
    res: { statusCode: number; body: string },
  ) {
    const where = `${route.method} ${url} ${body.slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
    expect(res.statusCode, where).toBeLessThan(500);
    if (res.statusCode < 400) return;
    const answer = JSON.parse(res.body) as { error?: unknown; code?: unknown; fields?: unknown };
    expect(typeof answer.error, where).toBe('string');
    expect(typeof answer.code, where).toBe('string');
    if (res.statusCode === 400 || res.statusCode === 413 || res.statusCode === 415) {
      expect(answer.fields, where).toBeTypeOf('object');
      expect(Object.keys(answer.fields as object).length, where).toBeGreaterThan(0);
    }
  }

  describe('fuzz: every write route', () => {
    if (shard === 0)
      it('enumerates the write routes from the app (public, authenticated and better-auth)', () => {
        const urls = writeRoutes().map((r) => `${r.method} ${r.url}`);
        expect(urls).toContain('POST /api/booking');
        expect(urls).toContain('POST /api/bookings');
        expect(urls).toContain('PUT /api/availability');
        expect(urls).toContain('POST /api/auth/sign-in/email');
        expect(urls).toContain('POST /api/auth/change-password');
        // Keyturn's own sign-in endpoints (issue 41).
        expect(urls).toContain('POST /api/auth/social/google/start');
        expect(urls).toContain('POST /api/auth/social/microsoft/start');
        expect(urls).toContain('POST /api/auth/social/finish');
        expect(urls).toContain('POST /api/auth/sign-in-methods/unlink');
        // A team's SSO (decision 070): the sign-in start and the owner's settings.
        expect(urls).toContain('POST /api/auth/sso/start');
        expect(urls).toContain('PUT /api/team/sso');
        expect(urls).toContain('DELETE /api/team/sso');
        expect(urls).toContain('POST /api/team/sso/check');
        // Issue 41: the account-security endpoints of the allow-list, and the sessions' own route.
        for (const path of AUTH_ENDPOINTS.POST!) expect(urls).toContain(`POST ${AUTH_BASE_PATH}${path}`);
        expect(urls).toContain('POST /api/auth/sessions/:id/sign-out');
        expect(urls.length).toBeGreaterThan(40);
      });

    it(`no 5xx and every refusal is { error, code, fields } (${RUNS} payloads per route, shard ${shard + 1} of ${FUZZ_SHARDS})`, async () => {
      let sent = 0;
      const timings: [string, number][] = [];
      const mine = writeRoutes().filter((_, i) => i % FUZZ_SHARDS === shard);
      // The write routes are well over 40 (the enumeration above), so each shard has more than 40 / FUZZ_SHARDS.
      expect(mine.length).toBeGreaterThan(40 / FUZZ_SHARDS);
      for (const route of mine) {
        const started = performance.now();
        const token = await freshToken();
        await fc.assert(
          fc.asyncProperty(
            bodyText(route.fields),
            pathParam,
            query,
            fc.boolean(),
            async (body, param, q, json) => {
              const url = route.url.replace(/:[A-Za-z]+/g, param) + q;
              const res = await t.request({
                method: route.method as 'POST',
                url,
                token,
                headers: { 'content-type': json ? 'application/json' : 'text/plain' },
                payload: body,
              });
              sent += 1;
              checkAnswer(route, url, body, res);
            },
          ),
          { numRuns: RUNS },
        );
        timings.push([`${route.method} ${route.url}`, performance.now() - started]);
      }
      // A figure for whoever wants the run faster: the slowest routes.
      const slowest = timings.sort((a, b) => b[1] - a[1]).slice(0, 5);
      console.log(
        `fuzz: ${sent} requests; slowest routes ${slowest.map(([r, ms]) => `${r} ${Math.round(ms)} ms`).join(', ')}`,
      );
      expect(sent).toBeGreaterThanOrEqual(RUNS * mine.length);
    }, 1_800_000);

    if (shard === 1)
      it(`a team's SSO as an Enterprise team's owner (decision 070): no 5xx (${RUNS} payloads per route)`, async () => {
        // The routes above answer the fuzz agent (in no team) with a 404 before reading much; an owner's reach further.
        const owner = await makeAgent(t, { plan: 'enterprise', availability: null });
        const made = await t.request({
          method: 'POST',
          url: '/api/team',
          token: owner.token,
          payload: { name: 'Fuzz team', slug: `fuzz-team-${Date.now().toString(36)}` },
        });
        expect(made.statusCode, made.body).toBe(201);
        const sso = writeRoutes().filter(
          (r) => r.url.startsWith('/api/team/sso') || r.url === '/api/auth/sso/start',
        );
        expect(sso.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
          'DELETE /api/team/sso',
          'POST /api/auth/sso/start',
          'POST /api/team/sso/check',
          'PUT /api/team/sso',
        ]);
        for (const route of sso) {
          await fc.assert(
            fc.asyncProperty(bodyText(route.fields), fc.boolean(), async (body, json) => {
              const res = await t.request({
                method: route.method as 'POST',
                url: route.url,
                token: owner.token,
                headers: { 'content-type': json ? 'application/json' : 'text/plain' },
                payload: body,
              });
              checkAnswer(route, route.url, body, res);
            }),
            { numRuns: RUNS },
          );
        }
      }, 600_000);

    if (shard === 0)
      it("better-auth's endpoints under every other spelling of their path (issue 26): no 5xx, all refused", async () => {
        // Over a socket: inject would resolve `/./` and `%2e` before the app sees them.
        const raw = await rawClient(t.app);
        const token = await freshToken();
        const endpoints = Object.values(
          t.auth.api as Record<string, { path?: string; options?: { method?: unknown } }>,
        )
          .filter((e) => typeof e.path === 'string' && e.options?.method !== undefined)
          .flatMap((e) =>
            [e.options?.method].flat().map((m) => ({ method: String(m), path: e.path as string })),
          )
          .map((e) => ({
            method: e.method === '*' ? 'POST' : e.method,
            path: e.path.replace(/:[A-Za-z]+/g, 'x'),
          }));
        expect(endpoints.some((e) => e.path === '/organization/create')).toBe(true);
        let sent = 0;
        try {
          for (const { method, path } of endpoints) {
            for (const [name, spell] of Object.entries(AUTH_SPELLINGS)) {
              if (name === 'exact') continue;
              const url = spell(path);
              await fc.assert(
                fc.asyncProperty(
                  bodyText(['email', 'password', 'name', 'organizationId']),
                  query,
                  async (body, q) => {
                    const res = await raw.send({
                      method,
                      path: url + q,
                      token,
                      ...(method === 'GET' ? {} : { body }),
                    });
                    sent += 1;
                    checkAnswer({ method, url, fields: [] }, url + q, body, res);
                    // A body the parser refuses is a 400/413/415 before any route runs; everything else is a 404.
                    expect([400, 404, 413, 415], `${method} ${url}${q} → ${res.statusCode}`).toContain(
                      res.statusCode,
                    );
                  },
                ),
                { numRuns: Math.max(2, Math.round(RUNS / 100)) },
              );
            }
          }
        } finally {
          raw.agent.destroy();
        }
        console.log(`fuzz: ${sent} requests to better-auth's endpoints under other spellings`);
        expect(sent).toBeGreaterThan(endpoints.length * 11);
      }, 1_800_000);

    if (shard === 2)
      it('reads too: every GET route with hostile path parameters and query strings answers no 5xx', async () => {
        const reads = [
          ...t.app.routeTable.filter(
            (r) => r.method === 'GET' && r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'),
          ),
          // better-auth's GET endpoints on the allow-list (issue 41: the verification link's token).
          ...AUTH_ENDPOINTS.GET!.map((path) => ({ url: `${AUTH_BASE_PATH}${path}` })),
        ];
        expect(reads.map((r) => r.url)).toContain('/api/booking/manage');
        // The providers' redirect back (issue 41) takes its code, state and issuer from the query.
        expect(reads.map((r) => r.url)).toContain('/api/auth/social/google/callback');
        expect(reads.map((r) => r.url)).toContain('/api/auth/sso/callback');
        expect(reads.map((r) => r.url)).toContain('/api/team/sso');
        expect(reads.map((r) => r.url)).toContain('/api/auth/verify-email');
        expect(reads.map((r) => r.url)).toContain('/api/auth/sessions');
        const token = await freshToken();
        const hostileQuery = fc
          .dictionary(
            fc.constantFrom(
              'token',
              'date',
              'month',
              'property_id',
              'limit',
              'days',
              'status',
              'q',
              'kind',
              // the sign-in callbacks' (issue 41)
              'code',
              'state',
              'iss',
              'error',
            ),
            fc.oneof(
              hostileString.filter((v) => v.length < 2000),
              hostileNumber.map(String),
            ),
            { maxKeys: 3 },
          )
          .map((q) => new URLSearchParams(q).toString());
        for (const route of reads) {
          await fc.assert(
            fc.asyncProperty(pathParam, hostileQuery, fc.boolean(), async (param, q, signedIn) => {
              const url = `${route.url.replace(/:[A-Za-z]+/g, param).replace('*', 'x')}?${q}`;
              const res = await t.request({ method: 'GET', url, ...(signedIn ? { token } : {}) });
              checkAnswer({ method: 'GET', url: route.url, fields: [] }, url, '', res);
            }),
            { numRuns: Math.max(50, Math.round(RUNS / 5)) },
          );
        }
      }, 1_800_000);
  });

  if (shard === 0)
    describe("fuzz: Stripe's webhook with signed, malformed events (issue 39, item 18)", () => {
      const SECRET = 'whsec_fuzz_keyturn';
      let stripeApp: TestApp;
      beforeAll(async () => {
        // Billing on (the webhook only verifies and applies: nothing calls Stripe), on the fuzz's database.
        stripeApp = await createTestApp({
          database: t.database,
          env: {
            STRIPE_SECRET_KEY: 'sk_test_fuzz',
            STRIPE_WEBHOOK_SECRET: SECRET,
            STRIPE_API_URL: 'http://127.0.0.1:9',
          },
        });
        const owner = await makeAgent(stripeApp);
        await stripeApp.database.db.insert(billingAccounts).values({
          agentId: owner.id,
          customerId: 'cus_fuzz',
          subscriptionId: 'sub_fuzz',
          status: 'active',
          plan: 'pro',
        });
      });
      afterAll(() => stripeApp?.close());

      const maybe = <T>(a: fc.Arbitrary<T>) =>
        fc.oneof({ weight: 3, arbitrary: a }, { weight: 1, arbitrary: value });
      const stamp = fc.oneof(fc.integer({ min: 1_700_000_000, max: 1_900_000_000 }), hostileNumber);
      const item = fc.record(
        {
          price: maybe(
            fc.record({
              lookup_key: maybe(
                fc.constantFrom(
                  'keyturn_pro_monthly',
                  'keyturn_enterprise_yearly',
                  'keyturn_enterprise_seat_monthly',
                ),
              ),
            }),
          ),
          quantity: maybe(fc.integer({ min: 0, max: 50 })),
          current_period_end: stamp,
        },
        { requiredKeys: [] },
      );
      const object = fc.record(
        {
          id: maybe(fc.constantFrom('sub_fuzz', 'sub_other', 'in_fuzz', 'cs_fuzz')),
          object: fc.constantFrom('subscription', 'invoice', 'checkout.session'),
          customer: maybe(fc.constantFrom('cus_fuzz', 'cus_unknown')),
          subscription: maybe(fc.constantFrom('sub_fuzz', 'sub_other')),
          status: maybe(
            fc.constantFrom('active', 'trialing', 'past_due', 'canceled', 'unpaid', 'incomplete'),
          ),
          cancel_at_period_end: maybe(fc.boolean()),
          trial_end: maybe(fc.oneof(stamp, fc.constant(null))),
          current_period_end: stamp,
          items: maybe(
            fc.record({ object: fc.constant('list'), data: fc.array(maybe(item), { maxLength: 3 }) }),
          ),
        },
        { requiredKeys: [] },
      );
      const type = fc.oneof(
        {
          weight: 8,
          arbitrary: fc.constantFrom(...HANDLED_STRIPE_EVENTS),
        },
        { weight: 1, arbitrary: hostileString },
      );
      const eventBody = fc
        .record(
          {
            id: fc.oneof(
              { weight: 4, arbitrary: fc.uuid().map((u) => `evt_${u}`) },
              { weight: 1, arbitrary: value },
            ),
            object: fc.constant('event'),
            type: maybe(type),
            created: maybe(stamp),
            data: fc.oneof(
              { weight: 4, arbitrary: fc.record({ object: maybe(object) }) },
              { weight: 1, arbitrary: value },
            ),
          },
          { requiredKeys: ['id', 'type'] },
        )
        .map((e) => JSON.stringify(e));
      const body = fc.oneof(
        { weight: 8, arbitrary: eventBody },
        { weight: 1, arbitrary: bodyText(['id', 'type', 'created', 'data']) },
      );

      it(`no 5xx and every refusal is { error, code, fields } (${RUNS} signed events)`, async () => {
        let sent = 0;
        const route = { method: 'POST', url: '/api/payments/webhook', fields: [] };
        await fc.assert(
          fc.asyncProperty(body, fc.boolean(), async (payload, replay) => {
            const request = {
              method: 'POST' as const,
              url: route.url,
              headers: {
                'content-type': 'application/json',
                'stripe-signature': stripeSignature(payload, SECRET),
              },
              payload,
            };
            for (const _ of replay ? [1, 2] : [1]) {
              const res = await stripeApp.request(request);
              sent += 1;
              checkAnswer(route, route.url, payload, res);
              // Signed: never "bad signature", whatever the body.
              if (res.statusCode === 400)
                expect(res.json().code, payload.slice(0, 200)).toBe('MALFORMED_EVENT');
            }
          }),
          { numRuns: RUNS },
        );
        expect(sent).toBeGreaterThanOrEqual(RUNS);
      }, 600_000);
    });
}
