// Issue 17: conversations with the booking assistant through the public API, offline (no provider), on a real
// database with a fixed clock: Monday 2030-01-07 10:00 in New York (Mon–Fri 9–17 by default).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSISTANT_SAYS, ASSISTANT_SAYS_ES } from '@keyturn/domain/assistant/texts';
import { MESSAGES } from '@keyturn/domain/messages';
import { HOLD_TEXTS } from '@keyturn/domain/slots/holds';
import type { ConversationResponse } from '@keyturn/domain/schemas/assistant';
import { agents, assistantConversations, bookings } from '../src/db/schema';
import { createTestApp, type TestApp } from './app';
import { sayTo } from './assistant/talk';
import { bookingPayload, makeAgent, makeProperty, type TestAgent } from './fixtures';

const NOW = new Date('2030-01-07T15:00:00Z');
let t: TestApp;
let agent: TestAgent;
let maple: number;

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  agent = await makeAgent(t);
  maple = await makeProperty(t, agent.id, { address: '12 Maple Street', bedrooms: 3 });
  await makeProperty(t, agent.id, { address: '12 Maple Avenue', bedrooms: 2, propertyType: 'Condo' });
});
afterAll(async () => {
  await t.close();
});

async function start(agentId = agent.id): Promise<ConversationResponse> {
  const res = await t.request({
    method: 'POST',
    url: '/api/assistant/conversations',
    payload: { agent_id: agentId },
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

const say = (id: string, text: string) => sayTo(t, id, text);

const last = (c: ConversationResponse) => c.messages[c.messages.length - 1]!.text;

/** Walks a conversation to the point where the assistant repeats the booking back. */
async function toConfirmation(text: string, pick = 'the first one') {
  const c = await start();
  const offered = await say(c.conversation_id, text);
  const chosen = offered.proposals[0]!;
  await say(c.conversation_id, pick);
  await say(c.conversation_id, 'Casey Buyer');
  await say(c.conversation_id, 'casey@example.com');
  await say(c.conversation_id, '646 555 0199');
  const summary = await say(c.conversation_id, 'first time buyer');
  return { id: c.conversation_id, offered, chosen, summary };
}

describe('assistant conversations (offline)', () => {
  it('propose → missing details → confirm → booked, through the booking service', async () => {
    const c = await start();
    expect(c.messages[0]!.role).toBe('assistant');
    const offered = await say(c.conversation_id, 'can I see the 3-bed on Maple tomorrow morning?');
    // Up to three REAL free times of Tuesday morning, as the server's instants.
    expect(offered.proposals.map((p) => p.starts_at)).toEqual([
      '2030-01-08T09:00:00-05:00',
      '2030-01-08T09:30:00-05:00',
      '2030-01-08T10:00:00-05:00',
    ]);
    expect(last(offered)).toContain('12 Maple Street, Springfield');

    expect(last(await say(c.conversation_id, 'the second one'))).toContain('full name');
    expect(last(await say(c.conversation_id, 'Casey Buyer'))).toBe(ASSISTANT_SAYS.askEmail);
    // The form's own validation message for a bad e-mail, and the question again.
    const bad = await say(c.conversation_id, 'my email is casey@example');
    expect(bad.messages.map((m) => m.text)).toContain(ASSISTANT_SAYS.invalid(MESSAGES.emailInvalid));
    expect(last(await say(c.conversation_id, 'casey@example.com'))).toBe(ASSISTANT_SAYS.askPhone);
    expect(last(await say(c.conversation_id, '646 555 0199'))).toBe(ASSISTANT_SAYS.askBuyerType);
    const summary = await say(c.conversation_id, 'first-time buyer');
    expect(last(summary)).toContain('Please check: Property Viewing at 12 Maple Street, Springfield');
    expect(last(summary)).toContain('Tuesday, January 8 at 9:30 AM');
    // Nothing is booked before the buyer confirms.
    expect(await t.database.db.select().from(bookings).where(eq(bookings.agentId, agent.id))).toHaveLength(0);

    const done = await say(c.conversation_id, 'yes please');
    expect(done.booking).toMatchObject({ starts_at: '2030-01-08T14:30:00.000Z', status: 'confirmed' });
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, done.booking!.id));
    expect(row).toMatchObject({
      propertyId: maple,
      clientEmail: 'casey@example.com',
      buyerType: 'first_time_buyer',
      // Issue 43: the conversation's language (English here).
      locale: 'en',
    });
    const [conversation] = await t.database.db
      .select()
      .from(assistantConversations)
      .where(eq(assistantConversations.id, c.conversation_id));
    expect(conversation!.bookingId).toBe(done.booking!.id);

    // The agent reads the conversation on the booking; another agent cannot.
    const read = await t.request({
      method: 'GET',
      url: `/api/bookings/${done.booking!.id}/conversation`,
      token: agent.token,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().data.messages.map((m: { text: string }) => m.text)).toContain('the second one');
    const other = await makeAgent(t);
    const denied = await t.request({
      method: 'GET',
      url: `/api/bookings/${done.booking!.id}/conversation`,
      token: other.token,
    });
    expect(denied.statusCode).toBe(404);
  });

  it('a time taken meanwhile → a new proposal, never a double booking', async () => {
    const { id, chosen, summary } = await toConfirmation('12 maple street on wednesday at 2pm');
    expect(chosen.starts_at).toBe('2030-01-09T14:00:00-05:00');
    expect(last(summary)).toContain('Please check');
    // Another buyer's form cannot take it while the conversation holds it (issue 44)…
    const direct = await t.request({
      method: 'POST',
      url: '/api/booking',
      payload: bookingPayload(agent.id, {
        booking_date: chosen.date,
        booking_time: chosen.time,
        starts_at: chosen.starts_at,
        client_email: 'first@example.com',
      }),
    });
    expect(direct.statusCode).toBe(409);
    expect(direct.json().error).toBe(HOLD_TEXTS.heldByOther);
    // …but the agent's own dashboard ignores holds: the agent books that very time first.
    const own = await t.request({
      method: 'POST',
      url: '/api/bookings',
      token: agent.token,
      payload: {
        ...bookingPayload(agent.id, {
          booking_date: chosen.date,
          booking_time: chosen.time,
          client_email: 'first@example.com',
        }),
        agent_id: undefined,
      },
    });
    expect(own.statusCode).toBe(201);
    const after = await say(id, 'yes');
    expect(after.booking).toBeNull();
    expect(after.messages.map((m) => m.text)).toContain(ASSISTANT_SAYS.slotTaken);
    expect(after.proposals.length).toBeGreaterThan(0);
    expect(after.proposals.map((p) => p.starts_at)).not.toContain(chosen.starts_at);
    const atThatTime = await t.database.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.agentId, agent.id), eq(bookings.startsAt, new Date(chosen.starts_at))));
    expect(atThatTime).toHaveLength(1);
    expect(atThatTime[0]!.clientEmail).toBe('first@example.com');
  });

  it('a past or closed day is refused politely, with the nearest free times instead', async () => {
    const c = await start();
    const past = await say(c.conversation_id, 'a consultation yesterday please');
    expect(last(past)).toContain(ASSISTANT_SAYS.pastDay);
    expect(past.proposals[0]!.date).toBe('2030-01-08');
    const closed = await say(c.conversation_id, 'sunday then?');
    expect(last(closed)).toContain(ASSISTANT_SAYS.closedDay(['Sunday, January 13']));
    for (const p of closed.proposals) expect(['2030-01-08', '2030-01-09', '2030-01-10']).toContain(p.date);
  });

  it('similar addresses: asks which one, then takes the answer', async () => {
    const c = await start();
    const asked = await say(c.conversation_id, 'the one on maple please');
    expect(last(asked)).toBe(
      ASSISTANT_SAYS.whichOfThese(['12 Maple Street, Springfield', '12 Maple Avenue, Springfield']),
    );
    expect(asked.proposals).toEqual([]);
    const offered = await say(c.conversation_id, 'the avenue one, 2');
    expect(last(offered)).toContain('12 Maple Avenue, Springfield');
    expect(offered.proposals).toHaveLength(3);
  });

  it('the agent switches the assistant off: 403 ASSISTANT_DISABLED, and the status says so', async () => {
    const a = await makeAgent(t);
    const c = await start(a.id);
    const off = await t.request({
      method: 'PUT',
      url: '/api/agents/assistant-settings',
      token: a.token,
      payload: { enabled: false },
    });
    expect(off.json()).toMatchObject({ data: { enabled: false } });
    expect((await t.request({ method: 'GET', url: `/api/assistant/agent/${a.id}` })).json()).toEqual({
      enabled: false,
    });
    const refused = await t.request({
      method: 'POST',
      url: '/api/assistant/conversations',
      payload: { agent_id: a.id },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('ASSISTANT_DISABLED');
    const going = await t.request({
      method: 'POST',
      url: `/api/assistant/conversations/${c.conversation_id}/messages`,
      payload: { text: 'hi' },
    });
    expect(going.json().code).toBe('ASSISTANT_DISABLED');
  });

  it('bad input is a 4xx that changes nothing', async () => {
    const c = await start();
    const empty = await t.request({
      method: 'POST',
      url: `/api/assistant/conversations/${c.conversation_id}/messages`,
      payload: { text: '  ' },
    });
    expect(empty.statusCode).toBe(400);
    const unknown = await t.request({
      method: 'POST',
      url: '/api/assistant/conversations/00000000-0000-4000-8000-000000000000/messages',
      payload: { text: 'hi' },
    });
    expect(unknown.statusCode).toBe(404);
    const noAgent = await t.request({
      method: 'POST',
      url: '/api/assistant/conversations',
      payload: { agent_id: 'nobody' },
    });
    expect(noAgent.statusCode).toBe(404);
    const read = await t.request({ method: 'GET', url: `/api/assistant/conversations/${c.conversation_id}` });
    expect(read.json().messages).toHaveLength(1);
  });
});

describe('issue 39: the assistant keeps the listing rules and reads buyers as they write', () => {
  async function startOn(propertyId: number): Promise<ConversationResponse> {
    const res = await t.request({
      method: 'POST',
      url: '/api/assistant/conversations',
      payload: { agent_id: agent.id, property_id: propertyId },
    });
    expect(res.statusCode).toBe(201);
    return res.json();
  }

  it("§4 an instructions-only home: no times offered, its instructions and the agent instead — from its page and the agent's", async () => {
    const birch = await makeProperty(t, agent.id, { address: '5 Birch Lane' });
    const saved = await t.request({
      method: 'PUT',
      url: `/api/properties/${birch}/showing-rules`,
      token: agent.token,
      payload: { approval: 'instructions', instructions: 'Call the day before' },
    });
    expect(saved.statusCode).toBe(200);
    const onPage = await startOn(birch);
    expect(last(onPage)).toMatch(
      /^5 Birch Lane, .+ is not booked online: it is shown by its showing instructions\. Call the day before\. Contact Jamie Agent\d+ at .*555.* or /,
    );
    expect(last(onPage)).toContain(agent.email);
    const asked = await say(onPage.conversation_id, 'tuesday morning');
    expect(asked.proposals).toEqual([]);
    expect(last(asked)).toBe(last(onPage));
    // From the agent's page, named in the message.
    const c = await start();
    const named = await say(c.conversation_id, '5 birch lane tomorrow at 10');
    expect(named.proposals).toEqual([]);
    expect(last(named)).toBe(last(onPage));
    // A bookable home of the same agent is still offered its times.
    expect(
      (await say((await startOn(maple)).conversation_id, 'tuesday morning')).proposals.length,
    ).toBeGreaterThan(0);
  });

  it('§13 "tomorrow after 5" when the agent stops at 5: says so and offers tomorrow\'s last times, in time order', async () => {
    const c = await startOn(maple);
    const offered = await say(c.conversation_id, 'tomorrow after 5');
    expect(last(offered)).toContain(ASSISTANT_SAYS.nothingThen);
    expect(offered.proposals.map((p) => `${p.date} ${p.time}`)).toEqual([
      '2030-01-08 15:30',
      '2030-01-08 16:00',
      '2030-01-08 16:30',
    ]);
  });

  it('§13 name, e-mail, phone and buyer type in one line: nothing asked again', async () => {
    const c = await startOn(maple);
    const offered = await say(c.conversation_id, 'wednesday at 11');
    expect(offered.proposals[0]?.time).toBe('11:00');
    const chosen = await say(c.conversation_id, '1');
    expect(last(chosen)).toBe(ASSISTANT_SAYS.askName(offered.proposals[0]!.label));
    const all = await say(
      c.conversation_id,
      'Casey Buyer, casey@example.com, 646 555 0199, first time buyer',
    );
    expect(last(all)).toContain('Please check');
    expect(last(all)).toContain('Casey Buyer');
    expect(last(all)).toContain('casey@example.com');
    // The same line before any time is chosen: kept, and not asked for later.
    const early = await startOn(maple);
    await say(early.conversation_id, 'Casey Buyer, casey@example.com, 646 555 0199, first time buyer');
    const times = await say(early.conversation_id, 'wednesday at 11');
    const picked = await say(times.conversation_id, '1');
    expect(last(picked)).toContain('Please check');
    expect(last(picked)).toContain('Casey Buyer');
  });

  it('issue 43: a conversation in Spanish books in Spanish (the booking carries it)', async () => {
    const c = await startOn(maple);
    const offered = await say(c.conversation_id, 'quiero verla el jueves por la mañana');
    expect(offered.proposals.length).toBeGreaterThan(0);
    await say(c.conversation_id, 'la 1');
    await say(c.conversation_id, 'Ana Compradora');
    await say(c.conversation_id, 'ana@example.com');
    await say(c.conversation_id, '646 555 0177');
    await say(c.conversation_id, 'primera vivienda');
    const done = await say(c.conversation_id, 'sí, confirmo');
    expect(done.booking, last(done)).toBeTruthy();
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, done.booking!.id));
    expect(row!.locale).toBe('es');
  });

  it('§13 Spanish "la 1" picks the first time offered, not 1 o\'clock', async () => {
    const c = await startOn(maple);
    const offered = await say(c.conversation_id, 'quiero verla el miércoles por la mañana');
    expect(offered.proposals.length).toBeGreaterThan(1);
    const first = offered.proposals[0]!;
    const picked = await say(c.conversation_id, 'la 1');
    expect(last(picked)).toBe(ASSISTANT_SAYS_ES.askName(first.label));
    const other = await startOn(maple);
    const again = await say(other.conversation_id, 'quiero verla el miércoles por la mañana');
    expect(last(await say(other.conversation_id, 'la 2, por favor'))).toBe(
      ASSISTANT_SAYS_ES.askName(again.proposals[1]!.label),
    );
  });
});

