// Launch mode (issue 40, decision 069): one setting in Server settings (administrator only) decides whether the
// public site is launched; automatic follows billing; once launched the waiting list takes no new names, and
// the people already on it keep their discount.
import { eq } from 'drizzle-orm';
import { LAUNCH_TEXTS } from '@keyturn/domain/launch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingAccounts, waitlistEntries } from '../src/db/schema';
import { billingRowOf } from '../src/modules/billing/checkout';
import { createTestApp, type TestApp } from './app';
import { makeAgent, type TestAgent } from './fixtures';

let t: TestApp;
let admin: { token: string; email: string; userId: string };
let agent: TestAgent;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUp();
  agent = await makeAgent(t);
});
afterAll(async () => {
  await t.close();
});

const launchState = async (app = t) => {
  const res = await app.request({ method: 'GET', url: '/api/public/launch' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-cache');
  return res.json<{ launched: boolean }>().launched;
};
const save = (mode: string | null, token = admin.token, app = t) =>
  app.request({
    method: 'PUT',
    url: '/api/server-settings',
    token,
    payload: { values: { SITE_LAUNCH: mode } },
  });
const join = (email: string, app = t) =>
  app.request({
    method: 'POST',
    url: '/api/waitlist',
    payload: { name: 'Early Bird', email, segment: 'residential' },
  });
const check = async (token = admin.token) => {
  const res = await t.request({ method: 'POST', url: '/api/server-settings/launch/check', token });
  expect(res.statusCode).toBe(200);
  return res.json<{ ok: boolean; message: string }>().message;
};

describe('the launch setting', () => {
  it('is before launch on a server without billing, and only the administrator changes it (403, nothing changed)', async () => {
    expect(await launchState()).toBe(false);
    const refused = await save('launched', agent.token);
    expect(refused.statusCode).toBe(403);
    expect(await launchState()).toBe(false);
    expect(await check()).toContain('before launch');
  });

  it('refuses a value that is not one of its choices with the field named (400), changing nothing', async () => {
    const res = await save('soon');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { SITE_LAUNCH: expect.any(String) },
    });
    expect(await launchState()).toBe(false);
  });

  it('launched: the waiting list refuses new names (409) and keeps the old ones, whose discount still applies', async () => {
    expect((await join(agent.email)).statusCode).toBe(201);
    const saved = await save('launched');
    expect(saved.statusCode).toBe(200);
    expect(saved.json().settings).toContainEqual({
      key: 'SITE_LAUNCH',
      source: 'stored',
      value: 'launched',
      set: true,
    });
    expect(await launchState()).toBe(true);
    expect(await check()).toContain('The public site is launched');

    const refused = await join('late@agency.example');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'WAITING_LIST_CLOSED', error: LAUNCH_TEXTS.waitlistClosed });
    const emails = (await t.database.db.select().from(waitlistEntries)).map((r) => r.email);
    expect(emails).toEqual([agent.email]);

    // The entry made before launch still earns its discount when its owner's billing starts.
    const billing = await billingRowOf(t.database.db, { id: agent.id, email: agent.email });
    expect(billing.waitlistDiscount).toBe(true);
    const stored = await t.database.db
      .select()
      .from(billingAccounts)
      .where(eq(billingAccounts.agentId, agent.id));
    expect(stored[0]?.waitlistDiscount).toBe(true);
  });

  it('there is a way back: pre-launch, or removing the value (automatic without billing), reopens the list', async () => {
    expect((await save('pre-launch')).statusCode).toBe(200);
    expect(await launchState()).toBe(false);
    expect((await join('back@agency.example')).statusCode).toBe(201);
    expect((await save('launched')).statusCode).toBe(200);
    expect((await save(null)).statusCode).toBe(200);
    expect(await launchState()).toBe(false);
  });
});

describe('automatic follows billing', () => {
  it('a server with Stripe configured is launched unless the administrator chooses before launch', async () => {
    const paid = await createTestApp({
      env: { STRIPE_SECRET_KEY: 'sk_test_launch', STRIPE_WEBHOOK_SECRET: 'whsec_launch' },
    });
    try {
      const owner = await paid.signUp();
      expect(await launchState(paid)).toBe(true);
      expect((await join('someone@agency.example', paid)).statusCode).toBe(409);
      expect((await save('automatic', owner.token, paid)).statusCode).toBe(200);
      expect(await launchState(paid)).toBe(true);
      expect((await save('pre-launch', owner.token, paid)).statusCode).toBe(200);
      expect(await launchState(paid)).toBe(false);
      expect((await join('someone@agency.example', paid)).statusCode).toBe(201);
    } finally {
      await paid.close();
    }
  });
});
