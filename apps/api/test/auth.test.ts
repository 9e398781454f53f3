// Accounts (issue: foundation): sign-up → sign-in → bearer token; clear errors; the profile endpoints.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { agentPreviousUsernames, bookings } from '../src/db/schema';
import { noBilling } from '@keyturn/domain/schemas/subscription';
import { createTestApp, type TestApp } from './app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const profileBody = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Avery',
  last_name: 'Stone',
  phone: '+1 (512) 555-0100',
  companyName: 'Stone Homes',
  username: `avery-${Math.random().toString(36).slice(2, 8)}`,
  timeZone: 'America/New_York',
  primaryColor: '#1E40AF',
  ...overrides,
});

describe('sign-up and sign-in', () => {
  it('sign-up → sign-in → the bearer token opens GET /api/auth/profile', async () => {
    const { email } = await t.signUp({ firstName: 'Morgan', lastName: 'Lee' });
    const signIn = await t.request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password: 'correct-horse-9' },
    });
    expect(signIn.statusCode).toBe(200);
    const token = signIn.headers['set-auth-token'];
    expect(typeof token).toBe('string');

    const profile = await t.request({ method: 'GET', url: '/api/auth/profile', token: String(token) });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({
      firstName: 'Morgan',
      lastName: 'Lee',
      emailAddresses: [{ emailAddress: email }],
    });
  });

  it('a wrong password answers 401 with a clear message', async () => {
    const { email } = await t.signUp();
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password: 'not-the-password' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Incorrect email or password.', code: 'INVALID_EMAIL_OR_PASSWORD' });
  });

  it('a 7-character password is refused with the minimum-length message, and no account is made', async () => {
    const email = `short.${Date.now()}@example.com`;
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { firstName: 'Sam', lastName: 'Short', email, password: '1234567' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Password must be at least 8 characters',
      code: 'VALIDATION_ERROR',
      fields: { password: 'Password must be at least 8 characters' },
    });
    const signIn = await t.request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password: '1234567' },
    });
    expect(signIn.statusCode).toBe(401);
  });

  it('sign-up validates every field with the domain messages', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { firstName: ' ', email: 'not-an-email', password: 'long-enough-1' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Please enter a valid email address',
    });
  });

  it('the same e-mail cannot sign up twice (and is not told why: see accounts.test.ts)', async () => {
    const { email } = await t.signUp();
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { firstName: 'Again', lastName: 'Twice', email, password: 'another-pass-1' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'SIGN_UP_REFUSED', fields: { email: expect.any(String) } });
  });

  it('sign-out ends the session: the token no longer works', async () => {
    const { token } = await t.signUp();
    const out = await t.request({ method: 'POST', url: '/api/auth/sign-out', token, payload: {} });
    expect(out.statusCode).toBe(200);
    const res = await t.request({ method: 'GET', url: '/api/auth/profile', token });
    expect(res.statusCode).toBe(401);
  });

  it('PUT /api/auth/profile renames the user; bad input changes nothing', async () => {
    const { token } = await t.signUp({ firstName: 'Old', lastName: 'Name' });
    const bad = await t.request({
      method: 'PUT',
      url: '/api/auth/profile',
      token,
      payload: { firstName: '', lastName: 'X' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { firstName: 'First name is required' },
    });
    const ok = await t.request({
      method: 'PUT',
      url: '/api/auth/profile',
      token,
      payload: { firstName: 'New', lastName: 'Person' },
    });
    expect(ok.statusCode).toBe(200);
    const read = await t.request({ method: 'GET', url: '/api/auth/profile', token });
    expect(read.json()).toMatchObject({ firstName: 'New', lastName: 'Person' });
  });
});

