// Outbound webhooks (issue 13, Enterprise) to a receiver on 127.0.0.1: the body is the documented one, the
// signature verifies, a 500 is retried and delivered once, the delivery log shows it, "Send again" repeats
// the same event; another agent's webhook is 404, and the calls are refused below Enterprise.
import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanId } from '@keyturn/domain/enums';
import { WEBHOOK_EVENTS, WEBHOOK_MESSAGES } from '@keyturn/domain/schemas/webhooks';
import { MESSAGES } from '@keyturn/domain/messages';
import { bookings, webhookDeliveries } from '../src/db/schema';
import { runWebhookJob } from '../src/modules/crm/deliver';
import { createTestApp } from './app';
import { verifyWebhook } from '../src/modules/crm/signature';
import { makeAgent, type TestAgent } from './fixtures';
import { bookAt, DAY, minutesFromNow, notifyHarness, sleep, type NotifyHarness } from './support/notify';

type Body = {
  id: string;
  event: string;
  data: {
    booking: { id: string } & Record<string, unknown>;
    feedback: Record<string, unknown>;
    lead: { hot: boolean } & Record<string, unknown>;
  };
};
type Received = { path: string; headers: http.IncomingHttpHeaders; raw: string; body: Body };

let h: NotifyHarness;
let receiver: http.Server;
let receiverUrl: string;
const received: Received[] = [];
/** Status answers to give per event, in order; 200 once they run out. */
const answers = new Map<string, number[]>();

