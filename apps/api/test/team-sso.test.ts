// Issue 41 (decision 070): SSO for Enterprise teams against an OpenID Connect provider on 127.0.0.1 (the
// `oidc-provider` package, test/support/oidc-provider.ts). The owner sets issuer, client and domain (the secret
// sealed, never returned); people of the domain sign in there and join the team as members while a seat is
// free; a wrong issuer, state or cookie is refused; an existing account is linked only with its address
// verified; removing SSO keeps every member; every provider call goes through the outbound guard.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { TEAM_SSO_ERRORS, TEAM_SSO_MESSAGES } from '@keyturn/domain/teamSso';
import { accounts, invitations, members, teamSso, users } from '../src/db/schema';
import { createTestApp, type TestApp } from './app';
import { makeAgent, type TestAgent } from './fixtures';
import { browseUntil, startOidcProvider, type TestOidcProvider } from './support/oidc-provider';
import { makeTeam } from './support/teams';

const PUBLIC_URL = 'http://keyturn.test';
const REDIRECT = `${PUBLIC_URL}/api/auth/sso/callback`;
let t: TestApp;
let idp: TestOidcProvider;

beforeAll(async () => {
  idp = await startOidcProvider(REDIRECT);
  t = await createTestApp({ env: { PUBLIC_URL, ALLOW_PRIVATE_OUTBOUND_HOSTS: 'true' } });
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});
beforeEach(() => {
  t.config.outbound.allowPrivateHosts = true;
});

let n = 0;
const enterprise = () => makeAgent(t, { plan: 'enterprise', availability: null });

/** An Enterprise owner's team with SSO set for a fresh domain. */
async function ssoTeam(joiners: readonly (readonly [TestAgent, 'admin' | 'member'])[] = []) {
  const owner = await enterprise();
  const teamId = await makeTeam(t, owner, joiners);
  const domain = `acme-${++n}-${Date.now().toString(36)}.test`;
  const saved = await putSso(owner, { email_domain: domain });
  expect(saved.statusCode, saved.body).toBe(200);
  return { owner, teamId, domain };
}

function putSso(who: TestAgent, body: Record<string, unknown>) {
  return t.request({
    method: 'PUT',
    url: '/api/team/sso',
    token: who.token,
    payload: { issuer: idp.issuer, client_id: idp.clientId, client_secret: idp.clientSecret, ...body },
  });
}

function start(email: string) {
  return t.request({ method: 'POST', url: '/api/auth/sso/start', payload: { email } });
}

/** The whole round for `person` at the provider: start, sign in there, the callback; where it lands. */
async function signIn(
  email: string,
  claims: { sub?: string; email?: string; email_verified?: boolean } = {},
  tamper: (callback: URL) => void = () => {},
) {
  idp.signInAs({
    sub: claims.sub ?? `sub-${email}`,
    email,
    email_verified: true,
    name: 'Robin Field',
    ...claims,
  });
  const started = await start(email);
  expect(started.statusCode, started.body).toBe(200);
  const cookie = String(started.headers['set-cookie']).split(';')[0]!;
  const callback = await browseUntil(started.json().url as string, PUBLIC_URL);
  expect(callback.pathname).toBe('/api/auth/sso/callback');
  tamper(callback);
  const res = await t.request({
    method: 'GET',
    url: callback.pathname + callback.search,
    headers: { cookie },
  });
  expect(res.statusCode, res.body).toBe(303);
  return new URL(String(res.headers.location));
}

