// Subscriptions with Stripe (issue 30): Checkout, the portal and the setup command against a 127.0.0.1 server
// speaking Stripe's API (requests asserted), and signed webhooks reaching the plan and its limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PAYMENT_GRACE_DAYS } from '@keyturn/domain/billing';
import { billingConfig, stripeClient } from '../src/adapters/billing';
import { agents, billingAccounts, billingEvents, organizations, properties } from '../src/db/schema';
import { expireGrace } from '../src/modules/billing/plan-state';
import { setUpBilling } from '../src/modules/billing/setup';
import { createTestApp, type TestApp } from './app';
import { makeAgent, makeProperty, type TestAgent } from './fixtures';
import { startTestStripe, stripeSignature, type TestStripe } from './support/stripe-server';

const SECRET = 'whsec_test_keyturn';
const DAY = 24 * 60 * 60 * 1000;
const clock = new Date('2026-03-02T15:00:00Z');
let stripe: TestStripe;
let t: TestApp;
let off: TestApp;

beforeAll(async () => {
  stripe = await startTestStripe({ webhookSecret: SECRET });
  t = await createTestApp({
    now: () => clock,
    env: { STRIPE_SECRET_KEY: 'sk_test_keyturn', STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_URL: stripe.url },
  });
  off = await createTestApp({ database: t.database });
});
afterAll(async () => {
  await off?.close();
  await t?.close();
  await stripe?.close();
});

let n = 0;
/** A Stripe event posted to the app, signed with `secret` (the right one unless told). */
async function webhook(
  type: string,
  object: Record<string, unknown>,
  opts: { id?: string; secret?: string } = {},
) {
  n += 1;
  const payload = JSON.stringify({
    id: opts.id ?? `evt_test_${n}_${Date.now()}`,
    object: 'event',
    type,
    created: Math.floor(clock.getTime() / 1000),
    data: { object },
  });
  return t.request({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': stripeSignature(payload, opts.secret ?? SECRET),
    },
    payload,
  });
}

async function priceOf(lookupKey: string) {
  const list = await stripeClient(billingConfig(t.config))!.prices.list({ lookup_keys: [lookupKey] });
  return list.data[0]!;
}

async function subscription(
  customer: string,
  items: { lookup: string; quantity?: number }[],
  extra: Record<string, unknown> = {},
) {
  return {
    id: 'sub_test_1',
    object: 'subscription',
    customer,
    status: 'active',
    cancel_at_period_end: false,
    trial_end: null,
    items: {
      object: 'list',
      data: await Promise.all(
        items.map(async (item) => ({
          id: `si_${item.lookup}`,
          price: await priceOf(item.lookup),
          quantity: item.quantity ?? 1,
          current_period_end: Math.floor(clock.getTime() / 1000) + 30 * 86400,
        })),
      ),
    },
    ...extra,
  };
}

function checkout(app: TestApp, agent: TestAgent, interval: 'monthly' | 'yearly') {
  return app.request({
    method: 'POST',
    url: '/api/payments/checkout',
    token: agent.token,
    payload: { plan: 'pro', interval },
  });
}

async function planOf(agent: TestAgent) {
  const res = await t.request({ method: 'GET', url: '/api/payments/subscription', token: agent.token });
  expect(res.statusCode).toBe(200);
  return res.json<{ plan: { id: string }; billing: Record<string, unknown> }>();
}

async function limitOf(agent: TestAgent) {
  const res = await t.request({ method: 'GET', url: '/api/agents/usage-stats', token: agent.token });
  return res.json<{ data: { properties: { limit: number | null } } }>().data.properties.limit;
}

describe('billing before launch (no Stripe keys)', () => {
  it('says plans cannot be bought, and Checkout answers 409 without calling anyone', async () => {
    const before = stripe.requests.length;
    expect((await off.request({ method: 'GET', url: '/api/payments/availability' })).json()).toEqual({
      configured: false,
    });
    const agent = await makeAgent(off);
    const res = await checkout(off, agent, 'monthly');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'BILLING_NOT_CONFIGURED' });
    expect(stripe.requests.length).toBe(before);
    const unsigned = await off.request({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(unsigned.statusCode).toBe(409);
  });
});

