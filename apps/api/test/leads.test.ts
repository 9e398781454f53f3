// Leads (issue 13): aggregation by e-mail (any case), the class / score / sentiment / recommendations /
// prediction by plan — each Professional and Enterprise call tried on each plan (allowed or 403
// PLAN_UPGRADE_REQUIRED) — notes, outcome, timeline, and another agent's lead → 404. Clock: 2030-01-07 15:00 UTC.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanId } from '@keyturn/domain/enums';
import type { BookingStatus } from '@keyturn/domain/enums';
import { agents, bookings } from '../src/db/schema';
import { createTestApp, type TestApp } from './app';
import { makeAgent, makeProperty, type TestAgent } from './fixtures';

const clock = new Date('2030-01-07T15:00:00Z');
let t: TestApp;
let owner: TestAgent;
let stranger: TestAgent;
let propertyId: number;
let hour = 0;

/** A booking row as the booking flow writes it, at its own hour so active ones never overlap. */
async function booking(
  agentId: string,
  email: string,
  status: BookingStatus,
  startsAt: string,
  extra: Partial<typeof bookings.$inferInsert> = {},
) {
  hour += 1;
  const starts = new Date(Date.parse(startsAt) + hour * 3_600_000);
  const [row] = await t.database.db
    .insert(bookings)
    .values({
      agentId,
      propertyId,
      clientName: 'Casey Buyer',
      clientEmail: email,
      clientPhone: '+16465550199',
      buyerType: 'first_time_buyer',
      budgetMin: 300000,
      budgetMax: 400000,
      incomeRange: '100000-125000',
      bookingPurpose: 'property_viewing',
      status,
      startsAt: starts,
      endsAt: new Date(starts.getTime() + 30 * 60_000),
      manageToken: randomUUID(),
      publicId: randomUUID(),
      createdAt: new Date('2030-01-01T12:00:00Z'),
      ...extra,
    })
    .returning();
  return row!;
}

/** The buyer answers on the public feedback page (the real call). */
async function answer(publicId: string, payload: Record<string, unknown>) {
  const res = await t.request({
    method: 'PUT',
    url: `/api/feedback/public/${publicId}`,
    payload: { price_opinion: 'fair', second_showing: false, ...payload },
  });
  expect(res.statusCode, res.body).toBe(201);
}

const enthusiastic = {
  rating: 5,
  interest_level: 'very_interested',
  second_showing: true,
  price_opinion: 'fair',
  liked: 'We loved the bright kitchen and the beautiful garden.',
  comments: 'A wonderful home, exactly what we hoped for!',
};

async function setPlan(agent: TestAgent, plan: PlanId) {
  await t.database.db.update(agents).set({ plan }).where(eq(agents.id, agent.id));
}

const get = (agent: TestAgent, url: string) => t.request({ method: 'GET', url, token: agent.token });

let caseyId: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  owner = await makeAgent(t);
  stranger = await makeAgent(t);
  propertyId = await makeProperty(t, owner.id);
  const shown = await booking(owner.id, 'Casey@Example.com', 'completed', '2030-01-03T14:00:00Z');
  await booking(owner.id, 'casey@example.com', 'confirmed', '2030-01-10T14:00:00Z', {
    clientName: 'Casey B.',
  });
  await booking(owner.id, 'drew@example.com', 'no_show', '2030-01-04T14:00:00Z', { clientName: 'Drew Cole' });
  await booking(stranger.id, 'casey@example.com', 'completed', '2030-01-02T14:00:00Z');
  await answer(shown.publicId, enthusiastic);
  const list = (await get(owner, '/api/leads')).json();
  caseyId = list.data.find((l: { email: string }) => l.email.toLowerCase() === 'casey@example.com').id;
});
afterAll(async () => {
  await t.close();
});

