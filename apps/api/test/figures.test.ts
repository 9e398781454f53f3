// Numbers that agree (issue 29, decision 046): one dataset — a solo agent, a team owner and a team member —
// and every API that shows a figure, asked as each of the three. The same definition (domain figures.ts)
// must give the same value on every screen: the overview (dashboard), the usage figures, GET /api/figures,
// the bookings list's "Pending" filter, the properties list, the Feedback page's class filters and the
// Reports page. A member's overview counts his own rows as his and the team's as the team's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportFigure } from '@keyturn/domain/figures';
import type { Figures } from '@keyturn/domain/schemas/figures';
import { defaultReportRange } from '@keyturn/domain/schemas/reports';
import { isoDateInZone } from '@keyturn/domain/time';
import { createTestApp, type TestApp } from './app';
import { makeAgent, makeProperty, type TestAgent } from './fixtures';
import { seedBooking, type SeedBooking } from './support/bookings';
import { makeTeam } from './support/teams';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const hot = { interestLevel: 'very_interested', rating: 5 } as const;

let k = 0;
async function seed(agent: TestAgent, rows: Omit<SeedBooking, 'clientEmail'>[]) {
  for (const row of rows) {
    await seedBooking(t.database.db, agent.id, { clientEmail: `buyer${++k}@buyers.test`, ...row });
  }
}

type Expected = {
  pending: number;
  month: number;
  properties: number;
  booked: number;
  hot: number;
  team: { month: number; properties: number } | null;
};

const get = async <T>(agent: TestAgent, url: string): Promise<T> => {
  const res = await t.request({ method: 'GET', url, token: agent.token });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as T;
};

type Counts = { pendingRequests: number; bookingsThisMonth: number; properties: number };
type Usage = { scope: 'own' | 'team'; properties: { used: number }; bookingsThisMonth: { used: number } };

/** Every screen's figures of one caller, and the checks that each definition has one value. */
async function checkScreens(agent: TestAgent, expected: Expected, teamId: string | null) {
  const range = defaultReportRange(isoDateInZone(new Date(), agent.timeZone));
  const [figures, dashboard, usage, pending, props, hotLeads, potential, cold, report] = await Promise.all([
    get<{ data: Figures }>(agent, '/api/figures'),
    get<{ data: { pendingCount: number; usage: Usage; figures: { own: Counts; team: unknown } } }>(
      agent,
      '/api/agents/dashboard',
    ),
    get<{ data: Usage }>(agent, '/api/agents/usage-stats'),
    get<{ data: unknown[] }>(agent, '/api/bookings?status=pending'),
    get<{ data: { agent_id: string; team_id: string | null }[] }>(agent, '/api/properties'),
    get<{ data: unknown[] }>(agent, '/api/leads?class=hot'),
    get<{ data: unknown[] }>(agent, '/api/leads?class=potential'),
    get<{ data: unknown[] }>(agent, '/api/leads?class=cold'),
    get<Parameters<typeof reportFigure>[0]>(agent, `/api/reports?from=${range.from}&to=${range.to}`),
  ]);
  const own = figures.data.own;

  // Pending requests, now: the figure, the overview's card, the bookings list's "Pending" filter.
  expect(own.pendingRequests).toBe(expected.pending);
  expect(dashboard.data.pendingCount).toBe(own.pendingRequests);
  expect(dashboard.data.figures.own.pendingRequests).toBe(own.pendingRequests);
  expect(pending.data).toHaveLength(own.pendingRequests);

  // Bookings made this month and properties: the caller's own on the overview, whatever the team.
  expect(own.bookingsThisMonth).toBe(expected.month);
  expect(own.properties).toBe(expected.properties);
  expect(dashboard.data.figures.own).toEqual({
    pendingRequests: own.pendingRequests,
    bookingsThisMonth: own.bookingsThisMonth,
    properties: own.properties,
  });
  expect(props.data.filter((p) => p.agent_id === agent.id)).toHaveLength(own.properties);

  // The team's figures: the same for every member, labelled the team's; none outside a team.
  expect(figures.data.team).toEqual(
    expected.team && { bookingsThisMonth: expected.team.month, properties: expected.team.properties },
  );
  expect(dashboard.data.figures.team).toEqual(figures.data.team);
  if (teamId) expect(props.data.filter((p) => p.team_id === teamId)).toHaveLength(expected.team!.properties);

  // The plan usage counts the scope it says, by the same definitions (overview bars and the usage page).
  expect(dashboard.data.usage).toEqual(usage.data);
  const scoped = usage.data.scope === 'team' ? figures.data.team! : own;
  expect(usage.data.scope).toBe(expected.team ? 'team' : 'own');
  expect(usage.data.bookingsThisMonth.used).toBe(scoped.bookingsThisMonth);
  expect(usage.data.properties.used).toBe(scoped.properties);

  // Buyers by class, all time: the figure and the Feedback page's class filters.
  expect(own.hotBuyers).toBe(expected.hot);
  expect(hotLeads.data).toHaveLength(own.hotBuyers);
  expect(potential.data).toHaveLength(own.potentialBuyers);
  expect(cold.data).toHaveLength(own.coldBuyers);

  // Reports over the last 30 days: booked showings by the domain's rule; every buyer here was active in the
  // range, so the range's hot buyers (as of its end) are the hot buyers of today.
  expect(reportFigure(report, 'booked')).toBe(expected.booked);
  expect(reportFigure(report, 'rangeHotBuyers')).toBe(own.hotBuyers);
}