describe('GET /api/agents/profile', () => {
  it('without a token → 401 JSON error', async () => {
    const res = await t.request({ method: 'GET', url: '/api/agents/profile' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ error: 'Please sign in to continue.', code: 'UNAUTHENTICATED' });
  });

  it('with a forged token → 401', async () => {
    const res = await t.request({ method: 'GET', url: '/api/agents/profile', token: 'forged.token' });
    expect(res.statusCode).toBe(401);
  });

  it('with a valid token of a user without an agent profile → 404 (the app sends them to /profile)', async () => {
    const { token } = await t.signUp();
    const res = await t.request({ method: 'GET', url: '/api/agents/profile', token });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'AGENT_PROFILE_NOT_FOUND' });
  });

  it('after POST /api/agents the profile answers 200 with the spec §3 fields', async () => {
    const { token, email } = await t.signUp();
    const body = profileBody();
    const created = await t.request({ method: 'POST', url: '/api/agents', token, payload: body });
    expect(created.statusCode).toBe(201);
    const res = await t.request({ method: 'GET', url: '/api/agents/profile', token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      data: {
        first_name: 'Avery',
        last_name: 'Stone',
        email,
        // Stored in international form (decision 016).
        phone: '+1 512 555 0100',
        companyName: 'Stone Homes',
        primaryColor: '#1E40AF',
        timeZone: 'America/New_York',
        logoUrl: null,
        profilePictureUrl: null,
        username: body.username,
        plan: 'basic',
      },
    });
  });
});

describe('agent profile writes', () => {
  it('a second profile for the same user is refused', async () => {
    const { token } = await t.signUp();
    await t.request({ method: 'POST', url: '/api/agents', token, payload: profileBody() });
    const again = await t.request({ method: 'POST', url: '/api/agents', token, payload: profileBody() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'AGENT_PROFILE_EXISTS' });
  });

  it('a taken username (any letter case) answers 409 USERNAME_TAKEN on the field', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const username = `taken-${Date.now()}`;
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/agents',
          token: a.token,
          payload: profileBody({ username }),
        })
      ).statusCode,
    ).toBe(201);
    const res = await t.request({
      method: 'POST',
      url: '/api/agents',
      token: b.token,
      payload: profileBody({ username }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'USERNAME_TAKEN', fields: { username: expect.any(String) } });
  });

  it('an invalid colour and an unknown time zone are refused with field messages', async () => {
    const { token } = await t.signUp();
    const res = await t.request({
      method: 'POST',
      url: '/api/agents',
      token,
      payload: profileBody({ primaryColor: 'blue', timeZone: 'Mars/Olympus' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      primaryColor: 'Enter a colour like #3B82F6',
      timeZone: 'Choose a valid time zone',
    });
    expect((await t.request({ method: 'GET', url: '/api/agents/profile', token })).statusCode).toBe(404);
  });

  it("PUT /api/agents/{id}: the owner can; another agent's id answers 404 and changes nothing", async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    const created = await t.request({
      method: 'POST',
      url: '/api/agents',
      token: owner.token,
      payload: profileBody(),
    });
    const agentId = created.json().data.id as string;
    await t.request({ method: 'POST', url: '/api/agents', token: other.token, payload: profileBody() });

    const foreign = await t.request({
      method: 'PUT',
      url: `/api/agents/${agentId}`,
      token: other.token,
      payload: profileBody({ companyName: 'Hijacked' }),
    });
    expect(foreign.statusCode).toBe(404);
    const malformed = await t.request({
      method: 'PUT',
      url: '/api/agents/not-a-uuid',
      token: owner.token,
      payload: profileBody(),
    });
    expect(malformed.statusCode).toBe(404);

    const mine = await t.request({
      method: 'PUT',
      url: `/api/agents/${agentId}`,
      token: owner.token,
      payload: profileBody({ companyName: 'Renamed Realty' }),
    });
    expect(mine.statusCode).toBe(200);
    const read = await t.request({ method: 'GET', url: '/api/agents/profile', token: owner.token });
    expect(read.json().data.companyName).toBe('Renamed Realty');
  });
});

