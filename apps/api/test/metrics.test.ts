// /metrics (issue 40): Prometheus' text format, parsed here by a Prometheus text-format parser; 401 without the
// bearer token of METRICS_TOKEN; loopback only (and not proxied) when no token is set. Request counts are per
// route pattern, never the raw URL; bookings, messages and the job queue come from the database. And
// /api/health's `mail` tells the truth about the SMTP server saved in Server settings.
import parsePrometheusTextFormat, { type MetricFamily } from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS_MESSAGES } from '@keyturn/domain/operations';
import { createTestApp, type TestApp } from './app';
import { bookingPayload, makeAgent, type TestAgent } from './fixtures';
import { startSmtpServer, type TestSmtpServer } from './support/smtp-server';

const TOKEN = 'metrics-token-5f4e3d2c1b';
const clock = new Date('2030-01-07T15:00:00Z');
let t: TestApp;
let agent: TestAgent;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock, env: { METRICS_TOKEN: TOKEN } });
  agent = await makeAgent(t);
});
afterAll(async () => {
  await t.close();
});

const scrape = async (): Promise<MetricFamily[]> => {
  const res = await t.request({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/plain');
  return parsePrometheusTextFormat(res.body);
};
const family = (families: MetricFamily[], name: string) => {
  const found = families.find((f) => f.name === name);
  if (!found) throw new Error(`no metric ${name}`);
  return found;
};
const valueOf = (f: MetricFamily, labels: Record<string, string> = {}) =>
  Number(
    f.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v))?.value ?? Number.NaN,
  );

describe('GET /metrics with METRICS_TOKEN', () => {
  it('answers 401 in the one error shape without the token or with a wrong one', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer wrong-token-wrong-token' },
      { authorization: TOKEN },
    ]) {
      const res = await t.request({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        error: OPERATIONS_MESSAGES.metricsTokenRequired,
        code: 'METRICS_TOKEN_REQUIRED',
        fields: { authorization: OPERATIONS_MESSAGES.metricsTokenRequired },
      });
      expect(res.body).not.toContain('keyturn_');
    }
  });

  it('counts requests per route pattern (not the raw URL) with a latency histogram', async () => {
    for (const slug of ['first-unknown-team', 'second-unknown-team']) {
      expect((await t.request({ method: 'GET', url: `/api/public/teams/${slug}` })).statusCode).toBe(404);
    }
    await t.request({ method: 'GET', url: '/api/no-such-route-here' });
    const families = await scrape();
    const requests = family(families, 'keyturn_http_requests_total');
    expect(requests.type).toBe('COUNTER');
    const routes = requests.metrics.map((m) => m.labels?.route ?? '');
    expect(routes.some((r) => r.includes('unknown-team'))).toBe(false);
    expect(valueOf(requests, { route: '/api/public/teams/:slug', method: 'GET', status_code: '404' })).toBe(
      2,
    );
    expect(routes).not.toContain('/api/no-such-route-here');
    expect(valueOf(requests, { route: '(unmatched)', method: 'GET', status_code: '404' })).toBe(1);
    const latency = family(families, 'keyturn_http_request_duration_seconds');
    expect(latency.type).toBe('HISTOGRAM');
    expect(Object.keys(latency.metrics[0]?.buckets ?? {})).toContain('+Inf');
    // This parser keeps no labels of a histogram's series: its per-route count is read from the text.
    const text = (
      await t.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })
    ).body;
    expect(text).toMatch(
      /^keyturn_http_request_duration_seconds_count\{route="\/api\/public\/teams\/:slug",method="GET"\} 2$/m,
    );
  });

  it('counts bookings created, messages by channel and status, and the job queue per queue', async () => {
    const before = valueOf(family(await scrape(), 'keyturn_bookings_created'));
    const res = await t.request({
      method: 'POST',
      url: '/api/bookings',
      token: agent.token,
      payload: {
        ...bookingPayload(agent.id, { booking_date: '2030-01-09', booking_time: '11:00' }),
        agent_id: undefined,
      },
    });
    expect(res.statusCode).toBe(201);
    const families = await scrape();
    expect(valueOf(family(families, 'keyturn_bookings_created'))).toBe(before + 1);
    // The booking's messages wait in the notifications queue (no worker runs in this test).
    const jobs = family(families, 'keyturn_jobs');
    expect(valueOf(jobs, { queue: 'notifications', state: 'created' })).toBeGreaterThan(0);
    expect(
      valueOf(family(families, 'keyturn_jobs_oldest_waiting_seconds'), { queue: 'notifications' }),
    ).toBeGreaterThanOrEqual(0);
    expect(valueOf(family(families, 'keyturn_jobs_failed'), { queue: 'notifications' })).toBe(0);
    for (const name of ['keyturn_messages', 'keyturn_webhook_deliveries']) {
      expect(family(families, name).type).toBe('GAUGE');
    }
    expect(valueOf(family(families, 'keyturn_db_pool_max'))).toBe(10);
    expect(valueOf(family(families, 'keyturn_db_pool_connections'), { state: 'total' })).toBeGreaterThan(0);
  });

  it('counts messages sent and failed from the stored messages', async () => {
    const [booking] = (
      await t.database.pool.query<{ id: string }>('select id from bookings where agent_id = $1 limit 1', [
        agent.id,
      ])
    ).rows;
    const insert = (status: string, channel: string, key: string) =>
      t.database.pool.query(
        `insert into notification_messages
           (idempotency_key, message_id, agent_id, booking_id, kind, channel, audience, recipient, scheduled_for, status)
         values ($4, $4, $5, $1, 'confirmation', $2, 'buyer', 'x@example.com', now(), $3)`,
        [booking!.id, channel, status, key, agent.id],
      );
    await insert('sent', 'email', 'metrics-1');
    await insert('failed', 'sms', 'metrics-2');
    const messages = family(await scrape(), 'keyturn_messages');
    expect(valueOf(messages, { channel: 'email', status: 'sent' })).toBe(1);
    expect(valueOf(messages, { channel: 'sms', status: 'failed' })).toBe(1);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  let open: TestApp;
  beforeAll(async () => {
    open = await createTestApp();
  });
  afterAll(async () => {
    await open.close();
  });

  it('answers this machine only: loopback and not forwarded by a proxy', async () => {
    const local = await open.request({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(local.statusCode).toBe(200);
    expect(parsePrometheusTextFormat(local.body).map((f) => f.name)).toContain('keyturn_bookings_created');
    for (const opts of [
      { remoteAddress: '203.0.113.7' },
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.7' } },
    ]) {
      const res = await open.request({ method: 'GET', url: '/metrics', ...opts });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('METRICS_LOOPBACK_ONLY');
    }
  });
});

describe('/api/health tells the truth about mail', () => {
  let smtp: TestSmtpServer;
  let app: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it('says outbox with no SMTP server, ok once the page saved one that answers, unreachable for a dead one', async () => {
    const health = async () =>
      (await app.request({ method: 'GET', url: '/api/health' })).json().mail as string;
    expect(await health()).toBe('outbox');
    const admin = await app.signUp();
    const save = async (port: string) =>
      app.request({
        method: 'PUT',
        url: '/api/server-settings',
        token: admin.token,
        payload: { values: { SMTP_HOST: '127.0.0.1', SMTP_PORT: port, SMTP_SECURE: 'false' } },
      });
    expect((await save(new URL(smtp.url).port)).statusCode).toBe(200);
    expect(await health()).toBe('ok');
    expect((await save('1')).statusCode).toBe(200);
    expect(await health()).toBe('unreachable');
  });
});
