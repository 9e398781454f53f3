// A 127.0.0.1 server speaking the part of Stripe's API Keyturn uses (issue 30), for the API tests and the
// browser test: form-encoded requests in, JSON in Stripe's shapes out (lists, `resource_missing` errors).
//   /v1/customers, /v1/products(/{id}), /v1/prices (lookup_keys[] filter), /v1/coupons(/{id}),
//   /v1/checkout/sessions, /v1/billing_portal/sessions, /v1/balance (Server settings' Check)
// and two pages standing in for Stripe's hosted ones: GET /checkout/{id} completes the session — it posts the
// signed webhooks Stripe would (checkout.session.completed, customer.subscription.created as trialing) to
// `webhookUrl`, then redirects to the session's success_url — and GET /portal/{id} links back.
// Every API request is recorded, its form body flattened to `key[sub][0]` → value, for the tests to assert.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type StripeRequest = { method: string; path: string; form: Record<string, string>; auth: string };
type Obj = Record<string, unknown> & { id: string };

export type TestStripe = {
  url: string;
  port: number;
  requests: StripeRequest[];
  sessions: Map<string, Obj & { form: Record<string, string> }>;
  /** Posts a Stripe event, signed with the webhook secret (or `secret`), to the webhook URL. */
  sendEvent: (
    type: string,
    object: Record<string, unknown>,
    options?: { id?: string; secret?: string },
  ) => Promise<{ status: number; body: string; event: Record<string, unknown> }>;
  subscriptionOf: (customer: string) => Obj | undefined;
  setWebhookUrl: (url: string) => void;
  close: () => Promise<void>;
};

const newId = (prefix: string) => `${prefix}_test_${randomBytes(8).toString('hex')}`;

