// Fair-housing-safe insights (issue 46, decision 090), the "Must show" on a real database: two buyers
// identical but for income, budget, ZIP/address and name get the same class, score, recommendations and
// predicted chance; notes naming a protected class change nothing and are never quoted (the real wink-nlp
// sentiment); every steering request in the corpus gets the assistant's fixed answer and nothing offered;
// the CRM export and webhooks leave income out until the agent turns it on.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSISTANT_SAYS } from '@keyturn/domain/assistant/texts';
import { FAIR_HOUSING_TEXTS, mentionsProtectedClass } from '@keyturn/domain/insights/fairHousing';
import {
  ORDINARY_REQUESTS,
  PROTECTED_NOTES,
  STEERING_REQUESTS,
} from '@keyturn/domain/insights/fairHousingCorpus';
import type { BookingStatus } from '@keyturn/domain/enums';
import { bookings, feedback, leads, webhookDeliveries, webhookEndpoints } from '../src/db/schema';
import { analyzeSentiment } from '../src/modules/leads/sentiment';
import { createTestApp, type TestApp } from './app';
import { sayTo, startConversation } from './assistant/talk';
import { makeAgent, makeProperty, type TestAgent } from './fixtures';
import { bookAt } from './support/notify';

const clock = new Date('2030-03-10T12:00:00Z');
let t: TestApp;
let agent: TestAgent;
let propertyId: number;
let hour = 0;

type Buyer = { name: string; email: string; income: string; min: number; max: number; message: string };

async function book(
  agentId: string,
  buyer: Buyer,
  status: BookingStatus,
  startsAt: string,
  answers?: { rating: number; liked: string; disliked: string },
) {
  hour += 1;
  const starts = new Date(Date.parse(startsAt) + hour * 3_600_000);
  const [row] = await t.database.db
    .insert(bookings)
    .values({
      agentId,
      propertyId,
      clientName: buyer.name,
      clientEmail: buyer.email,
      clientPhone: '+16465550199',
      buyerType: 'first_time_buyer',
      budgetMin: buyer.min,
      budgetMax: buyer.max,
      incomeRange: buyer.income,
      message: buyer.message,
      bookingPurpose: 'property_viewing',
      status,
      startsAt: starts,
      endsAt: new Date(starts.getTime() + 30 * 60_000),
      manageToken: randomUUID(),
      publicId: randomUUID(),
      createdAt: new Date('2030-03-01T12:00:00Z'),
    })
    .returning();
  if (answers) {
    await t.database.db.insert(feedback).values({
      bookingId: row!.id,
      agentId,
      rating: answers.rating,
      interestLevel: 'very_interested',
      secondShowing: true,
      priceOpinion: 'too_high',
      liked: answers.liked,
      disliked: answers.disliked,
      updatedAt: new Date('2030-03-08T12:00:00Z'),
    });
  }
  return row!;
}

const get = (token: string, url: string) => t.request({ method: 'GET', url, token });

const buyerA: Buyer = {
  name: 'Emily Walsh',
  email: 'emily@example.com',
  income: '500000+',
  min: 900_000,
  max: 1_000_000,
  message: 'We live at 12 Park Avenue, New York NY 10021',
};
const buyerB: Buyer = {
  name: 'Lakisha Washington',
  email: 'lakisha@example.com',
  income: '30000-50000',
  min: 100_000,
  max: 150_000,
  message: 'We live at 845 Dumont Avenue, Brooklyn NY 11207',
};
const same = { rating: 4, liked: 'Loved the kitchen and the light', disliked: 'The garden is small' };

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  agent = await makeAgent(t, { plan: 'enterprise' });
  propertyId = await makeProperty(t, agent.id, { address: '12 Harbor View Rd', bedrooms: 3 });
  // Identical behaviour: a showing attended with the same answers, one ahead.
  for (const buyer of [buyerA, buyerB]) {
    await book(agent.id, buyer, 'completed', '2030-03-05T00:00:00Z', same);
    await book(agent.id, buyer, 'confirmed', '2030-03-14T00:00:00Z');
  }
  // Enough closed leads for the agent's own model (Enterprise): ratings drive the outcome.
  for (let i = 0; i < 24; i++) {
    const rating = 1 + (i % 5);
    await book(
      agent.id,
      { ...buyerA, name: `Past ${i}`, email: `past${i}@example.com` },
      'completed',
      '2030-02-01T00:00:00Z',
      { rating, liked: 'Nice', disliked: 'Small' },
    );
  }
  await get(agent.token, '/api/leads'); // makes the lead rows
  for (let i = 0; i < 24; i++) {
    await t.database.db
      .update(leads)
      .set({ outcome: i % 5 >= 3 ? 'purchased' : 'lost', outcomeAt: new Date(`2030-02-20T00:00:${10 + i}Z`) })
      .where(and(eq(leads.agentId, agent.id), eq(leads.email, `past${i}@example.com`)));
  }
});
afterAll(async () => {
  await t.close();
});

