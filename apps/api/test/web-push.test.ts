// Issue 47 (decision 093): Web Push to the agent's devices, against a push service on 127.0.0.1 whose devices
// are real subscriptions (their own keys): every push is decrypted with the device's keys and its VAPID header
// checked. A request waiting for approval is pushed once — also when its job runs again and across a worker
// restart; a device its push service calls gone (410) is removed; a switched-off event is not pushed; another
// agent's devices are neither told nor removable.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PushPayload } from '@keyturn/domain/push';
import { propertyShowingRules, pushSends, pushSubscriptions } from '../src/db/schema';
import { jobOptionsOf, openJobQueue } from '../src/jobs/queue';
import { pushJobId, queuePushNow, type PushJobData } from '../src/modules/web-push/queue';
import { runPushJob } from '../src/modules/web-push/send';
import { VAPID_FILE, vapidDetailsOf } from '../src/modules/web-push/vapid';
import { bookingPayload, makeAgent, makeProperty, type TestAgent } from './fixtures';
import {
  agentEmail,
  ALL_DAY,
  bookAt,
  DAY,
  MINUTE,
  minutesFromNow,
  notifyHarness,
  remindersOnly,
  slotBetween,
  type NotifyHarness,
} from './support/notify';
import {
  checkVapid,
  makeDevice,
  startPushService,
  type TestDevice,
  type TestPushService,
} from './support/push-service';

let h: NotifyHarness;
let push: TestPushService;

