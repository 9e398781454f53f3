// Stored lead classes (issue 13): each change of a lead's facts stores its class history in the change's
// transaction (feedback arriving or deleted, an agent's status change), and the Feedback page (read-time
// classifier), the Reports funnel and weeks, the CRM export and the webhook payloads — which read the stored
// rows — agree after every change. The backfill gives classes to rows written without them, is idempotent,
// and recomputes leads of another rules version.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_CLASS_RULES_VERSION } from '@keyturn/domain/insights/classHistory';
import type { CoreReport } from '@keyturn/domain/schemas/reports';
import { bookings, feedback, leads } from '../src/db/schema';
import { backfillLeadClasses } from '../src/modules/leads/classes';
import { feedbackData, leadData } from '../src/modules/crm/payloads';
import { createTestApp, type TestApp } from './app';
import { makeAgent, type TestAgent } from './fixtures';
import { seedBooking } from './support/bookings';

const DAY = 86_400_000;
const ZONE = 'America/New_York';
const dayIn = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date(ms));
/** The last ten agent days up to today: the showings below are in it, its end is ahead of now. */
const range = `from=${dayIn(Date.now() - 10 * DAY)}&to=${dayIn(Date.now())}`;

let t: TestApp;
let agent: TestAgent;

beforeAll(async () => {
  t = await createTestApp();
  agent = await makeAgent(t, { plan: 'enterprise', timeZone: ZONE });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, who = agent) => t.request({ method: 'GET', url, token: who.token });

async function storedRows(agentId: string, email: string) {
  const { rows } = await t.database.db.execute<{ kind: string; class: string; from: string | null }>(sql`
    select h.kind, h.class,
           case when h.valid_from = '-infinity' then null else to_char(h.valid_from at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') end as from
    from lead_class_history h join leads l on l.id = h.lead_id
    where l.agent_id = ${agentId} and l.email = ${email}
    order by h.kind, h.valid_from`);
  return rows;
}

/** The lead's class as every reader sees it. */
async function everywhere(who: TestAgent, email: string, bookingId: string) {
  const page = (await get('/api/leads', who))
    .json()
    .data.find((l: { email: string }) => l.email.toLowerCase() === email);
  const report = (await get(`/api/reports?${range}`, who)).json<CoreReport>();
  const csv = Papa.parse<Record<string, string>>((await get('/api/exports/leads.csv', who)).body, {
    header: true,
    skipEmptyLines: true,
  }).data.find((row) => row.email === email);
  const answers = await feedbackData(t.database.db, who.id, bookingId);
  return {
    feedbackPage: page?.class,
    reportsFunnelHot: report.funnel.hot,
    reportsLastWeek: report.lead_classes_by_week.at(-1),
    crmHot: csv?.hot,
    webhookLeadHot: (await leadData(t.database.db, who.id, email))?.hot,
    webhookFeedbackHot: answers?.hot ?? null,
  };
}

describe('a change stores the lead class in its transaction, and every reader agrees', () => {
  let bookingId: string;
  const startsAt = new Date(Date.now() - 3 * DAY);
  startsAt.setUTCMinutes(0, 0, 0);

  it('a new booking has its class stored; the agent marking it completed stores it again', async () => {
    bookingId = await seedBooking(t.database.db, agent.id, {
      clientEmail: 'Robin@Example.com',
      startsAt: startsAt.toISOString(),
      status: 'confirmed',
      createdAt: new Date(startsAt.getTime() - 5 * DAY).toISOString(),
    });
    expect(await storedRows(agent.id, 'robin@example.com')).toEqual([
      { kind: 'current', class: 'potential', from: null },
      { kind: 'dated', class: 'potential', from: null },
    ]);
    const res = await t.request({
      method: 'PUT',
      url: `/api/bookings/${bookingId}`,
      token: agent.token,
      payload: { action: 'complete' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [lead] = await t.database.db.select().from(leads).where(eq(leads.email, 'robin@example.com'));
    expect(lead!.classVersion).toBe(LEAD_CLASS_RULES_VERSION);
    expect(await everywhere(agent, 'robin@example.com', bookingId)).toMatchObject({
      feedbackPage: 'potential',
      reportsFunnelHot: 0,
      crmHot: 'no',
      webhookLeadHot: false,
    });
  });

  it('feedback arriving makes the stored class hot from the showing on, with its history row', async () => {
    const [row] = await t.database.db
      .select({ publicId: bookings.publicId })
      .from(bookings)
      .where(eq(bookings.id, bookingId));
    const res = await t.request({
      method: 'PUT',
      url: `/api/feedback/public/${row!.publicId}`,
      payload: { rating: 5, interest_level: 'very_interested', second_showing: true, price_opinion: 'fair' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await storedRows(agent.id, 'robin@example.com')).toEqual([
      { kind: 'current', class: 'hot', from: null },
      { kind: 'dated', class: 'potential', from: null },
      { kind: 'dated', class: 'hot', from: startsAt.toISOString().replace('.000', '') },
    ]);
    expect(await everywhere(agent, 'robin@example.com', bookingId)).toEqual({
      feedbackPage: 'hot',
      reportsFunnelHot: 1,
      reportsLastWeek: expect.objectContaining({ hot: 1, potential: 0, cold: 0 }),
      crmHot: 'yes',
      webhookLeadHot: true,
      webhookFeedbackHot: true,
    });
  });

  it('the agent deleting the answers stores the class again: every reader says potential', async () => {
    const [answers] = await t.database.db.select().from(feedback).where(eq(feedback.bookingId, bookingId));
    const res = await t.request({
      method: 'DELETE',
      url: `/api/feedback/${answers!.id}`,
      token: agent.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await everywhere(agent, 'robin@example.com', bookingId)).toEqual({
      feedbackPage: 'potential',
      reportsFunnelHot: 0,
      reportsLastWeek: expect.objectContaining({ hot: 0, potential: 1, cold: 0 }),
      crmHot: 'no',
      webhookLeadHot: false,
      webhookFeedbackHot: null,
    });
  });

  it('a no-show marked by the agent makes the buyer cold on the Feedback page and in the stored class', async () => {
    const id = await seedBooking(t.database.db, agent.id, {
      clientEmail: 'nora@example.com',
      startsAt: new Date(startsAt.getTime() + DAY).toISOString(),
      status: 'confirmed',
      createdAt: new Date(startsAt.getTime() - 5 * DAY).toISOString(),
    });
    const res = await t.request({
      method: 'PUT',
      url: `/api/bookings/${id}`,
      token: agent.token,
      payload: { action: 'no_show' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const seen = await everywhere(agent, 'nora@example.com', id);
    expect(seen).toMatchObject({ feedbackPage: 'cold', crmHot: 'no', webhookLeadHot: false });
    expect(seen.reportsLastWeek).toMatchObject({ hot: 0, potential: 1, cold: 1 });
  });
});

describe('the backfill: rows written without stored classes, a new rules version', () => {
  let other: TestAgent;
  let bookingId: string;

  beforeAll(async () => {
    other = await makeAgent(t, { plan: 'enterprise', timeZone: ZONE });
    // Written straight into the tables, as rows from before stored classes existed.
    const startsAt = new Date(Date.now() - 2 * DAY);
    for (const [email, status, keen] of [
      ['old@example.com', 'completed', true],
      ['OLD@example.com', 'confirmed', false],
      ['quiet@example.com', 'no_show', false],
    ] as const) {
      startsAt.setTime(startsAt.getTime() + 3_600_000);
      const [row] = await t.database.db
        .insert(bookings)
        .values({
          agentId: other.id,
          clientName: 'Old Buyer',
          clientEmail: email,
          clientPhone: '+16465550199',
          buyerType: 'investor',
          bookingPurpose: 'property_viewing',
          status,
          startsAt,
          endsAt: new Date(startsAt.getTime() + 30 * 60_000),
          manageToken: randomUUID(),
          publicId: randomUUID(),
          createdAt: new Date(startsAt.getTime() - 4 * DAY),
        })
        .returning({ id: bookings.id });
      if (keen) {
        bookingId = row!.id;
        await t.database.db.insert(feedback).values({
          bookingId: row!.id,
          agentId: other.id,
          rating: 5,
          interestLevel: 'very_interested',
          secondShowing: true,
        });
      }
    }
  });

  it('stores the classes of leads that have none, once: a second run finds nothing to do', async () => {
    expect((await get(`/api/reports?${range}`, other)).json<CoreReport>().funnel.hot).toBe(0);
    const first = await backfillLeadClasses(t.database.db, { agentId: other.id, batchSize: 1 });
    expect(first).toEqual({ created: 2, classified: 2, batches: 2 });
    expect(await backfillLeadClasses(t.database.db, { agentId: other.id })).toEqual({
      created: 0,
      classified: 0,
      batches: 0,
    });
    expect(await everywhere(other, 'old@example.com', bookingId)).toMatchObject({
      feedbackPage: 'hot',
      reportsFunnelHot: 1,
      crmHot: 'yes',
      webhookLeadHot: true,
      webhookFeedbackHot: true,
    });
    const quiet = (await get('/api/leads', other))
      .json()
      .data.find((l: { email: string }) => l.email === 'quiet@example.com');
    expect(quiet.class).toBe('cold');
    expect(await storedRows(other.id, 'quiet@example.com')).toContainEqual({
      kind: 'current',
      class: 'cold',
      from: null,
    });
  });

  it('leads stored under another rules version are computed again, to the same rows', async () => {
    const before = await storedRows(other.id, 'old@example.com');
    await t.database.db.execute(sql`
      update leads set class_version = ${LEAD_CLASS_RULES_VERSION - 1} where agent_id = ${other.id}`);
    await t.database.db.execute(sql`
      update lead_class_history set class = 'cold' where agent_id = ${other.id}`);
    const again = await backfillLeadClasses(t.database.db, { agentId: other.id });
    expect(again.classified).toBe(2);
    expect(await storedRows(other.id, 'old@example.com')).toEqual(before);
    // Another agent's leads were not touched.
    expect(await backfillLeadClasses(t.database.db)).toMatchObject({ classified: 0 });
  });
});
