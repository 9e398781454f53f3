// The demo tells one story (issue 29, main path 7), checked through the API on a seeded database at 03:37 on a
// Monday night in Austin: every message a buyer got matches what happened to the booking (no "Confirmed" for a
// request still waiting), "Require my approval" is on while requests wait, what people did happened in the day
// and at many different minutes, every lead's score is the product's scoring of its facts (answers weighed by
// age, nothing at 100 with words against it, no "call within 24 hours" about old answers), and the seven
// listings' photos are seven different pictures.
import { and, asc, eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadSignals, type LeadFacts, type SentimentLabel } from '@keyturn/domain/insights/signals';
import { scoreLead } from '@keyturn/domain/insights/score';
import type { InterestLevel, PriceOpinion } from '@keyturn/domain/schemas/feedback';
import { wallClockInZone } from '@keyturn/domain/time';
import { bookings, feedback, notificationMessages, properties } from '../src/db/schema';
import { isActiveTime } from '../src/demo/activity';
import { DEMO_ACTIVE_HOURS, DEMO_AGENT, DEMO_PROPERTIES } from '../src/demo/data';
import { seedDemoIfEmpty } from '../src/demo/seed';
import { createTestApp, type TestApp } from './app';
import { demoDepsOf } from './support/demo';

// Monday 2026-03-16, 03:37 in Austin (CDT): the minute the old demo stamped on every recent activity.
const NOW = new Date('2026-03-16T08:37:00Z');
const ZONE = DEMO_AGENT.timeZone;
let t: TestApp;
let agentId: string;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  const seeded = await seedDemoIfEmpty(await demoDepsOf(t, NOW));
  agentId = seeded!.agentId;
  const res = await t.request({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email: DEMO_AGENT.email, password: DEMO_AGENT.password },
  });
  token = res.json<{ token: string }>().token;
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const get = async <T>(url: string): Promise<T> => {
  const res = await t.request({ method: 'GET', url, token });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json<{ data: T }>().data;
};

async function demoBookings() {
  return t.database.db.select().from(bookings).where(eq(bookings.agentId, agentId));
}

/** Each booking's buyer e-mail subjects, in the order they were sent. */
async function buyerSubjects(): Promise<Map<string, string[]>> {
  const rows = await t.database.db
    .select({ bookingId: notificationMessages.bookingId, subject: notificationMessages.subject })
    .from(notificationMessages)
    .where(
      and(
        eq(notificationMessages.agentId, agentId),
        eq(notificationMessages.audience, 'buyer'),
        eq(notificationMessages.channel, 'email'),
      ),
    )
    .orderBy(asc(notificationMessages.scheduledFor));
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(r.bookingId!, [...(out.get(r.bookingId!) ?? []), r.subject ?? '']);
  return out;
}

