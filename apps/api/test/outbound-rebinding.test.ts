// Issue 26: DNS rebinding. The outbound check resolves a name once; the connection must go to the address that
// check accepted, not to what the name answers next. A resolver stub answers a "public" address first and
// 127.0.0.1 after. Two servers share one port: the stand-in for a public host on 127.0.0.2 (the policy's
// `isPublic` names it public — the only address treated so) and the sink on 127.0.0.1 and ::1 (everything
// `localhost` resolves to for the system's DNS, which the old code asked a second time). No request may reach
// the sink — for ICS subscriptions and webhooks, with and without redirects — and the stub is asked exactly
// once per hop (the connection never resolves again).
import { randomUUID } from 'node:crypto';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@keyturn/domain/messages';
import { webhookDeliveries, webhookEndpoints } from '../src/db/schema';
import { isPublicAddress, type OutboundPolicy } from '../src/http/outbound-url';
import { fetchIcs } from '../src/modules/integrations/ics';
import { runWebhookJob } from '../src/modules/crm/deliver';
import { createTestApp, type TestApp } from './app';
import { makeAgent } from './fixtures';

const STAND_IN = '127.0.0.2';
const CALENDAR = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nEND:VCALENDAR\r\n';

let t: TestApp;
let port: number;
const servers: Server[] = [];
const sinkHits: string[] = [];
const standInHits: string[] = [];
let lookups: string[] = [];

function serve(host: string, handler: RequestListener): Promise<Server> {
  const server = createServer(handler);
  servers.push(server);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

beforeAll(async () => {
  t = await createTestApp();
  const sink: RequestListener = (req, res) => {
    sinkHits.push(`${req.method} ${req.url}`);
    res.end(CALENDAR);
  };
  const first = await serve('127.0.0.1', sink);
  port = (first.address() as AddressInfo).port;
  await serve('::1', sink).catch(() => {}); // a machine without IPv6 loopback has nothing there to reach
  await serve(STAND_IN, (req, res) => {
    standInHits.push(`${req.method} ${req.url}`);
    // The next hop names the same host again, absolute or relative: its check resolves it again.
    if (req.url === '/hop-absolute')
      return void res.writeHead(302, { location: `http://localhost:${port}/cal.ics` }).end();
    if (req.url === '/hop-relative') return void res.writeHead(307, { location: '/cal.ics' }).end();
    if (req.url === '/hook-redirect')
      return void res.writeHead(307, { location: `http://localhost:${port}/hook` }).end();
    res.writeHead(200, { 'content-type': 'text/calendar' }).end(CALENDAR);
  });
});
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  await t?.close();
});
beforeEach(() => {
  sinkHits.length = 0;
  standInHits.length = 0;
  lookups = [];
});

/** Public (the stand-in) the first time a name is looked up, 127.0.0.1 every time after. */
const rebinding: OutboundPolicy = {
  allowPrivateHosts: false,
  resolve: (host) => {
    lookups.push(host);
    const address = lookups.filter((h) => h === host).length === 1 ? STAND_IN : '127.0.0.1';
    return Promise.resolve([{ address, family: 4 }]);
  },
  isPublic: (address) => address === STAND_IN || isPublicAddress(address),
};

describe('ICS subscriptions', () => {
  it('without a redirect: the calendar comes from the checked address, the sink sees nothing', async () => {
    expect(await fetchIcs(`http://localhost:${port}/cal.ics`, rebinding)).toBe(CALENDAR);
    expect(standInHits).toEqual(['GET /cal.ics']);
    expect(sinkHits).toEqual([]);
    expect(lookups).toEqual(['localhost']);
  });

  it('a later fetch of the same address, now answering 127.0.0.1, is refused before connecting', async () => {
    await fetchIcs(`http://localhost:${port}/cal.ics`, rebinding);
    await expect(fetchIcs(`webcal://localhost:${port}/cal.ics`, rebinding)).rejects.toThrow(
      MESSAGES.outboundUrlRefused,
    );
    expect(sinkHits).toEqual([]);
  });

  for (const hop of ['/hop-absolute', '/hop-relative']) {
    it(`with a redirect (${hop}): the next hop's check sees 127.0.0.1 and refuses it`, async () => {
      await expect(fetchIcs(`http://localhost:${port}${hop}`, rebinding)).rejects.toThrow(
        MESSAGES.outboundUrlRefused,
      );
      expect(standInHits).toEqual([`GET ${hop}`]);
      expect(sinkHits).toEqual([]);
      expect(lookups).toEqual(['localhost', 'localhost']);
    });
  }
});

describe('webhooks', () => {
  async function delivery(url: string): Promise<string> {
    const agent = await makeAgent(t, { plan: 'enterprise' });
    const [endpoint] = await t.database.db
      .insert(webhookEndpoints)
      .values({ agentId: agent.id, url, events: ['booking.created'], secret: 'whsec_test' })
      .returning();
    const [row] = await t.database.db
      .insert(webhookDeliveries)
      .values({
        id: randomUUID(),
        endpointId: endpoint!.id,
        agentId: agent.id,
        event: 'booking.created',
        body: { id: `evt_${randomUUID()}`, event: 'booking.created' },
      })
      .returning();
    return row!.id;
  }
  const deps = { db: () => t.database.db, now: () => new Date(), timeoutSeconds: 5, outbound: rebinding };
  const run = (deliveryId: string) =>
    runWebhookJob({ ...deps, db: deps.db() }, { deliveryId }, { retryCount: 3, retryLimit: 3 });

  it('without a redirect: delivered to the checked address; a retry now resolving to 127.0.0.1 is refused', async () => {
    const id = await delivery(`http://localhost:${port}/hook`);
    expect(await run(id)).toMatchObject({ status: 'delivered', responseStatus: 200 });
    expect(standInHits).toEqual(['POST /hook']);
    const again = await delivery(`http://localhost:${port}/hook`);
    await expect(run(again)).rejects.toThrow(MESSAGES.outboundUrlRefused);
    expect(sinkHits).toEqual([]);
    expect(lookups).toEqual(['localhost', 'localhost']);
  });

  it('with a redirect: not followed, and nothing reaches the sink', async () => {
    const id = await delivery(`http://localhost:${port}/hook-redirect`);
    await expect(run(id)).rejects.toThrow();
    const [row] = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
    expect(row).toMatchObject({ status: 'failed', responseStatus: 307 });
    expect(standInHits).toEqual(['POST /hook-redirect']);
    expect(sinkHits).toEqual([]);
  });
});
