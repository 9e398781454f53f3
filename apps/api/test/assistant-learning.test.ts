// Issue 17: scheduling that learns, through the API — the agent's history ranks the assistant's proposals
// (marked suggested), Settings says what was learned in plain words, and the agent corrects or resets it.
// Clock: Monday 2030-03-04 10:00 in New York.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationResponse } from '@keyturn/domain/schemas/assistant';
import { bookings } from '../src/db/schema';
import { createTestApp, type TestApp } from './app';
import { makeAgent, makeProperty, type TestAgent } from './fixtures';

const NOW = new Date('2030-03-04T15:00:00Z');
let t: TestApp;
let agent: TestAgent;

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  agent = await makeAgent(t);
  const property = await makeProperty(t, agent.id, { address: '12 Maple Street' });
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

async function proposalsFor(text: string): Promise<ConversationResponse> {
  const started = await t.request({
    method: 'POST',
    url: '/api/assistant/conversations',
    payload: { agent_id: agent.id },
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
  it('ranks the assistant’s proposals by the learned preference and marks them suggested', async () => {
    const offered = await proposalsFor('12 maple street on tuesday');
    expect(offered.proposals).toHaveLength(3);
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
