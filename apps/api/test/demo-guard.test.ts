// Issue 40, decision 064: a demo that cannot be abused. Signed in as the demo agent (the real seed), a booking
// for an outside address sends nothing through the SMTP server on 127.0.0.1 and the message is in the demo's
// Messages, not sent; its password cannot change; Server settings' "Remove the demo" removes it and its data
// and nobody else's; the daily reset is one job a day and never brings a removed demo back.
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TEXTS } from '@keyturn/domain/demo';
import { agents, bookings, notificationMessages, properties, users } from '../src/db/schema';
import { DEMO_AGENT } from '../src/demo/data';
import { nextDemoReset, queueDemoReset } from '../src/demo/jobs';
import { resetDemoIfPresent, seedDemoIfEmpty, type DemoDeps } from '../src/demo/seed';
import { demoDepsOf } from './support/demo';
import { bookAt, DAY, HOUR, notifyHarness, sleep, type NotifyHarness } from './support/notify';
import { makeAgent, makeProperty, type TestAgent } from './fixtures';

let h: NotifyHarness;
let deps: DemoDeps;
let demo: TestAgent;
let admin: { token: string; email: string };
let other: TestAgent;

async function waitForMessages(bookingId: string, n: number) {
  for (let i = 0; i < 80; i += 1) {
    const rows = await h.t.database.db
      .select()
      .from(notificationMessages)
      .where(eq(notificationMessages.bookingId, bookingId));
    if (rows.length >= n && rows.every((r) => r.status !== 'sending' && r.status !== 'retrying')) return rows;
    await sleep(250);
  }
  throw new Error(`no settled messages for booking ${bookingId}`);
}

/** The other agent's rows, which removing the demo must leave as they are. */
async function othersCounts() {
  const db = h.t.database.db;
  return {
    bookings: (await db.select({ n: count() }).from(bookings).where(eq(bookings.agentId, other.id)))[0]!.n,
    properties: (await db.select({ n: count() }).from(properties).where(eq(properties.agentId, other.id)))[0]!
      .n,
    messages: (
      await db
        .select({ n: count() })
        .from(notificationMessages)
        .where(eq(notificationMessages.agentId, other.id))
    )[0]!.n,
  };
}

beforeAll(async () => {
  h = await notifyHarness();
  deps = await demoDepsOf(h.t, new Date());
  const seeded = await seedDemoIfEmpty(deps);
  expect(seeded).not.toBeNull();
  // The first account that is not the demo's administers the server.
  admin = await h.t.signUp();
  const signIn = await h.t.request({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email: DEMO_AGENT.email, password: DEMO_AGENT.password },
  });
  expect(signIn.statusCode).toBe(200);
  demo = {
    id: seeded!.agentId,
    token: signIn.json<{ token: string }>().token,
    username: seeded!.username,
    timeZone: DEMO_AGENT.timeZone,
    email: DEMO_AGENT.email,
  };
  other = await makeAgent(h.t);
  await makeProperty(h.t, other.id);
}, 300_000);
afterAll(async () => {
  await h?.close();
});