/** The Stripe-Signature header of `payload`: t=…,v1=HMAC-SHA256(secret, "t.payload"). */
export function stripeSignature(payload: string, secret: string, at = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${at}.${payload}`).digest('hex');
  return `t=${at},v1=${v1}`;
}

export async function startTestStripe(options: {
  webhookSecret: string;
  webhookUrl?: string;
  port?: number;
}): Promise<TestStripe> {
  let webhookUrl = options.webhookUrl ?? '';
  const requests: StripeRequest[] = [];
  const products = new Map<string, Obj>();
  const prices = new Map<string, Obj>();
  const coupons = new Map<string, Obj>();
  const customers = new Map<string, Obj>();
  const sessions = new Map<string, Obj & { form: Record<string, string> }>();
  const subscriptions = new Map<string, Obj>();
  let base = '';

  const sendEvent: TestStripe['sendEvent'] = async (type, object, opts = {}) => {
    const event = {
      id: opts.id ?? newId('evt'),
      object: 'event',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      data: { object },
    };
    const payload = JSON.stringify(event);
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripeSignature(payload, opts.secret ?? options.webhookSecret),
      },
      body: payload,
    });
    return { status: response.status, body: await response.text(), event };
  };

  const subscriptionFromSession = (session: Obj & { form: Record<string, string> }): Obj => {
    const form = session.form;
    const items: Obj[] = [];
    for (let i = 0; form[`line_items[${i}][price]`]; i += 1) {
      const price = prices.get(form[`line_items[${i}][price]`]!);
      items.push({
        id: newId('si'),
        object: 'subscription_item',
        price,
        quantity: Number(form[`line_items[${i}][quantity]`] ?? 1),
        current_period_end: Math.floor(Date.now() / 1000) + 30 * 86400,
      });
    }
    const trialDays = Number(form['subscription_data[trial_period_days]'] ?? 0);
    const now = Math.floor(Date.now() / 1000);
    const sub: Obj = {
      id: newId('sub'),
      object: 'subscription',
      customer: session.customer,
      status: trialDays > 0 ? 'trialing' : 'active',
      cancel_at_period_end: false,
      trial_end: trialDays > 0 ? now + trialDays * 86400 : null,
      items: { object: 'list', data: items, has_more: false },
      discounts: form['discounts[0][coupon]'] ? [form['discounts[0][coupon]']] : [],
      metadata: {},
    };
    subscriptions.set(sub.id, sub);
    return sub;
  };

  const api = (req: IncomingMessage, form: Record<string, string>, url: URL): [number, unknown] => {
    const path = url.pathname;
    const [, , resource, id] = path.split('/');
    const missing = (what: string): [number, unknown] => [
      404,
      {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such ${what}: '${id}'`,
        },
      },
    ];
    if (req.method === 'GET' && path === '/v1/balance') {
      return [200, { object: 'balance', livemode: false, available: [], pending: [] }];
    }
    if (req.method === 'POST' && path === '/v1/customers') {
      const customer = { id: newId('cus'), object: 'customer', email: form.email, name: form.name };
      customers.set(customer.id, customer);
      return [200, customer];
    }
    if (resource === 'products') {
      if (req.method === 'GET' && id) return products.get(id) ? [200, products.get(id)] : missing('product');
      const product = { id: form.id ?? newId('prod'), object: 'product', name: form.name, active: true };
      products.set(product.id, product);
      return [200, product];
    }
    if (resource === 'coupons') {
      if (req.method === 'GET' && id) return coupons.get(id) ? [200, coupons.get(id)] : missing('coupon');
      const coupon = {
        id: form.id ?? newId('co'),
        object: 'coupon',
        percent_off: Number(form.percent_off),
        duration: form.duration,
      };
      coupons.set(coupon.id, coupon);
      return [200, coupon];
    }
    if (resource === 'prices') {
      if (req.method === 'GET') {
        const keys = [...url.searchParams.entries()]
          .filter(([k]) => k.startsWith('lookup_keys'))
          .map(([, v]) => v);
        const data = [...prices.values()].filter(
          (p) => keys.length === 0 || keys.includes(String(p.lookup_key)),
        );
        return [200, { object: 'list', data, has_more: false, url: '/v1/prices' }];
      }
      const price = {
        id: newId('price'),
        object: 'price',
        active: true,
        currency: form.currency,
        unit_amount: Number(form.unit_amount),
        lookup_key: form.lookup_key ?? null,
        product: form.product,
        recurring: { interval: form['recurring[interval]'] },
      };
      prices.set(price.id, price);
      return [200, price];
    }
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const sid = newId('cs');
      const session = {
        id: sid,
        object: 'checkout.session',
        mode: form.mode,
        customer: form.customer,
        client_reference_id: form.client_reference_id ?? null,
        success_url: form.success_url,
        cancel_url: form.cancel_url,
        url: `${base}/checkout/${sid}`,
        status: 'open',
        form,
      };
      sessions.set(sid, session);
      const { form: _form, ...answer } = session;
      return [200, answer];
    }
    if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
      const pid = newId('bps');
      return [
        200,
        {
          id: pid,
          object: 'billing_portal.session',
          customer: form.customer,
          return_url: form.return_url,
          url: `${base}/portal/${pid}?return=${encodeURIComponent(form.return_url ?? '')}`,
        },
      ];
    }
    return [
      404,
      {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${req.method}: ${path})`,
        },
      },
    ];
  };

  const hosted = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const [, page, id = ''] = url.pathname.split('/');
    if (page === 'portal') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(
        `<!doctype html><title>Test portal</title><h1>Test billing portal</h1><a href="${url.searchParams.get('return') ?? '/'}">Return</a>`,
      );
      return;
    }
    const session = sessions.get(id);
    if (page !== 'checkout' || !session) {
      res.writeHead(404).end('no such page');
      return;
    }
    session.status = 'complete';
    const sub = subscriptionFromSession(session);
    session.subscription = sub.id;
    const { form: _form, ...completed } = session;
    await sendEvent('checkout.session.completed', completed);
    await sendEvent('customer.subscription.created', sub);
    res.writeHead(303, { location: String(session.success_url) }).end();
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (!url.pathname.startsWith('/v1/')) {
        hosted(req, res, url).catch((err: unknown) => res.writeHead(500).end(String(err)));
        return;
      }
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      requests.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        form,
        auth: req.headers.authorization ?? '',
      });
      if (!/^Bearer sk_test_/.test(req.headers.authorization ?? '')) {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }),
        );
        return;
      }
      const [status, body] = api(req, form, url);
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    port,
    requests,
    sessions,
    sendEvent,
    subscriptionOf: (customer) => [...subscriptions.values()].find((s) => s.customer === customer),
    setWebhookUrl: (u) => {
      webhookUrl = u;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