async function finish(location: URL) {
  expect(location.pathname, location.href).toBe('/sign-in/complete');
  const code = new URLSearchParams(location.hash.slice(1)).get('code')!;
  const res = await t.request({ method: 'POST', url: '/api/auth/social/finish', payload: { code } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token as string;
}

const refusedWith = (location: URL, code: keyof typeof TEAM_SSO_ERRORS) => {
  expect(location.pathname).toBe('/sign-in');
  expect(location.searchParams.get('ssoError')).toBe(code);
};

const userOf = async (email: string) =>
  (
    await t.database.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
  )[0];
const teamMembers = async (teamId: string) =>
  t.database.db.select().from(members).where(eq(members.organizationId, teamId));

describe("the owner's settings", () => {
  it('are saved by an owner with the secret sealed, and no GET ever returns the secret', async () => {
    const { owner, teamId, domain } = await ssoTeam();
    const read = await t.request({ method: 'GET', url: '/api/team/sso', token: owner.token });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      configured: true,
      issuer: idp.issuer,
      client_id: idp.clientId,
      client_secret_set: true,
      email_domain: domain,
      redirect_uri: REDIRECT,
    });
    for (const url of ['/api/team/sso', '/api/team']) {
      const res = await t.request({ method: 'GET', url, token: owner.token });
      expect(res.body).not.toContain(idp.clientSecret);
    }
    const [row] = await t.database.db.select().from(teamSso).where(eq(teamSso.organizationId, teamId));
    expect(row!.clientSecretSealed).not.toContain(idp.clientSecret);
    expect(row!.clientSecretSealed).toMatch(/^v1\./);
    // Saved again without a secret: the sealed one is kept (sign-in still works below).
    const again = await putSso(owner, { client_secret: undefined, email_domain: domain.toUpperCase() });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().email_domain).toBe(domain);
    const location = await signIn(`kept@${domain}`);
    expect(location.pathname).toBe('/sign-in/complete');
    // The sign-in page offers the company-account option once a team has SSO.
    const offers = await t.request({ method: 'GET', url: '/api/auth/social/providers' });
    expect(offers.json()).toMatchObject({ sso: true });
  });

  it('are refused to admins, members and teams below Enterprise; a new setting needs a secret', async () => {
    const admin = await enterprise();
    const member = await enterprise();
    const { owner } = await ssoTeam([
      [admin, 'admin'],
      [member, 'member'],
    ]);
    for (const who of [admin, member]) {
      expect((await t.request({ method: 'GET', url: '/api/team/sso', token: who.token })).statusCode).toBe(
        403,
      );
      expect((await putSso(who, { email_domain: 'other.test' })).statusCode).toBe(403);
      expect((await t.request({ method: 'DELETE', url: '/api/team/sso', token: who.token })).statusCode).toBe(
        403,
      );
    }
    expect(
      (await t.request({ method: 'GET', url: '/api/team/sso', token: owner.token })).json().configured,
    ).toBe(true);
    const basicOwner = await enterprise();
    await makeTeam(t, basicOwner);
    await t.database.db.execute(sql`update agents set plan = 'basic' where id = ${basicOwner.id}`);
    const belowEnterprise = await putSso(basicOwner, { email_domain: `basic-${Date.now()}.test` });
    expect(belowEnterprise.statusCode).toBe(403);
    expect(belowEnterprise.json().code).toBe('PLAN_UPGRADE_REQUIRED');
    const fresh = await enterprise();
    await makeTeam(t, fresh);
    const noSecret = await putSso(fresh, { client_secret: undefined, email_domain: `s-${Date.now()}.test` });
    expect(noSecret.statusCode).toBe(400);
    expect(noSecret.json().fields).toEqual({ client_secret: TEAM_SSO_MESSAGES.secretRequired });
    const badIssuer = await putSso(fresh, { issuer: 'http://idp.example.com', email_domain: 'x.test' });
    expect(badIssuer.statusCode).toBe(400);
    expect(badIssuer.json().fields).toHaveProperty('issuer');
  });

  it('keep an e-mail domain to one team (409), and the Check reads the discovery document', async () => {
    const { domain } = await ssoTeam();
    const other = await enterprise();
    const otherTeam = await makeTeam(t, other);
    const taken = await putSso(other, { email_domain: domain });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'SSO_DOMAIN_TAKEN',
      fields: { email_domain: expect.any(String) },
    });
    expect(await t.database.db.select().from(teamSso).where(eq(teamSso.organizationId, otherTeam))).toEqual(
      [],
    );

    const check = (issuer: string) =>
      t.request({ method: 'POST', url: '/api/team/sso/check', token: other.token, payload: { issuer } });
    const found = await check(idp.issuer);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({
      issuer: idp.issuer,
      authorization_endpoint: `${idp.issuer}/auth`,
      token_endpoint: `${idp.issuer}/token`,
    });
    const wrong = await check(idp.otherName);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.issuer).toContain('another issuer');
    // The outbound guard: a private address is not called unless the server allows it.
    t.config.outbound.allowPrivateHosts = false;
    expect((await check(idp.issuer)).statusCode).toBe(400);
  });
});

