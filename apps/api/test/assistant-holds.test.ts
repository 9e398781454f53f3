// Issue 44 "Held times" in the booking assistant (decision 084): the time the buyer picks among the ones offered
// is held for the conversation before their details are asked — said in the buyer's language —, other buyers
// (the booking page, MCP) are refused it and not offered it, the booking uses the hold up, another pick or
// another day asked lets it go, and a time someone else holds is said so with fresh times. Offline, and on the
// provider path against the replaying 127.0.0.1 server (test/support/openai-replay.ts). Real PostgreSQL, a
// movable clock: Monday 2030-01-07 10:00 in New York (Mon–Fri 09:00–17:00).
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { FLOW_PARAMS } from '@keyturn/domain/bookingFlow';
import { ASSISTANT_SAYS, ASSISTANT_SAYS_ES } from '@keyturn/domain/assistant/texts';
import type { ConversationResponse, Proposal } from '@keyturn/domain/schemas/assistant';
import { HOLD_TEXTS } from '@keyturn/domain/slots/holds';
import { assistantConversations, bookings, slotHolds } from '../src/db/schema';
import { createTestApp, type TestApp } from './app';
import { sayTo, startConversation } from './assistant/talk';
import { bookingPayload, makeAgent, makeProperty, type TestAgent } from './fixtures';
import { recordingKey, replayEnv, startReplayServer, type ReplayServer } from './support/openai-replay';

const MONDAY = new Date('2030-01-07T15:00:00Z');
let clock = MONDAY;
const minutesLater = (m: number) => new Date(MONDAY.getTime() + m * 60_000);
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  clock = MONDAY;
});

const last = (c: ConversationResponse) => c.messages[c.messages.length - 1]!.text;
const repliesOf = (c: ConversationResponse, n: number) => c.messages.slice(-n).map((m) => m.text);
const holdsOf = (app: TestApp, agent: TestAgent) =>
  app.database.db.select().from(slotHolds).where(eq(slotHolds.agentId, agent.id));
const bookingsOf = (app: TestApp, agent: TestAgent) =>
  app.database.db.select().from(bookings).where(eq(bookings.agentId, agent.id));
async function stateOf(app: TestApp, id: string) {
  const [row] = await app.database.db
    .select()
    .from(assistantConversations)
    .where(eq(assistantConversations.id, id));
  return row!.state as { hold?: { token: string; starts_at: string; expires_at: string } | null };
}
/** A fresh agent (the assistant is on by default) with one listing. */
async function listing(app = t) {
  const agent = await makeAgent(app, { plan: 'pro' });
  const maple = await makeProperty(app, agent.id, { address: '12 Maple Street', bedrooms: 3 });
  return { agent, maple };
}
/** Another buyer's booking of the time on the booking page. */
const pageBooks = (agent: TestAgent, property: number, startsAt: string, email = 'other@example.com') =>
  t.request({
    method: 'POST',
    url: '/api/booking',
    payload: bookingPayload(agent.id, {
      property_id: property,
      booking_date: startsAt.slice(0, 10),
      booking_time: startsAt.slice(11, 16),
      starts_at: startsAt,
      client_email: email,
    }),
  });
/** The booking page's hold of an offered time (POST /api/booking/holds, as the page's hold hook sends it). */
const pageHolds = (app: TestApp, agent: TestAgent, property: number, time: Proposal) =>
  app.request({
    method: 'POST',
    url: '/api/booking/holds',
    payload: {
      agent_id: agent.id,
      property_id: property,
      booking_date: time.date,
      booking_time: time.time,
      starts_at: time.starts_at,
    },
  });
const pageOffers = async (property: number, date: string) =>
  (
    (await t.request({ method: 'GET', url: `/api/booking/availability/${property}/${date}` })).json()
      .slots as { starts_at: string }[]
  ).map((s) => Date.parse(s.starts_at));

