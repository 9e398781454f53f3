// Issue 26: better-auth must not be reachable around the app's guards. Every endpoint of better-auth's router
// — read from the library at run time (`auth.api`, each endpoint's `.path` and method), never a hand list — is
// sent under the listed spelling and eight others that URL normalisation (or a lenient router) would take to
// the same endpoint. Only the allow-listed endpoints answer, only under their exact spelling; everything else,
// the organization plugin's endpoints included, is a 404 in the error shape. Then each rule the app adds on
// top of better-auth (plan gate, seats, member hand-over, common passwords, sign-in backoff, other sessions
// ended on a password change) is tried under every spelling: it holds under the exact one, and every other
// spelling is a 404 that changes nothing.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MESSAGES } from '@keyturn/domain/messages';
import { members, organizations, users } from '../src/db/schema';
import { poolOf } from '../src/jobs/queue';
import { SIGN_IN_FREE_FAILURES } from '../src/http/rate-limit';
import { AUTH_ENDPOINTS } from '../src/modules/auth/routes';
import { SOCIAL_AUTH_ENDPOINTS } from '../src/modules/auth/social-routes';
import { SSO_AUTH_ENDPOINTS } from '../src/modules/auth/sign-in-parts';
import { createTestApp, type TestApp } from './app';
import { makeAgent, type TestAgent, teamTables } from './fixtures';
import { AUTH_SPELLINGS, rawClient, type RawAnswer } from './support/raw-http';

let t: TestApp;
let raw: Awaited<ReturnType<typeof rawClient>>;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'http://keyturn.test' } });
  raw = await rawClient(t.app);
});
afterAll(async () => {
  raw?.agent.destroy();
  await t?.close();
});

const OTHER_SPELLINGS = Object.keys(AUTH_SPELLINGS).filter((s) => s !== 'exact');

type Endpoint = { name: string; path: string; methods: string[] };

/** better-auth's router, from the library: every endpoint with a path, and its methods. */
function routerEndpoints(): Endpoint[] {
  const api = t.auth.api as unknown as Record<string, { path?: unknown; options?: { method?: unknown } }>;
  return Object.entries(api)
    .filter(([, e]) => typeof e?.path === 'string' && e.options?.method !== undefined)
    .map(([name, e]) => {
      const methods = [e.options?.method].flat().map(String);
      // '*' means every method to better-call.
      return { name, path: e.path as string, methods: methods.includes('*') ? ['GET', 'POST'] : methods };
    });
}

const isAllowed = (method: string, path: string) => AUTH_ENDPOINTS[method]?.includes(path) ?? false;

/** Over a real socket, the path as written (inject would resolve the dot segments first). */
function send(method: string, url: string, token?: string, payload: object = {}) {
  const body = method === 'GET' || method === 'HEAD' ? undefined : JSON.stringify(payload);
  return raw.send({ method, path: url, token, body });
}

function expectNotFound(res: RawAnswer, where: string) {
  expect(res.statusCode, `${where} → ${res.statusCode} ${res.body.slice(0, 200)}`).toBe(404);
  expect(res.json(), where).toMatchObject({ code: 'NOT_FOUND', error: expect.any(String) });
}

/** The spellings other than the exact one, for a path: each must be a 404. */
async function expectOnlyExact(method: string, endpoint: string, token: string | undefined, payload: object) {
  for (const spelling of OTHER_SPELLINGS) {
    const url = AUTH_SPELLINGS[spelling]!(endpoint);
    expectNotFound(await send(method, url, token, payload), `${spelling} ${method} ${url}`);
  }
}

