// Issue 30: Stripe's keys saved by the administrator in Server settings switch billing on without a restart
// (decision 048's resolution, read by billing at each call): the pricing page's availability, Checkout against
// the 127.0.0.1 Stripe stand-in, and the webhook verified with the saved signing secret. The environment still
// wins over a saved key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingConfig, stripeClient } from '../src/adapters/billing';
import { setUpBilling } from '../src/modules/billing/setup';
import { createTestApp, type TestApp } from './app';
import { makeAgent } from './fixtures';
import { startTestStripe, stripeSignature, type TestStripe } from './support/stripe-server';

const SAVED_SECRET = 'whsec_saved_in_settings';
let stripe: TestStripe;
let t: TestApp;
let admin: { token: string };

beforeAll(async () => {
  stripe = await startTestStripe({ webhookSecret: SAVED_SECRET });
  t = await createTestApp();
  admin = await t.signUp();
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const available = async (app: TestApp) =>
  (await app.request({ method: 'GET', url: '/api/payments/availability' })).json().configured as boolean;

function signedEvent(secret: string) {
  const payload = JSON.stringify({
    id: `evt_settings_${Date.now()}_${Math.random()}`,
    object: 'event',
    type: 'customer.created',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: 'cus_unknown', object: 'customer' } },
  });
  return {
    method: 'POST' as const,
    url: '/api/payments/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(payload, secret) },
    payload,
  };
}

describe('billing keys saved in Server settings (issue 30)', () => {
  it('switch billing on at once: availability, Checkout at the stand-in, the webhook with the saved secret', async () => {
    expect(await available(t)).toBe(false);
    expect((await t.request(signedEvent(SAVED_SECRET))).statusCode).toBe(409);

    const saved = await t.request({
      method: 'PUT',
      url: '/api/server-settings',
      token: admin.token,
      payload: {
        values: {
          STRIPE_SECRET_KEY: 'sk_test_saved',
          STRIPE_WEBHOOK_SECRET: SAVED_SECRET,
          STRIPE_API_URL: stripe.url,
        },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain('sk_test_saved');
    expect(await available(t)).toBe(true);

    // Checkout goes to the stand-in with the saved key (the products and prices set up first).
    const agent = await makeAgent(t);
    await setUpBilling(
      stripeClient(
        billingConfig(t.config, {
          secretKey: 'sk_test_saved',
          webhookSecret: SAVED_SECRET,
          apiUrl: stripe.url,
        }),
      )!,
    );
    const from = stripe.requests.length;
    const checkout = await t.request({
      method: 'POST',
      url: '/api/payments/checkout',
      token: agent.token,
      payload: { plan: 'pro', interval: 'monthly' },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const sent = stripe.requests.slice(from);
    expect(sent.some((r) => r.path === '/v1/checkout/sessions' && r.method === 'POST')).toBe(true);
    expect(sent.every((r) => r.auth === 'Bearer sk_test_saved')).toBe(true);

    // The webhook: the saved signing secret verifies; another secret is refused.
    expect((await t.request(signedEvent(SAVED_SECRET))).statusCode).toBe(200);
    expect((await t.request(signedEvent('whsec_other'))).statusCode).toBe(400);
  });

  it('the environment wins over a saved key', async () => {
    const envApp = await createTestApp({
      database: t.database,
      env: {
        STRIPE_SECRET_KEY: 'sk_test_env',
        STRIPE_WEBHOOK_SECRET: 'whsec_env',
        STRIPE_API_URL: stripe.url,
      },
    });
    try {
      expect((await envApp.request(signedEvent('whsec_env'))).statusCode).toBe(200);
      expect((await envApp.request(signedEvent(SAVED_SECRET))).statusCode).toBe(400);
    } finally {
      await envApp.close();
    }
  });
});