describe('the offline assistant holds the time the buyer picks (issue 44)', () => {
  it('picking a time holds it and says so; the page cannot book it; the booking uses the hold up', async () => {
    const { agent, maple } = await listing();
    const id = await startConversation(t, agent.id);
    const offered = await sayTo(t, id, '12 maple street on wednesday at 2pm');
    const chosen = offered.proposals[0]!;
    expect(chosen.starts_at).toBe('2030-01-09T14:00:00-05:00');
    expect(await holdsOf(t, agent)).toHaveLength(0);

    const picked = await sayTo(t, id, 'the first one');
    // The hold is said before the buyer's details are asked, in the fixed words.
    expect(repliesOf(picked, 2)).toEqual([
      "I'm holding 2:00 PM on Wed, Jan 9 for you for 5 minutes.",
      ASSISTANT_SAYS.askName(chosen.label),
    ]);
    expect(ASSISTANT_SAYS.holding('2:00 PM', 'Wed, Jan 9', 5)).toBe(repliesOf(picked, 2)[0]);
    const [hold] = await holdsOf(t, agent);
    expect(hold).toMatchObject({
      startsAt: new Date('2030-01-09T19:00:00Z'),
      expiresAt: minutesLater(5),
      propertyId: maple,
    });
    expect((await stateOf(t, id)).hold?.token).toBe(hold!.token);
    // Nobody else is offered it or can book it.
    expect(await pageOffers(maple, '2030-01-09')).not.toContain(Date.parse(chosen.starts_at));
    const other = await pageBooks(agent, maple, chosen.starts_at);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'SLOT_TAKEN', error: HOLD_TEXTS.heldByOther });

    clock = minutesLater(4);
    await sayTo(t, id, 'Casey Buyer, casey@example.com, 646 555 0199, first time buyer');
    const done = await sayTo(t, id, 'yes');
    expect(done.booking).toMatchObject({ starts_at: '2030-01-09T19:00:00.000Z' });
    expect(await bookingsOf(t, agent)).toHaveLength(1);
    // Used up with the booking: no hold left, none in the conversation.
    expect(await holdsOf(t, agent)).toHaveLength(0);
    expect((await stateOf(t, id)).hold ?? null).toBeNull();
  });

  it('another day asked lets the hold go; picking again holds the new time; "no" at the end lets it go', async () => {
    const { agent, maple } = await listing();
    const id = await startConversation(t, agent.id);
    const first = (await sayTo(t, id, '12 maple street on wednesday at 2pm')).proposals[0]!;
    await sayTo(t, id, 'the first one');
    expect((await holdsOf(t, agent)).map((h) => h.startsAt.toISOString())).toEqual([
      '2030-01-09T19:00:00.000Z',
    ]);

    const again = await sayTo(t, id, 'actually thursday morning');
    expect(again.proposals.length).toBeGreaterThan(0);
    // The first time is offered to everyone again at once.
    expect(await holdsOf(t, agent)).toHaveLength(0);
    expect(await pageOffers(maple, '2030-01-09')).toContain(Date.parse(first.starts_at));

    const second = again.proposals[1]!;
    const picked = await sayTo(t, id, 'the second one');
    expect(repliesOf(picked, 2)[0]).toBe(ASSISTANT_SAYS.holding('9:30 AM', 'Thu, Jan 10', 5));
    const held = await holdsOf(t, agent);
    expect(held.map((h) => h.startsAt.getTime())).toEqual([Date.parse(second.starts_at)]);

    await sayTo(t, id, 'Casey Buyer, casey@example.com, 646 555 0199, first time buyer');
    const declined = await sayTo(t, id, 'no');
    expect(last(declined)).toBe(ASSISTANT_SAYS.notConfirmed);
    expect(await holdsOf(t, agent)).toHaveLength(0);
    expect((await pageBooks(agent, maple, second.starts_at)).statusCode).toBe(201);
  });

  it('a time someone else holds: said so, fresh times offered without it; Spanish in Spanish', async () => {
    const { agent, maple } = await listing();
    const id = await startConversation(t, agent.id);
    const offered = await sayTo(t, id, 'quiero ver 12 maple street el miércoles por la mañana');
    const taken = offered.proposals[0]!;
    // Another buyer holds the first time on the booking page meanwhile.
    const pageHold = await t.request({
      method: 'POST',
      url: '/api/booking/holds',
      payload: {
        agent_id: agent.id,
        property_id: maple,
        booking_date: taken.date,
        booking_time: taken.time,
        starts_at: taken.starts_at,
      },
    });
    expect(pageHold.statusCode).toBe(201);

    const refused = await sayTo(t, id, 'la primera');
    expect(refused.messages.map((m) => m.text)).toContain(ASSISTANT_SAYS_ES.heldByOther);
    expect(refused.proposals.length).toBeGreaterThan(0);
    expect(refused.proposals.map((p) => p.starts_at)).not.toContain(taken.starts_at);
    expect((await holdsOf(t, agent)).map((h) => h.token)).toEqual([pageHold.json().hold.token]);

    const next = refused.proposals[0]!;
    const picked = await sayTo(t, id, 'la primera');
    expect(repliesOf(picked, 2)).toEqual([
      ASSISTANT_SAYS_ES.holding(next.time, 'mié, 9 ene', 5),
      ASSISTANT_SAYS_ES.askName(next.label),
    ]);
    expect(repliesOf(picked, 2)[0]).toBe(`Le guardo las ${next.time} del mié, 9 ene durante 5 minutos.`);
    expect(await holdsOf(t, agent)).toHaveLength(2);
  });

  it('an ended hold blocks nobody: another buyer books the time after the hold minutes', async () => {
    const { agent, maple } = await listing();
    const id = await startConversation(t, agent.id);
    const chosen = (await sayTo(t, id, '12 maple street on wednesday at 2pm')).proposals[0]!;
    await sayTo(t, id, 'the first one');
    clock = minutesLater(5);
    expect((await pageBooks(agent, maple, chosen.starts_at)).statusCode).toBe(201);
    // The buyer comes back too late: told the time is gone, offered others.
    await sayTo(t, id, 'Casey Buyer, casey@example.com, 646 555 0199, first time buyer');
    const after = await sayTo(t, id, 'yes');
    expect(after.booking).toBeNull();
    expect(after.messages.map((m) => m.text)).toContain(ASSISTANT_SAYS.slotTaken);
    expect(await bookingsOf(t, agent)).toHaveLength(1);
  });
});

