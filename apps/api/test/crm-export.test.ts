// CRM export (issue 13, Enterprise): each CSV parses back with a CSV library and has exactly the documented
// columns; leads group the caller's bookings by e-mail address; another agent's rows never appear; the call
// is refused below Enterprise.
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanId } from '@keyturn/domain/enums';
import { CRM_EXPORT_COLUMNS, crmExportColumns } from '@keyturn/domain/schemas/crmExport';
import { createTestApp, type TestApp } from './app';
import { makeAgent, makeProperty, type TestAgent } from './fixtures';
import { seedBooking } from './support/bookings';

let t: TestApp;
let owner: TestAgent;
let other: TestAgent;
let propertyId: number;
const clock = new Date('2030-03-10T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  owner = await makeAgent(t, { plan: 'enterprise', timeZone: 'America/New_York' });
  other = await makeAgent(t, { plan: 'enterprise' });
  propertyId = await makeProperty(t, owner.id, { address: '1 Elm Street, Unit "A"' });
  const db = t.database.db;
  await seedBooking(db, owner.id, {
    startsAt: '2030-03-05T04:30:00Z', // 4 March 23:30 in New York
    status: 'completed',
    propertyId,
    clientName: 'Robin Hart',
    clientEmail: 'Robin@Example.com',
    createdAt: '2030-03-01T10:00:00Z',
    feedback: {
      interestLevel: 'somewhat_interested',
      secondShowing: true,
      rating: 4,
      comments: '=HYPERLINK("x")',
    },
  });
  await seedBooking(db, owner.id, {
    startsAt: '2030-03-12T15:00:00Z',
    status: 'confirmed',
    propertyId,
    clientName: 'Robin Hart-Lee',
    clientEmail: 'robin@example.com',
    budgetMin: 1_000_000,
    createdAt: '2030-03-08T10:00:00Z',
  });
  await seedBooking(db, owner.id, {
    startsAt: '2030-03-06T15:00:00Z',
    status: 'no_show',
    clientName: 'Sam Oak',
    clientEmail: 'sam@example.com',
    createdAt: '2030-03-02T10:00:00Z',
  });
  await seedBooking(db, other.id, {
    startsAt: '2030-03-06T15:00:00Z',
    status: 'completed',
    clientEmail: 'intruder@example.com',
    feedback: { interestLevel: 'very_interested' },
  });
});
afterAll(async () => {
  await t.close();
});

