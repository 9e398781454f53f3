// Reports API (issue 13 part B) on a known history. The agent is in New York; March 2030 crosses the DST
// change of March 10. A booking at 23:30 New York time is counted on the agent's day (in UTC it is the next
// day), another agent's bookings are never counted, and breakdowns are refused below Professional.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanId } from '@keyturn/domain/enums';
import type { CoreReport, ReportBreakdowns } from '@keyturn/domain/schemas/reports';
import { createTestApp, type TestApp } from './app';
import { makeAgent, makeProperty, type TestAgent } from './fixtures';
import { seedBooking } from './support/bookings';

let t: TestApp;
let owner: TestAgent;
let other: TestAgent;
let propertyA: number;
let propertyB: number;
const range = 'from=2030-03-01&to=2030-03-31';

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeAgent(t, { plan: 'pro', timeZone: 'America/New_York' });
  other = await makeAgent(t, { plan: 'pro', timeZone: 'America/New_York' });
  propertyA = await makeProperty(t, owner.id, { address: '1 Elm Street' });
  propertyB = await makeProperty(t, owner.id, { address: '2 Oak Avenue' });
  const db = t.database.db;
  const seed = (b: Parameters<typeof seedBooking>[2]) => seedBooking(db, owner.id, b);
  // Monday 4 March, 10:00 EST: completed, very interested, rated 5 (a hot lead), booked 10 days ahead.
  await seed({
    clientEmail: 'Hana@Example.com',
    startsAt: '2030-03-04T15:00:00Z',
    status: 'completed',
    propertyId: propertyA,
    buyerType: 'investor',
    budgetMin: 300000,
    budgetMax: 400000,
    createdAt: '2030-02-22T12:00:00Z',
    feedback: { interestLevel: 'very_interested', rating: 5 },
  });
  // Monday 4 March, 23:30 EST = Tuesday 04:30 UTC: counted on Monday, hour 23.
  await seed({
    startsAt: '2030-03-05T04:30:00Z',
    status: 'confirmed',
    propertyId: propertyA,
    createdAt: '2030-03-04T20:00:00Z',
  });
  await seed({ startsAt: '2030-03-05T14:00:00Z', status: 'no_show', propertyId: propertyB });
  await seed({
    startsAt: '2030-03-06T19:00:00Z',
    status: 'cancelled',
    propertyId: propertyB,
    cancelReason: 'Found another home',
  });
  await seed({
    startsAt: '2030-03-06T20:00:00Z',
    status: 'cancelled',
    propertyId: propertyB,
    cancelReason: ' Found another home ',
  });
  // Thursday: only "somewhat" interested but wants a second showing, rated 4 → a hot lead.
  await seed({
    clientEmail: 'sam@example.com',
    startsAt: '2030-03-07T16:00:00Z',
    status: 'completed',
    feedback: { interestLevel: 'somewhat_interested', secondShowing: true, rating: 4 },
  });
  // Friday: not interested → feedback, a cold lead.
  await seed({
    clientEmail: 'cole@example.com',
    startsAt: '2030-03-08T16:00:00Z',
    status: 'completed',
    feedback: { interestLevel: 'not_interested', secondShowing: false, rating: 2 },
  });
  // Rescheduled: replaced by another booking, so not "booked" in the funnel.
  await seed({ startsAt: '2030-03-09T15:00:00Z', status: 'rescheduled' });
  // Thursday 28 February 23:30 EST = 1 March 04:30 UTC: the agent's February, outside the range.
  await seed({ startsAt: '2030-03-01T04:30:00Z', status: 'confirmed' });
  // Sunday 31 March 23:30 EDT = 1 April 03:30 UTC: the agent's 31 March, inside.
  await seed({ startsAt: '2030-04-01T03:30:00Z', status: 'pending' });
  // Another agent, same days: never counted.
  for (const startsAt of ['2030-03-04T15:00:00Z', '2030-03-05T04:30:00Z', '2030-03-06T19:00:00Z']) {
    await seedBooking(db, other.id, {
      startsAt,
      status: 'completed',
      feedback: { interestLevel: 'very_interested' },
    });
  }
});
afterAll(async () => {
  await t.close();
});

