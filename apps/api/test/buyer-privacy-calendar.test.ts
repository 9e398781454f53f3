// Issue 46 (decision 091): a deleted buyer's showings leave the agent's calendar. Against the 127.0.0.1 server
// speaking Google's protocol (test/support/calendar-provider.ts): a confirmed booking is pushed as an event;
// completing the buyer's privacy request queues the event's deletion, which the calendar worker carries out.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Mailer } from '../src/adapters/mail';
import { calendarEvents } from '../src/db/schema';
import { calendarDepsOf } from '../src/modules/integrations/setup';
import { createTestApp, type TestApp } from './app';
import { bookingPayload, makeAgent, makeProperty, type TestAgent } from './fixtures';
import { calendarDrainer, type Drainer } from './support/calendar-jobs';
import { startCalendarProvider, type TestCalendarProvider } from './support/calendar-provider';
import { PUBLIC_URL } from './support/notify';

const NOW = new Date('2026-03-02T14:00:00Z');
const mailer: Mailer = {
  transport: 'file',
  send: async () => ({ transport: 'file', providerRef: 'test', fileName: null }),
  close: () => {},
};
let provider: TestCalendarProvider;
let t: TestApp;
let drainer: Drainer;

beforeAll(async () => {
  provider = await startCalendarProvider();
  t = await createTestApp({
    now: () => NOW,
    env: { PUBLIC_URL, ALLOW_PRIVATE_OUTBOUND_HOSTS: 'true', ...provider.env() },
  });
  drainer = await calendarDrainer(
    t.database.db,
    calendarDepsOf(t.config, t.database.db, () => NOW, mailer),
  );
});
afterAll(async () => {
  await drainer?.stop();
  await t?.close();
  await provider?.close();
});

/** Connect Google: the consent page's "Allow", then the exchange (as calendar-sync.test.ts does). */
async function connectGoogle(agent: TestAgent) {
  const start = await t.request({
    method: 'GET',
    url: '/api/integrations/google/connect',
    token: agent.token,
  });
  expect(start.statusCode).toBe(200);
  const page = await (await fetch(new URL(start.json().url as string))).text();
  const allow = /id="allow" href="([^"]+)"/.exec(page)?.[1]?.replace(/&amp;/g, '&');
  const back = new URL(allow!);
  const res = await t.request({
    method: 'POST',
    url: '/api/integrations/google/exchange',
    token: agent.token,
    payload: {
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
      redirectUri: `${PUBLIC_URL}/oauth/google/callback`,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  await drainer.drain();
}

it('completing a privacy request deletes the showing’s event from the agent’s Google calendar', async () => {
  const agent = await makeAgent(t);
  await connectGoogle(agent);
  const propertyId = await makeProperty(t, agent.id, { address: '9 Calendar Court' });
  const res = await t.request({
    method: 'POST',
    url: '/api/booking',
    payload: bookingPayload(agent.id, {
      booking_date: '2026-03-06',
      booking_time: '15:00',
      property_id: propertyId,
    }),
  });
  expect(res.statusCode, res.body).toBe(201);
  const bookingId = res.json().booking.id as string;
  expect(await drainer.drain()).toEqual(['push:inserted']);
  const buyerEvents = () =>
    [...provider.events.google.values()].filter((e) => String(e.summary).includes('Casey Buyer'));
  expect(buyerEvents()).toHaveLength(1);

  const made = await t.request({
    method: 'POST',
    url: '/api/privacy-requests',
    token: agent.token,
    payload: { email: 'casey@example.com' },
  });
  expect(made.statusCode, made.body).toBe(201);
  const done = await t.request({
    method: 'POST',
    url: `/api/privacy-requests/${made.json().data.id}/complete`,
    token: agent.token,
  });
  expect(done.statusCode, done.body).toBe(200);
  expect(
    await t.database.db.select().from(calendarEvents).where(eq(calendarEvents.bookingId, bookingId)),
  ).toEqual([]);
  expect(await drainer.drain()).toEqual(['delete-event:deleted']);
  expect(buyerEvents()).toEqual([]);
  expect(provider.requests.filter((r) => r.method === 'DELETE' && r.path.includes('/events/'))).toHaveLength(
    1,
  );
});