describe('two buyers identical but for income, budget, address and name', () => {
  it('get the same class, why, score, sentiment, next step and predicted chance', async () => {
    const res = await get(agent.token, '/api/leads');
    expect(res.statusCode, res.body).toBe(200);
    const all = res.json().data as Record<string, unknown>[];
    const a = all.find((l) => l.email === buyerA.email)!;
    const b = all.find((l) => l.email === buyerB.email)!;
    const insight = ({
      class: c,
      class_rule,
      class_why,
      score,
      sentiment,
      next_step,
      predicted,
    }: typeof a) => ({
      class: c,
      class_rule,
      class_why,
      score,
      sentiment,
      next_step,
      predicted,
    });
    expect(insight(a)).toEqual(insight(b));
    expect(a.class).toBe('hot');
    expect(typeof a.predicted).toBe('number');
    expect((a.class_why as { signals: { label: string; value: string }[] }).signals).toEqual(
      expect.arrayContaining([
        { id: 'rating', label: 'Latest rating', value: '4/5' },
        { id: 'showed', label: 'Showings attended', value: '1' },
        { id: 'noShows', label: 'No-shows', value: '0' },
        { id: 'sentiment', label: 'Sentiment of their words', value: a.sentiment },
      ]),
    );
    const detail = async (id: unknown) => (await get(agent.token, `/api/leads/${id}`)).json().data;
    const [da, db] = [await detail(a.id), await detail(b.id)];
    expect(da.insights).toEqual(db.insights);
    expect(da.prediction).toEqual(db.prediction);
    expect(da.prediction.status).toBe('trained');
  });
});