describe('leads: one per buyer e-mail, any case', () => {
  it('gathers every booking of an address with the agent into one lead, and no other agent’s', async () => {
    await setPlan(owner, 'basic');
    const res = await get(owner, '/api/leads');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toHaveLength(2);
    const casey = body.data.find((l: { id: string }) => l.id === caseyId);
    expect(casey).toMatchObject({
      bookings_count: 2,
      class: 'hot',
      class_rule: { id: 'hot-second-showing', text: 'Hot: wants a second showing and rated 4+' },
      outcome: 'open',
      // The latest booking names the lead.
      name: 'Casey B.',
    });
    const drew = body.data.find((l: { email: string }) => l.email === 'drew@example.com');
    expect(drew).toMatchObject({ class: 'cold', class_rule: { id: 'cold-no-show' }, bookings_count: 1 });
    // The stranger's own Casey is a lead of theirs, with one booking.
    const theirs = (await get(stranger, '/api/leads')).json().data;
    expect(theirs).toHaveLength(1);
    expect(theirs[0].bookings_count).toBe(1);
    expect(theirs[0].id).not.toBe(caseyId);
  });

  it('Basic gets the class only: no score, sentiment, next step or prediction, and says what is locked', async () => {
    await setPlan(owner, 'basic');
    const body = (await get(owner, '/api/leads')).json();
    expect(body.locked).toEqual(['insights', 'prediction']);
    for (const lead of body.data) {
      expect(lead).not.toHaveProperty('score');
      expect(lead).not.toHaveProperty('sentiment');
      expect(lead).not.toHaveProperty('next_step');
      expect(lead).not.toHaveProperty('predicted');
    }
    const one = (await get(owner, `/api/leads/${caseyId}`)).json().data;
    expect(one).not.toHaveProperty('insights');
    expect(one).not.toHaveProperty('prediction');
    expect(one.locked).toEqual(['insights', 'prediction']);
  });

  it('Professional adds the score, positive sentiment with its phrases and recommendations', async () => {
    await setPlan(owner, 'pro');
    const body = (await get(owner, '/api/leads')).json();
    expect(body.locked).toEqual(['prediction']);
    const casey = body.data.find((l: { id: string }) => l.id === caseyId);
    expect(casey.score).toBeGreaterThanOrEqual(90);
    expect(casey.sentiment).toBe('positive');
    expect(casey.next_step).toMatchObject({ id: 'call-within-24h', action: 'Call within 24 hours' });
    expect(casey).not.toHaveProperty('predicted');

    const insights = (await get(owner, `/api/leads/${caseyId}/insights`)).json().data;
    expect(insights.factors[0]).toEqual({
      id: 'interest',
      points: 20,
      reason: 'Said they are very interested',
    });
    expect(insights.sentiment.label).toBe('positive');
    expect(insights.sentiment.positive.join(' ')).toMatch(/loved the bright kitchen/);
    // A second showing is already booked, so that is not recommended again.
    expect(insights.recommendations.map((r: { id: string }) => r.id)).toEqual(['call-within-24h']);
  });

  it('filters by class and outcome and searches by name or e-mail', async () => {
    await setPlan(owner, 'basic');
    const ids = async (query: string) =>
      (await get(owner, `/api/leads${query}`)).json().data.map((l: { email: string }) => l.email);
    expect(await ids('?class=hot')).toEqual(['casey@example.com']);
    expect(await ids('?class=cold')).toEqual(['drew@example.com']);
    expect(await ids('?class=potential')).toEqual([]);
    expect(await ids('?q=DREW')).toEqual(['drew@example.com']);
    expect(await ids('?q=casey b')).toEqual(['casey@example.com']);
    expect(await ids('?outcome=lost')).toEqual([]);
    const bad = await get(owner, '/api/leads?class=lukewarm');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_ERROR');
  });
});

describe('plan gating: each Professional and Enterprise call on each plan', () => {
  const calls: { url: () => string; needs: PlanId }[] = [
    { url: () => `/api/leads/${caseyId}/insights`, needs: 'pro' },
    { url: () => `/api/leads/${caseyId}/prediction`, needs: 'enterprise' },
    { url: () => '/api/leads/model', needs: 'enterprise' },
  ];
  const rank: Record<PlanId, number> = { basic: 0, pro: 1, enterprise: 2 };
  for (const plan of ['basic', 'pro', 'enterprise'] as const) {
    for (const call of calls) {
      const allowed = rank[plan] >= rank[call.needs];
      it(`${call.needs} call ${call.url().replace(/[0-9a-f-]{36}/, ':id')} on ${plan} → ${allowed ? 200 : 403}`, async () => {
        await setPlan(owner, plan);
        const res = await get(owner, call.url());
        if (allowed) {
          expect(res.statusCode, res.body).toBe(200);
        } else {
          expect(res.statusCode).toBe(403);
          expect(res.json()).toEqual({
            error: `This needs the ${call.needs === 'pro' ? 'Professional' : 'Enterprise'} plan. Upgrade in Subscription.`,
            code: 'PLAN_UPGRADE_REQUIRED',
          });
        }
      });
    }
  }
});