beforeAll(async () => {
  h = await notifyHarness();
  push = await startPushService();
});
afterAll(async () => {
  await h?.close();
  await push?.close();
});
afterEach(async () => {
  await h.stopWorkers();
  h.clock.set(null);
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let seq = 0;
async function requestShowing(agent: TestAgent, dayOffset: number) {
  const slot = slotBetween(
    new Date(Date.now() + dayOffset * DAY),
    new Date(Date.now() + (dayOffset + 1) * DAY),
    agent.timeZone,
  );
  const res = await h.t.request({
    method: 'POST',
    url: '/api/booking',
    payload: bookingPayload(agent.id, { ...slot, client_email: `push.${++seq}@buyers.test` }),
  });
  if (res.statusCode !== 201) throw new Error(`booking failed: ${res.statusCode} ${res.body}`);
  return res.json().booking as { id: string; starts_at: string; manage_token: string };
}

async function subscribe(agent: TestAgent, device: TestDevice) {
  const res = await h.t.request({
    method: 'POST',
    url: '/api/push/subscriptions',
    token: agent.token,
    payload: { ...device.subscription, label: `Test ${device.name}` },
  });
  expect(res.statusCode, res.body).toBe(201);
}

const approvalAgent = () =>
  makeAgent(h.t, { timeZone: 'America/Chicago', availability: { ...ALL_DAY, requires_approval: true } });

async function pushJobOf(bookingId: string): Promise<PushJobData> {
  const rows = await h.t.database.db.execute<{ data: PushJobData }>(
    sql`select data from pgboss.job where name = 'notifications' and data->>'kind' = 'web_push' and data->>'bookingId' = ${bookingId}`,
  );
  expect(rows.rows).toHaveLength(1);
  return rows.rows[0]!.data;
}

describe('push subscriptions and preferences', () => {
  it('answers the server’s VAPID public key, kept in DATA_DIR', async () => {
    const agent = await makeAgent(h.t);
    const res = await h.t.request({ method: 'GET', url: '/api/push/config', token: agent.token });
    expect(res.statusCode).toBe(200);
    const key = res.json().data.public_key as string;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    expect(key).toBe(vapidDetailsOf(h.t.config).publicKey);
    expect(existsSync(path.join(h.t.config.dataDir, VAPID_FILE))).toBe(true);
    expect((await h.t.request({ method: 'GET', url: '/api/push/config' })).statusCode).toBe(401);
  });

  it('refuses a bad subscription with 400 and the fields', async () => {
    const agent = await makeAgent(h.t);
    const device = makeDevice(push, 'bad');
    const post = (payload: Record<string, unknown>) =>
      h.t.request({ method: 'POST', url: '/api/push/subscriptions', token: agent.token, payload });
    const noKeys = await post({ endpoint: device.endpoint });
    expect(noKeys.statusCode).toBe(400);
    expect(Object.keys(noKeys.json().fields ?? {}).join(' ')).toMatch(/keys/);
    const shortKey = await post({ ...device.subscription, keys: { p256dh: 'abc', auth: 'x' } });
    expect(shortKey.statusCode).toBe(400);
    expect(Object.keys(shortKey.json().fields ?? {}).join(' ')).toMatch(/p256dh/);
    const notHttp = await post({ ...device.subscription, endpoint: 'ftp://push.example/x' });
    expect(notHttp.statusCode).toBe(400);
    expect(notHttp.json().fields).toHaveProperty('endpoint');
    // Plain http only to 127.0.0.1 (and only where private hosts are allowed, as in this test server).
    const plain = await post({ ...device.subscription, endpoint: 'http://push.example.com/x' });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().fields).toHaveProperty('endpoint');
    expect(
      await h.t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.agentId, agent.id)),
    ).toHaveLength(0);
  });

  it('keeps each agent’s devices and switches their own', async () => {
    const [a, b] = await Promise.all([makeAgent(h.t), makeAgent(h.t)]);
    const device = makeDevice(push, 'own');
    await subscribe(a, device);
    const stranger = await h.t.request({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      token: b.token,
      payload: { endpoint: device.endpoint },
    });
    expect(stranger.statusCode).toBe(404);
    const prefs = await h.t.request({ method: 'GET', url: '/api/push/preferences', token: a.token });
    expect(prefs.json().data).toEqual({
      preferences: {
        new_request: true,
        seller_answer: true,
        cancelled: true,
        not_confirmed: true,
        buyer_message: true,
        access_released: true,
      },
      devices: 1,
    });
    const bPrefs = await h.t.request({ method: 'GET', url: '/api/push/preferences', token: b.token });
    expect(bPrefs.json().data.devices).toBe(0);
    const bad = await h.t.request({
      method: 'PUT',
      url: '/api/push/preferences',
      token: a.token,
      payload: { new_request: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    const own = await h.t.request({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      token: a.token,
      payload: { endpoint: device.endpoint },
    });
    expect(own.statusCode).toBe(200);
    expect(
      (await h.t.request({ method: 'GET', url: '/api/push/preferences', token: a.token })).json().data
        .devices,
    ).toBe(0);
  });

  it('moves a browser to the account signed in on it', async () => {
    const [a, b] = await Promise.all([makeAgent(h.t), makeAgent(h.t)]);
    const device = makeDevice(push, 'shared');
    await subscribe(a, device);
    await subscribe(b, device);
    const rows = await h.t.database.db
      .select({ agentId: pushSubscriptions.agentId })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, device.endpoint));
    expect(rows).toEqual([{ agentId: b.id }]);
  });
});