describe('agent notes naming a protected class', () => {
  const base = [
    { source: 'liked' as const, text: same.liked },
    { source: 'disliked' as const, text: same.disliked },
  ];

  it.each(PROTECTED_NOTES.map((n) => n.text))('wink-nlp sentiment unchanged: %s', (note) => {
    expect(analyzeSentiment([...base, { source: 'note', text: note }])).toEqual(analyzeSentiment(base));
  });

  it("drops the whole sentence naming a protected class, keeps the note's other sentences", () => {
    const s = analyzeSentiment([
      {
        source: 'note',
        text: 'Great kitchen. Single mom, very stressed, but happy the kids have a garden. The roof is awful.',
      },
    ]);
    expect(s.positive).toEqual(['Great kitchen']);
    expect(s.negative).toEqual(['The roof is awful']);
  });

  it('all of them on a lead: class, score, sentiment and recommendations unchanged, nothing quoted', async () => {
    const all = (await get(agent.token, '/api/leads')).json().data as Record<string, unknown>[];
    const lead = all.find((l) => l.email === buyerB.email)!;
    const before = (await get(agent.token, `/api/leads/${lead.id}`)).json().data;
    for (const note of PROTECTED_NOTES) {
      const res = await t.request({
        method: 'POST',
        url: `/api/leads/${lead.id}/notes`,
        token: agent.token,
        payload: { body: note.text },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const after = (await get(agent.token, `/api/leads/${lead.id}`)).json().data;
    expect(after.notes).toHaveLength(PROTECTED_NOTES.length);
    expect(after.class).toBe(before.class);
    expect(after.class_why).toEqual(before.class_why);
    expect(after.insights.sentiment).toEqual(before.insights.sentiment);
    expect(after.insights.recommendations).toEqual(before.insights.recommendations);
    // The score's idle factor may move with the notes' new activity; the factors from words do not.
    expect(after.insights.factors.filter((f: { id: string }) => f.id !== 'idle')).toEqual(
      before.insights.factors.filter((f: { id: string }) => f.id !== 'idle'),
    );
    const shown = JSON.stringify([after.insights.sentiment, after.insights.recommendations, after.next_step]);
    expect(mentionsProtectedClass(shown)).toBe(false);
  });
});

describe('the booking assistant and steering requests', () => {
  const last = (c: { messages: { text: string }[] }) => c.messages.at(-1)!.text;

  it.each(STEERING_REQUESTS.map((r) => [r.lang, r.text] as const))(
    '(%s) %s → the fixed answer, nothing offered',
    async (lang, text) => {
      const id = await startConversation(t, agent.id);
      const answer = await sayTo(t, id, text);
      expect(last(answer)).toBe(FAIR_HOUSING_TEXTS.steering[lang]);
      expect(answer.messages.at(-2)).toMatchObject({ role: 'buyer', text });
      expect(answer.proposals).toEqual([]);
      expect(answer.booking).toBeNull();
      expect(last(answer)).not.toContain('Harbor');
    },
  );

  it('the conversation goes on normally afterwards, times offered included', async () => {
    const id = await startConversation(t, agent.id);
    const offered = await sayTo(t, id, 'the harbor view home tuesday morning');
    expect(offered.proposals.length).toBeGreaterThan(0);
    const refused = await sayTo(t, id, 'Is the area mostly white people?');
    expect(last(refused)).toBe(FAIR_HOUSING_TEXTS.steering.en);
    expect(refused.proposals).toEqual([]);
    const again = await sayTo(t, id, '1');
    expect(last(again)).not.toBe(FAIR_HOUSING_TEXTS.steering.en);
    expect(last(again)).not.toBe(ASSISTANT_SAYS.whichProperty(['12 Harbor View Rd, Springfield']));
  });

  it.each(ORDINARY_REQUESTS)('an ordinary request is answered as usual: %s', async (text) => {
    const id = await startConversation(t, agent.id);
    const answer = await sayTo(t, id, text);
    expect(last(answer)).not.toBe(FAIR_HOUSING_TEXTS.steering.en);
    expect(last(answer)).not.toBe(FAIR_HOUSING_TEXTS.steering.es);
  });
});

describe('income in the CRM export and webhooks', () => {
  const csvHeader = async (token: string, kind: string) => {
    const res = await get(token, `/api/exports/${kind}.csv`);
    expect(res.statusCode, res.body).toBe(200);
    return { header: res.body.split('\r\n')[0]!.split(','), body: res.body };
  };

  it('the setting: off by default, validated, Enterprise only', async () => {
    const crm = await makeAgent(t, { plan: 'enterprise' });
    const read = await get(crm.token, '/api/crm/include-income');
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ success: true, data: { include_income: false } });
    for (const payload of [{ include_income: 'yes' }, {}, { include_income: true, extra: 1 }]) {
      const bad = await t.request({
        method: 'PUT',
        url: '/api/crm/include-income',
        token: crm.token,
        payload,
      });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json().code).toBe('VALIDATION_ERROR');
    }
    const wrong = await t.request({
      method: 'PUT',
      url: '/api/crm/include-income',
      token: crm.token,
      payload: { include_income: 'yes' },
    });
    expect(wrong.json().fields.include_income).toBe(FAIR_HOUSING_TEXTS.includeIncomeInvalid);
    const pro = await makeAgent(t, { plan: 'pro' });
    expect((await get(pro.token, '/api/crm/include-income')).statusCode).toBe(403);
    const proPut = await t.request({
      method: 'PUT',
      url: '/api/crm/include-income',
      token: pro.token,
      payload: { include_income: true },
    });
    expect(proPut.statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/crm/include-income' })).statusCode).toBe(401);
  });

  it('exports: no income column by default; with it when turned on', async () => {
    const crm = await makeAgent(t, { plan: 'enterprise' });
    await book(crm.id, buyerA, 'completed', '2030-03-05T00:00:00Z', same);
    for (const kind of ['leads', 'bookings']) {
      const { header, body } = await csvHeader(crm.token, kind);
      expect(header).not.toContain('income_range');
      expect(body).not.toContain('500000+');
    }
    const on = await t.request({
      method: 'PUT',
      url: '/api/crm/include-income',
      token: crm.token,
      payload: { include_income: true },
    });
    expect(on.json()).toEqual({ success: true, data: { include_income: true } });
    expect((await get(crm.token, '/api/crm/include-income')).json().data.include_income).toBe(true);
    for (const kind of ['leads', 'bookings']) {
      const { header, body } = await csvHeader(crm.token, kind);
      expect(header).toContain('income_range');
      expect(body).toContain('500000+');
    }
  });

  it('webhooks: the booking has no income_range key by default; it has when turned on', async () => {
    const crm = await makeAgent(t, { plan: 'enterprise' });
    await t.database.db.insert(webhookEndpoints).values({
      agentId: crm.id,
      url: 'https://crm.example.com/hooks',
      events: ['booking.created'],
      secret: 'whsec_test',
    });
    const bodies = async () =>
      (
        await t.database.db
          .select({ body: webhookDeliveries.body })
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.agentId, crm.id))
      ).map((r) => (r.body as { data: { booking: Record<string, unknown> } }).data.booking);
    await bookAt(t, crm, new Date('2030-03-12T15:00:00Z'), { income_range: '150000-200000' });
    const [off] = await bodies();
    expect(off).toBeDefined();
    expect(off).not.toHaveProperty('income_range');
    expect(off).toHaveProperty('budget_max');
    await t.request({
      method: 'PUT',
      url: '/api/crm/include-income',
      token: crm.token,
      payload: { include_income: true },
    });
    await bookAt(t, crm, new Date('2030-03-13T15:00:00Z'), {
      income_range: '150000-200000',
      client_email: 'second@example.com',
    });
    const withIncome = (await bodies()).find((b) => b.income_range !== undefined);
    expect(withIncome?.income_range).toBe('150000-200000');
  });
});