describe('billing with Stripe', () => {
  let agent: TestAgent;
  let customer: string;

  it('the setup command makes the catalogue once: products, prices by lookup key, the waiting-list coupon', async () => {
    const client = stripeClient(billingConfig(t.config))!;
    const first = await setUpBilling(client);
    expect(first.created).toEqual(
      expect.arrayContaining([
        'product keyturn_pro',
        'price keyturn_pro_monthly',
        'price keyturn_pro_yearly',
        'price keyturn_enterprise_seat_monthly',
        'coupon keyturn_waitlist_lifetime',
      ]),
    );
    const prices = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/prices');
    expect(prices.find((p) => p.form.lookup_key === 'keyturn_pro_yearly')?.form).toMatchObject({
      unit_amount: '24000',
      'recurring[interval]': 'year',
      currency: 'usd',
    });
    expect(prices.find((p) => p.form.lookup_key === 'keyturn_enterprise_monthly')?.form.unit_amount).toBe(
      '9900',
    );
    const coupon = stripe.requests.find((r) => r.path === '/v1/coupons' && r.method === 'POST');
    expect(coupon?.form).toMatchObject({ percent_off: '25', duration: 'forever' });
    const again = await setUpBilling(client);
    expect(again.created).toEqual([]);
    expect(again.existing.length).toBe(first.created.length);
  });

  it('Checkout: a customer, the right price, the 14-day trial and the waiting-list coupon', async () => {
    agent = await makeAgent(t);
    // They joined the waiting list before launch: on the server without billing (`off`, same database), which
    // is not launched yet — with billing configured the list is closed (issue 40, launch mode).
    const joined = await off.request({
      method: 'POST',
      url: '/api/waitlist',
      payload: { name: 'Jamie Agent', email: agent.email.toUpperCase(), segment: 'independent_agent' },
    });
    expect(joined.statusCode).toBe(201);
    expect((await planOf(agent)).billing).toMatchObject({
      configured: true,
      waitlistDiscount: true,
      status: 'none',
    });
    const from = stripe.requests.length;
    const res = await checkout(t, agent, 'yearly');
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(new RegExp(`^${stripe.url}/checkout/cs_test_`));
    const sent = stripe.requests.slice(from);
    const made = sent.find((r) => r.path === '/v1/customers');
    expect(made?.form).toMatchObject({ email: agent.email });
    expect(made?.auth).toBe('Bearer sk_test_keyturn');
    const session = sent.find((r) => r.path === '/v1/checkout/sessions')!;
    customer = session.form.customer!;
    expect(customer).toMatch(/^cus_test_/);
    expect(session.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': (await priceOf('keyturn_pro_yearly')).id,
      'line_items[0][quantity]': '1',
      'subscription_data[trial_period_days]': '14',
      'discounts[0][coupon]': 'keyturn_waitlist_lifetime',
      success_url: `${t.config.publicUrl}/dashboard/subscription?checkout=done`,
    });
    expect(session.form['line_items[1][price]']).toBeUndefined();
  });

  it('an agent not on the waiting list gets no coupon', async () => {
    const other = await makeAgent(t);
    const from = stripe.requests.length;
    await checkout(t, other, 'monthly');
    const session = stripe.requests.slice(from).find((r) => r.path === '/v1/checkout/sessions')!;
    expect(session.form['line_items[0][price]']).toBe((await priceOf('keyturn_pro_monthly')).id);
    expect(session.form['discounts[0][coupon]']).toBeUndefined();
  });

  it('a wrong signature is refused with 400 and changes nothing', async () => {
    const sub = await subscription(customer, [{ lookup: 'keyturn_pro_yearly' }], { status: 'trialing' });
    const res = await webhook('customer.subscription.created', sub, { secret: 'whsec_someone_else' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_SIGNATURE' });
    const tampered = await t.request({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripeSignature('{"id":"x"}', SECRET),
      },
      payload: '{"id":"y"}',
    });
    expect(tampered.statusCode).toBe(400);
    expect((await planOf(agent)).plan.id).toBe('basic');
  });

  it('trial started: Professional and its limits; the same event again is applied once', async () => {
    const trialEnd = Math.floor(clock.getTime() / 1000) + 14 * 86400;
    const sub = await subscription(customer, [{ lookup: 'keyturn_pro_yearly' }], {
      status: 'trialing',
      trial_end: trialEnd,
    });
    const first = await webhook('customer.subscription.created', sub, { id: 'evt_trial_started' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, applied: true });
    const state = await planOf(agent);
    expect(state.plan.id).toBe('pro');
    expect(state.billing).toMatchObject({
      status: 'trialing',
      plan: 'pro',
      interval: 'yearly',
      canManage: true,
    });
    expect(state.billing.trialEnd).toBe(new Date(trialEnd * 1000).toISOString());
    expect(await limitOf(agent)).toBe(15);

    // An administrator's set-plan in between; the replayed event must not put Professional back.
    await t.database.db.update(agents).set({ plan: 'basic' }).where(eq(agents.id, agent.id));
    const replay = await webhook('customer.subscription.created', sub, { id: 'evt_trial_started' });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, applied: false });
    expect((await planOf(agent)).plan.id).toBe('basic');
    const rows = await t.database.db
      .select()
      .from(billingEvents)
      .where(eq(billingEvents.id, 'evt_trial_started'));
    expect(rows).toHaveLength(1);
    await webhook('customer.subscription.updated', sub);
    expect((await planOf(agent)).plan.id).toBe('pro');
  });

  it('plan changed to Enterprise (seats as a quantity), cancelled at period end, reactivated', async () => {
    const enterprise = await subscription(customer, [
      { lookup: 'keyturn_enterprise_monthly' },
      { lookup: 'keyturn_enterprise_seat_monthly', quantity: 2 },
    ]);
    await webhook('customer.subscription.updated', enterprise);
    expect((await planOf(agent)).billing).toMatchObject({
      plan: 'enterprise',
      status: 'active',
      interval: 'monthly',
    });
    expect(await limitOf(agent)).toBeNull();
    // The team the agent owns gets the subscription's seat quantity as its extra seats.
    const team = await t.request({
      method: 'POST',
      url: '/api/team',
      token: agent.token,
      payload: { name: 'Stone Realty', slug: `stone-${Date.now().toString(36)}`, color: '#10B981' },
    });
    expect(team.statusCode, team.body).toBe(201);
    const teamId = team.json().data.team.id as string;
    const threeSeats = await subscription(customer, [
      { lookup: 'keyturn_enterprise_monthly' },
      { lookup: 'keyturn_enterprise_seat_monthly', quantity: 3 },
    ]);
    await webhook('customer.subscription.updated', threeSeats);
    const [org] = await t.database.db.select().from(organizations).where(eq(organizations.id, teamId));
    expect(org?.extraSeats).toBe(3);

    const back = await subscription(customer, [{ lookup: 'keyturn_pro_monthly' }]);
    await webhook('customer.subscription.updated', { ...back, cancel_at_period_end: true });
    const cancelling = await planOf(agent);
    expect(cancelling.plan.id).toBe('pro');
    expect(cancelling.billing).toMatchObject({ cancelAtPeriodEnd: true, status: 'active' });

    await webhook('customer.subscription.updated', back);
    const reactivated = await planOf(agent);
    expect(reactivated.plan.id).toBe('pro');
    expect(reactivated.billing.cancelAtPeriodEnd).toBe(false);
  });

  it('payment failed: a grace period, then Basic limits — listings kept, the extra ones hidden until chosen', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      ids.push(
        await makeProperty(t, agent.id, {
          address: `${i + 1} Oak Lane`,
          createdAt: new Date(clock.getTime() + i * 1000),
        }),
      );
    }
    const failed = await webhook('invoice.payment_failed', { id: 'in_test_1', object: 'invoice', customer });
    expect(failed.statusCode).toBe(200);
    const during = await planOf(agent);
    expect(during.plan.id).toBe('pro');
    expect(during.billing).toMatchObject({ status: 'past_due' });
    expect(during.billing.graceUntil).toBe(
      new Date(clock.getTime() + PAYMENT_GRACE_DAYS * DAY).toISOString(),
    );

    // A day before the grace ends nothing changes; after it, Basic.
    expect(await expireGrace(t.database.db, new Date(clock.getTime() + (PAYMENT_GRACE_DAYS - 1) * DAY))).toBe(
      0,
    );
    expect(await expireGrace(t.database.db, new Date(clock.getTime() + (PAYMENT_GRACE_DAYS + 1) * DAY))).toBe(
      1,
    );
    const after = await planOf(agent);
    expect(after.plan.id).toBe('basic');
    expect(after.billing.hiddenListings).toBe(2);
    expect(await limitOf(agent)).toBe(3);
    const rows = await t.database.db.select().from(properties).where(eq(properties.agentId, agent.id));
    expect(rows).toHaveLength(5);
    expect(
      rows
        .filter((p) => p.isPublic)
        .map((p) => p.id)
        .sort(),
    ).toEqual(ids.slice(0, 3).sort());
    const page = await t.request({ method: 'GET', url: `/api/properties/public/${agent.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('3 Oak Lane');
    expect(page.body).not.toContain('4 Oak Lane');
    expect(page.body).not.toContain('5 Oak Lane');
    // The property form cannot publish a listing the plan hid: only Subscription's choice (within the limit) can.
    const published = await t.request({
      method: 'PUT',
      url: `/api/properties/${ids[4]}`,
      token: agent.token,
      payload: {
        address: '5 Oak Lane',
        city: 'Austin',
        state: 'TX',
        zip_code: '78701',
        price: 500000,
        bedrooms: 3,
        bathrooms: 2,
        property_type: 'Residential',
        images: [],
        is_public: true,
      },
    });
    expect(published.statusCode, published.body).toBe(403);
    expect(published.json()).toMatchObject({
      code: 'PROPERTY_LIMIT_REACHED',
      fields: { is_public: expect.any(String) },
    });
    const [still] = await t.database.db.select().from(properties).where(eq(properties.id, ids[4]!));
    expect(still).toMatchObject({ isPublic: false, address: '5 Oak Lane' });
    expect(still!.planHiddenAt).not.toBeNull();
    const tooMany = await t.request({
      method: 'PUT',
      url: '/api/payments/listings',
      token: agent.token,
      payload: { keep: ids.slice(0, 4) },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: 'TOO_MANY_LISTINGS', fields: { keep: expect.any(String) } });
    const chosen = await t.request({
      method: 'PUT',
      url: '/api/payments/listings',
      token: agent.token,
      payload: { keep: [ids[4], ids[3], ids[0]] },
    });
    expect(chosen.statusCode).toBe(200);
    const bookable = chosen
      .json<{ listings: { id: number; bookable: boolean }[] }>()
      .listings.filter((l) => l.bookable);
    expect(bookable.map((l) => l.id).sort()).toEqual([ids[0], ids[3], ids[4]].sort());

    // Paid again: reactivated, Professional, every hidden listing back.
    await webhook('invoice.paid', { id: 'in_test_2', object: 'invoice', customer });
    const paid = await planOf(agent);
    expect(paid.plan.id).toBe('pro');
    expect(paid.billing).toMatchObject({ status: 'active', graceUntil: null, hiddenListings: 0 });
    const all = await t.database.db.select().from(properties).where(eq(properties.agentId, agent.id));
    expect(all.every((p) => p.isPublic)).toBe(true);
  });

  it('cancelled: the subscription ends and the agent is on Basic', async () => {
    const sub = await subscription(customer, [{ lookup: 'keyturn_pro_monthly' }], { status: 'canceled' });
    await webhook('customer.subscription.deleted', sub);
    const state = await planOf(agent);
    expect(state.plan.id).toBe('basic');
    expect(state.billing.status).toBe('canceled');
  });

  it('the Customer Portal opens for the customer and returns to Subscription', async () => {
    const from = stripe.requests.length;
    const res = await t.request({ method: 'POST', url: '/api/payments/portal', token: agent.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(new RegExp(`^${stripe.url}/portal/bps_test_`));
    const portal = stripe.requests.slice(from).find((r) => r.path === '/v1/billing_portal/sessions');
    expect(portal?.form).toEqual({ customer, return_url: `${t.config.publicUrl}/dashboard/subscription` });
    const stranger = await makeAgent(t);
    const none = await t.request({ method: 'POST', url: '/api/payments/portal', token: stranger.token });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: 'NO_SUBSCRIPTION' });
  });
});

describe('choosing the listings that stay bookable (issue 39, item 19)', () => {
  it('a choice naming a listing that is not the agent’s answers UNKNOWN_LISTING and changes nothing', async () => {
    const agent = await makeAgent(t);
    const mine = [
      await makeProperty(t, agent.id, { address: '1 Elm Row' }),
      await makeProperty(t, agent.id, { address: '2 Elm Row' }),
    ];
    const stranger = await makeAgent(t);
    const theirs = await makeProperty(t, stranger.id, { address: '9 Other Street' });
    for (const foreign of [theirs, 2_000_000_000]) {
      const res = await t.request({
        method: 'PUT',
        url: '/api/payments/listings',
        token: agent.token,
        payload: { keep: [mine[0], foreign] },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'UNKNOWN_LISTING', fields: { keep: expect.any(String) } });
      const rows = await t.database.db.select().from(properties).where(eq(properties.agentId, agent.id));
      expect(rows.map((p) => [p.id, p.isPublic, p.planHiddenAt]).sort()).toEqual(
        mine.map((id) => [id, true, null]).sort(),
      );
      const [other] = await t.database.db.select().from(properties).where(eq(properties.id, theirs));
      expect(other).toMatchObject({ isPublic: true, planHiddenAt: null });
    }
  });
});

describe("Stripe's events in Stripe's order, and signed events that are not Stripe's shape (issue 39, item 18)", () => {
  const base = Math.floor(clock.getTime() / 1000);
  let m = 0;
  const post = (payload: string) =>
    t.request({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(payload, SECRET) },
      payload,
    });
  const event = (type: string, created: number, object: Record<string, unknown>) => {
    m += 1;
    const id = `evt_order_${m}_${Date.now()}`;
    return { id, send: () => post(JSON.stringify({ id, object: 'event', type, created, data: { object } })) };
  };
  async function customerAgent(customerId: string) {
    const agent = await makeAgent(t);
    await t.database.db.insert(billingAccounts).values({ agentId: agent.id, customerId });
    return agent;
  }
  const outcomeOf = async (id: string) =>
    (await t.database.db.select().from(billingEvents).where(eq(billingEvents.id, id)))[0]?.outcome;

  it('an older subscription.updated arriving after subscription.deleted does not bring the plan back', async () => {
    const agent = await customerAgent('cus_order_1');
    const sub = (status: string) =>
      subscription('cus_order_1', [{ lookup: 'keyturn_pro_monthly' }], { id: 'sub_order_1', status });
    expect((await event('customer.subscription.created', base, await sub('active')).send()).statusCode).toBe(
      200,
    );
    expect((await planOf(agent)).plan.id).toBe('pro');
    const deleted = await event('customer.subscription.deleted', base + 20, await sub('canceled')).send();
    expect(deleted.json()).toEqual({ received: true, applied: true });
    expect((await planOf(agent)).plan.id).toBe('basic');

    // Sent by Stripe before the deletion, delivered after it.
    const late = event('customer.subscription.updated', base + 10, await sub('active'));
    const answer = await late.send();
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ received: true, applied: false });
    expect(await outcomeOf(late.id)).toBe('stale');
    // Made in the same second as the deletion: a deleted subscription still never comes back.
    const sameSecond = event('customer.subscription.updated', base + 20, await sub('active'));
    expect((await sameSecond.send()).json()).toEqual({ received: true, applied: false });
    expect(await outcomeOf(sameSecond.id)).toBe('ended');
    // Nor does a failed invoice of it give the cancelled plan a grace period.
    const invoice = event('invoice.payment_failed', base + 30, {
      id: 'in_order_1',
      object: 'invoice',
      customer: 'cus_order_1',
      subscription: 'sub_order_1',
    });
    expect((await invoice.send()).json()).toEqual({ received: true, applied: false });
    const state = await planOf(agent);
    expect(state.plan.id).toBe('basic');
    expect(state.billing).toMatchObject({ status: 'canceled', graceUntil: null });
  });

  it('two updates delivered out of order: the later-made one stands', async () => {
    const agent = await customerAgent('cus_order_2');
    const sub = async (cancelAtPeriodEnd: boolean) =>
      subscription('cus_order_2', [{ lookup: 'keyturn_pro_monthly' }], {
        id: 'sub_order_2',
        cancel_at_period_end: cancelAtPeriodEnd,
      });
    await event('customer.subscription.created', base, await sub(false)).send();
    await event('customer.subscription.updated', base + 30, await sub(true)).send();
    const older = event('customer.subscription.updated', base + 25, await sub(false));
    expect((await older.send()).json()).toEqual({ received: true, applied: false });
    expect((await planOf(agent)).billing.cancelAtPeriodEnd).toBe(true);
  });

  it('a signed event that is not JSON or has no id is a 400; one with an id but a broken body is recorded, 2xx', async () => {
    await customerAgent('cus_order_3');
    for (const body of [
      // Signed over the empty text (the fuzz found it called a bad signature: an empty body reaches no parser).
      '',
      'not json',
      '{',
      '1e999',
      'null',
      '[]',
      '{}',
      '{"id":5,"type":"x"}',
      '{"id":"a\\u0000"}',
    ]) {
      const res = await post(body);
      expect(res.statusCode, body).toBe(400);
      expect(res.json(), body).toMatchObject({
        code: 'MALFORMED_EVENT',
        fields: { body: expect.any(String) },
      });
    }
    const broken: Record<string, unknown>[] = [
      { created: 'yesterday', data: null },
      { created: base, data: { object: 'sub' } },
      {
        created: base,
        data: { object: { customer: 'cus_order_3', id: 'sub_x', status: 'active', items: 5 } },
      },
      { created: base, data: { object: { customer: 'cus_order_3', id: 'sub\u0000', status: 'active' } } },
      {
        created: base,
        data: { object: { customer: 'cus_order_3', id: 'sub_y', status: 'active', trial_end: 1e20 } },
      },
      { created: 1e300, data: { object: { customer: 'cus_order_3', id: 'sub_z', status: 'active' } } },
      { created: base, data: { object: { customer: { nope: 1 }, id: 'sub_w', status: 'active' } } },
    ];
    for (const rest of broken) {
      m += 1;
      const id = `evt_broken_${m}_${Date.now()}`;
      const body = JSON.stringify({ id, object: 'event', type: 'customer.subscription.updated', ...rest });
      const res = await post(body);
      expect(res.statusCode, body).toBe(200);
      expect(res.json(), body).toEqual({ received: true, applied: false });
      expect(await outcomeOf(id), body).toBe('malformed');
      // Stripe retrying it finds it recorded.
      expect((await post(body)).json()).toEqual({ received: true, applied: false });
    }
    const [row] = await t.database.db
      .select()
      .from(billingAccounts)
      .where(eq(billingAccounts.customerId, 'cus_order_3'));
    expect(row).toMatchObject({ status: 'none', subscriptionId: null, plan: null });
  });
});