describe('pushes', () => {
  it('pushes a request awaiting approval once, encrypted for the device, across a second run and a worker restart', async () => {
    const agent = await approvalAgent();
    const other = await approvalAgent();
    const phone = makeDevice(push, 'phone');
    const othersPhone = makeDevice(push, 'others');
    await subscribe(agent, phone);
    await subscribe(other, othersPhone);
    await h.startWorkers();
    const booked = await requestShowing(agent, 2);
    await push.waitFor(() => push.to(phone).length === 1);
    const [request] = push.to(phone);

    // The VAPID header is the server's key, signed for the push service's origin.
    const publicKey = (
      await h.t.request({ method: 'GET', url: '/api/push/config', token: agent.token })
    ).json().data.public_key as string;
    const claims = checkVapid(request!.headers.authorization, phone.endpoint, publicKey);
    expect(claims.sub).toMatch(/^mailto:|^https:/);
    expect(request!.headers['content-encoding']).toBe('aes128gcm');
    expect(request!.headers.ttl).toBe(String(24 * 3600));
    expect(request!.headers.urgency).toBe('high');

    const payload = phone.decrypt(request!.body) as PushPayload;
    expect(payload.title).toMatch(/^Approval needed: Casey Buyer — \w{3}, \w{3} \d+ at \d+:\d{2} [AP]M$/);
    expect(payload.url).toBe(`/dashboard/bookings?booking=${booked.id}`);
    expect(payload.tag).toBe(`new_request:${booked.id}`);
    expect(payload.event).toBe('new_request');
    expect(payload.actions?.map((a) => a.action)).toEqual(['approve', 'decline']);
    expect(payload.actions?.[0]!.url).toBe(`/dashboard/bookings?booking=${booked.id}&action=approve`);
    // The agent's e-mail says the same.
    const address = await agentEmail(h.t, agent.id);
    await h.smtp.waitFor(() => h.smtp.to(address).length === 1);
    expect(h.smtp.to(address)[0]!.subject).toBe(payload.title);

    // Once: the same job run again sends nothing; queued again it is the same job; a new worker sends nothing.
    const job = await pushJobOf(booked.id);
    expect(await runPushJob(pushDeps(), job, { retryCount: 0, retryLimit: 2 })).toEqual({
      sent: 0,
      removed: 0,
    });
    await h.stopWorkers();
    const queue = await openJobQueue(h.t.database.db, jobOptionsOf(h.t.config));
    await queuePushNow(h.t.database.db, queue, { ...job }, new Date());
    await h.startWorkers();
    await sleep(2500);
    expect(push.to(phone)).toHaveLength(1);
    const [send] = await h.t.database.db.select().from(pushSends).where(eq(pushSends.bookingId, booked.id));
    expect(send).toMatchObject({ status: 'sent', attempts: 1, responseStatus: 201, event: 'new_request' });
    expect(pushJobId(job)).toBeTruthy();
    // The other agent's phone heard nothing of it.
    expect(push.to(othersPhone)).toHaveLength(0);
  });

  it('removes a device its push service calls gone (410), and still pushes to the agent’s others', async () => {
    const agent = await approvalAgent();
    const gone = makeDevice(push, 'gone');
    const laptop = makeDevice(push, 'laptop');
    await subscribe(agent, gone);
    await subscribe(agent, laptop);
    push.answer(gone, 410);
    await h.startWorkers();
    await requestShowing(agent, 3);
    await push.waitFor(() => push.to(gone).length === 1 && push.to(laptop).length === 1);
    await sleep(500);
    const left = await h.t.database.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.agentId, agent.id));
    expect(left).toEqual([{ endpoint: laptop.endpoint }]);
    expect(push.to(gone)).toHaveLength(1);
  });

  it('pushes a buyer’s message and their cancellation in the words of the agent’s e-mails', async () => {
    const agent = await makeAgent(h.t, { timeZone: 'America/Chicago', availability: ALL_DAY });
    const phone = makeDevice(push, 'buyer-side');
    await subscribe(agent, phone);
    await h.startWorkers();
    const booked = await requestShowing(agent, 5);
    const message = await h.t.request({
      method: 'POST',
      url: '/api/booking/manage/thread',
      payload: { token: booked.manage_token, body: 'Can we come ten minutes early?' },
    });
    expect(message.statusCode, message.body).toBe(201);
    await push.waitFor(() => push.to(phone).length === 1);
    const said = phone.decrypt(push.to(phone)[0]!.body) as PushPayload;
    expect(said).toMatchObject({
      event: 'buyer_message',
      body: 'Casey Buyer: Can we come ten minutes early?',
      url: `/dashboard/bookings?booking=${booked.id}`,
    });
    expect(said.actions).toBeUndefined();

    const cancel = await h.t.request({
      method: 'POST',
      url: '/api/booking/cancel',
      payload: { token: booked.manage_token, reason: 'Found another place' },
    });
    expect(cancel.statusCode).toBe(200);
    await push.waitFor(() => push.to(phone).length === 2);
    const cancelled = phone.decrypt(push.to(phone)[1]!.body) as PushPayload;
    const address = await agentEmail(h.t, agent.id);
    await h.smtp.waitFor(() => h.smtp.to(address).some((m) => m.subject.startsWith('Cancelled:')));
    expect(cancelled.event).toBe('cancelled');
    expect(cancelled.title).toBe(h.smtp.to(address).find((m) => m.subject.startsWith('Cancelled:'))!.subject);
  });

  it('pushes the seller’s answer, and no approval request for a showing the seller decides', async () => {
    const agent = await makeAgent(h.t, { plan: 'pro', timeZone: 'America/Chicago', availability: ALL_DAY });
    const listing = await makeProperty(h.t, agent.id, { address: '7 Willow Lane' });
    await h.t.database.db.insert(propertyShowingRules).values({ propertyId: listing, approval: 'seller' });
    const contact = await h.t.request({
      method: 'POST',
      url: `/api/properties/${listing}/contacts`,
      token: agent.token,
      payload: {
        name: 'Pat Seller',
        email: 'pat.push@sellers.test',
        phone: null,
        role: 'seller',
        gets: { approvals: true, notices: false, feedback: false, weeklyReport: false },
        channel: 'email',
      },
    });
    expect(contact.statusCode, contact.body).toBe(201);
    const phone = makeDevice(push, 'seller-side');
    await subscribe(agent, phone);
    await h.startWorkers();
    const slot = slotBetween(new Date(Date.now() + 2 * DAY), new Date(Date.now() + 3 * DAY), agent.timeZone);
    const res = await h.t.request({
      method: 'POST',
      url: '/api/booking',
      payload: bookingPayload(agent.id, {
        ...slot,
        property_id: listing,
        client_email: 'seller.push@buyers.test',
      }),
    });
    expect(res.json().booking).toMatchObject({ status: 'pending', awaiting: 'seller' });
    const bookingId = res.json().booking.id as string;
    const requests = () => h.smtp.to('pat.push@sellers.test');
    await h.smtp.waitFor(() => requests().length === 1);
    const approveLink = /Approve: (\S+)/.exec(requests()[0]!.parsed.text ?? '')![1]!;
    const token = new URL(approveLink).searchParams.get('token')!;
    const approved = await h.t.request({
      method: 'POST',
      url: '/api/seller-approval/approve',
      payload: { token },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    await push.waitFor(() => push.to(phone).length === 1);
    const said = phone.decrypt(push.to(phone)[0]!.body) as PushPayload;
    expect(said).toMatchObject({
      event: 'seller_answer',
      body: 'Pat Seller approved — 7 Willow Lane.',
      url: `/dashboard/bookings?booking=${bookingId}`,
    });
    expect(said.title).toMatch(/^Seller answered: Casey Buyer — /);
    // The request was the seller's to answer: the agent's devices were never asked to approve it.
    await sleep(1000);
    expect(push.to(phone)).toHaveLength(1);
  });

  it('tells the agent’s devices when a showing’s access details went out', async () => {
    const agent = await makeAgent(h.t, { plan: 'enterprise', availability: ALL_DAY });
    const propertyId = await makeProperty(h.t, agent.id, { address: '8 Access Lane' });
    const saved = await h.t.request({
      method: 'PUT',
      url: `/api/properties/${propertyId}/access`,
      token: agent.token,
      payload: { lockboxCode: 'LOCKBOX-4729', releaseMinutes: 60 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const phone = makeDevice(push, 'access');
    await subscribe(agent, phone);
    // A showing 50 minutes ahead, booked 90 minutes before it; its release (60 minutes before) is then due.
    const startsAt = new Date(Math.floor((Date.now() + 50 * MINUTE) / (30 * MINUTE)) * 30 * MINUTE);
    h.clock.set(new Date(startsAt.getTime() - 90 * MINUTE));
    const booked = await bookAt(h.t, agent, startsAt, {
      property_id: propertyId,
      client_email: `access.push.${++seq}@buyers.test`,
    });
    h.clock.set(new Date(startsAt.getTime() - 59 * MINUTE));
    await h.startWorkers();
    await push.waitFor(() => push.to(phone).length === 1);
    const said = phone.decrypt(push.to(phone)[0]!.body) as PushPayload;
    expect(said).toMatchObject({
      event: 'access_released',
      body: 'The access details for 8 Access Lane went to Casey Buyer.',
      url: `/dashboard/bookings?booking=${booked.id}`,
    });
    expect(said.title).toMatch(/^Getting in: 8 Access Lane — /);
    // Never the details themselves.
    expect(JSON.stringify(said)).not.toContain('LOCKBOX-4729');
  });

  it('pushes the "Not confirmed" alert with the agent’s e-mail, once', async () => {
    const agent = await makeAgent(h.t, { timeZone: 'America/Chicago', plan: 'pro', availability: ALL_DAY });
    const texts = await h.t.request({
      method: 'PUT',
      url: '/api/agents/notifications',
      token: agent.token,
      payload: { ...remindersOnly([1440]), sms_reminders: true },
    });
    expect(texts.statusCode, texts.body).toBe(200);
    const phone = makeDevice(push, 'unconfirmed');
    await subscribe(agent, phone);
    // Booked a day ago for 90 minutes from now: the 2-hour alert is due, and the buyer has not confirmed.
    h.clock.set(new Date(Date.now() - DAY));
    const booked = await bookAt(h.t, agent, minutesFromNow(90 * MINUTE), {
      client_phone: '(646) 555-0299',
      sms_consent: true,
    });
    h.clock.set(null);
    await h.startWorkers();
    const address = await agentEmail(h.t, agent.id);
    const alerts = () => h.smtp.to(address).filter((m) => m.subject.startsWith('Not confirmed:'));
    await h.smtp.waitFor(() => alerts().length === 1);
    await push.waitFor(() => push.to(phone).length === 1);
    const said = phone.decrypt(push.to(phone)[0]!.body) as PushPayload;
    expect(said).toMatchObject({ event: 'not_confirmed', url: `/dashboard/bookings?booking=${booked.id}` });
    expect(said.title).toBe(alerts()[0]!.subject);
    await sleep(1500);
    expect(push.to(phone)).toHaveLength(1);
  });

  it('pushes nothing for an event the agent switched off', async () => {
    const agent = await approvalAgent();
    const phone = makeDevice(push, 'quiet');
    await subscribe(agent, phone);
    const off = await h.t.request({
      method: 'PUT',
      url: '/api/push/preferences',
      token: agent.token,
      payload: {
        new_request: false,
        seller_answer: true,
        cancelled: true,
        not_confirmed: true,
        buyer_message: true,
        access_released: true,
      },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().data.preferences.new_request).toBe(false);
    await h.startWorkers();
    const booked = await requestShowing(agent, 4);
    const address = await agentEmail(h.t, agent.id);
    await h.smtp.waitFor(() => h.smtp.to(address).length === 1);
    // The push job ran and decided to send nothing.
    await waitForJobDone(booked.id);
    expect(push.to(phone)).toHaveLength(0);
    expect(
      await h.t.database.db
        .select()
        .from(pushSends)
        .where(and(eq(pushSends.bookingId, booked.id))),
    ).toHaveLength(0);
  });
});

function pushDeps() {
  return {
    db: h.t.database.db,
    now: () => new Date(),
    vapid: () => vapidDetailsOf(h.t.config),
    outbound: h.t.config.outbound,
    timeoutSeconds: 5,
  };
}

async function waitForJobDone(bookingId: string) {
  const until = Date.now() + 20_000;
  for (;;) {
    const rows = await h.t.database.db.execute<{ state: string }>(
      sql`select state from pgboss.job where name = 'notifications' and data->>'kind' = 'web_push' and data->>'bookingId' = ${bookingId}`,
    );
    if (rows.rows[0]?.state === 'completed') return;
    if (Date.now() > until) throw new Error(`the push job of ${bookingId} did not complete`);
    await sleep(200);
  }
}