describe('an answer that sends the buyer to the booking form lets the hold go (issue 44)', () => {
  it('the hand-off after two misses: let go before it is sent, the form holds the time, chatting on holds it again', async () => {
    const { agent, maple } = await listing();
    const id = await startConversation(t, agent.id);
    const chosen = (await sayTo(t, id, '12 maple street on wednesday at 2pm')).proposals[0]!;
    const picked = await sayTo(t, id, 'the first one');
    await sayTo(t, id, 'Casey Buyer');
    // Every answer carries the form link (the pick's opens the details step at the held time), but one that
    // does not send the buyer to the form keeps the hold: a first miss.
    expect(picked.form_url).toContain(`step=details`);
    const once = await sayTo(t, id, 'qwzx plorb');
    expect(last(once)).toBe(ASSISTANT_SAYS.notCaught(ASSISTANT_SAYS.examples.email));
    expect(once.form_url).not.toBeNull();
    const [held] = await holdsOf(t, agent);
    expect((await stateOf(t, id)).hold?.token).toBe(held!.token);
    const refused = await pageHolds(t, agent, maple, chosen);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'SLOT_TAKEN', error: HOLD_TEXTS.heldByOther });

    const twice = await sayTo(t, id, 'qwzx plorb');
    expect(repliesOf(twice, 2)).toEqual([
      ASSISTANT_SAYS.notCaught(ASSISTANT_SAYS.examples.email),
      ASSISTANT_SAYS.handOff,
    ]);
    expect(twice.form_url).toContain(`at=${encodeURIComponent(chosen.starts_at)}`);
    // Let go in that turn: nothing held, none in the conversation, and the form holds the buyer's time at once.
    expect(await holdsOf(t, agent)).toHaveLength(0);
    expect((await stateOf(t, id)).hold ?? null).toBeNull();
    const form = await pageHolds(t, agent, maple, chosen);
    expect(form.statusCode).toBe(201);
    expect((await holdsOf(t, agent)).map((h) => h.token)).toEqual([form.json().hold.token]);

    // The buyer goes back from the form (its hold let go) and chats on: the time still chosen is held again.
    const back = await t.request({ method: 'DELETE', url: `/api/booking/holds/${form.json().hold.token}` });
    expect(back.statusCode).toBe(200);
    const again = await sayTo(t, id, 'casey@example.com');
    expect(repliesOf(again, 2)).toEqual([
      ASSISTANT_SAYS.holding('2:00 PM', 'Wed, Jan 9', 5),
      ASSISTANT_SAYS.askPhone,
    ]);
    const [rehold] = await holdsOf(t, agent);
    expect(rehold).toMatchObject({ startsAt: new Date(chosen.starts_at), expiresAt: minutesLater(5) });
    expect((await stateOf(t, id)).hold?.token).toBe(rehold!.token);
  });

  it('a language it cannot chat in points to the form: the hold is let go and the form holds the time', async () => {
    const { agent, maple } = await listing();
    const id = await startConversation(t, agent.id);
    const chosen = (await sayTo(t, id, '12 maple street on wednesday at 2pm')).proposals[0]!;
    await sayTo(t, id, 'the first one');
    expect(await holdsOf(t, agent)).toHaveLength(1);
    const other = await sayTo(t, id, 'Ich möchte die Wohnung besichtigen');
    expect(last(other)).toBe(ASSISTANT_SAYS.languages);
    expect(other.form_url).toContain(`at=${encodeURIComponent(chosen.starts_at)}`);
    expect(await holdsOf(t, agent)).toHaveLength(0);
    expect((await stateOf(t, id)).hold ?? null).toBeNull();
    expect((await pageHolds(t, agent, maple, chosen)).statusCode).toBe(201);
  });

  it("the form link under a held time carries the hold: the form's own hold replaces it, nobody else's can", async () => {
    const { agent, maple } = await listing();
    const id = await startConversation(t, agent.id);
    const chosen = (await sayTo(t, id, '12 maple street on wednesday at 2pm')).proposals[0]!;
    const picked = await sayTo(t, id, 'the first one');
    const [held] = await holdsOf(t, agent);
    const link = new URL(picked.form_url!);
    expect(link.searchParams.get(FLOW_PARAMS.hold)).toBe(held!.token);
    expect(link.searchParams.get(FLOW_PARAMS.startsAt)).toBe(chosen.starts_at);
    // Another buyer's page (no token) is still refused; the buyer's form, naming the handed hold, holds the time.
    expect((await pageHolds(t, agent, maple, chosen)).statusCode).toBe(409);
    const form = await t.request({
      method: 'POST',
      url: '/api/booking/holds',
      payload: {
        agent_id: agent.id,
        property_id: maple,
        booking_date: chosen.date,
        booking_time: chosen.time,
        starts_at: chosen.starts_at,
        replaces: held!.token,
      },
    });
    expect(form.statusCode).toBe(201);
    const rows = await holdsOf(t, agent);
    expect(rows.map((row) => row.token)).toEqual([form.json().hold.token]);
    expect(form.json().hold.token).not.toBe(held!.token);
  });
});

