// Issue 31: conversations that keep state, honest limits, times as people say them and Spanish, through the
// public API on a real database. The clock: Friday 2030-03-08 14:00 in New York (Mon–Fri 9–17 by default), a
// Friday afternoon before the DST Sunday.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSISTANT_SAYS, ASSISTANT_SAYS_ES } from '@keyturn/domain/assistant/texts';
import type { ConversationResponse } from '@keyturn/domain/schemas/assistant';
import { createTestApp, type TestApp } from './app';
import { sayTo } from './assistant/talk';
import { makeAgent, makeProperty, type TestAgent } from './fixtures';

const NOW = new Date('2030-03-08T19:00:00Z');
let t: TestApp;
let agent: TestAgent;
const HARBOR = '12 Harbor View Rd, Springfield';
const ELM = '77 Elm Street, Springfield';

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  agent = await makeAgent(t);
  await makeProperty(t, agent.id, { address: '12 Harbor View Rd', bedrooms: 3 });
  await makeProperty(t, agent.id, { address: '77 Elm Street', bedrooms: 2, propertyType: 'Condo' });
});
afterAll(async () => {
  await t.close();
});

async function start(timeZone?: string): Promise<string> {
  const res = await t.request({
    method: 'POST',
    url: '/api/assistant/conversations',
    payload: { agent_id: agent.id, ...(timeZone ? { time_zone: timeZone } : {}) },
  });
  expect(res.statusCode).toBe(201);
  return (res.json() as ConversationResponse).conversation_id;
}

const say = (id: string, text: string) => sayTo(t, id, text);

const last = (c: ConversationResponse) => c.messages[c.messages.length - 1]!.text;