describe("the booking pages' language (issue 43)", () => {
  it('is English until the agent picks Spanish; a save without it keeps it; anything else is a 400 that changes nothing', async () => {
    const owner = await t.signUp();
    const created = await t.request({
      method: 'POST',
      url: '/api/agents',
      token: owner.token,
      payload: profileBody(),
    });
    expect(created.json().data.defaultLanguage).toBe('en');
    const agentId = created.json().data.id as string;
    const put = (extra: Record<string, unknown>) =>
      t.request({
        method: 'PUT',
        url: `/api/agents/${agentId}`,
        token: owner.token,
        payload: profileBody(extra),
      });
    expect((await put({ defaultLanguage: 'es' })).json().data.defaultLanguage).toBe('es');
    expect((await put({})).json().data.defaultLanguage).toBe('es');
    const bad = await put({ defaultLanguage: 'fr' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.defaultLanguage).toBeTruthy();
    const read = await t.request({ method: 'GET', url: '/api/agents/profile', token: owner.token });
    expect(read.json().data.defaultLanguage).toBe('es');
    const publicProfile = await t.request({ method: 'GET', url: `/api/agents/id/${agentId}` });
    expect(publicProfile.json().data.defaultLanguage).toBe('es');
  });
});

describe('account settings after setup (issue 19)', () => {
  it('an agent changes name, phone, username and time zone; the old username stays theirs, bookings keep their instants', async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    const oldName = `old-${Date.now()}`;
    const newName = `new-${Date.now()}`;
    const created = await t.request({
      method: 'POST',
      url: '/api/agents',
      token: owner.token,
      payload: profileBody({ username: oldName }),
    });
    const agentId = created.json().data.id as string;
    const startsAt = new Date('2031-05-05T14:00:00.000Z');
    await t.database.db.insert(bookings).values({
      agentId,
      clientName: 'Kept Buyer',
      clientEmail: 'kept@example.com',
      clientPhone: '+1 555 010 0199',
      buyerType: 'investor',
      bookingPurpose: 'property_viewing',
      status: 'confirmed',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * 60_000),
      manageToken: `tok-${Math.random()}`,
      publicId: `pub-${Math.random()}`,
    });

    const renamed = await t.request({
      method: 'PUT',
      url: `/api/agents/${agentId}`,
      token: owner.token,
      payload: profileBody({
        first_name: 'Avery-Jo',
        last_name: 'Stone-Hill',
        phone: '(617) 555-0123',
        username: newName,
        timeZone: 'America/Chicago',
      }),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({
      first_name: 'Avery-Jo',
      last_name: 'Stone-Hill',
      phone: '+1 617 555 0123',
      username: newName,
      timeZone: 'America/Chicago',
    });
    const previous = await t.database.db
      .select()
      .from(agentPreviousUsernames)
      .where(eq(agentPreviousUsernames.agentId, agentId));
    expect(previous.map((row) => row.username)).toEqual([oldName]);
    const [kept] = await t.database.db.select().from(bookings).where(eq(bookings.agentId, agentId));
    expect(kept?.startsAt.toISOString()).toBe(startsAt.toISOString());

    // Nobody else can take the old name, which old links carry.
    const taken = await t.request({
      method: 'POST',
      url: '/api/agents',
      token: other.token,
      payload: profileBody({ username: oldName }),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'USERNAME_TAKEN', fields: { username: expect.any(String) } });

    // The owner can take it back; the name they leave becomes the previous one.
    const back = await t.request({
      method: 'PUT',
      url: `/api/agents/${agentId}`,
      token: owner.token,
      payload: profileBody({ username: oldName }),
    });
    expect(back.statusCode).toBe(200);
    const after = await t.database.db
      .select()
      .from(agentPreviousUsernames)
      .where(eq(agentPreviousUsernames.agentId, agentId));
    expect(after.map((row) => row.username)).toEqual([newName]);
  });
});

describe('GET /api/payments/subscription (plan badge, spec §4)', () => {
  it('answers 401 signed out and plan basic for a new agent', async () => {
    expect((await t.request({ method: 'GET', url: '/api/payments/subscription' })).statusCode).toBe(401);
    const { token } = await t.signUp();
    const none = await t.request({ method: 'GET', url: '/api/payments/subscription', token });
    expect(none.json()).toEqual({
      success: true,
      subscription: null,
      plan: { id: 'basic', name: 'Basic' },
      // Issue 30: no profile, nothing bought; this server has no Stripe keys.
      billing: noBilling(false),
    });
    await t.request({ method: 'POST', url: '/api/agents', token, payload: profileBody() });
    const res = await t.request({ method: 'GET', url: '/api/payments/subscription', token });
    expect(res.json()).toMatchObject({
      success: true,
      subscription: { plan: 'basic', status: 'active' },
      plan: { id: 'basic' },
    });
  });
});