let owner: TestAgent;
let other: TestAgent;
let endpointId: string;
let secret: string;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const body = JSON.parse(raw) as Received['body'];
      received.push({ path: req.url ?? '', headers: req.headers, raw, body });
      if (req.url === '/moved') {
        res.writeHead(307, { location: '/hooks/keyturn' });
        res.end();
        return;
      }
      res.statusCode = answers.get(body.event)?.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/keyturn`;
  h = await notifyHarness({
    // The receiver is on 127.0.0.1.
    ALLOW_PRIVATE_OUTBOUND_HOSTS: 'true',
    WEBHOOK_RETRY_LIMIT: '3',
    WEBHOOK_RETRY_DELAY_SECONDS: '1',
    WEBHOOK_TIMEOUT_SECONDS: '5',
  });
  owner = await makeAgent(h.t, { plan: 'enterprise' });
  other = await makeAgent(h.t, { plan: 'enterprise' });
  await h.startWorkers();
});
afterAll(async () => {
  await h?.close();
  await new Promise((resolve) => receiver.close(resolve));
});

async function until<T>(read: () => T | undefined | Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out waiting');
    await sleep(100);
  }
}

const api = (agent: TestAgent, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  h.t.request({ method, url, token: agent.token, ...(payload ? { payload } : {}) });

describe('webhook endpoints', () => {
  it('registering answers the signing secret once; the list never shows it', async () => {
    const res = await api(owner, 'POST', '/api/webhooks', { url: receiverUrl, events: [...WEBHOOK_EVENTS] });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    expect(body.data).toMatchObject({ url: receiverUrl, events: [...WEBHOOK_EVENTS] });
    endpointId = body.data.id;
    secret = body.secret;
    const list = await api(owner, 'GET', '/api/webhooks');
    expect(list.json().data).toEqual([body.data]);
    expect(list.body).not.toContain(secret);
  });

  it('refuses an address that is not http(s), with the field named, and stores nothing', async () => {
    const res = await api(owner, 'POST', '/api/webhooks', {
      url: 'ftp://127.0.0.1/x',
      events: ['booking.created'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { url: WEBHOOK_MESSAGES.urlInvalid },
    });
    expect((await api(owner, 'GET', '/api/webhooks')).json().data).toHaveLength(1);
  });
});

describe('deliveries', () => {
  let bookingId: string;

  it('a new booking: a 500 is retried, then delivered once, signed, with the documented body', async () => {
    answers.set('booking.created', [500]);
    const booked = await bookAt(h.t, owner, minutesFromNow(2 * DAY), { client_email: 'Robin@Example.com' });
    bookingId = booked.id;
    const created = await until(() => {
      const hits = received.filter((r) => r.body.event === 'booking.created');
      return hits.length >= 2 ? hits : undefined;
    });
    expect(created).toHaveLength(2); // the 500, then the 200
    const [first, second] = created as [Received, Received];
    expect(second.body).toEqual(first.body); // the same event, sent again
    expect(second.path).toBe('/hooks/keyturn');
    expect(second.headers['content-type']).toBe('application/json');
    expect(second.headers['keyturn-event']).toBe('booking.created');
    expect(second.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      event: 'booking.created',
      created_at: expect.any(String),
      agent_id: owner.id,
      data: {
        booking: expect.objectContaining({
          id: bookingId,
          status: expect.any(String),
          starts_at: new Date(booked.starts_at).toISOString(),
          date: booked.booking_date,
          time: booked.booking_time,
          time_zone: owner.timeZone,
          property: null,
          client: { name: 'Casey Buyer', email: 'Robin@Example.com', phone: '+1 646 555 0199' },
          buyer_type: 'first_time_buyer',
        }),
      },
    });

    // The signature: t=<unix seconds>,v1=HMAC-SHA256(secret, "<t>.<raw body>") in hex.
    const header = String(second.headers['keyturn-signature']);
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header) ?? [];
    expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${second.raw}`).digest('hex'));
    expect(Math.abs(Number(t) - Date.now() / 1000)).toBeLessThan(120);
    expect(verifyWebhook(secret, header, second.raw)).toBe(true);
    expect(verifyWebhook(secret, header, second.raw.replace('Robin', 'Rob'))).toBe(false);
    expect(verifyWebhook('whsec_wrong', header, second.raw)).toBe(false);

    const log = await until(async () => {
      const res = await api(owner, 'GET', `/api/webhooks/${endpointId}/deliveries`);
      const row = res.json().data.find((d: { event: string }) => d.event === 'booking.created');
      return row?.status === 'delivered' ? row : undefined;
    });
    expect(log).toMatchObject({
      attempts: 2,
      response_status: 200,
      last_error: null,
      event_id: first.body.id,
    });
  });

  it('the lead the booking changed is sent as lead.updated', async () => {
    const lead = await until(() => received.find((r) => r.body.event === 'lead.updated'));
    expect(lead.body.data.lead).toMatchObject({ email: 'robin@example.com', bookings: 1, hot: false });
  });

  it('feedback.received carries the answers and the booking; the lead turns hot', async () => {
    await h.t.database.db.update(bookings).set({ status: 'completed' }).where(eq(bookings.id, bookingId));
    const res = await api(owner, 'POST', '/api/feedback', {
      booking_id: bookingId,
      rating: 5,
      interest_level: 'very_interested',
      second_showing: true,
      comments: 'Loved the light',
      agent_note: null,
    });
    expect(res.statusCode, res.body).toBe(201);
    const feedback = await until(() => received.find((r) => r.body.event === 'feedback.received'));
    expect(feedback.body.data.feedback).toMatchObject({
      booking_id: bookingId,
      rating: 5,
      interest_level: 'very_interested',
      hot: true,
      comments: 'Loved the light',
    });
    expect(feedback.body.data.booking.id).toBe(bookingId);
    const hot = await until(() =>
      received.find((r) => r.body.event === 'lead.updated' && r.body.data.lead.hot),
    );
    expect(hot.body.data.lead).toMatchObject({ feedback_count: 1, hot: true });
  });

  it('Send again repeats the same event as a new delivery, shown in the log', async () => {
    const log = (await api(owner, 'GET', `/api/webhooks/${endpointId}/deliveries`)).json().data as {
      id: string;
      event: string;
      event_id: string;
    }[];
    const original = log.find((d) => d.event === 'booking.created')!;
    const before = received.filter((r) => r.body.id === original.event_id).length;
    const res = await api(owner, 'POST', `/api/webhooks/${endpointId}/deliveries/${original.id}/resend`);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      event: 'booking.created',
      event_id: original.event_id,
      status: 'pending',
    });
    await until(() =>
      received.filter((r) => r.body.id === original.event_id).length > before ? true : undefined,
    );
    const after = (await api(owner, 'GET', `/api/webhooks/${endpointId}/deliveries`)).json().data;
    expect(after.filter((d: { event_id: string }) => d.event_id === original.event_id)).toHaveLength(2);
  });

  it('a redirect is not followed: the delivery is retried, then failed, and says why', async () => {
    const mover = await makeAgent(h.t, { plan: 'enterprise' });
    const movedUrl = receiverUrl.replace('/hooks/keyturn', '/moved');
    const created = await api(mover, 'POST', '/api/webhooks', { url: movedUrl, events: ['booking.created'] });
    const hookId = created.json().data.id as string;
    await bookAt(h.t, mover, minutesFromNow(4 * DAY), { client_email: 'mover@example.com' });
    const failed = await until(async () => {
      const log = (await api(mover, 'GET', `/api/webhooks/${hookId}/deliveries`)).json().data;
      return log[0]?.status === 'failed' ? log[0] : undefined;
    }, 30_000);
    expect(failed).toMatchObject({
      attempts: 4,
      response_status: 307,
      last_error: 'Answered 307 (redirects are not followed)',
    });
    const hits = received.filter((r) => r.raw.includes('mover@example.com'));
    expect(hits).toHaveLength(4);
    expect(hits.every((r) => r.path === '/moved')).toBe(true);
  });

  it("another agent's bookings send nothing to this endpoint", async () => {
    await bookAt(h.t, other, minutesFromNow(3 * DAY), { client_email: 'someone@else.test' });
    await sleep(1500);
    expect(received.some((r) => r.raw.includes('someone@else.test'))).toBe(false);
  });
});