describe('the demo account', () => {
  it("sends nothing through SMTP: a booking for an outside address lands in the demo's Messages as not sent", async () => {
    await h.startWorkers();
    const outside = 'someone@outside.example';
    const booked = await bookAt(h.t, demo, new Date(Math.ceil((Date.now() + 30 * DAY) / HOUR) * HOUR), {
      client_email: outside,
    });
    const rows = await waitForMessages(booked.id, 1);
    const toBuyer = rows.find((r) => r.recipient === outside);
    expect(toBuyer).toMatchObject({ status: 'skipped', lastError: DEMO_TEXTS.notSent });
    expect(toBuyer!.fileName).toBeTruthy();

    // Another agent's booking on the same server goes out through the same SMTP server: it is only the demo.
    const control = await bookAt(h.t, other, new Date(Math.ceil((Date.now() + 3 * DAY) / HOUR) * HOUR), {
      client_email: 'real.buyer@buyers.test',
    });
    await h.smtp.waitFor(() => h.smtp.to('real.buyer@buyers.test').length > 0, 20_000);
    await waitForMessages(control.id, 1);
    expect(h.smtp.to(outside)).toHaveLength(0);
    // Nothing of the demo's ever reached the SMTP server (its whole history included).
    const demoRecipients = new Set(
      (
        await h.t.database.db
          .select({ to: notificationMessages.recipient })
          .from(notificationMessages)
          .where(eq(notificationMessages.agentId, demo.id))
      ).map((r) => r.to.toLowerCase()),
    );
    expect(
      h.smtp.mails.filter((m) => m.envelopeTo.some((to) => demoRecipients.has(to.toLowerCase()))),
    ).toEqual([]);

    // The demo's own Messages list shows it, with the reason, and its stored copy opens.
    const list = await h.t.request({ method: 'GET', url: '/api/agents/messages', token: demo.token });
    expect(list.statusCode).toBe(200);
    const listed = list
      .json<{
        data: { id: string; booking_id: string; status: string; last_error: string; recipient: string }[];
      }>()
      .data.find((m) => m.booking_id === booked.id && m.recipient === outside);
    expect(listed).toMatchObject({ status: 'skipped', last_error: DEMO_TEXTS.notSent });
    const detail = await h.t.request({
      method: 'GET',
      url: `/api/agents/messages/${listed!.id}`,
      token: demo.token,
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.content.to).toContain(outside);
    await h.stopWorkers();
  }, 90_000);

  it('cannot change its password: 403 with the reason, and the public password still signs in', async () => {
    const res = await h.t.request({
      method: 'POST',
      url: '/api/auth/change-password',
      token: demo.token,
      payload: { currentPassword: DEMO_AGENT.password, newPassword: 'taken-over-9f8e7d6c' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'DEMO_ACCOUNT', error: DEMO_TEXTS.credentialsLocked });
    const again = await h.t.request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: DEMO_AGENT.email, password: DEMO_AGENT.password },
    });
    expect(again.statusCode).toBe(200);
    // Anyone else still changes theirs.
    const own = await h.t.request({
      method: 'POST',
      url: '/api/auth/change-password',
      token: other.token,
      payload: { currentPassword: 'correct-horse-9', newPassword: 'another-long-passphrase-1' },
    });
    expect(own.statusCode).toBe(200);
    // A changed password ends the other sessions and answers the new one's token.
    other = { ...other, token: own.json<{ token: string }>().token };
  });

  it('the daily reset is one job a day on the demo queue, at the next reset hour', async () => {
    const at = new Date('2026-12-01T10:00:00Z');
    expect(nextDemoReset(at)).toEqual({ day: '2026-12-02', at: new Date('2026-12-02T09:00:00Z') });
    expect(nextDemoReset(new Date('2026-12-01T08:59:00Z')).day).toBe('2026-12-01');
    await queueDemoReset(h.t.database.db, deps.queue, at);
    await queueDemoReset(h.t.database.db, deps.queue, new Date('2026-12-01T23:00:00Z'));
    const jobs = await h.t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = 'demo' and data->>'day' = '2026-12-02'`,
    );
    expect(jobs.rows[0]?.n).toBe(1);
  });

  it('Server settings shows the demo; "Remove the demo" removes it and its data, nobody else\'s', async () => {
    const db = h.t.database.db;
    const shown = await h.t.request({ method: 'GET', url: '/api/server-settings/demo', token: admin.token });
    expect(shown.statusCode).toBe(200);
    expect(shown.json().demo).toMatchObject({ email: DEMO_AGENT.email });
    expect(shown.json().demo.bookings).toBeGreaterThan(10);

    // Only the administrator may remove it (the demo agent itself included).
    for (const token of [demo.token, other.token]) {
      const refused = await h.t.request({ method: 'DELETE', url: '/api/server-settings/demo', token });
      expect(refused.statusCode).toBe(403);
    }
    const othersBefore = await othersCounts();
    expect(othersBefore.bookings).toBe(1);

    const removed = await h.t.request({
      method: 'DELETE',
      url: '/api/server-settings/demo',
      token: admin.token,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ success: true, demo: null });

    expect(await db.select().from(users).where(eq(users.email, DEMO_AGENT.email))).toEqual([]);
    expect(await db.select().from(agents).where(eq(agents.id, demo.id))).toEqual([]);
    for (const table of [bookings, properties, notificationMessages] as const) {
      const [row] = await db.select({ n: count() }).from(table).where(eq(table.agentId, demo.id));
      expect(row!.n).toBe(0);
    }
    expect(await othersCounts()).toEqual(othersBefore);
    const signIn = await h.t.request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: DEMO_AGENT.email, password: DEMO_AGENT.password },
    });
    expect(signIn.statusCode).toBe(401);
    const me = await h.t.request({ method: 'GET', url: '/api/auth/profile', token: other.token });
    expect(me.statusCode).toBe(200);

    // Gone for good: a second removal says so, and the daily reset does not bring it back.
    const again = await h.t.request({
      method: 'DELETE',
      url: '/api/server-settings/demo',
      token: admin.token,
    });
    expect(again.statusCode).toBe(404);
    expect(await resetDemoIfPresent(deps)).toBeNull();
    expect(await db.select().from(users).where(eq(users.email, DEMO_AGENT.email))).toEqual([]);
  });
});