describe('Enterprise predictive scoring with the agent’s own outcomes', () => {
  it('below the minimum number of outcomes it says so and falls back to the Professional score', async () => {
    await setPlan(owner, 'enterprise');
    const model = (await get(owner, '/api/leads/model')).json().data;
    expect(model).toMatchObject({ status: 'insufficient', outcomes: 0, needed: 20 });
    expect(model.message).toMatch(/^Predictive scoring needs at least 20 closed leads/);
    const lead = (await get(owner, `/api/leads/${caseyId}`)).json().data;
    expect(lead.predicted).toBeNull();
    expect(lead.prediction).toEqual({
      status: 'insufficient',
      message: model.message,
      fallback_score: lead.insights.score,
    });
  });

  it('with enough outcomes it trains on them: AUC, features, and a chance per lead', async () => {
    await setPlan(owner, 'enterprise');
    const history = await makeAgent(t, { plan: 'enterprise' });
    // 24 closed leads: keen ones made offers, lukewarm ones were lost.
    for (let i = 0; i < 24; i += 1) {
      const won = i % 2 === 0;
      const b = await booking(history.id, `buyer${i}@example.com`, 'completed', '2029-11-01T14:00:00Z');
      await answer(b.publicId, {
        rating: won ? 4 + (i % 4 === 0 ? 1 : 0) : 2 + (i % 3 === 0 ? 1 : 0),
        interest_level: won ? 'very_interested' : i % 4 === 1 ? 'not_interested' : 'somewhat_interested',
        second_showing: won,
      });
    }
    const leads = (await get(history, '/api/leads')).json().data;
    for (const lead of leads) {
      const n = Number(/buyer(\d+)@/.exec(lead.email)![1]);
      const res = await t.request({
        method: 'PUT',
        url: `/api/leads/${lead.id}/outcome`,
        token: history.token,
        payload: { outcome: n % 2 === 0 ? (n % 4 === 0 ? 'purchased' : 'offer_made') : 'lost' },
      });
      expect(res.statusCode).toBe(200);
    }
    // Closed leads need no next step.
    const lost = (await get(history, '/api/leads?outcome=lost')).json().data;
    expect(lost).toHaveLength(12);
    expect(lost.every((l: { next_step: unknown }) => l.next_step === null)).toBe(true);
    const model = (await get(history, '/api/leads/model')).json().data;
    expect(model).toMatchObject({ status: 'trained', trained_on: 24, held_out: 6 });
    expect(model.auc).toBeGreaterThanOrEqual(0.8);
    expect(model.features).toHaveLength(9);
    const fresh = await booking(history.id, 'new@example.com', 'completed', '2030-01-05T14:00:00Z');
    await answer(fresh.publicId, { rating: 5, interest_level: 'very_interested', second_showing: true });
    const list = (await get(history, '/api/leads?outcome=open')).json().data;
    expect(list).toHaveLength(1);
    expect(list[0].predicted).toBeGreaterThan(50);
    const prediction = (await get(history, `/api/leads/${list[0].id}/prediction`)).json().data;
    expect(prediction).toMatchObject({ status: 'trained', probability: list[0].predicted, auc: model.auc });
    expect(prediction.drivers.length).toBeGreaterThan(0);
  });
});

