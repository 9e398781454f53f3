// Issue 41: sign-in with Google and Microsoft against a 127.0.0.1 server speaking both providers' documented
// protocols (test/support/calendar-provider.ts: authorization code + PKCE S256, OpenID Connect ID tokens).
// Offered only once the administrator has set the app in Server settings; PKCE, state (single use, bound to
// the browser) and nonce checked; a wrong issuer refused; linking to an existing account only with a verified
// e-mail on both sides; link and unlink from Settings → Account, never the last way in; every provider call
// through the outbound guard.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { SOCIAL_SIGN_IN_ERRORS, SIGN_IN_METHOD_TEXTS } from '@keyturn/domain/signInMethods';
import { accounts, sessions, users } from '../src/db/schema';
import { createTestApp, type TestApp } from './app';
import {
  CLIENTS,
  startCalendarProvider,
  type Provider,
  type TestCalendarProvider,
} from './support/calendar-provider';

const PUBLIC_URL = 'http://keyturn.test';
let t: TestApp;
let provider: TestCalendarProvider;
let admin: { token: string; email: string };

const defaultIdentity = {
  google: { ...{} } as Record<string, unknown>,
  microsoft: { ...{} } as Record<string, unknown>,
};

beforeAll(async () => {
  provider = await startCalendarProvider();
  defaultIdentity.google = { ...provider.identity.google };
  defaultIdentity.microsoft = { ...provider.identity.microsoft };
  t = await createTestApp({
    env: { PUBLIC_URL, ALLOW_PRIVATE_OUTBOUND_HOSTS: 'true', ...provider.env() },
    // Google's app is left to Server settings: not offered until the administrator saves it.
    defaultSettings: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
  });
  // The first account administers the server.
  admin = await t.signUp();
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});
beforeEach(() => {
  Object.assign(provider.identity.google, defaultIdentity.google);
  Object.assign(provider.identity.microsoft, defaultIdentity.microsoft);
  for (const key of Object.keys(provider.idTokenOverrides)) delete provider.idTokenOverrides[key];
  t.config.outbound.allowPrivateHosts = true;
});

let people = 0;
/** A fresh identity at the provider (its own subject and address). */
function person(p: Provider, claims: Record<string, unknown> = {}) {
  people += 1;
  const email = `person${people}.${Date.now()}@${p}.test`;
  Object.assign(provider.identity[p], { sub: `${p}-subject-${people}-${Date.now()}`, email, ...claims });
  return { email, sub: provider.identity[p].sub as string };
}

type Started = { url: URL; cookie: string };

async function start(
  p: Provider,
  opts: { intent?: 'sign-in' | 'link'; token?: string } = {},
): Promise<Started> {
  const res = await t.request({
    method: 'POST',
    url: `/api/auth/social/${p}/start`,
    payload: { intent: opts.intent ?? 'sign-in' },
    token: opts.token,
  });
  expect(res.statusCode, res.body).toBe(200);
  const setCookie = String(res.headers['set-cookie'] ?? '');
  expect(setCookie).toMatch(/HttpOnly/);
  return { url: new URL(res.json().url as string), cookie: setCookie.split(';')[0]! };
}

/** The provider's consent page, "Allow" clicked: the callback address it sends the browser to. */
async function consent(started: Started): Promise<URL> {
  const page = await fetch(started.url);
  expect(page.status).toBe(200);
  const href = /id="allow" href="([^"]+)"/.exec(await page.text())![1]!.replace(/&amp;/g, '&');
  return new URL(href);
}

async function callback(url: URL, cookie: string | null) {
  expect(url.origin).toBe(PUBLIC_URL);
  const res = await t.request({
    method: 'GET',
    url: url.pathname + url.search,
    headers: cookie ? { cookie } : {},
  });
  expect(res.statusCode, res.body).toBe(303);
  return new URL(String(res.headers.location));
}

async function finish(location: URL) {
  expect(location.pathname).toBe('/sign-in/complete');
  const code = new URLSearchParams(location.hash.slice(1)).get('code')!;
  return t.request({ method: 'POST', url: '/api/auth/social/finish', payload: { code } });
}

async function sessionUser(token: string) {
  const res = await t.request({ method: 'GET', url: '/api/auth/get-session', token });
  expect(res.statusCode).toBe(200);
  return res.json().user as { id: string; email: string; emailVerified: boolean };
}

/** The whole round: start, consent, callback; the page it lands on. */
async function signInWith(p: Provider, opts: { intent?: 'sign-in' | 'link'; token?: string } = {}) {
  const started = await start(p, opts);
  return callback(await consent(started), started.cookie);
}

