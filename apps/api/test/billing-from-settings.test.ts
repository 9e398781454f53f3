// Issue 39, item 3: billing works from Server settings alone. Saving Stripe's keys on the page sets the plans up
// in the Stripe account (the set-up `npm run admin -- billing-setup` does, idempotent), the Check and the
// "Set up plans in Stripe" button do the same and say so, and an agent's Checkout then succeeds — no command
// run. Checkout itself sets the plans up when they are missing; when that cannot be done the agent reads who
// has to act, in plain words (no configuration language), and the page says what is wrong.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '@keyturn/domain/billing';
import { SERVER_SETTINGS_TEXTS } from '@keyturn/domain/schemas/serverSettings';
import { createTestApp, type TestApp } from './app';
import { makeAgent } from './fixtures';
import { startTestStripe, type TestStripe } from './support/stripe-server';

const WEBHOOK_SECRET = 'whsec_from_the_page';
let stripe: TestStripe;
let t: TestApp;
let admin: { token: string };

beforeAll(async () => {
  stripe = await startTestStripe({ webhookSecret: WEBHOOK_SECRET });
  t = await createTestApp();
  admin = await t.signUp();
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const save = (values: Record<string, string | null>) =>
  t.request({ method: 'PUT', url: '/api/server-settings', token: admin.token, payload: { values } });
const post = (url: string) => t.request({ method: 'POST', url, token: admin.token });
const checkout = (app: TestApp, token: string) =>
  app.request({
    method: 'POST',
    url: '/api/payments/checkout',
    token,
    payload: { plan: 'pro', interval: 'monthly' },
  });
const created = (from: number, path: string) =>
  stripe.requests.slice(from).filter((r) => r.method === 'POST' && r.path === path).length;

describe('billing from Server settings alone (issue 39, item 3)', () => {
  it('saving the keys sets the plans up in Stripe; an agent then buys a plan with no command run', async () => {
    const from = stripe.requests.length;
    const saved = await save({
      STRIPE_SECRET_KEY: 'sk_test_from_page',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().billingSetup).toEqual({
      ok: true,
      message: SERVER_SETTINGS_TEXTS.billingPlansReady(
        created(from, '/v1/products') + created(from, '/v1/prices') + created(from, '/v1/coupons'),
      ),
    });
    expect(created(from, '/v1/prices')).toBeGreaterThan(0);
    expect(stripe.requests.slice(from).every((r) => r.auth === 'Bearer sk_test_from_page')).toBe(true);

    const agent = await makeAgent(t);
    const res = await checkout(t, agent.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().url).toMatch(new RegExp(`^${stripe.url}/checkout/`));
  });

  it('the Check and "Set up plans in Stripe" say the plans are ready, and change nothing the second time', async () => {
    const from = stripe.requests.length;
    const check = await post('/api/server-settings/billing/check');
    expect(check.json()).toEqual({
      success: true,
      ok: true,
      message: `Stripe accepted the key (test mode). ${SERVER_SETTINGS_TEXTS.billingPlansReady(0)}`,
    });
    const button = await post('/api/server-settings/billing/setup');
    expect(button.json()).toEqual({
      success: true,
      ok: true,
      message: SERVER_SETTINGS_TEXTS.billingPlansReady(0),
    });
    // Idempotent: nothing created again.
    expect(created(from, '/v1/products') + created(from, '/v1/prices') + created(from, '/v1/coupons')).toBe(
      0,
    );
  });

  it('Checkout sets the plans up itself when the account has none (keys from the environment, no command)', async () => {
    const fresh = await startTestStripe({ webhookSecret: 'whsec_env' });
    const envApp = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_env',
        STRIPE_WEBHOOK_SECRET: 'whsec_env',
        STRIPE_API_URL: fresh.url,
      },
    });
    try {
      const agent = await makeAgent(envApp);
      const res = await checkout(envApp, agent.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(fresh.requests.some((r) => r.method === 'POST' && r.path === '/v1/prices')).toBe(true);
    } finally {
      await envApp.close();
      await fresh.close();
    }
  });

  it('a key Stripe refuses: the page says so on save and on the button; nothing claims the plans are ready', async () => {
    const saved = await save({ STRIPE_SECRET_KEY: 'sk_live_refused' });
    expect(saved.json().billingSetup).toEqual({
      ok: false,
      message: SERVER_SETTINGS_TEXTS.billingSetupFailed('Stripe refused the secret key.'),
    });
    const button = await post('/api/server-settings/billing/setup');
    expect(button.json()).toMatchObject({ ok: false, message: saved.json().billingSetup.message });
    const check = await post('/api/server-settings/billing/check');
    expect(check.json()).toMatchObject({ ok: false, message: 'Stripe refused the secret key.' });
    await save({ STRIPE_SECRET_KEY: null, STRIPE_WEBHOOK_SECRET: null });
    const none = await post('/api/server-settings/billing/setup');
    expect(none.json()).toEqual({
      success: true,
      ok: false,
      message: SERVER_SETTINGS_TEXTS.billingNeedsKeys,
    });
    expect(none.body).not.toMatch(/STRIPE_/);
  });

  it('an agent never reads "try again later" or a setting’s name when plans cannot be set up', async () => {
    expect(BILLING_MESSAGES.notSetUp).not.toMatch(/try again later|STRIPE|README|billing-setup/i);
    expect(BILLING_MESSAGES.notSetUp).toMatch(/administrator/);
  });
});
