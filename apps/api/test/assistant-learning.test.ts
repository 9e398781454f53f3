// Issue 17: scheduling that learns, through the API — the agent's history ranks the assistant's proposals
// (marked suggested) and marks the public slots of a date "suggested" (decision 028), learns the areas the
// agent shows in per weekday, Settings says what was learned in plain words, and the agent corrects or resets
// it. Clock: Monday 2030-03-04 10:00 in New York.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationResponse } from '@keyturn/domain/schemas/assistant';
import { bookings } from '../src/db/schema';
import { createTestApp, type TestApp } from './app';
import { makeAgent, makeProperty, type TestAgent } from './fixtures';
import { DEFAULT_AVAILABILITY } from '@keyturn/domain/schemas/availability';

const NOW = new Date('2030-03-04T15:00:00Z');
const TUESDAY = '2030-03-05';
let t: TestApp;
let agent: TestAgent;
let property: number;

/** A past (or, with a status given, active) booking of `agentId` at `hourEst` New York time on `date`. */
function row(
  agentId: string,
  propertyId: number,
  date: string,
  hourEst: number,
  status: (typeof bookings.$inferInsert)['status'],
): typeof bookings.$inferInsert {
  const start = new Date(Date.parse(`${date}T00:00:00Z`) + (hourEst + 5) * 3_600_000);
  return {
    agentId,
    propertyId,
    clientName: 'Past Buyer',
    clientEmail: 'past@example.com',
    clientPhone: '+1 646 555 0199',
    buyerType: 'investor',
    bookingPurpose: 'property_viewing',
    createdAt: new Date('2030-01-10T12:00:00Z'),
    startsAt: start,
    endsAt: new Date(start.getTime() + 30 * 60_000),
    status,
    manageToken: randomUUID(),
    publicId: randomUUID(),
  };
}

type Offered = { time: string; starts_at: string; label: string; recommended?: true; suggested?: true };
async function publicSlots(propertyId: number, date = TUESDAY) {
  const res = await t.request({ method: 'GET', url: `/api/booking/availability/${propertyId}/${date}` });
  expect(res.statusCode).toBe(200);
  return res.json() as { availableSlots: string[]; slots: Offered[] };
}
const suggestedTimes = (answer: { slots: Offered[] }) =>
  answer.slots.filter((s) => s.suggested).map((s) => s.time.slice(0, 5));

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  agent = await makeAgent(t);
  property = await makeProperty(t, agent.id, { address: '12 Maple Street' });
  // Six weeks of history: afternoon showings kept, morning ones declined or moved (January/February, EST).
  const rows: (typeof bookings.$inferInsert)[] = [];
  for (let day = 0; day < 30; day++) {
    const date = new Date(Date.UTC(2030, 0, 14 + day));
    if (date.getUTCDay() === 0 || date.getUTCDay() === 6) continue;
    const at = (hourEst: number) => new Date(date.getTime() + (hourEst + 5) * 3_600_000);
    const base = {
      agentId: agent.id,
      propertyId: property,
      clientName: 'Past Buyer',
      clientEmail: `past${day}@example.com`,
      clientPhone: '+1 646 555 0199',
      buyerType: 'investor',
      bookingPurpose: 'property_viewing',
      createdAt: new Date('2030-01-10T12:00:00Z'),
    };
    rows.push(
      {
        ...base,
        startsAt: at(15),
        endsAt: at(15.5),
        status: 'completed',
        manageToken: randomUUID(),
        publicId: randomUUID(),
      },
      {
        ...base,
        startsAt: at(9),
        endsAt: at(9.5),
        status: day % 2 ? 'declined' : 'rescheduled',
        manageToken: randomUUID(),
        publicId: randomUUID(),
      },
    );
  }
  await t.database.db.insert(bookings).values(rows);
});
afterAll(async () => {
  await t.close();
});

async function proposalsFor(text: string, agentId = agent.id): Promise<ConversationResponse> {
  const started = await t.request({
    method: 'POST',
    url: '/api/assistant/conversations',
    payload: { agent_id: agentId },
  });
  const res = await t.request({
    method: 'POST',
    url: `/api/assistant/conversations/${started.json().conversation_id}/messages`,
    payload: { text },
  });
  return res.json();
}
const settings = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.request({ method, url, token: agent.token, payload });