async function signedInAs(p: Provider) {
  const location = await signInWith(p);
  const finished = await finish(location);
  expect(finished.statusCode, finished.body).toBe(200);
  const token = finished.json().token as string;
  expect(finished.headers['set-auth-token']).toBe(token);
  return { token, user: await sessionUser(token) };
}

const refusedWith = (location: URL, code: keyof typeof SOCIAL_SIGN_IN_ERRORS) => {
  expect(location.pathname).toBe('/sign-in');
  expect(location.searchParams.get('socialError')).toBe(code);
};

const usersCount = async () =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;

describe('which providers are offered', () => {
  it('offers a provider only once its app is set in Server settings, and shows the sign-in redirect address there', async () => {
    const before = await t.request({ method: 'GET', url: '/api/auth/social/providers' });
    expect(before.json()).toEqual({ providers: ['microsoft'], sso: false });
    const refused = await t.request({
      method: 'POST',
      url: '/api/auth/social/google/start',
      payload: { intent: 'sign-in' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'PROVIDER_NOT_OFFERED',
      error: SOCIAL_SIGN_IN_ERRORS.PROVIDER_NOT_OFFERED,
    });

    const saved = await t.request({
      method: 'PUT',
      url: '/api/server-settings',
      token: admin.token,
      payload: {
        values: { GOOGLE_CLIENT_ID: CLIENTS.google.id, GOOGLE_CLIENT_SECRET: CLIENTS.google.secret },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().urls).toMatchObject({
      googleSignInRedirect: `${PUBLIC_URL}/api/auth/social/google/callback`,
      microsoftSignInRedirect: `${PUBLIC_URL}/api/auth/social/microsoft/callback`,
    });
    const after = await t.request({ method: 'GET', url: '/api/auth/social/providers' });
    expect(after.json()).toEqual({ providers: ['google', 'microsoft'], sso: false });
  });
});

describe('Google', () => {
  it('opens a verified account on first sign-in, the same one after; PKCE S256, state and nonce are sent', async () => {
    const { email, sub } = person('google', { given_name: 'Robin', family_name: 'Diaz' });
    const first = await signedInAs('google');
    expect(first.user.email).toBe(email);
    expect(first.user.emailVerified).toBe(true);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, first.user.id));
    expect(row).toMatchObject({ firstName: 'Robin', lastName: 'Diaz', name: 'Robin Diaz' });
    const linked = await t.database.db.select().from(accounts).where(eq(accounts.userId, first.user.id));
    expect(linked.map((a) => [a.providerId, a.accountId])).toEqual([['google', sub]]);

    const authorize = provider.requests.filter((r) => r.path === '/google/authorize').at(-1)!;
    expect(authorize.query).toMatchObject({
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      redirect_uri: `${PUBLIC_URL}/api/auth/social/google/callback`,
    });
    expect(authorize.query.state).toMatch(/.{20,}/);
    expect(authorize.query.nonce).toMatch(/.{20,}/);
    expect(authorize.query.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const token = provider.requests.filter((r) => r.path === '/google/token').at(-1)!;
    expect((token.body as Record<string, string>).code_verifier).toMatch(/.{43,}/);

    const again = await signedInAs('google');
    expect(again.user.id).toBe(first.user.id);
  });

  it('the one-use code of the hand-over works once', async () => {
    person('google');
    const location = await signInWith('google');
    expect((await finish(location)).statusCode).toBe(200);
    const replay = await finish(location);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: 'SIGN_IN_EXPIRED', fields: { code: expect.any(String) } });
  });

  it('state: a replayed callback, an unknown state, or a callback in another browser signs nobody in', async () => {
    person('google');
    const started = await start('google');
    const back = await consent(started);
    const ok = await callback(back, started.cookie);
    expect(ok.pathname).toBe('/sign-in/complete');
    // Replayed: the state was spent.
    refusedWith(await callback(back, started.cookie), 'SIGN_IN_EXPIRED');

    const count = await usersCount();
    person('google');
    const other = await start('google');
    const forged = await consent(other);
    forged.searchParams.set('state', 'made-up-state-0123456789');
    refusedWith(await callback(forged, other.cookie), 'SIGN_IN_EXPIRED');

    // Login CSRF: the victim's browser has no cookie (or another flow's) for this state.
    const attacker = await start('google');
    const victim = await start('google');
    refusedWith(await callback(await consent(attacker), victim.cookie), 'SIGN_IN_EXPIRED');
    const third = await start('google');
    refusedWith(await callback(await consent(third), null), 'SIGN_IN_EXPIRED');
    expect(await usersCount()).toBe(count);
  });

  it("PKCE: a code issued to another flow is refused by the provider (the verifier is that flow's), nobody signed in", async () => {
    person('google');
    const count = await usersCount();
    const a = await start('google');
    const b = await start('google');
    const codeOfA = (await consent(a)).searchParams.get('code')!;
    const backOfB = await consent(b);
    backOfB.searchParams.set('code', codeOfA);
    refusedWith(await callback(backOfB, b.cookie), 'PROVIDER_REFUSED');
    const token = provider.requests.filter((r) => r.path === '/google/token').at(-1)!;
    expect((token.body as Record<string, string>).code).toBe(codeOfA);
    expect(await usersCount()).toBe(count);
  });

  it('nonce, issuer and audience: an ID token with another one is refused; an `iss` in the callback must match', async () => {
    person('google');
    const count = await usersCount();
    for (const bad of [
      { nonce: 'another-nonce' },
      { iss: 'https://accounts.example.test' },
      { aud: 'someone-else' },
    ]) {
      Object.assign(provider.idTokenOverrides, bad);
      refusedWith(await signInWith('google'), 'PROVIDER_REFUSED');
      for (const key of Object.keys(bad)) delete provider.idTokenOverrides[key];
    }
    const started = await start('google');
    const back = await consent(started);
    back.searchParams.set('iss', 'https://accounts.example.test');
    refusedWith(await callback(back, started.cookie), 'PROVIDER_REFUSED');
    expect(await usersCount()).toBe(count);
  });

  it('every provider call goes through the outbound guard: a private address is refused without the setting', async () => {
    person('google');
    const count = await usersCount();
    const started = await start('google');
    const back = await consent(started);
    t.config.outbound.allowPrivateHosts = false;
    refusedWith(await callback(back, started.cookie), 'PROVIDER_UNAVAILABLE');
    expect(await usersCount()).toBe(count);
  });
});