async function exportOf(kind: string, agent = owner) {
  const res = await t.request({ method: 'GET', url: `/api/exports/${kind}.csv`, token: agent.token });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  const parsed = Papa.parse<Record<string, string>>(res.body, { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return { res, parsed };
}

describe('CSV export', () => {
  it('leads.csv: the documented columns, one row per e-mail address (case ignored)', async () => {
    const { res, parsed } = await exportOf('leads');
    expect(res.headers['content-disposition']).toBe('attachment; filename="keyturn-leads-2030-03-10.csv"');
    expect(parsed.meta.fields).toEqual(crmExportColumns('leads', false).map((c) => c.name));
    expect(parsed.data).toHaveLength(2);
    const robin = parsed.data.find((r) => r.email === 'robin@example.com');
    expect(robin).toMatchObject({
      name: 'Robin Hart-Lee',
      bookings: '2',
      completed: '1',
      no_shows: '0',
      feedback_count: '1',
      last_rating: '4',
      last_interest_level: 'somewhat_interested',
      wants_second_showing: 'yes',
      hot: 'yes',
      budget_min: '1000000',
      budget_max: '',
      first_booked_at: '2030-03-01T10:00:00.000Z',
      next_showing_at: '2030-03-12T15:00:00.000Z',
    });
    expect(parsed.data.find((r) => r.email === 'sam@example.com')).toMatchObject({
      bookings: '1',
      no_shows: '1',
      hot: 'no',
      next_showing_at: '',
    });
    expect(res.body).not.toContain('intruder');
  });

  it('bookings.csv: agent-zone date and time, the property address quoted intact', async () => {
    const { parsed } = await exportOf('bookings');
    expect(parsed.meta.fields).toEqual(crmExportColumns('bookings', false).map((c) => c.name));
    expect(parsed.data).toHaveLength(3);
    const late = parsed.data.find((r) => r.starts_at === '2030-03-05T04:30:00.000Z');
    expect(late).toMatchObject({
      date: '2030-03-04',
      time: '23:30',
      time_zone: 'America/New_York',
      status: 'completed',
      property_address: '1 Elm Street, Unit "A"',
      client_email: 'Robin@Example.com',
    });
  });

  it('feedback.csv: the answers, hot by the rule, formulas kept as text', async () => {
    const { parsed } = await exportOf('feedback');
    expect(parsed.meta.fields).toEqual(crmExportColumns('feedback', false).map((c) => c.name));
    expect(parsed.data).toEqual([
      expect.objectContaining({
        client_name: 'Robin Hart',
        rating: '4',
        interest_level: 'somewhat_interested',
        second_showing: 'yes',
        hot: 'yes',
        source: 'buyer',
        comments: `'=HYPERLINK("x")`,
      }),
    ]);
  });

  it("another agent's export holds only their own rows", async () => {
    const { parsed } = await exportOf('bookings', other);
    expect(parsed.data.map((r) => r.client_email)).toEqual(['intruder@example.com']);
  });

  it.each<[PlanId, number]>([
    ['basic', 403],
    ['pro', 403],
    ['enterprise', 200],
  ])('plan %s → %i for every export', async (plan, status) => {
    const agent = await makeAgent(t, { plan });
    for (const kind of ['leads', 'bookings', 'feedback']) {
      const res = await t.request({ method: 'GET', url: `/api/exports/${kind}.csv`, token: agent.token });
      expect(res.statusCode, kind).toBe(status);
      if (status === 403) {
        expect(res.json()).toEqual({
          code: 'PLAN_UPGRADE_REQUIRED',
          error: 'CRM export and webhooks are part of the Enterprise plan. Upgrade to use them.',
        });
      }
    }
  });

  it('an unknown export is 400, and without a session 401', async () => {
    const unknown = await t.request({ method: 'GET', url: '/api/exports/agents.csv', token: owner.token });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('VALIDATION_ERROR');
    const anonymous = await t.request({ method: 'GET', url: '/api/exports/leads.csv' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the documented columns', () => {
  it('docs/crm-integration.md names every column of every file', () => {
    const doc = readFileSync(new URL('../../../docs/crm-integration.md', import.meta.url), 'utf8');
    for (const [kind, columns] of Object.entries(CRM_EXPORT_COLUMNS)) {
      const section = doc.slice(doc.indexOf(`### ${kind}.csv`));
      for (const column of columns)
        expect(section, `${kind}: ${column.name}`).toContain(`| \`${column.name}\``);
    }
  });
});

describe('hot in the export is the lead classifier of the Feedback page', () => {
  it('very interested but rated 3 is a potential lead, not hot; rated 5 is hot', async () => {
    const agent = await makeAgent(t, { plan: 'enterprise' });
    const seed = (email: string, rating: number) =>
      seedBooking(t.database.db, agent.id, {
        startsAt: '2030-03-05T15:00:00Z',
        status: 'completed',
        clientEmail: email,
        createdAt: '2030-03-01T10:00:00Z',
        feedback: { interestLevel: 'very_interested', rating, secondShowing: false },
      });
    await seed('pat@example.com', 3);
    await seed('hana@example.com', 5);
    const hotOf = (rows: Record<string, string>[], key: string) =>
      Object.fromEntries(rows.map((r) => [r[key], r.hot]));
    expect(hotOf((await exportOf('leads', agent)).parsed.data, 'email')).toEqual({
      'pat@example.com': 'no',
      'hana@example.com': 'yes',
    });
    expect(hotOf((await exportOf('feedback', agent)).parsed.data, 'client_email')).toEqual({
      'pat@example.com': 'no',
      'hana@example.com': 'yes',
    });
  });
});
