// GET /metrics (issue 40): the server's figures in Prometheus' text format, through prom-client. Each app has
// its own registry (tests build many apps in one process). Per-route request counts and latencies are this
// process's own; what several processes share — the job queue, messages sent, webhook deliveries, bookings —
// is read from the database at each scrape, so any one server tells the truth about all of them (the workers
// may run in another process). Access: the bearer token of METRICS_TOKEN, or, when none is set, only a
// request from this machine that no proxy forwarded.
import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { OPERATIONS_MESSAGES } from '@keyturn/domain/operations';
import type { Db } from '../db/client';
import { JOBS_SCHEMA } from '../jobs/queue';
import type { ErrorBody } from '../errors';

/** The label of a request no route matched (a 404): never the raw URL, whose values are unbounded. */
const UNMATCHED_ROUTE = '(unmatched)';
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Job states still to run; the oldest of them tells how far behind a queue is. */
const WAITING_STATES = ['created', 'retry'];

export type MetricsOptions = { db: Db; pool: pg.Pool; token: string | null };

export function registerMetrics(app: FastifyInstance, options: MetricsOptions): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'keyturn_process_' });
  const requests = new Counter({
    name: 'keyturn_http_requests_total',
    help: 'HTTP requests answered by this process, by route pattern, method and status code',
    labelNames: ['route', 'method', 'status_code'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'keyturn_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern and method',
    labelNames: ['route', 'method'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
    new Gauge<L>({ name, help, labelNames, registers: [registry] });
  const jobs = gauge('keyturn_jobs', 'Jobs in the queue by queue and state (pg-boss)', ['queue', 'state']);
  const oldest = gauge(
    'keyturn_jobs_oldest_waiting_seconds',
    'Age of the oldest job still waiting to run, by queue (0 when none waits)',
    ['queue'],
  );
  const failedJobs = gauge('keyturn_jobs_failed', 'Jobs that failed for good, by queue', ['queue']);
  const messages = gauge(
    'keyturn_messages',
    'Messages to buyers, agents and sellers by channel (email, sms) and status (sent, failed, ...)',
    ['channel', 'status'],
  );
  const webhooks = gauge('keyturn_webhook_deliveries', 'Webhook deliveries by status', ['status']);
  const bookings = gauge('keyturn_bookings_created', 'Bookings created on this server (all agents)', []);
  const pool = gauge('keyturn_db_pool_connections', "This process's database connections by state", [
    'state',
  ]);
  const poolMax = gauge('keyturn_db_pool_max', "The size of this process's database pool", []);

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    requests.inc({ route, method: request.method, status_code: String(reply.statusCode) });
    latency.observe({ route, method: request.method }, reply.elapsedTime / 1000);
  });

  /** The shared figures, read again at each scrape. */
  const refresh = async () => {
    const jobRows = await options.db.execute<{ name: string; state: string; n: number; age: number }>(
      sql`select name, state, count(*)::int as n,
                 coalesce(extract(epoch from now() - min(created_on)), 0)::float8 as age
            from ${sql.identifier(JOBS_SCHEMA)}.job group by name, state`,
    );
    jobs.reset();
    oldest.reset();
    failedJobs.reset();
    const waitingAge = new Map<string, number>();
    for (const row of jobRows.rows) {
      jobs.set({ queue: row.name, state: row.state }, row.n);
      failedJobs.inc({ queue: row.name }, row.state === 'failed' ? row.n : 0);
      const age = WAITING_STATES.includes(row.state) ? row.age : 0;
      waitingAge.set(row.name, Math.max(waitingAge.get(row.name) ?? 0, age));
    }
    for (const [queue, age] of waitingAge) oldest.set({ queue }, age);
    const messageRows = await options.db.execute<{ channel: string; status: string; n: number }>(
      sql`select channel, status, count(*)::int as n from notification_messages group by channel, status`,
    );
    messages.reset();
    for (const row of messageRows.rows) messages.set({ channel: row.channel, status: row.status }, row.n);
    const webhookRows = await options.db.execute<{ status: string; n: number }>(
      sql`select status, count(*)::int as n from webhook_deliveries group by status`,
    );
    webhooks.reset();
    for (const row of webhookRows.rows) webhooks.set({ status: row.status }, row.n);
    const bookingRows = await options.db.execute<{ n: number }>(sql`select count(*)::int as n from bookings`);
    bookings.set(bookingRows.rows[0]?.n ?? 0);
    pool.set({ state: 'total' }, options.pool.totalCount);
    pool.set({ state: 'idle' }, options.pool.idleCount);
    pool.set({ state: 'waiting' }, options.pool.waitingCount);
    poolMax.set(options.pool.options.max ?? 10);
  };

  app.get('/metrics', { config: { rateLimit: false }, schema: { hide: true } }, async (request, reply) => {
    const refused = refusal(request, options.token);
    if (refused) return reply.status(refused.status).header('cache-control', 'no-store').send(refused.body);
    await refresh();
    return reply
      .header('content-type', registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
}

function refusal(request: FastifyRequest, token: string | null): { status: number; body: ErrorBody } | null {
  if (token) {
    const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (sameSecret(given, token)) return null;
    const error = OPERATIONS_MESSAGES.metricsTokenRequired;
    return { status: 401, body: { error, code: 'METRICS_TOKEN_REQUIRED', fields: { authorization: error } } };
  }
  if (fromThisMachine(request)) return null;
  const error = OPERATIONS_MESSAGES.metricsLoopbackOnly;
  return { status: 403, body: { error, code: 'METRICS_LOOPBACK_ONLY', fields: { authorization: error } } };
}

/** Compared as hashes: equal lengths for timingSafeEqual, and no early exit on the first differing byte. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * The socket's own address is loopback (never the forwarded one: trustProxy could make request.ip anything)
 * and no proxy header says it was passed on from elsewhere (a reverse proxy on this machine connects from
 * loopback too).
 */
function fromThisMachine(request: FastifyRequest): boolean {
  const address = request.socket.remoteAddress ?? '';
  const loopback = address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
  const h = request.headers;
  return loopback && !h['x-forwarded-for'] && !h.forwarded && !h['x-real-ip'];
}