async function core(agent: TestAgent, query = range): Promise<CoreReport> {
  const res = await t.request({ method: 'GET', url: `/api/reports?${query}`, token: agent.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CoreReport>();
}

describe('GET /api/reports: figures in the agent time zone', () => {
  it('bookings over time: one row per agent-zone day, the 23:30 booking on its agent day', async () => {
    const report = await core(owner);
    expect(report.range).toEqual({ from: '2030-03-01', to: '2030-03-31', time_zone: 'America/New_York' });
    expect(report.bookings_by_day).toHaveLength(31);
    const day = (date: string) => report.bookings_by_day.find((d) => d.date === date);
    expect(day('2030-03-01')).toMatchObject({ total: 0 });
    expect(day('2030-03-04')).toMatchObject({ total: 2, completed: 1, confirmed: 1 });
    expect(day('2030-03-05')).toMatchObject({ total: 1, no_show: 1, confirmed: 0 });
    expect(day('2030-03-06')).toMatchObject({ total: 2, cancelled: 2 });
    expect(day('2030-03-09')).toMatchObject({ total: 1, rescheduled: 1 });
    expect(day('2030-03-31')).toMatchObject({ total: 1, pending: 1 });
    expect(report.bookings_by_day.reduce((n, d) => n + d.total, 0)).toBe(9);
  });

  it('the funnel booked → showed → feedback → hot follows the domain rules', async () => {
    const report = await core(owner);
    expect(report.funnel).toEqual({ booked: 8, showed: 3, feedback: 3, hot: 2 });
  });

  it('no-show and cancellation rates with the reasons given', async () => {
    const report = await core(owner);
    expect(report.rates.no_show).toEqual({ count: 1, of: 4, rate: 0.25 });
    expect(report.rates.cancellation).toEqual({ count: 2, of: 8, rate: 0.25 });
    expect(report.cancellation_reasons).toEqual([{ reason: 'Found another home', count: 2 }]);
  });

  it('showings per property, most booked first, bookings without a property on their own row', async () => {
    const report = await core(owner);
    expect(report.showings_by_property).toEqual([
      {
        property_id: propertyB,
        address: '2 Oak Avenue',
        bookings: 3,
        completed: 0,
        no_show: 1,
        cancelled: 2,
      },
      { property_id: null, address: null, bookings: 3, completed: 2, no_show: 0, cancelled: 0 },
      {
        property_id: propertyA,
        address: '1 Elm Street',
        bookings: 2,
        completed: 1,
        no_show: 0,
        cancelled: 0,
      },
    ]);
  });

  it('busiest weekdays and hours count held showings by the agent clock', async () => {
    const report = await core(owner);
    expect(report.weekdays.map((w) => w.count)).toEqual([1, 2, 1, 0, 1, 1, 0]);
    const hour = (h: number) => report.hours.find((x) => x.hour === h)?.count;
    expect(report.hours).toHaveLength(24);
    expect(hour(23)).toBe(2);
    expect(hour(10)).toBe(1);
    expect(hour(9)).toBe(1);
    expect(hour(11)).toBe(2);
    expect(hour(4)).toBe(0);
  });

  it("another agent's bookings are never counted", async () => {
    const report = await core(other);
    expect(report.funnel).toEqual({ booked: 3, showed: 3, feedback: 3, hot: 3 });
    expect(report.bookings_by_day.find((d) => d.date === '2030-03-04')?.total).toBe(2);
  });

  it('a one-day range is that agent day only', async () => {
    const report = await core(owner, 'from=2030-03-04&to=2030-03-04');
    expect(report.bookings_by_day).toEqual([expect.objectContaining({ date: '2030-03-04', total: 2 })]);
    expect(report.funnel.booked).toBe(2);
  });

  it('bad ranges are 400 with the field, and nothing is computed', async () => {
    for (const [query, field] of [
      ['from=2030-03-31&to=2030-03-01', 'to'],
      ['from=2030-02-30&to=2030-03-01', 'from'],
      ['from=2029-01-01&to=2030-03-01', 'to'],
      ['to=2030-03-01', 'from'],
    ] as const) {
      const res = await t.request({ method: 'GET', url: `/api/reports?${query}`, token: owner.token });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { [field]: expect.any(String) } });
    }
  });

  it('without a session: 401', async () => {
    const res = await t.request({ method: 'GET', url: `/api/reports?${range}` });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/reports/breakdowns: Professional and Enterprise', () => {
  it('splits the funnel by buyer type, purpose and budget, and buckets lead times', async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/reports/breakdowns?${range}`,
      token: owner.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ReportBreakdowns>();
    expect(body.by_buyer_type).toEqual([
      { key: 'first_time_buyer', booked: 7, showed: 2, hot: 1 },
      { key: 'investor', booked: 1, showed: 1, hot: 1 },
    ]);
    expect(body.by_budget).toEqual([
      { key: null, booked: 7, showed: 2, hot: 1 },
      { key: '300000-400000', booked: 1, showed: 1, hot: 1 },
    ]);
    expect(body.by_purpose).toEqual([{ key: 'property_viewing', booked: 8, showed: 3, hot: 2 }]);
    const lead = Object.fromEntries(body.lead_time.map((l) => [l.bucket, l.count]));
    expect(lead).toMatchObject({ same_day: 1, one_to_two_weeks: 1 });
    expect(body.lead_time.reduce((n, l) => n + l.count, 0)).toBe(8);
  });

  it.each<[PlanId, number]>([
    ['basic', 403],
    ['pro', 200],
    ['enterprise', 200],
  ])('plan %s → %i (core figures stay open to every plan)', async (plan, status) => {
    const agent = await makeAgent(t, { plan });
    const res = await t.request({
      method: 'GET',
      url: `/api/reports/breakdowns?${range}`,
      token: agent.token,
    });
    expect(res.statusCode).toBe(status);
    if (status === 403) {
      expect(res.json()).toEqual({
        code: 'PLAN_UPGRADE_REQUIRED',
        error: 'Report breakdowns are part of the Professional plan. Upgrade to use them.',
      });
    }
    expect(
      (await t.request({ method: 'GET', url: `/api/reports?${range}`, token: agent.token })).statusCode,
    ).toBe(200);
  });
});

describe('lead classes on the Reports page: the classifier of the Feedback page (classify.ts)', () => {
  let agent: TestAgent;
  beforeAll(async () => {
    agent = await makeAgent(t, { plan: 'basic', timeZone: 'America/New_York' });
    const seed = (
      email: string,
      startsAt: string,
      feedback?: Parameters<typeof seedBooking>[2]['feedback'],
    ) =>
      seedBooking(t.database.db, agent.id, {
        clientEmail: email,
        startsAt,
        status: 'completed',
        createdAt: '2030-02-20T12:00:00Z',
        ...(feedback ? { feedback } : {}),
      });
    // Hana, Monday 4 March: very interested, rated 5 → hot (hot-very-interested).
    await seed('hana@example.com', '2030-03-04T15:00:00Z', { interestLevel: 'very_interested', rating: 5 });
    // Pat, Tuesday 12 March: very interested but rated 3 → potential (potential-interested).
    await seed('pat@example.com', '2030-03-12T16:00:00Z', {
      interestLevel: 'very_interested',
      rating: 3,
      secondShowing: false,
    });
    // Sam, Thursday 7 March: wants a second showing, rated 4 → hot; Monday 18 March: rated 2 → cold.
    await seed('sam@example.com', '2030-03-07T16:00:00Z', {
      interestLevel: 'somewhat_interested',
      rating: 4,
      secondShowing: true,
    });
    await seed('SAM@example.com', '2030-03-18T16:00:00Z', {
      interestLevel: 'somewhat_interested',
      rating: 2,
      secondShowing: false,
    });
    // Casey, Wednesday 27 March: came, no answers yet → potential (potential-no-answers).
    await seed('casey@example.com', '2030-03-27T16:00:00Z');
  });

  it('the funnel counts a showing hot when the classifier calls its buyer hot, and not when potential', async () => {
    // Up to 14 March: Hana and Sam are hot, Pat (very interested, rated 3) is potential → 2 hot showings.
    expect((await core(agent, 'from=2030-03-01&to=2030-03-14')).funnel).toEqual({
      booked: 3,
      showed: 3,
      feedback: 3,
      hot: 2,
    });
    // Over the month Sam's latest answers make them cold: only Hana's showing is hot.
    expect((await core(agent, range)).funnel).toEqual({ booked: 5, showed: 5, feedback: 4, hot: 1 });
  });

  it('lead classes per agent-zone week, each lead by its latest answers up to the end of that week', async () => {
    const report = await core(agent, range);
    expect(report.lead_classes_by_week).toEqual([
      { week_start: '2030-03-01', week_end: '2030-03-03', hot: 0, potential: 0, cold: 0 },
      { week_start: '2030-03-04', week_end: '2030-03-10', hot: 2, potential: 0, cold: 0 },
      { week_start: '2030-03-11', week_end: '2030-03-17', hot: 2, potential: 1, cold: 0 },
      { week_start: '2030-03-18', week_end: '2030-03-24', hot: 1, potential: 1, cold: 1 },
      { week_start: '2030-03-25', week_end: '2030-03-31', hot: 1, potential: 2, cold: 1 },
    ]);
  });

  it('a week ends at midnight in the agent zone: a Sunday 23:30 showing is in that week', async () => {
    const late = await makeAgent(t, { plan: 'basic', timeZone: 'America/New_York' });
    // Sunday 10 March 23:30 EDT = Monday 11 March 03:30 UTC.
    await seedBooking(t.database.db, late.id, {
      startsAt: '2030-03-11T03:30:00Z',
      status: 'completed',
      createdAt: '2030-03-01T12:00:00Z',
      feedback: { interestLevel: 'very_interested', rating: 5 },
    });
    const report = await core(late, 'from=2030-03-04&to=2030-03-17');
    expect(report.lead_classes_by_week).toEqual([
      { week_start: '2030-03-04', week_end: '2030-03-10', hot: 1, potential: 0, cold: 0 },
      { week_start: '2030-03-11', week_end: '2030-03-17', hot: 1, potential: 0, cold: 0 },
    ]);
  });
});