describe('scheduling that learns (API)', () => {
  it('marks the public slots of a date suggested: the day’s best by the learned preference, at most 3, in time order', async () => {
    const answer = await publicSlots(property);
    const suggested = suggestedTimes(answer);
    expect(suggested.length).toBeGreaterThan(0);
    expect(suggested.length).toBeLessThanOrEqual(3);
    for (const time of suggested) expect(time >= '14:00').toBe(true);
    // Only marks: the spec's availableSlots and the slots' time order are those of an agent without learning.
    expect(answer.availableSlots).toEqual(answer.slots.map((s) => s.time));
    expect([...answer.availableSlots].sort()).toEqual(answer.availableSlots);
    expect(answer.availableSlots[0]).toBe('09:00:00');
  });

  it('an agent without a learned history gets no suggested marks', async () => {
    const fresh = await makeAgent(t);
    const home = await makeProperty(t, fresh.id);
    const answer = await publicSlots(home);
    expect(answer.slots.length).toBeGreaterThan(0);
    expect(suggestedTimes(answer)).toEqual([]);
    expect(answer.slots.every((s) => !('suggested' in s))).toBe(true);
  });

  it('the agent’s rules win: only slots the hours allow exist, and only they are marked', async () => {
    const strict = await makeAgent(t, {
      availability: {
        ...DEFAULT_AVAILABILITY,
        days: DEFAULT_AVAILABILITY.days.map((d) =>
          d.is_available ? { ...d, intervals: [{ start: '09:00', end: '12:00' }] } : d,
        ),
      },
    });
    const home = await makeProperty(t, strict.id);
    await t.database.db
      .insert(bookings)
      .values(
        [
          '2030-01-15',
          '2030-01-16',
          '2030-01-17',
          '2030-01-22',
          '2030-01-23',
          '2030-01-24',
          '2030-01-29',
        ].flatMap((date) => [
          row(strict.id, home, date, 15, 'completed'),
          row(strict.id, home, date, 9, 'declined'),
        ]),
      );
    const answer = await publicSlots(home);
    expect(answer.availableSlots.every((s) => s >= '09:00:00' && s < '12:00:00')).toBe(true);
    const suggested = suggestedTimes(answer);
    // The learned afternoons are closed by the agent's hours: the best of the morning (the latest) instead.
    expect(suggested.length).toBeGreaterThan(0);
    for (const time of suggested) expect(answer.availableSlots).toContain(`${time}:00`);
    expect(suggested).not.toContain('09:00');
  });

  it('the agent switches the marks off (and on) in Settings; bad input is refused and changes nothing', async () => {
    const off = await settings('PUT', '/api/agents/scheduling-preferences', {
      periods: null,
      max_per_day: null,
      suggest_on_booking_page: false,
    });
    expect(off.json().data.suggest_on_booking_page).toBe(false);
    expect(suggestedTimes(await publicSlots(property))).toEqual([]);
    const bad = await settings('PUT', '/api/agents/scheduling-preferences', {
      periods: null,
      max_per_day: null,
      suggest_on_booking_page: 'yes',
      areas: [{ weekday: 9, area: '' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields ?? {})).not.toHaveLength(0);
    expect(suggestedTimes(await publicSlots(property))).toEqual([]);
    await settings('PUT', '/api/agents/scheduling-preferences', {
      periods: null,
      max_per_day: null,
      suggest_on_booking_page: true,
    });
    expect(suggestedTimes(await publicSlots(property)).length).toBeGreaterThan(0);
  });

  it('learns the areas per weekday, says them in plain words, prefers slots next to a showing in the same area; corrected and reset like the rest', async () => {
    const a = await makeAgent(t);
    const oakPark = await makeProperty(t, a.id, { address: '5 Lake Street', city: 'Oak Park' });
    const elmwood = await makeProperty(t, a.id, { address: '9 Elm Road', city: 'Elmwood' });
    // Tuesdays in Oak Park, Thursdays in Elmwood, at every hour alike (no hour preference).
    const history = [8, 15, 22, 29].flatMap((d) =>
      [9, 11, 13, 15].flatMap((h) => [
        row(a.id, oakPark, `2030-01-${String(d).padStart(2, '0')}`, h, 'completed'),
        row(a.id, elmwood, `2030-01-${String(d + 2).padStart(2, '0')}`, h, 'completed'),
      ]),
    );
    // Booked on the coming Tuesday: Oak Park at 1 pm, Elmwood at 10 am.
    await t.database.db
      .insert(bookings)
      .values([
        ...history,
        row(a.id, oakPark, TUESDAY, 13, 'confirmed'),
        row(a.id, elmwood, TUESDAY, 10, 'confirmed'),
      ]);
    const as = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
      t.request({ method, url, token: a.token, payload });
    const learned = (await as('GET', '/api/agents/scheduling-preferences')).json().data;
    expect(learned.summary).toContain('You show in Oak Park on Tuesdays.');
    expect(learned.summary).toContain('You show in Elmwood on Thursdays.');
    expect(learned.learned_areas).toEqual([
      { weekday: 2, area: 'Oak Park' },
      { weekday: 4, area: 'Elmwood' },
    ]);
    // The assistant proposes the days the agent shows in the home's area (next week: Tuesday 12, Thursday 14).
    const oakParkDays = (await proposalsFor('5 lake street next week', a.id)).proposals.map((p) => p.date);
    expect(oakParkDays).toEqual(['2030-03-12', '2030-03-12', '2030-03-12']);
    const elmwoodDays = (await proposalsFor('9 elm road next week', a.id)).proposals.map((p) => p.date);
    expect(elmwoodDays).toEqual(['2030-03-14', '2030-03-14', '2030-03-14']);

    const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
    const near = (time: string, hour: number) => Math.abs(minutes(time) - hour * 60) <= 90;
    const forOakPark = suggestedTimes(await publicSlots(oakPark));
    expect(forOakPark.length).toBeGreaterThan(0);
    for (const time of forOakPark) expect(near(time, 13)).toBe(true);
    const forElmwood = suggestedTimes(await publicSlots(elmwood));
    expect(forElmwood.length).toBeGreaterThan(0);
    for (const time of forElmwood) expect(near(time, 10)).toBe(true);

    // The agent keeps only Elmwood on Thursdays; then switches areas off; then resets.
    const kept = await as('PUT', '/api/agents/scheduling-preferences', {
      periods: null,
      max_per_day: null,
      areas: [{ weekday: 4, area: 'Elmwood' }],
    });
    expect(kept.json().data.summary).toContain('You show in Elmwood on Thursdays (your setting).');
    expect(kept.json().data.summary).not.toContain('You show in Oak Park on Tuesdays.');
    const none = await as('PUT', '/api/agents/scheduling-preferences', {
      periods: null,
      max_per_day: null,
      areas: [],
    });
    expect(none.json().data.summary.some((l: string) => l.startsWith('You show in'))).toBe(false);
    expect(none.json().data.learned_areas).toHaveLength(2);
    const reset = await as('POST', '/api/agents/scheduling-preferences/reset');
    expect(reset.json().data.areas).toBeNull();
    expect(reset.json().data.learned_areas).toEqual([]);
    expect(suggestedTimes(await publicSlots(oakPark))).toEqual([]);
  });

  it('ranks the assistant’s proposals by the learned preference and marks them suggested', async () => {
    const offered = await proposalsFor('12 maple street on tuesday');
    expect(offered.proposals).toHaveLength(3);
    // Chosen by the learned preference, offered in time order (issue 39 §13, as the README says).
    const starts = offered.proposals.map((p) => Date.parse(p.starts_at));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    for (const p of offered.proposals) {
      expect(p.date).toBe('2030-03-05');
      expect(p.time >= '14:00').toBe(true);
      expect(p.suggested).toBe(true);
    }
  });

  it('says what was learned in plain words; a correction replaces it; a reset forgets it', async () => {
    const learned = (await settings('GET', '/api/agents/scheduling-preferences')).json();
    expect(learned.data.summary).toContain('You prefer afternoons (2–5 pm).');
    expect(learned.data.events).toBe(44);

    const corrected = await settings('PUT', '/api/agents/scheduling-preferences', {
      periods: ['morning'],
      max_per_day: 3,
    });
    expect(corrected.json().data.summary).toEqual([
      'You prefer mornings (before noon) (your setting).',
      'At most 3 showings a day (your setting).',
    ]);
    const morning = await proposalsFor('12 maple street on tuesday');
    for (const p of morning.proposals) expect(p.time < '12:00').toBe(true);

    const bad = await settings('PUT', '/api/agents/scheduling-preferences', {
      periods: ['night'],
      max_per_day: 0,
    });
    expect(bad.statusCode).toBe(400);

    const reset = await settings('POST', '/api/agents/scheduling-preferences/reset');
    expect(reset.json().data.summary[0]).toMatch(/^Not enough history yet/);
    const plain = await proposalsFor('12 maple street on tuesday');
    expect(plain.proposals.map((p) => p.time)).toEqual(['09:00', '09:30', '10:00']);
    expect(plain.proposals.every((p) => !p.suggested)).toBe(true);
  });
});