describe("better-auth's router under every spelling", () => {
  it('reads the endpoints from the library (the organization plugin among them)', () => {
    const paths = routerEndpoints().map((e) => e.path);
    expect(paths).toContain('/sign-in/email');
    expect(paths).toContain('/organization/create');
    expect(paths).toContain('/organization/invite-member');
    expect(paths.length).toBeGreaterThan(50);
    // Every allow-listed endpoint is one better-auth has (a renamed endpoint would fail here, not silently).
    for (const [method, allowed] of Object.entries(AUTH_ENDPOINTS)) {
      for (const path of allowed) {
        expect(routerEndpoints().some((e) => e.path === path && e.methods.includes(method))).toBe(true);
      }
    }
  });

  it('only the allow-listed endpoints answer, and only as spelled; the rest is 404 and creates nothing', async () => {
    const agent = await makeAgent(t, { plan: 'enterprise', availability: null });
    const before = await teamTables(t);
    const usersBefore = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
    let sent = 0;
    const answered: string[] = [];
    for (const endpoint of routerEndpoints()) {
      const concrete = endpoint.path.replace(/:[A-Za-z]+/g, 'x');
      for (const method of endpoint.methods) {
        for (const [spelling, spell] of Object.entries(AUTH_SPELLINGS)) {
          // sign-out would end the session the other calls use: it is sent anonymously.
          const token = endpoint.path === '/sign-out' ? undefined : agent.token;
          const url = spell(concrete);
          const res = await send(method, url, token, { name: 'Squat', slug: `squat-${sent}` });
          sent += 1;
          const where = `${spelling} ${method} ${url}`;
          expect(res.statusCode, `${where} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
          if (spelling === 'exact' && isAllowed(method, endpoint.path)) {
            expect(res.statusCode, where).not.toBe(404);
            answered.push(`${method} ${endpoint.path}`);
          } else {
            expectNotFound(res, where);
          }
        }
      }
    }
    expect(answered.sort()).toEqual(
      Object.entries(AUTH_ENDPOINTS)
        .flatMap(([m, paths]) => paths.map((p) => `${m} ${p}`))
        .sort(),
    );
    expect(sent).toBeGreaterThan(50 * 12);
    expect(await teamTables(t)).toBe(before);
    expect(await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users)).toEqual(usersBefore);
  });
});

describe("the app's rules hold under every spelling", () => {
  it('plan gate: a Basic agent creates no team through the plugin, however spelled', async () => {
    const agent = await makeAgent(t, { availability: null });
    const before = await teamTables(t);
    const payload = { name: 'Basic Team', slug: `basic-${Date.now().toString(36)}` };
    for (const spell of Object.values(AUTH_SPELLINGS)) {
      expectNotFound(
        await send('POST', spell('/organization/create'), agent.token, payload),
        spell('/organization/create'),
      );
    }
    const gated = await send('POST', '/api/team', agent.token, payload);
    expect(gated.statusCode).toBe(403);
    expect(gated.json().code).toBe('PLAN_UPGRADE_REQUIRED');
    expect(await teamTables(t)).toBe(before);
  });

  it('seats and hand-over: no invitation past the limit, no removal or leaving through the plugin', async () => {
    const owner = await makeAgent(t, { plan: 'enterprise', availability: null });
    const created = await send('POST', '/api/team', owner.token, {
      name: 'Stone Realty',
      slug: `stone-${Date.now().toString(36)}`,
    });
    expect(created.statusCode, created.body).toBe(201);
    const teamId = created.json().data.team.id as string;
    const member: TestAgent = await makeAgent(t, { availability: null });
    const invited = await send('POST', '/api/team/invitations', owner.token, { email: member.email });
    expect(invited.statusCode, invited.body).toBe(201);
    const accepted = await send(
      'POST',
      `/api/team-invitations/${invited.json().data.id as string}/accept`,
      member.token,
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    for (let i = 0; i < 3; i += 1) {
      const more = await send('POST', '/api/team/invitations', owner.token, {
        email: `seat${i}.${teamId}@x.test`,
      });
      expect(more.statusCode, more.body).toBe(201);
    }
    // 2 members + 3 invitations: the 5 seats are taken, the app refuses a sixth.
    const sixth = await send('POST', '/api/team/invitations', owner.token, {
      email: `sixth.${teamId}@x.test`,
    });
    expect(sixth.statusCode).toBe(409);
    const [memberRow] = await t.database.db.select().from(members).where(eq(members.organizationId, teamId));
    expect(memberRow).toBeDefined();

    const before = await teamTables(t);
    for (const spell of Object.values(AUTH_SPELLINGS)) {
      const calls: [string, string | undefined, object][] = [
        [
          '/organization/invite-member',
          owner.token,
          { email: `past.${teamId}@x.test`, role: 'member', organizationId: teamId },
        ],
        [
          '/organization/remove-member',
          owner.token,
          { memberIdOrEmail: member.email, organizationId: teamId },
        ],
        ['/organization/leave', member.token, { organizationId: teamId }],
        [
          '/organization/update-member-role',
          owner.token,
          { memberId: memberRow!.id, role: 'owner', organizationId: teamId },
        ],
        ['/organization/delete', owner.token, { organizationId: teamId }],
      ];
      for (const [endpoint, token, payload] of calls) {
        expectNotFound(await send('POST', spell(endpoint), token, payload), spell(endpoint));
      }
    }
    expect(await teamTables(t)).toBe(before);
  });

  it('common passwords: sign-up with 12345678 is a 400 as spelled and a 404 otherwise; no account', async () => {
    const email = `common.${Date.now()}@example.com`;
    const payload = { firstName: 'Pat', lastName: 'Lee', email, password: '12345678' };
    const exact = await send('POST', '/api/auth/sign-up/email', undefined, payload);
    expect(exact.statusCode).toBe(400);
    expect(exact.json().fields).toEqual({ password: MESSAGES.passwordTooCommon });
    await expectOnlyExact('POST', '/sign-up/email', undefined, payload);
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('password change: common passwords refused and other sessions ended; no other spelling changes anything', async () => {
    const { email, token } = await t.signUp({ password: 'correct-horse-9' });
    const signIn = (password: string) =>
      send('POST', '/api/auth/sign-in/email', undefined, { email, password });
    const second = (await signIn('correct-horse-9')).json().token as string;
    const keep = { currentPassword: 'correct-horse-9', newPassword: 'password1', revokeOtherSessions: false };
    await expectOnlyExact('POST', '/change-password', token, keep);
    await expectOnlyExact('POST', '/change-password', token, { ...keep, newPassword: 'open-house-2026' });
    // Nothing changed: the old password still signs in, the second session still works.
    expect((await send('GET', '/api/auth/profile', second)).statusCode).toBe(200);
    const common = await send('POST', '/api/auth/change-password', token, keep);
    expect(common.statusCode).toBe(400);
    expect(common.json().fields).toEqual({ newPassword: MESSAGES.passwordTooCommon });
    const changed = await send('POST', '/api/auth/change-password', token, {
      ...keep,
      newPassword: 'open-house-2026',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await send('GET', '/api/auth/profile', second)).statusCode).toBe(401);
    expect((await signIn('open-house-2026')).statusCode).toBe(200);
  });

  it('sign-in backoff: after a wrong password the account waits, and no spelling skips the wait', async () => {
    const { email } = await t.signUp({ password: 'correct-horse-9' });
    for (let i = 0; i < SIGN_IN_FREE_FAILURES; i += 1) {
      const wrong = await send('POST', '/api/auth/sign-in/email', undefined, {
        email,
        password: `guess-${i}`,
      });
      expect(wrong.statusCode).toBe(401);
    }
    const waiting = await send('POST', '/api/auth/sign-in/email', undefined, {
      email,
      password: 'correct-horse-9',
    });
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json().code).toBe('SIGN_IN_BACKOFF');
    // The right password under any other spelling gets no session either.
    await expectOnlyExact('POST', '/sign-in/email', undefined, { email, password: 'correct-horse-9' });
  });

  it('issue 41: reset-password keeps the policy, two-factor asks for the password, and only as spelled', async () => {
    const { email, token } = await t.signUp({ password: 'correct-horse-9' });
    const reset = { token: 'made-up-token', newPassword: 'password1' };
    const exact = await send('POST', '/api/auth/reset-password', undefined, reset);
    expect(exact.statusCode).toBe(400);
    expect(exact.json().fields).toEqual({ newPassword: MESSAGES.passwordTooCommon });
    await expectOnlyExact('POST', '/reset-password', undefined, reset);
    await expectOnlyExact('POST', '/two-factor/enable', token, { password: 'correct-horse-9' });
    await expectOnlyExact('POST', '/revoke-other-sessions', token, {});
    await expectOnlyExact('GET', '/verify-email', undefined, {});
    // Nothing happened under the other spellings: two-factor is still off, the password still signs in.
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row!.twoFactorEnabled).toBe(false);
    const signIn = await send('POST', '/api/auth/sign-in/email', undefined, {
      email,
      password: 'correct-horse-9',
    });
    expect(signIn.json().token).toEqual(expect.any(String));
    const wrong = await send('POST', '/api/auth/two-factor/enable', token, { password: 'not-it' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ password: MESSAGES.currentPasswordIncorrect });
  });

  it('update-user: a null name is a 400 as spelled and a 404 otherwise, never a 500', async () => {
    const { token } = await t.signUp();
    const exact = await send('POST', '/api/auth/update-user', token, { name: null });
    expect(exact.statusCode).toBe(400);
    expect(exact.json().fields).toHaveProperty('name');
    await expectOnlyExact('POST', '/update-user', token, { name: null });
  });
});

describe("Keyturn's own /api/auth endpoints (issue 41: sign-in with Google and Microsoft)", () => {
  it('answer only under their exact spelling; every other spelling is a 404, never a 5xx', async () => {
    const agent = await makeAgent(t, { availability: null });
    const listed = Object.entries(SOCIAL_AUTH_ENDPOINTS).flatMap(([method, paths]) =>
      paths.map((path) => [method, path] as const),
    );
    expect(listed.map(([m, p]) => `${m} ${p}`)).toEqual(
      expect.arrayContaining([
        'GET /social/providers',
        'POST /social/google/start',
        'GET /social/microsoft/callback',
        'POST /social/finish',
        'GET /sign-in-methods',
        'POST /sign-in-methods/unlink',
      ]),
    );
    for (const [method, path] of listed) {
      // None of them is better-auth's: they cannot be reached through its router either.
      expect(isAllowed(method, path), path).toBe(false);
      const exact = await send(method, `/api/auth${path}`, agent.token, { intent: 'sign-in' });
      expect(exact.statusCode, `${method} ${path} → ${exact.body.slice(0, 200)}`).toBeLessThan(500);
      expect(exact.statusCode, `${method} ${path}`).not.toBe(404);
      await expectOnlyExact(method, path, agent.token, { intent: 'sign-in', method: 'google' });
    }
  });
});

describe("Keyturn's own /api/auth endpoints (issue 41, decision 070: a team's SSO)", () => {
  it('answer only under their exact spelling; every other spelling is a 404, never a 5xx', async () => {
    const listed = Object.entries(SSO_AUTH_ENDPOINTS).flatMap(([method, paths]) =>
      paths.map((path) => [method, path] as const),
    );
    expect(listed.map(([m, p]) => `${m} ${p}`).sort()).toEqual(['GET /sso/callback', 'POST /sso/start']);
    const body = { email: 'someone@example.com' };
    for (const [method, path] of listed) {
      expect(isAllowed(method, path), path).toBe(false);
      const exact = await send(method, `/api/auth${path}`, undefined, body);
      expect(exact.statusCode, `${method} ${path} → ${exact.body.slice(0, 200)}`).toBeLessThan(500);
      expect(exact.statusCode, `${method} ${path}`).not.toBe(404);
      await expectOnlyExact(method, path, undefined, body);
    }
  });
});

describe('migration 0021', () => {
  it('removes the teams left with no member, logs how many, and keeps every team that has one', async () => {
    const owner = await makeAgent(t, { plan: 'enterprise', availability: null });
    const kept = await send('POST', '/api/team', owner.token, {
      name: 'Kept',
      slug: `kept-${Date.now().toString(36)}`,
    });
    expect(kept.statusCode, kept.body).toBe(201);
    // What a bypassing organization/create left behind: team rows without their owner's member row.
    const orphans = [1, 2, 3].map((i) => ({
      id: `orphan-${i}-${Date.now()}`,
      name: 'Squat',
      slug: `squat-${i}-${Date.now()}`,
    }));
    await t.database.db.insert(organizations).values(orphans);
    const before = await t.database.db.select({ id: organizations.id }).from(organizations);

    const migration = await readFile(
      new URL('../drizzle/0021_remove_memberless_teams.sql', import.meta.url),
      'utf8',
    );
    const client = await poolOf(t.database.db).connect();
    const notices: string[] = [];
    client.on('notice', (n) => notices.push(n.message ?? ''));
    try {
      await client.query(migration);
    } finally {
      client.release();
    }
    const after = await t.database.db.select({ id: organizations.id }).from(organizations);
    expect(after.map((r) => r.id).sort()).toEqual(
      before
        .map((r) => r.id)
        .filter((id) => !id.startsWith('orphan-'))
        .sort(),
    );
    expect(after.map((r) => r.id)).toContain(kept.json().data.team.id);
    expect(notices).toEqual(['migration 0021: removed 3 team(s) with no member']);
  });
});