describe('every screen shows the same value for the same figure', () => {
  let solo: TestAgent;
  let owner: TestAgent;
  let member: TestAgent;
  let teamId: string;

  beforeAll(async () => {
    [solo, owner, member] = await Promise.all([
      makeAgent(t, { plan: 'pro', availability: null }),
      makeAgent(t, { plan: 'enterprise', availability: null }),
      makeAgent(t, { availability: null }),
    ]);
    teamId = await makeTeam(t, owner, [[member, 'member']]);

    // Solo: two properties; a request ahead, a confirmed showing ahead, a hot and a cold buyer this week, a
    // cancelled showing, and a showing booked 40 days ago (in the report's range, not made this month).
    await Promise.all([makeProperty(t, solo.id), makeProperty(t, solo.id)]);
    await seed(solo, [
      { startsAt: at(2), status: 'pending' },
      { startsAt: at(3), status: 'confirmed' },
      { startsAt: at(-2), status: 'completed', feedback: hot },
      {
        startsAt: at(-3),
        status: 'completed',
        feedback: { interestLevel: 'not_interested', rating: 2 },
      },
      { startsAt: at(-4), status: 'cancelled', cancelReason: 'Bought elsewhere' },
      { startsAt: at(-3), status: 'completed', createdAt: at(-40) },
    ]);

    // The team: the owner's listing from before the team (his, not the team's), one team property
    // assigned to him and two to the member; the member's five bookings this month and the owner's two.
    await Promise.all([
      makeProperty(t, owner.id),
      makeProperty(t, owner.id, { teamId }),
      makeProperty(t, member.id, { teamId }),
      makeProperty(t, member.id, { teamId }),
    ]);
    await seed(owner, [
      { startsAt: at(2), status: 'pending' },
      { startsAt: at(-1), status: 'completed', feedback: hot },
    ]);
    await seed(member, [
      { startsAt: at(1), status: 'confirmed' },
      { startsAt: at(4), status: 'confirmed' },
      { startsAt: at(2), status: 'pending' },
      { startsAt: at(5), status: 'pending' },
      { startsAt: at(-1), status: 'completed', feedback: hot },
      {
        startsAt: at(-2),
        status: 'completed',
        feedback: { interestLevel: 'somewhat_interested', rating: 3 },
      },
    ]);
  });

  it('for an agent on his own', async () => {
    await checkScreens(solo, { pending: 1, month: 4, properties: 2, booked: 4, hot: 1, team: null }, null);
  });

  it('for a team owner', async () => {
    const team = { month: 8, properties: 3 };
    await checkScreens(owner, { pending: 1, month: 2, properties: 2, booked: 1, hot: 1, team }, teamId);
  });

  it('for a team member: his own figures as his, the team’s as the team’s', async () => {
    const team = { month: 8, properties: 3 };
    await checkScreens(member, { pending: 2, month: 6, properties: 2, booked: 2, hot: 1, team }, teamId);
  });
});