describe('the demo agrees with itself', () => {
  it('every buyer e-mail matches what happened to its booking: requests get "Request received", never "Confirmed" before the agent confirms', async () => {
    const rows = await demoBookings();
    const subjects = await buyerSubjects();
    const starts = (list: string[], prefix: string) => list.filter((s) => s.startsWith(prefix)).length;
    expect(rows.some((b) => b.status === 'pending')).toBe(true);
    for (const b of rows) {
      const mails = subjects.get(b.id) ?? [];
      const label = `${b.status} ${b.startsAt.toISOString()}: ${mails.join(' | ')}`;
      // Approval is on: every booking starts as a request.
      expect(mails[0], label).toMatch(/^Request received: /);
      if (b.status === 'pending') {
        expect(mails, label).toEqual([mails[0]]);
      }
      if (b.status === 'declined') {
        expect(starts(mails, 'Confirmed: '), label).toBe(0);
        expect(mails.at(-1), label).toMatch(/^Not available: /);
      }
      if (b.status === 'confirmed' || b.status === 'completed' || b.status === 'no_show') {
        expect(starts(mails, 'Confirmed: '), label).toBe(1);
        expect(starts(mails, 'Cancelled: '), label).toBe(0);
      }
      if (b.status === 'cancelled') expect(mails.at(-1), label).toMatch(/^Cancelled: /);
      if (b.status !== 'completed') expect(starts(mails, 'How was your visit'), label).toBe(0);
    }
  });

  it('"Require my approval" is on, as the requests waiting for the agent say', async () => {
    const availability = await get<{ requires_approval: boolean }>('/api/availability');
    const pending = (await demoBookings()).filter((b) => b.status === 'pending');
    expect(pending.length).toBeGreaterThan(0);
    expect(availability.requires_approval).toBe(true);
    // A request still waiting was made in the last two days.
    for (const b of pending) expect(NOW.getTime() - b.createdAt.getTime()).toBeLessThan(2 * 86_400_000);
  });

  it('what people did happened in the day, in the agent’s zone, at many different minutes', async () => {
    const rows = await demoBookings();
    const answers = await t.database.db.select().from(feedback).where(eq(feedback.agentId, agentId));
    const leads = await get<{ last_activity_at: string }[]>('/api/leads');
    const instants = [
      ...rows.map((b) => b.createdAt),
      ...rows.filter((b) => b.status === 'cancelled' || b.status === 'declined').map((b) => b.updatedAt),
      ...answers.map((f) => f.createdAt),
      ...leads.map((l) => new Date(l.last_activity_at)),
    ];
    expect(instants.length).toBeGreaterThan(80);
    const outside = instants.filter((at) => !isActiveTime(at, ZONE));
    expect(
      outside.map((at) => `${at.toISOString()} (${wallClockInZone(at, ZONE).time})`),
      `outside ${DEMO_ACTIVE_HOURS.from}–${DEMO_ACTIVE_HOURS.to}`,
    ).toEqual([]);
    // Varied: the lead list's "last activity" does not repeat one minute past the hour.
    const minutes = new Map<string, number>();
    for (const l of leads) {
      const minute = wallClockInZone(new Date(l.last_activity_at), ZONE).time.slice(3);
      minutes.set(minute, (minutes.get(minute) ?? 0) + 1);
    }
    expect(minutes.size).toBeGreaterThanOrEqual(8);
    expect(Math.max(...minutes.values())).toBeLessThanOrEqual(Math.ceil(leads.length / 3));
    const bookedMinutes = new Set(rows.map((b) => wallClockInZone(b.createdAt, ZONE).time.slice(3)));
    expect(bookedMinutes.size).toBeGreaterThanOrEqual(30);
  });

  it("every lead's score is the product's scoring of its facts: answers weighed by age, never 100 with words against it, no urgent call about old answers", async () => {
    type Summary = {
      id: string;
      email: string;
      score: number;
      sentiment: string;
      next_step: { id: string } | null;
      last_activity_at: string;
    };
    const leads = await get<Summary[]>('/api/leads');
    const rows = await demoBookings();
    const answers = await t.database.db.select().from(feedback).where(eq(feedback.agentId, agentId));
    const byBooking = new Map(rows.map((b) => [b.id, b]));
    let stale = 0;
    for (const lead of leads) {
      const insights = await get<{
        score: number;
        factors: { id: string; points: number }[];
        sentiment: { label: SentimentLabel; score: number };
      }>(`/api/leads/${lead.id}/insights`);
      const own = rows.filter((b) => b.clientEmail.toLowerCase() === lead.email.toLowerCase());
      const theirAnswers = answers.filter((f) => own.some((b) => b.id === f.bookingId));
      const facts: LeadFacts = {
        bookings: own.map((b) => ({
          status: b.status,
          starts_at: b.startsAt.toISOString(),
          created_at: b.createdAt.toISOString(),
        })),
        feedback: theirAnswers.map((f) => ({
          rating: f.rating,
          interest_level: f.interestLevel as InterestLevel,
          price_opinion: f.priceOpinion as PriceOpinion | null,
          second_showing: f.secondShowing,
          showing_at: byBooking.get(f.bookingId)!.startsAt.toISOString(),
          answered_at: f.updatedAt.toISOString(),
        })),
        sentiment: { label: insights.sentiment.label, score: insights.sentiment.score },
        last_activity_at: lead.last_activity_at,
      };
      const signals = leadSignals(facts, NOW);
      const expected = scoreLead(signals);
      expect(lead.score, lead.email).toBe(expected.score);
      expect(insights.score).toBe(expected.score);
      expect(insights.factors).toEqual(expected.factors);
      if (insights.factors.some((f) => f.points < 0)) expect(lead.score, lead.email).toBeLessThan(100);
      if (lead.sentiment === 'mixed' || lead.sentiment === 'negative') expect(lead.score).toBeLessThan(100);
      if (lead.next_step?.id === 'call-within-24h') {
        expect(signals.answersAgeDays, lead.email).not.toBeNull();
        expect(signals.answersAgeDays!).toBeLessThanOrEqual(7);
      }
      if ((signals.answersAgeDays ?? 0) > 30) stale += 1;
    }
    // The demo has old answers to weigh (its history reaches back 90 days).
    expect(stale).toBeGreaterThan(0);
  });

  it('the seven listings have seven different street photos: different shapes, not one drawing recoloured', async () => {
    const rows = await t.database.db.select().from(properties).where(eq(properties.agentId, agentId));
    expect(rows).toHaveLength(DEMO_PROPERTIES.length);
    const pictures: PNG[] = [];
    for (const p of rows) {
      const res = await t.request({ method: 'GET', url: p.images[0]! });
      expect(res.statusCode).toBe(200);
      pictures.push(PNG.sync.read(res.rawPayload));
    }
    expect(new Set(rows.map((p) => p.images[0])).size).toBe(rows.length);
    for (let i = 0; i < pictures.length; i++) {
      for (let j = i + 1; j < pictures.length; j++) {
        const overlap = outlineOverlap(pictures[i]!, pictures[j]!);
        expect(overlap, `${rows[i]!.address} vs ${rows[j]!.address}`).toBeLessThan(0.5);
      }
    }
  });
});

/** Where a picture's colour changes sharply (its outlines), as a set of pixel positions. */
function outlines(png: PNG): Set<number> {
  const out = new Set<number>();
  const at = (x: number, y: number) => (y * png.width + x) * 4;
  for (let y = 0; y < png.height - 1; y++) {
    for (let x = 0; x < png.width - 1; x++) {
      const a = at(x, y);
      for (const b of [at(x + 1, y), at(x, y + 1)]) {
        let d = 0;
        for (let k = 0; k < 3; k++) d += Math.abs(png.data[a + k]! - png.data[b + k]!);
        if (d > 48) {
          out.add(y * png.width + x);
          break;
        }
      }
    }
  }
  return out;
}

/** How much two pictures share their outlines (Jaccard index, 0–1): recoloured copies share nearly all. */
function outlineOverlap(a: PNG, b: PNG): number {
  const ea = outlines(a);
  const eb = outlines(b);
  let shared = 0;
  for (const p of ea) if (eb.has(p)) shared += 1;
  return shared / (ea.size + eb.size - shared);
}
