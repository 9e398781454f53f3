// The demo dataset on a real database: seeded on an empty database with a fixed "today", it fills every part
// of the product (each status, feedback of every tone, a photo on every listing, sent messages whose stored
// copies open, reminders queued ahead by the real scheduler), nothing overlaps, and reset-demo rebuilds only
// the demo agent's data, the same way every time.
import path from 'node:path';
import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agents,
  bookings,
  feedback,
  notificationJobs,
  notificationMessages,
  images,
  properties,
} from '../src/db/schema';
import { DEMO_AGENT, DEMO_PROPERTIES, FEEDBACK_TONES, DEMO_FEEDBACK } from '../src/demo/data';
import { resetDemo, seedDemoIfEmpty, type DemoDeps } from '../src/demo/seed';
import { createTestApp, type TestApp } from './app';
import { demoDepsOf } from './support/demo';
import { makeAgent, makeProperty } from './fixtures';

// A Wednesday, 10:20 in Austin, three days after the spring DST change.
const NOW = new Date('2026-03-11T15:20:00Z');
let t: TestApp;
let deps: DemoDeps;
let agentId: string;

beforeAll(async () => {
  t = await createTestApp();
  deps = await demoDepsOf(t, NOW);
  const seeded = await seedDemoIfEmpty(deps);
  expect(seeded).not.toBeNull();
  agentId = seeded!.agentId;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function signInDemo(): Promise<string> {
  const res = await t.request({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email: DEMO_AGENT.email, password: DEMO_AGENT.password },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ token: string }>().token;
}

const snapshot = async () =>
  (
    await t.database.db
      .select({
        email: bookings.clientEmail,
        startsAt: bookings.startsAt,
        status: bookings.status,
        property: properties.address,
      })
      .from(bookings)
      .leftJoin(properties, eq(properties.id, bookings.propertyId))
      .where(eq(bookings.agentId, agentId))
      .orderBy(bookings.startsAt)
  ).map((r) => `${r.startsAt.toISOString()} ${r.email} ${r.status} ${r.property ?? '-'}`);

describe('the demo seed', () => {
  it('is the demo agent on Professional in Austin, branded, with every listing photographed and placed on the map', async () => {
    const [agent] = await t.database.db.select().from(agents).where(eq(agents.id, agentId));
    expect(agent).toMatchObject({ email: DEMO_AGENT.email, timeZone: 'America/Chicago', plan: 'pro' });
    // Branded: the agency's logo and the agent's portrait, served like any upload.
    for (const url of [agent!.logoUrl, agent!.profilePictureUrl]) {
      const res = await t.request({ method: 'GET', url: url! });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('image/png');
    }
    const rows = await t.database.db.select().from(properties).where(eq(properties.agentId, agentId));
    expect(rows).toHaveLength(DEMO_PROPERTIES.length);
    for (const p of rows) {
      expect(p.city).toBe('Austin');
      expect(p.lat).not.toBeNull();
      expect(p.lng).not.toBeNull();
      expect(p.images.length).toBeGreaterThanOrEqual(1);
      for (const url of p.images) {
        // Kept in the database (table images), so every server serves it.
        const [stored] = await t.database.db
          .select({ name: images.name })
          .from(images)
          .where(eq(images.name, path.basename(url)));
        expect(stored).toBeDefined();
        const res = await t.request({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toContain('image/png');
      }
    }
  });

  it('has every booking status and feedback of every tone', async () => {
    const statuses = await t.database.db
      .selectDistinct({ status: bookings.status })
      .from(bookings)
      .where(eq(bookings.agentId, agentId));
    expect(statuses.map((s) => s.status)).toEqual(
      expect.arrayContaining(['pending', 'confirmed', 'completed', 'cancelled', 'no_show']),
    );
    const comments = await t.database.db
      .select({ comments: feedback.comments })
      .from(feedback)
      .where(eq(feedback.agentId, agentId));
    for (const tone of FEEDBACK_TONES) {
      const texts = DEMO_FEEDBACK[tone].map((f) => f.comments);
      expect(
        comments.some((c) => texts.includes(c.comments)),
        tone,
      ).toBe(true);
    }
  });

  it('no two bookings overlap', async () => {
    const overlaps = await t.database.db.execute(sql`
      select a.id from ${bookings} a join ${bookings} b
        on a.agent_id = b.agent_id and a.id < b.id
       and tstzrange(a.starts_at, a.ends_at) && tstzrange(b.starts_at, b.ends_at)
     where a.agent_id = ${agentId}`);
    expect(overlaps.rows).toEqual([]);
  });

  it('sent messages in the past, each with a stored copy the Sent messages screen opens', async () => {
    const token = await signInDemo();
    const list = await t.request({ method: 'GET', url: '/api/agents/messages?limit=200', token });
    expect(list.statusCode).toBe(200);
    const messages = list.json<{ data: { id: string; kind: string; status: string; sent_at: string }[] }>()
      .data;
    expect(messages.length).toBeGreaterThan(50);
    const kinds = new Set(messages.map((m) => m.kind.split('.')[0]));
    for (const kind of ['booking_created', 'reminder', 'feedback_request', 'booking_cancelled']) {
      expect(kinds, kind).toContain(kind);
    }
    expect(messages.every((m) => m.status === 'sent' && Date.parse(m.sent_at) <= NOW.getTime())).toBe(true);
    const email = messages.find((m) => m.kind === 'feedback_request.buyer.email')!;
    const detail = await t.request({ method: 'GET', url: `/api/agents/messages/${email.id}`, token });
    expect(detail.statusCode).toBe(200);
    const content = detail.json<{ data: { content: { subject: string; text: string } | null } }>().data
      .content;
    expect(content?.text).toContain('/feedback/');
    const text = messages.find((m) => m.kind === 'reminder.buyer.sms')!;
    const sms = await t.request({ method: 'GET', url: `/api/agents/messages/${text.id}`, token });
    expect(sms.json<{ data: { content: { text: string } | null } }>().data.content?.text).toBeTruthy();
  });

  it('queues the reminders and feedback requests still ahead through the scheduler', async () => {
    const ahead = await t.database.db
      .select({ event: notificationJobs.event, id: notificationJobs.id })
      .from(notificationJobs)
      .where(and(eq(notificationJobs.agentId, agentId), gt(notificationJobs.scheduledFor, NOW)));
    expect(ahead.some((j) => j.event === 'reminder')).toBe(true);
    expect(ahead.some((j) => j.event === 'feedback_request')).toBe(true);
    const queued = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where id = any(${`{${ahead.map((j) => j.id).join(',')}}`}::uuid[])`,
    );
    expect(queued.rows[0]!.n).toBe(ahead.length);
    // Nothing past is queued: those messages were sent already.
    const sentReminders = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(notificationMessages)
      .where(
        and(eq(notificationMessages.agentId, agentId), eq(notificationMessages.kind, 'reminder.buyer.email')),
      );
    expect(sentReminders[0]!.n).toBeGreaterThan(10);
  });

  it('reset-demo rebuilds the same dataset, twice over, and leaves other agents alone', async () => {
    const other = await makeAgent(t);
    const otherProperty = await makeProperty(t, other.id);
    const before = await snapshot();
    const first = await resetDemo(deps);
    const afterFirst = await snapshot();
    const second = await resetDemo(deps);
    const afterSecond = await snapshot();
    expect(first.agentId).toBe(agentId);
    expect(second.agentId).toBe(agentId);
    expect(afterFirst).toEqual(before);
    expect(afterSecond).toEqual(before);
    expect(first.messages).toBe(second.messages);
    const [messages] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(notificationMessages)
      .where(eq(notificationMessages.agentId, agentId));
    expect(messages!.n).toBe(second.messages);
    const demoProperties = await t.database.db
      .select()
      .from(properties)
      .where(eq(properties.agentId, agentId));
    expect(demoProperties).toHaveLength(DEMO_PROPERTIES.length);
    const [kept] = await t.database.db.select().from(properties).where(eq(properties.id, otherProperty));
    expect(kept?.agentId).toBe(other.id);
    expect(await signInDemo()).toBeTruthy();
    // A second seed on a database that has users does nothing.
    expect(await seedDemoIfEmpty(deps)).toBeNull();
  }, 120_000);
});