describe('issue 43: a conversation starts in the page’s language', () => {
  async function startWith(
    payload: Record<string, unknown>,
    headers: Record<string, string> = {},
  ): Promise<ConversationResponse> {
    const res = await t.request({
      method: 'POST',
      url: '/api/assistant/conversations',
      payload: { agent_id: agent.id, ...payload },
      headers,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }
  async function nameOfAgent(): Promise<string> {
    const [row] = await t.database.db.select().from(agents).where(eq(agents.id, agent.id));
    return `${row!.firstName} ${row!.lastName}`;
  }
  const MAPLE = '12 Maple Street, Springfield';

  it("locale 'es' greets in Spanish (the agent's page and a property's); none, or 'en', greets in English as before", async () => {
    const name = await nameOfAgent();
    const spanish = ASSISTANT_SAYS_ES.greeting(name, null);
    expect(spanish).toMatch(/^¡Hola! Soy el asistente de reservas de /);
    expect(spanish).not.toBe(ASSISTANT_SAYS.greeting(name, null));
    expect((await startWith({ locale: 'es' })).messages).toEqual([
      { role: 'assistant', text: spanish, at: NOW.toISOString() },
    ]);
    const onMaple = await startWith({ property_id: maple, locale: 'es' });
    expect(last(onMaple)).toBe(ASSISTANT_SAYS_ES.greeting(name, MAPLE));
    expect(last(onMaple)).toContain('una visita a 12 Maple Street, Springfield');
    // English: unchanged, with or without the field.
    expect(last(await startWith({}))).toBe(ASSISTANT_SAYS.greeting(name, null));
    expect(last(await startWith({ property_id: maple, locale: 'en' }))).toBe(
      ASSISTANT_SAYS.greeting(name, MAPLE),
    );
  });

  it('without the field, the request’s language: Accept-Language es greets in Spanish; the body’s locale wins', async () => {
    const name = await nameOfAgent();
    expect(last(await startWith({}, { 'accept-language': 'es-US,es;q=0.9' }))).toBe(
      ASSISTANT_SAYS_ES.greeting(name, null),
    );
    expect(last(await startWith({ locale: 'en' }, { 'accept-language': 'es' }))).toBe(
      ASSISTANT_SAYS.greeting(name, null),
    );
    expect(last(await startWith({}, { 'accept-language': 'fr-FR, de' }))).toBe(
      ASSISTANT_SAYS.greeting(name, null),
    );
  });

  it('a language it does not speak is a 400 that starts nothing', async () => {
    const before = await t.database.db
      .select()
      .from(assistantConversations)
      .where(eq(assistantConversations.agentId, agent.id));
    const res = await t.request({
      method: 'POST',
      url: '/api/assistant/conversations',
      payload: { agent_id: agent.id, locale: 'fr' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { locale: expect.any(String) } });
    const after = await t.database.db
      .select()
      .from(assistantConversations)
      .where(eq(assistantConversations.agentId, agent.id));
    expect(after).toHaveLength(before.length);
  });

  it('started in Spanish, short answers are read and answered in Spanish, and the booking is stored es', async () => {
    const c = await startWith({ property_id: maple, locale: 'es' });
    // Neither English nor Spanish on its own: the conversation's language (Spanish) decides.
    const offered = await say(c.conversation_id, '1/10 10:00');
    expect(offered.proposals.length, last(offered)).toBeGreaterThan(0);
    expect(last(offered)).toMatch(/Puedo ofrecerle (esta hora|estas horas) para/);
    const picked = await say(c.conversation_id, '1');
    expect(last(picked)).toBe(ASSISTANT_SAYS_ES.askName(offered.proposals[0]!.label));
    expect(last(await say(c.conversation_id, 'Ana Compradora'))).toBe(ASSISTANT_SAYS_ES.askEmail);
    expect(last(await say(c.conversation_id, 'ana@example.com'))).toBe(ASSISTANT_SAYS_ES.askPhone);
    expect(last(await say(c.conversation_id, '646 555 0177'))).toBe(ASSISTANT_SAYS_ES.askBuyerType);
    // "inversionista" is read as Spanish only because the conversation is Spanish.
    expect(last(await say(c.conversation_id, 'inversionista'))).toMatch(/^Compruebe, por favor: /);
    const done = await say(c.conversation_id, 'sí');
    expect(done.booking, last(done)).toBeTruthy();
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, done.booking!.id));
    expect(row).toMatchObject({ locale: 'es', clientEmail: 'ana@example.com', buyerType: 'investor' });
  });

  it('started in Spanish, a buyer who writes English is answered in English', async () => {
    const c = await startWith({ property_id: maple, locale: 'es' });
    const offered = await say(c.conversation_id, 'can I see it on thursday morning?');
    expect(offered.proposals.length).toBeGreaterThan(0);
    expect(last(offered)).toMatch(/Here (is a time|are times) I can offer for /);
    expect(last(await say(c.conversation_id, '1'))).toBe(ASSISTANT_SAYS.askName(offered.proposals[0]!.label));
  });
});
