// Issue 31: "provider replies stay English in Spanish conversations" — the provider path reads the buyer's
// language as the offline path does (language.ts) and answers in it: the model is told to answer in Spanish, the
// slot labels it gets are Spanish, and the sentences the SERVER writes (the booking repeated back, the booking
// made) come from ASSISTANT_SAYS_ES. Against the replaying 127.0.0.1 server (test/support/openai-replay.ts), with
// tool calls recorded by hand for these messages. Clock: Monday 2030-01-07 10:00 in New York.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSISTANT_SAYS } from '@keyturn/domain/assistant/texts';
import { createTestApp, type TestApp } from './app';
import { sayTo, startConversation } from './assistant/talk';
import { makeAgent, makeProperty, type TestAgent } from './fixtures';
import { recordingKey, replayEnv, startReplayServer, type ReplayServer } from './support/openai-replay';

const TODAY = '2030-01-07';
const ES_ASK = 'quiero ver la casa de Maple el martes por la mañana';
const ES_DETAILS = 'Soy Casey Buyer, casey@example.com, 646 555 0199, compradora primeriza';
const EN_ASK = 'can I see Maple on tuesday morning';
const EN_DETAILS = "I'm Casey Buyer, casey@example.com, 646 555 0199, first time buyer";
const DE_ASK = 'Ich möchte die Wohnung bitte morgen besichtigen';
const OFFER_ES = 'Tengo el martes a las 09:00, 09:30 o 10:00. ¿Cuál le viene bien?';
const slotsCall = {
  tool_calls: [
    {
      name: 'find_slots',
      arguments: {
        property_id: 1,
        booking_purpose: 'property_viewing',
        dates: ['2030-01-08'],
        before: '12:00',
      },
    },
  ],
};
const bookCall = {
  tool_calls: [
    {
      name: 'book',
      arguments: {
        property_id: 1,
        booking_purpose: 'property_viewing',
        starts_at: '2030-01-08T14:00:00.000Z',
        client_name: 'Casey Buyer',
        client_email: 'casey@example.com',
        client_phone: '646 555 0199',
        buyer_type: 'first_time_buyer',
      },
    },
  ],
};

let t: TestApp;
let agent: TestAgent;
let replay: ReplayServer;

beforeAll(async () => {
  replay = await startReplayServer({
    [recordingKey(TODAY, ES_ASK)]: [slotsCall, { content: OFFER_ES }],
    [recordingKey(TODAY, ES_DETAILS)]: [bookCall],
    [recordingKey(TODAY, EN_ASK)]: [slotsCall, { content: 'Tuesday 9:00, 9:30 or 10:00 AM?' }],
    [recordingKey(TODAY, EN_DETAILS)]: [bookCall],
    [recordingKey(TODAY, DE_ASK)]: [{ content: ASSISTANT_SAYS.languages }],
  });
  t = await createTestApp({
    now: () => new Date('2030-01-07T15:00:00Z'),
    env: replayEnv(replay),
  });
  agent = await makeAgent(t);
  const maple = await makeProperty(t, agent.id, { address: '12 Maple Street', bedrooms: 3 });
  replay.mapArguments = (args) => (args.property_id === 1 ? { ...args, property_id: maple } : args);
});
afterAll(async () => {
  await t.close();
  await replay.close();
});

const start = () => startConversation(t, agent.id);
const lastReply = (c: { messages: { text: string }[] }) => c.messages[c.messages.length - 1]!.text;
const systemOf = (i: number) => replay.requests[i]!.body.messages[0]!.content ?? '';

describe('the provider path answers in the buyer language (issue 31)', () => {
  it('Spanish: the model is told Spanish, gets Spanish labels; the server repeats back and books in Spanish', async () => {
    const id = await start();
    const from = replay.requests.length;
    const offered = await sayTo(t, id, ES_ASK);
    expect(lastReply(offered)).toBe(OFFER_ES);
    expect(replay.requests).toHaveLength(from + 2);
    expect(systemOf(from)).toContain('The buyer writes Spanish: answer in Spanish');
    const tool = replay.requests[from + 1]!.body.messages.find((m) => m.role === 'tool')!;
    const slots = (JSON.parse(tool.content!) as { slots: { label: string }[] }).slots;
    expect(slots.map((s) => s.label)[0]).toContain('martes, 8 de enero a las 09:00');

    const repeated = await sayTo(t, id, ES_DETAILS);
    expect(systemOf(from + 2)).toContain('The buyer writes Spanish');
    expect(lastReply(repeated)).toMatch(/^Compruebe, por favor: .*martes, 8 de enero a las 09:00/);
    expect(lastReply(repeated)).toContain('¿Lo reservo? (sí / no)');

    // "sí" (Spanish yes) books, without asking the model, and the confirmation is Spanish.
    const sent = replay.requests.length;
    const booked = await sayTo(t, id, 'sí');
    expect(replay.requests).toHaveLength(sent);
    expect(booked.booking).not.toBeNull();
    expect(lastReply(booked)).toMatch(/^(Reservado|Hecho): .*casey@example\.com/);
  });

  it('English stays English: told to answer in English, the booking repeated back in English', async () => {
    const id = await start();
    const from = replay.requests.length;
    await sayTo(t, id, EN_ASK);
    expect(systemOf(from)).toContain('Answer in English.');
    expect(systemOf(from)).not.toContain('Spanish: answer in Spanish');
    const tool = replay.requests[from + 1]!.body.messages.find((m) => m.role === 'tool')!;
    expect(tool.content).toContain('Tuesday, January 8');
    expect(lastReply(await sayTo(t, id, EN_DETAILS))).toMatch(/^Please check: /);
  });

  it('another language: the model is told to answer with the sentence naming the two languages', async () => {
    const id = await start();
    const from = replay.requests.length;
    expect(lastReply(await sayTo(t, id, DE_ASK))).toBe(ASSISTANT_SAYS.languages);
    expect(systemOf(from)).toContain(`answer exactly: ${ASSISTANT_SAYS.languages}`);
  });
});