describe('notes, outcome and the timeline', () => {
  it('adds, edits and deletes a note; sets the outcome; the timeline tells the story newest first', async () => {
    await setPlan(owner, 'basic');
    const url = `/api/leads/${caseyId}`;
    const added = await t.request({
      method: 'POST',
      url: `${url}/notes`,
      token: owner.token,
      payload: { body: '  Called, pre-approved.  ' },
    });
    expect(added.statusCode).toBe(201);
    const note = added.json().data;
    expect(note.body).toBe('Called, pre-approved.');
    const edited = await t.request({
      method: 'PUT',
      url: `${url}/notes/${note.id}`,
      token: owner.token,
      payload: { body: 'Called, pre-approved with their bank.' },
    });
    expect(edited.json().data.body).toBe('Called, pre-approved with their bank.');
    const outcome = await t.request({
      method: 'PUT',
      url: `${url}/outcome`,
      token: owner.token,
      payload: { outcome: 'offer_made' },
    });
    expect(outcome.json().data).toEqual({ outcome: 'offer_made', outcome_at: clock.toISOString() });

    const lead = (await get(owner, url)).json().data;
    expect(lead.outcome).toBe('offer_made');
    expect(lead.notes.map((n: { body: string }) => n.body)).toEqual([
      'Called, pre-approved with their bank.',
    ]);
    expect(lead.buyer).toEqual({
      buyer_type: 'first_time_buyer',
      budget_min: 300000,
      budget_max: 400000,
      income_range: '100000-125000',
    });
    expect(lead.feedback).toHaveLength(1);
    expect(lead.feedback[0]).toMatchObject({
      rating: 5,
      interest_level: 'very_interested',
      second_showing: true,
    });
    expect(lead.timeline.map((e: { kind: string }) => e.kind).sort()).toEqual(
      ['booked', 'booked', 'feedback', 'note', 'outcome', 'scheduled', 'showed'].sort(),
    );
    const times = lead.timeline.map((e: { at: string }) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(lead.timeline.find((e: { kind: string }) => e.kind === 'feedback').text).toBe(
      'Rated 5/5 · Very interested · Price: Fair · Wants a second showing',
    );
    expect(lead.feedback[0].summary).toBe(
      'Rated 5/5 · Very interested · Price: Fair · Wants a second showing',
    );
    expect((await get(owner, '/api/leads?outcome=offer_made')).json().data).toHaveLength(1);

    expect(
      (await t.request({ method: 'DELETE', url: `${url}/notes/${note.id}`, token: owner.token })).statusCode,
    ).toBe(200);
    expect((await get(owner, url)).json().data.notes).toEqual([]);
    expect(
      (await t.request({ method: 'DELETE', url: `${url}/notes/${note.id}`, token: owner.token })).statusCode,
    ).toBe(404);
  });

  it('bad input is a 400 that changes nothing', async () => {
    const url = `/api/leads/${caseyId}`;
    const empty = await t.request({
      method: 'POST',
      url: `${url}/notes`,
      token: owner.token,
      payload: { body: '  ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { body: 'Write the note first' },
    });
    const long = await t.request({
      method: 'POST',
      url: `${url}/notes`,
      token: owner.token,
      payload: { body: 'x'.repeat(2001) },
    });
    expect(long.statusCode).toBe(400);
    const outcome = await t.request({
      method: 'PUT',
      url: `${url}/outcome`,
      token: owner.token,
      payload: { outcome: 'won' },
    });
    expect(outcome.statusCode).toBe(400);
    expect((await get(owner, url)).json().data).toMatchObject({ notes: [], outcome: 'offer_made' });
  });

  it('needs a signed-in agent', async () => {
    expect((await t.request({ method: 'GET', url: '/api/leads' })).statusCode).toBe(401);
  });

  it('parallel first calls create each lead once, without an error', async () => {
    const fresh = await makeAgent(t);
    await booking(fresh.id, 'Parallel@Example.com', 'completed', '2030-01-02T14:00:00Z');
    await booking(fresh.id, 'parallel@example.com', 'no_show', '2030-01-03T14:00:00Z');
    const answers = await Promise.all(Array.from({ length: 6 }, () => get(fresh, '/api/leads')));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const ids = new Set(answers.flatMap((a) => a.json().data.map((l: { id: string }) => l.id)));
    expect(ids.size).toBe(1);
    const tooLong = await get(fresh, `/api/leads?q=${'x'.repeat(201)}`);
    expect(tooLong.statusCode).toBe(400);
  });

  it('the lead calls are in the OpenAPI document', async () => {
    const paths = Object.keys((await t.request({ method: 'GET', url: '/api/docs/json' })).json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/leads',
        '/api/leads/model',
        '/api/leads/{id}',
        '/api/leads/{id}/insights',
        '/api/leads/{id}/prediction',
        '/api/leads/{id}/notes',
        '/api/leads/{id}/notes/{noteId}',
        '/api/leads/{id}/outcome',
      ]),
    );
  });
});

describe('another agent’s lead is not found', () => {
  it('every lead call on another agent’s lead → 404, nothing changed', async () => {
    await setPlan(stranger, 'enterprise');
    const note = (
      await t.request({
        method: 'POST',
        url: `/api/leads/${caseyId}/notes`,
        token: owner.token,
        payload: { body: 'Mine' },
      })
    ).json().data;
    const tries = [
      { method: 'GET' as const, url: `/api/leads/${caseyId}` },
      { method: 'GET' as const, url: `/api/leads/${caseyId}/insights` },
      { method: 'GET' as const, url: `/api/leads/${caseyId}/prediction` },
      { method: 'POST' as const, url: `/api/leads/${caseyId}/notes`, payload: { body: 'Hijack' } },
      { method: 'PUT' as const, url: `/api/leads/${caseyId}/notes/${note.id}`, payload: { body: 'Hijack' } },
      { method: 'DELETE' as const, url: `/api/leads/${caseyId}/notes/${note.id}` },
      { method: 'PUT' as const, url: `/api/leads/${caseyId}/outcome`, payload: { outcome: 'lost' } },
      { method: 'GET' as const, url: '/api/leads/not-a-uuid' },
      { method: 'GET' as const, url: `/api/leads/${randomUUID()}` },
    ];
    for (const attempt of tries) {
      const res = await t.request({ ...attempt, token: stranger.token });
      expect(res.statusCode, `${attempt.method} ${attempt.url}`).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    const mine = (await get(owner, `/api/leads/${caseyId}`)).json().data;
    expect(mine.outcome).toBe('offer_made');
    expect(mine.notes.map((n: { body: string }) => n.body)).toEqual(['Mine']);
  });
});