describe('signing in through the team provider', () => {
  it('makes a person of the domain a verified member on first sign-in, and the same account afterwards', async () => {
    const { teamId, domain } = await ssoTeam();
    const email = `robin@${domain}`;
    const token = await finish(await signIn(email));
    const session = await t.request({ method: 'GET', url: '/api/auth/get-session', token });
    expect(session.json().user).toMatchObject({ email, emailVerified: true });
    const team = await t.request({ method: 'GET', url: '/api/team', token });
    expect(team.json().data).toMatchObject({ role: 'member', team: { id: teamId } });
    const before = (await teamMembers(teamId)).length;
    const again = await finish(await signIn(email));
    expect(
      (await t.request({ method: 'GET', url: '/api/auth/get-session', token: again })).json().user.id,
    ).toBe(session.json().user.id);
    expect((await teamMembers(teamId)).length).toBe(before);
  });

  it('refuses an address the provider has not verified, or of another domain, and makes nothing', async () => {
    const { domain } = await ssoTeam();
    refusedWith(await signIn(`unverified@${domain}`, { email_verified: false }), 'EMAIL_NOT_VERIFIED');
    expect(await userOf(`unverified@${domain}`)).toBeUndefined();
    refusedWith(await signIn(`x@${domain}`, { email: 'x@elsewhere.test' }), 'EMAIL_NOT_VERIFIED');
    expect(await userOf('x@elsewhere.test')).toBeUndefined();
    const unknown = await start('someone@no-sso-here.test');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'NO_SSO_FOR_DOMAIN',
      error: TEAM_SSO_MESSAGES.noSsoForDomain,
    });
  });

  it('refuses the first sign-in when every seat is taken, leaving no account behind', async () => {
    const { owner, teamId, domain } = await ssoTeam();
    const [team] = await t.database.db
      .execute<{ n: number }>(sql`select count(*)::int as n from members where organization_id = ${teamId}`)
      .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
    // Pending invitations hold the remaining seats (Enterprise includes 5).
    const free = 5 - team!.n;
    for (let i = 0; i < free; i += 1) {
      const inv = await t.request({
        method: 'POST',
        url: '/api/team/invitations',
        token: owner.token,
        payload: { email: `held${i}@${domain}`, role: 'member' },
      });
      expect(inv.statusCode, inv.body).toBe(201);
    }
    const email = `late@${domain}`;
    refusedWith(await signIn(email), 'SEAT_LIMIT_REACHED');
    expect(await userOf(email)).toBeUndefined();
    expect(
      await t.database.db
        .select()
        .from(accounts)
        .where(eq(accounts.accountId, `sub-${email}`)),
    ).toEqual([]);
    // A person whose invitation holds a seat joins on that seat.
    const invited = `held0@${domain}`;
    const token = await finish(await signIn(invited));
    expect((await t.request({ method: 'GET', url: '/api/team', token })).json().data.role).toBe('member');
    const [inv] = await t.database.db.select().from(invitations).where(eq(invitations.email, invited));
    expect(inv!.status).toBe('accepted');
  });

  it('links an existing account only when it has verified its address', async () => {
    const { teamId, domain } = await ssoTeam();
    const email = `existing@${domain}`;
    const { userId } = await t.signUp({ email, verified: false });
    refusedWith(await signIn(email), 'LINK_NEEDS_VERIFIED_EMAIL');
    expect(await t.database.db.select().from(accounts).where(eq(accounts.userId, userId))).toHaveLength(1);
    await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
    const token = await finish(await signIn(email));
    expect((await t.request({ method: 'GET', url: '/api/auth/get-session', token })).json().user.id).toBe(
      userId,
    );
    expect((await teamMembers(teamId)).map((m) => m.userId)).toContain(userId);
  });

  it('refuses a wrong issuer, a tampered or replayed state and a missing cookie', async () => {
    const { owner, domain } = await ssoTeam();
    const email = `guarded@${domain}`;
    refusedWith(
      await signIn(email, {}, (cb) => cb.searchParams.set('iss', idp.otherName)),
      'PROVIDER_REFUSED',
    );
    refusedWith(await signIn(email, {}, (cb) => cb.searchParams.set('state', 'forged')), 'SIGN_IN_EXPIRED');
    expect(await userOf(email)).toBeUndefined();
    // Replayed: the state was spent by the first callback.
    idp.signInAs({ sub: `sub-${email}`, email, email_verified: true });
    const started = await start(email);
    const cookie = String(started.headers['set-cookie']).split(';')[0]!;
    const cb = await browseUntil(started.json().url as string, PUBLIC_URL);
    const noCookie = await t.request({ method: 'GET', url: cb.pathname + cb.search });
    refusedWith(new URL(String(noCookie.headers.location)), 'SIGN_IN_EXPIRED');
    const replay = await t.request({ method: 'GET', url: cb.pathname + cb.search, headers: { cookie } });
    refusedWith(new URL(String(replay.headers.location)), 'SIGN_IN_EXPIRED');
    // A team whose issuer is spelled otherwise than its provider's document: refused before the provider.
    const renamed = await putSso(owner, { issuer: idp.otherName, email_domain: domain });
    expect(renamed.statusCode).toBe(200);
    const wrongIssuer = await start(email);
    expect(wrongIssuer.statusCode).toBe(400);
    expect(wrongIssuer.json().code).toBe('PROVIDER_REFUSED');
    // The outbound guard decides every call to the provider.
    await putSso(owner, { email_domain: domain });
    t.config.outbound.allowPrivateHosts = false;
    expect((await start(email)).json().code).toBe('PROVIDER_UNAVAILABLE');
    expect(await userOf(email)).toBeUndefined();
  });

  it('keeps every member when the owner removes SSO; the domain no longer signs in', async () => {
    const { owner, teamId, domain } = await ssoTeam();
    await finish(await signIn(`stays@${domain}`));
    const before = await teamMembers(teamId);
    const removed = await t.request({ method: 'DELETE', url: '/api/team/sso', token: owner.token });
    expect(removed.statusCode).toBe(200);
    expect(await teamMembers(teamId)).toEqual(before);
    expect((await start(`stays@${domain}`)).json().code).toBe('NO_SSO_FOR_DOMAIN');
    const read = await t.request({ method: 'GET', url: '/api/team/sso', token: owner.token });
    expect(read.json()).toMatchObject({
      configured: false,
      client_secret_set: false,
      redirect_uri: REDIRECT,
    });
  });
});