describe('assistant dialogues (issue 31)', () => {
  it('a time first and the home second: the time is kept, the question says what it has, then booked', async () => {
    const id = await start();
    const asked = await say(id, 'tuesday morning');
    expect(last(asked)).toBe(ASSISTANT_SAYS.whichProperty([HARBOR, ELM], 'Tuesday, March 12, morning'));
    expect(asked.proposals).toEqual([]);
    const offered = await say(id, 'the elm one');
    expect(offered.proposals.length).toBeGreaterThan(0);
    for (const p of offered.proposals) {
      expect(p.date).toBe('2030-03-12');
      expect(p.time < '12:00').toBe(true);
    }
    expect(last(offered)).toContain(ELM);
    await say(id, '1');
    await say(id, 'Casey Buyer');
    await say(id, 'casey@example.com');
    await say(id, '646 555 0199');
    const summary = await say(id, 'first time buyer');
    expect(last(summary)).toContain('Please check');
    const booked = await say(id, 'yes');
    expect(booked.booking).not.toBeNull();
    expect(booked.booking!.booking_date).toBe('2030-03-12');
  });

  it('a correction replaces the day and keeps the time of day', async () => {
    const id = await start();
    const first = await say(id, 'the condo on elm tuesday morning');
    expect(first.proposals.every((p) => p.date === '2030-03-12')).toBe(true);
    const moved = await say(id, 'actually make it wednesday');
    expect(moved.proposals.length).toBeGreaterThan(0);
    for (const p of moved.proposals) {
      expect(p.date).toBe('2030-03-13');
      expect(p.time < '12:00').toBe(true);
    }
  });

  it('"Friday around 2" on a Friday afternoon: next Friday, said so, the times nearest 2 PM in time order', async () => {
    const id = await start();
    const offered = await say(id, 'the condo on Elm, Friday around 2');
    expect(last(offered)).toContain(ASSISTANT_SAYS.weekdayNextWeek('Friday', 'March 15'));
    expect(offered.proposals.map((p) => `${p.date} ${p.time}`)).toEqual([
      '2030-03-15 13:30',
      '2030-03-15 14:00',
      '2030-03-15 14:30',
    ]);
  });

  it('consultations and valuations need no property', async () => {
    const id = await start();
    const offered = await say(id, 'can we have a consultation tuesday afternoon?');
    expect(offered.proposals.length).toBeGreaterThan(0);
    expect(last(offered)).toContain('a consultation');
    const valuation = await say(await start(), "what's my house worth? monday after 3");
    expect(last(valuation)).toContain('a valuation');
    expect(valuation.proposals.every((p) => p.date === '2030-03-11' && p.time >= '15:00')).toBe(true);
  });

  it('nonsense: "I didn\'t catch that" with an example, never the same question; the form after two', async () => {
    const id = await start();
    const once = await say(id, 'purple monkey dishwasher');
    expect(last(once)).toBe(ASSISTANT_SAYS.notCaught(ASSISTANT_SAYS.examples.start));
    const twice = await say(id, 'blorp');
    expect(twice.messages.slice(-2).map((m) => m.text)).toEqual([
      ASSISTANT_SAYS.notCaught(ASSISTANT_SAYS.examples.start),
      ASSISTANT_SAYS.handOff,
    ]);
    expect(twice.form_url).toContain('step=');
    // What it has stays: the home and the time still lead to times.
    const offered = await say(id, '77 elm street tuesday at 10');
    expect(offered.proposals.map((p) => `${p.date} ${p.time}`)).toEqual(['2030-03-12 10:00']);
  });

  it('"call me maybe" as a phone number says why it is asked again', async () => {
    const id = await start();
    await say(id, 'elm street tuesday at 11');
    await say(id, '1');
    await say(id, 'Casey Buyer');
    await say(id, 'casey@example.com');
    const phone = await say(id, 'call me maybe');
    expect(last(phone)).toBe(ASSISTANT_SAYS.notCaught(ASSISTANT_SAYS.examples.phone));
  });

  it('another language: a short English answer naming the languages it speaks', async () => {
    const id = await start();
    const answer = await say(id, 'Ich möchte die Wohnung morgen besichtigen, bitte');
    expect(last(answer)).toBe(ASSISTANT_SAYS.languages);
  });

  it('Spanish: understood and answered in Spanish, through to a booking', async () => {
    const id = await start();
    const offered = await say(id, 'Hola, quiero ver el piso de la calle Elm el martes por la mañana');
    expect(last(offered)).toContain('Puedo ofrecerle');
    const first = offered.proposals[0]!;
    expect(first.label).toBe(`martes, 12 de marzo a las ${first.time}`);
    for (const p of offered.proposals) expect(p.date).toBe('2030-03-12');
    expect(last(await say(id, 'la primera'))).toBe(ASSISTANT_SAYS_ES.askName(first.label));
    expect(last(await say(id, 'Lucía Gómez'))).toBe(ASSISTANT_SAYS_ES.askEmail);
    expect(last(await say(id, 'lucia@example.com'))).toBe(ASSISTANT_SAYS_ES.askPhone);
    expect(last(await say(id, '646 555 0142'))).toBe(ASSISTANT_SAYS_ES.askBuyerType);
    expect(last(await say(id, 'primera vivienda'))).toContain('¿Lo reservo?');
    const booked = await say(id, 'sí');
    expect(booked.booking).not.toBeNull();
    expect(last(booked)).toContain('Reservado');
  });

  it("the agent's zone is named when the buyer's differs, and only then", async () => {
    const far = await say(await start('America/Los_Angeles'), 'elm street tuesday morning');
    expect(last(far)).toContain(ASSISTANT_SAYS.zoneNote('Eastern Daylight Time'));
    const near = await say(await start('America/Detroit'), 'elm street tuesday morning');
    expect(last(near)).not.toContain("agent's time zone");
    const unknown = await say(await start('Mars/Olympus_Mons'), 'elm street tuesday morning');
    expect(unknown.proposals.length).toBeGreaterThan(0);
    expect(last(unknown)).not.toContain("agent's time zone");
  });
});