describe('scoping and plans', () => {
  it("another agent's webhook is not found", async () => {
    const log = (await api(owner, 'GET', `/api/webhooks/${endpointId}/deliveries`)).json().data;
    for (const [method, url] of [
      ['GET', `/api/webhooks/${endpointId}/deliveries`],
      ['POST', `/api/webhooks/${endpointId}/deliveries/${log[0].id}/resend`],
      ['DELETE', `/api/webhooks/${endpointId}`],
      ['GET', '/api/webhooks/not-a-uuid/deliveries'],
    ] as const) {
      const res = await api(other, method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await api(owner, 'GET', '/api/webhooks')).json().data).toHaveLength(1);
  });

  it.each<[PlanId, number]>([
    ['basic', 403],
    ['pro', 403],
  ])('plan %s → %i on every webhook call', async (plan) => {
    const agent = await makeAgent(h.t, { plan });
    for (const [method, url, payload] of [
      ['GET', '/api/webhooks', undefined],
      ['POST', '/api/webhooks', { url: receiverUrl, events: ['booking.created'] }],
      ['GET', `/api/webhooks/${endpointId}/deliveries`, undefined],
    ] as const) {
      const res = await api(agent, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('PLAN_UPGRADE_REQUIRED');
    }
  });

  it('deleting the endpoint stops its deliveries and answers 404 afterwards', async () => {
    expect((await api(owner, 'DELETE', `/api/webhooks/${endpointId}`)).statusCode).toBe(200);
    expect((await api(owner, 'GET', `/api/webhooks/${endpointId}/deliveries`)).statusCode).toBe(404);
  });
});

describe('private hosts (SSRF): refused unless ALLOW_PRIVATE_OUTBOUND_HOSTS', () => {
  it('without the setting, an endpoint on loopback, private, link-local or unique-local addresses (after DNS) is a 400 URL_NOT_ALLOWED and nothing is stored', async () => {
    const strict = await createTestApp({ database: h.t.database });
    try {
      expect(strict.config.outbound.allowPrivateHosts).toBe(false);
      const agent = await makeAgent(strict, { plan: 'enterprise' });
      for (const url of [
        receiverUrl,
        'http://localhost:8080/hooks',
        'http://10.0.0.5/hooks',
        'http://172.16.3.4/hooks',
        'http://169.254.169.254/latest/meta-data',
        'http://[fe80::1]/hooks',
        'http://[fc00::5]/hooks',
      ]) {
        const res = await strict.request({
          method: 'POST',
          url: '/api/webhooks',
          token: agent.token,
          payload: { url, events: ['booking.created'] },
        });
        expect(res.statusCode, url).toBe(400);
        expect(res.json(), url).toMatchObject({
          error: MESSAGES.outboundUrlRefused,
          code: 'URL_NOT_ALLOWED',
          fields: { url: MESSAGES.outboundUrlRefused },
        });
      }
      const list = await strict.request({ method: 'GET', url: '/api/webhooks', token: agent.token });
      expect(list.json().data).toEqual([]);
    } finally {
      await strict.close();
    }
  });

  it('a delivery to an endpoint on a private host is not sent without the setting (checked again at send time)', async () => {
    const db = h.t.database.db;
    const sender = await makeAgent(h.t, { plan: 'enterprise' });
    const created = await api(sender, 'POST', '/api/webhooks', {
      url: receiverUrl,
      events: ['lead.updated'],
    });
    expect(created.statusCode).toBe(201);
    const [delivery] = await db
      .insert(webhookDeliveries)
      .values({
        id: randomUUID(),
        endpointId: created.json().data.id as string,
        agentId: sender.id,
        event: 'booking.created',
        body: { id: 'evt_private_host_check', event: 'booking.created' },
      })
      .returning();
    const deps = { db, now: () => new Date(), timeoutSeconds: 5 };
    await expect(
      runWebhookJob(
        { ...deps, outbound: { allowPrivateHosts: false } },
        { deliveryId: delivery!.id },
        { retryCount: 3, retryLimit: 3 },
      ),
    ).rejects.toThrow(MESSAGES.outboundUrlRefused);
    const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery!.id));
    expect(row).toMatchObject({ status: 'failed', responseStatus: null });
    expect(row!.lastError).toContain(MESSAGES.outboundUrlRefused);
    expect(received.some((r) => r.raw.includes('evt_private_host_check'))).toBe(false);
    // With the setting (this suite's), the same delivery goes through.
    await db
      .update(webhookDeliveries)
      .set({ status: 'retrying' })
      .where(eq(webhookDeliveries.id, delivery!.id));
    expect(
      await runWebhookJob(
        { ...deps, outbound: { allowPrivateHosts: true } },
        { deliveryId: delivery!.id },
        { retryCount: 0, retryLimit: 3 },
      ),
    ).toMatchObject({ status: 'delivered', responseStatus: 200 });
    expect(received.some((r) => r.raw.includes('evt_private_host_check'))).toBe(true);
  });
});
