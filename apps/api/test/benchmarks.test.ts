// Benchmarks (issue 13, Enterprise): the caller's measures against the medians of every agent on the
// installation, shown only from BENCHMARK_MIN_AGENTS (5) contributing agents — tried at 4 and at 5.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanId } from '@keyturn/domain/enums';
import { BENCHMARK_MIN_AGENTS } from '@keyturn/domain/insights/reportRules';
import type { Benchmarks } from '@keyturn/domain/schemas/reports';
import { createTestApp, type TestApp } from './app';
import { makeAgent, type TestAgent } from './fixtures';
import { seedBooking, type SeedBooking } from './support/bookings';

let t: TestApp;
let owner: TestAgent;
const range = 'from=2030-03-01&to=2030-03-31';
const DAY = 86_400_000;

/** A booking on 10 March 15:00 UTC made `leadDays` before. */
const at = (leadDays: number, b: Omit<SeedBooking, 'startsAt'> = {}): SeedBooking => ({
  startsAt: '2030-03-10T15:00:00Z',
  createdAt: new Date(Date.parse('2030-03-10T15:00:00Z') - leadDays * DAY).toISOString(),
  ...b,
});
const hot = { interestLevel: 'very_interested' } as const;
const cold = { interestLevel: 'not_interested', secondShowing: false } as const;

async function agentWith(bookings: SeedBooking[], plan: PlanId = 'basic') {
  const agent = await makeAgent(t, { plan });
  for (const b of bookings) await seedBooking(t.database.db, agent.id, b);
  return agent;
}

async function benchmarksOf(agent: TestAgent) {
  const res = await t.request({ method: 'GET', url: `/api/reports/benchmarks?${range}`, token: agent.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Benchmarks>();
}

beforeAll(async () => {
  t = await createTestApp();
  // conversion 1/4, no-show 1/3, feedback 2/2, lead time 2 days
  owner = await agentWith(
    [
      at(2, { status: 'completed', feedback: hot }),
      at(2, { status: 'completed', feedback: cold, clientEmail: 'cole@example.com' }),
      at(2, { status: 'no_show' }),
      at(2, { status: 'confirmed' }),
    ],
    'enterprise',
  );
  await agentWith([at(1, { status: 'completed', feedback: hot }), at(1, { status: 'completed' })]); // .5, 0, .5, 1
  await agentWith([at(3, { status: 'completed' })]); // 0, 0, 0, 3
  await agentWith([at(5, { status: 'no_show' })]); // 0, 1, —, 5
  // Not contributing: only a rescheduled booking, and one outside the range.
  await agentWith([
    at(1, { status: 'rescheduled' }),
    { startsAt: '2030-04-10T15:00:00Z', status: 'completed' },
  ]);
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/reports/benchmarks', () => {
  it(`with ${BENCHMARK_MIN_AGENTS - 1} contributing agents: the caller's own figures, no installation figures`, async () => {
    const body = await benchmarksOf(owner);
    expect(body.contributors).toBe(4);
    expect(body.minimum).toBe(5);
    expect(body.agent).toEqual({
      conversion: 0.25,
      no_show_rate: 0.3333,
      feedback_rate: 1,
      lead_time_days: 2,
    });
    expect(body.installation).toBeNull();
  });

  it(`with ${BENCHMARK_MIN_AGENTS}: the medians of every contributing agent, nobody's own figures`, async () => {
    await agentWith([at(10, { status: 'completed', feedback: hot })]); // 1, 0, 1, 10
    const body = await benchmarksOf(owner);
    expect(body.contributors).toBe(5);
    expect(body.installation).toEqual({
      conversion: 0.25, // 0, 0, .25, .5, 1
      no_show_rate: 0, // 0, 0, 0, .33, 1
      feedback_rate: 0.75, // 0, .5, 1, 1 (an agent without showings has none)
      lead_time_days: 3, // 1, 2, 3, 5, 10
    });
    expect(JSON.stringify(body)).not.toMatch(/agent_id|[0-9a-f]{8}-[0-9a-f]{4}-/);
  });

  it.each<[PlanId, number]>([
    ['basic', 403],
    ['pro', 403],
    ['enterprise', 200],
  ])('plan %s → %i', async (plan, status) => {
    const agent = await makeAgent(t, { plan });
    const res = await t.request({
      method: 'GET',
      url: `/api/reports/benchmarks?${range}`,
      token: agent.token,
    });
    expect(res.statusCode).toBe(status);
    if (status === 403) expect(res.json().code).toBe('PLAN_UPGRADE_REQUIRED');
  });
});