describe('Microsoft', () => {
  it("signs in with the tenant's issuer; the address counts as unverified without Microsoft's xms_edov", async () => {
    const { email } = person('microsoft');
    const { user } = await signedInAs('microsoft');
    expect(user.email).toBe(email);
    expect(user.emailVerified).toBe(false);
    const authorize = provider.requests.filter((r) => r.path.endsWith('/oauth2/v2.0/authorize')).at(-1)!;
    expect(authorize.query).toMatchObject({ response_mode: 'query', code_challenge_method: 'S256' });
    expect(authorize.query.nonce).toBeTruthy();
  });

  it('a token naming another issuer than its tenant is refused', async () => {
    person('microsoft');
    const count = await usersCount();
    Object.assign(provider.idTokenOverrides, {
      iss: `${provider.url}/ms/00000000-0000-0000-0000-000000000000/v2.0`,
    });
    refusedWith(await signInWith('microsoft'), 'PROVIDER_REFUSED');
    expect(await usersCount()).toBe(count);
  });
});

describe('linking', () => {
  const verify = (email: string) =>
    t.database.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));

  it('signing in with the address of an existing account links only when both sides have verified it', async () => {
    const existing = await t.signUp({ verified: false });
    person('google', { email: existing.email, email_verified: true });
    // Our side unverified: refused, nothing linked.
    refusedWith(await signInWith('google'), 'LINK_NEEDS_VERIFIED_EMAIL');
    expect(
      await t.database.db.select().from(accounts).where(eq(accounts.providerId, 'google')),
    ).not.toContainEqual(expect.objectContaining({ userId: existing.userId }));
    await verify(existing.email);
    // The provider's side unverified: refused.
    provider.identity.google.email_verified = false;
    refusedWith(await signInWith('google'), 'LINK_NEEDS_VERIFIED_EMAIL');
    // Both verified: linked, and the same account signs in.
    provider.identity.google.email_verified = true;
    const { user } = await signedInAs('google');
    expect(user.id).toBe(existing.userId);
    // Microsoft's unverified address never links by itself.
    person('microsoft', { email: existing.email.toUpperCase() });
    refusedWith(await signInWith('microsoft'), 'LINK_NEEDS_VERIFIED_EMAIL');
  });

  it('an account with two-factor on is never signed in by the provider alone', async () => {
    const existing = await t.signUp();
    person('google', { email: existing.email, email_verified: true });
    expect((await signedInAs('google')).user.id).toBe(existing.userId);
    await t.database.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, existing.userId));
    const sessionsBefore = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, existing.userId));
    refusedWith(await signInWith('google'), 'TWO_FACTOR_REQUIRED');
    const sessionsAfter = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, existing.userId));
    expect(sessionsAfter).toHaveLength(sessionsBefore.length);
  });

  it('Settings → Account: link (both verified), list, unlink; never the last way in; never another agent’s', async () => {
    const agent = await t.signUp({ verified: false });
    const methods = async (token: string) =>
      (await t.request({ method: 'GET', url: '/api/auth/sign-in-methods', token })).json().methods as {
        method: string;
        linked: boolean;
        available: boolean;
      }[];
    expect(await methods(agent.token)).toEqual([
      { method: 'password', linked: true, available: true },
      { method: 'google', linked: false, available: true },
      { method: 'microsoft', linked: false, available: true },
    ]);
    person('microsoft', { xms_edov: true });
    const linkBack = (location: URL) => {
      expect(location.pathname).toBe('/dashboard/settings');
      return location.searchParams;
    };
    // Our address unverified yet.
    expect(
      linkBack(await signInWith('microsoft', { intent: 'link', token: agent.token })).get('socialError'),
    ).toBe('ACCOUNT_EMAIL_NOT_VERIFIED');
    await verify(agent.email);
    provider.identity.microsoft.xms_edov = false;
    expect(
      linkBack(await signInWith('microsoft', { intent: 'link', token: agent.token })).get('socialError'),
    ).toBe('PROVIDER_EMAIL_NOT_VERIFIED');
    provider.identity.microsoft.xms_edov = true;
    expect(
      linkBack(await signInWith('microsoft', { intent: 'link', token: agent.token })).get('linked'),
    ).toBe('microsoft');
    expect((await methods(agent.token)).find((m) => m.method === 'microsoft')?.linked).toBe(true);
    // The Microsoft account now signs in to this agent.
    expect((await signedInAs('microsoft')).user.id).toBe(agent.userId);

    // Another agent cannot link the same Microsoft account.
    const other = await t.signUp();
    await verify(other.email);
    expect(
      linkBack(await signInWith('microsoft', { intent: 'link', token: other.token })).get('socialError'),
    ).toBe('LINKED_ELSEWHERE');
    // Linking needs a signed-in agent.
    const anonymous = await t.request({
      method: 'POST',
      url: '/api/auth/social/microsoft/start',
      payload: { intent: 'link' },
    });
    expect(anonymous.statusCode).toBe(401);

    const unlink = (token: string, method: string) =>
      t.request({ method: 'POST', url: '/api/auth/sign-in-methods/unlink', token, payload: { method } });
    const notLinked = await unlink(agent.token, 'google');
    expect(notLinked.statusCode).toBe(400);
    expect(notLinked.json().fields).toEqual({ method: SIGN_IN_METHOD_TEXTS.notLinked });
    const unlinked = await unlink(agent.token, 'microsoft');
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    expect(unlinked.json().message).toBe(SIGN_IN_METHOD_TEXTS.unlinked('microsoft'));
    expect((await methods(agent.token)).find((m) => m.method === 'microsoft')?.linked).toBe(false);
    expect((await unlink(agent.token, 'password')).statusCode).toBe(400);

    // An account opened with Google has no password: Google is its last way in.
    person('google');
    const googleOnly = await signedInAs('google');
    const last = await unlink(googleOnly.token, 'google');
    expect(last.statusCode).toBe(409);
    expect(last.json()).toMatchObject({
      code: 'LAST_SIGN_IN_METHOD',
      error: SIGN_IN_METHOD_TEXTS.lastMethod,
    });
    expect((await methods(googleOnly.token)).find((m) => m.method === 'google')?.linked).toBe(true);
    // Two unlinks at once after linking Microsoft too: exactly one succeeds, one way in is left.
    await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, googleOnly.user.id));
    person('microsoft', { xms_edov: true });
    expect(
      linkBack(await signInWith('microsoft', { intent: 'link', token: googleOnly.token })).get('linked'),
    ).toBe('microsoft');
    const both = await Promise.all([
      unlink(googleOnly.token, 'google'),
      unlink(googleOnly.token, 'microsoft'),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(
      await t.database.db.select().from(accounts).where(eq(accounts.userId, googleOnly.user.id)),
    ).toHaveLength(1);
  });

  it('bad input is a 400 and changes nothing', async () => {
    const states = async () =>
      (
        await t.database.db.execute(
          sql`select count(*)::int as n from verifications where identifier like 'social-state:%'`,
        )
      ).rows[0]!.n;
    const before = await states();
    for (const payload of [{ intent: 'admin' }, { intent: 'sign-in', extra: 1 }, 'not json']) {
      const res = await t.request({ method: 'POST', url: '/api/auth/social/google/start', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(payload)).toBeLessThan(500);
      expect(res.json()).toMatchObject({ error: expect.any(String), code: expect.any(String) });
    }
    expect(await states()).toBe(before);
    const finishBad = await t.request({
      method: 'POST',
      url: '/api/auth/social/finish',
      payload: { code: 5 },
    });
    expect(finishBad.statusCode).toBe(400);
    const cb = await t.request({ method: 'GET', url: '/api/auth/social/google/callback?code=x' });
    expect(cb.statusCode).toBe(303);
    refusedWith(new URL(String(cb.headers.location)), 'SIGN_IN_EXPIRED');
  });
});