describe('MCP cannot book a time the assistant holds (issue 44)', () => {
  it('a held time is refused to an MCP client and left out of its open times', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const client = new Client({ name: 'keyturn-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));
    try {
      const { agent, maple } = await listing();
      const id = await startConversation(t, agent.id);
      const chosen = (await sayTo(t, id, '12 maple street on wednesday at 2pm')).proposals[0]!;
      await sayTo(t, id, 'the first one');
      const call = async (name: string, args: Record<string, unknown>) =>
        (await client.callTool({ name, arguments: args })) as CallToolResult;
      const times = await call('find_open_times', {
        agent_id: agent.id,
        property_id: maple,
        from: chosen.date,
        to: chosen.date,
      });
      const open = (times.structuredContent as { open_times: { starts_at: string }[] }).open_times;
      expect(open.map((s) => Date.parse(s.starts_at))).not.toContain(Date.parse(chosen.starts_at));
      const booked = await call('book_showing', {
        ...bookingPayload(agent.id, {
          property_id: maple,
          booking_date: chosen.date,
          booking_time: chosen.time,
        }),
        starts_at: chosen.starts_at,
      });
      expect(booked.isError).toBe(true);
      expect(booked.structuredContent).toMatchObject({ code: 'SLOT_TAKEN', error: HOLD_TEXTS.heldByOther });
    } finally {
      await client.close();
    }
  });
});

describe('the provider path holds the time the buyer picks (issue 44)', () => {
  const ASK = 'can I see Maple on tuesday morning';
  const DETAILS = 'Casey Buyer, casey@example.com, 646 555 0199, first time buyer';
  const TODAY = '2030-01-07';
  const slots = {
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
  const bookAt = (startsAt: string) => ({
    tool_calls: [
      {
        name: 'book',
        arguments: {
          property_id: 1,
          booking_purpose: 'property_viewing',
          starts_at: startsAt,
          client_name: 'Casey Buyer',
          client_email: 'casey@example.com',
          client_phone: '646 555 0199',
          buyer_type: 'first_time_buyer',
        },
      },
    ],
  });
  let replay: ReplayServer;
  let ai: TestApp;

  beforeAll(async () => {
    replay = await startReplayServer({
      [recordingKey(TODAY, ASK)]: [slots, { content: 'Tuesday 9:00, 9:30 or 10:00 AM?' }],
      [recordingKey(TODAY, 'the 2nd one')]: [
        { content: 'Great. Your full name, e-mail, phone and buyer type?' },
      ],
      [recordingKey(TODAY, DETAILS)]: [bookAt('2030-01-08T09:30:00-05:00')],
      // "the third one" has no recording: the provider fails (a 404) and the turn goes offline.
    });
    ai = await createTestApp({ now: () => clock, env: replayEnv(replay) });
  });
  afterAll(async () => {
    await ai.close();
    await replay.close();
  });

  it('the pick is held before the model is asked, said to the buyer, told to the model, and booked with', async () => {
    const { agent, maple } = await listing(ai);
    replay.mapArguments = (args) => (args.property_id === 1 ? { ...args, property_id: maple } : args);
    const id = await startConversation(ai, agent.id);
    await sayTo(ai, id, ASK);
    const from = replay.requests.length;
    const picked = await sayTo(ai, id, 'the 2nd one');
    expect(repliesOf(picked, 2)).toEqual([
      ASSISTANT_SAYS.holding('9:30 AM', 'Tue, Jan 8', 5),
      'Great. Your full name, e-mail, phone and buyer type?',
    ]);
    expect((await holdsOf(ai, agent)).map((h) => h.startsAt.toISOString())).toEqual([
      '2030-01-08T14:30:00.000Z',
    ]);
    expect(replay.requests[from]!.body.messages[0]!.content).toContain(
      `the server holds it for them until ${minutesLater(5).toISOString()}`,
    );

    const confirm = await sayTo(ai, id, DETAILS);
    expect(last(confirm)).toMatch(/^Please check: .*Tuesday, January 8 at 9:30 AM/);
    // The time the model named is the one held: held once, not again.
    expect(await holdsOf(ai, agent)).toHaveLength(1);
    const done = await sayTo(ai, id, 'yes');
    expect(done.booking).toMatchObject({ starts_at: '2030-01-08T14:30:00.000Z' });
    expect(await holdsOf(ai, agent)).toHaveLength(0);
    expect(await bookingsOf(ai, agent)).toHaveLength(1);
  });

  it('a pick someone else holds: said so with fresh times of that day, without asking the model', async () => {
    const { agent, maple } = await listing(ai);
    replay.mapArguments = (args) => (args.property_id === 1 ? { ...args, property_id: maple } : args);
    const id = await startConversation(ai, agent.id);
    const offered = await sayTo(ai, id, ASK);
    const second = offered.proposals[1]!;
    const pageHold = await ai.request({
      method: 'POST',
      url: '/api/booking/holds',
      payload: {
        agent_id: agent.id,
        property_id: maple,
        booking_date: second.date,
        booking_time: second.time,
        starts_at: second.starts_at,
      },
    });
    expect(pageHold.statusCode).toBe(201);
    const from = replay.requests.length;
    const refused = await sayTo(ai, id, 'the 2nd one');
    expect(replay.requests).toHaveLength(from);
    expect(refused.messages.at(-2)!.text).toBe(ASSISTANT_SAYS.heldByOther);
    expect(last(refused)).toMatch(
      /^Here are times I can offer for 12 Maple Street, Springfield: 1\. Tuesday, January 8/,
    );
    expect(refused.proposals.map((p) => p.starts_at)).not.toContain(second.starts_at);
    expect(refused.proposals.every((p) => p.date === '2030-01-08')).toBe(true);
    expect((await holdsOf(ai, agent)).map((h) => h.token)).toEqual([pageHold.json().hold.token]);
  });

  it('a provider failure after the pick lets its hold go: the offline turn holds the time itself, once', async () => {
    const { agent, maple } = await listing(ai);
    replay.mapArguments = (args) => (args.property_id === 1 ? { ...args, property_id: maple } : args);
    const id = await startConversation(ai, agent.id);
    const offered = await sayTo(ai, id, ASK);
    const third = offered.proposals[2]!;
    const from = replay.requests.length;
    const picked = await sayTo(ai, id, 'the third one');
    // The provider path held the time before asking the model (which then failed)…
    expect(replay.requests).toHaveLength(from + 1);
    expect(replay.requests[from]!.body.messages[0]!.content).toContain('the server holds it for them');
    // …and let that hold go, so the offline turn's own hold of the same time is not refused as another's.
    expect(repliesOf(picked, 2)).toEqual([
      ASSISTANT_SAYS.holding('10:00 AM', 'Tue, Jan 8', 5),
      ASSISTANT_SAYS.askName(third.label),
    ]);
    const holds = await holdsOf(ai, agent);
    expect(holds).toHaveLength(1);
    expect((await stateOf(ai, id)).hold?.token).toBe(holds[0]!.token);
  });
});
