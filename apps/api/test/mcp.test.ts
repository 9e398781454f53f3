// The MCP server at /mcp (issue 34 §3, decision 059) through the SDK's own client (Client +
// StreamableHTTPClientTransport) against the real app listening on 127.0.0.1, on a fixed clock: Monday
// 2030-01-07 10:00 in New York. Default hours Mon–Fri 09:00–17:00: Tuesday 2030-01-08 has 16 open times.
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { MESSAGES } from '@keyturn/domain/messages';
import { MCP_MESSAGES } from '@keyturn/domain/schemas/mcp';
import { agents, bookings } from '../src/db/schema';
import { SLOT_TAKEN_MESSAGE } from '../src/modules/bookings/service';
import { createTestApp, type TestApp } from './app';
import { bookingPayload, makeAgent, makeProperty, type TestAgent } from './fixtures';
import { seedBooking } from './support/bookings';

const NOW = new Date('2030-01-07T15:00:00Z');
let t: TestApp;
let base: string;
let agent: TestAgent;
let propertyId: number;
let client: Client;

async function connect(url: string): Promise<Client> {
  const c = new Client({ name: 'keyturn-test', version: '1.0.0' });
  await c.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`)));
  return c;
}

const call = async (name: string, args: Record<string, unknown>, c = client) =>
  (await c.callTool({ name, arguments: args })) as CallToolResult;
const textOf = (result: CallToolResult) =>
  result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const answerOf = (result: CallToolResult): any => {
  expect(result.isError, textOf(result)).toBeFalsy();
  return result.structuredContent;
};
const buyer = (overrides: Record<string, unknown> = {}) =>
  bookingPayload(agent.id, { property_id: propertyId, ...overrides });

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  agent = await makeAgent(t);
  propertyId = await makeProperty(t, agent.id);
  client = await connect(base);
});
afterAll(async () => {
  await client?.close();
  await t?.close();
});

describe('MCP: tools and the profile resource', () => {
  it('lists the eight tools, the booking tool with the booking page’s fields', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      [
        'book_showing',
        'cancel_booking',
        'find_open_times',
        'get_booking',
        'hold_open_time',
        'list_properties',
        'release_hold',
        'reschedule_booking',
      ].sort(),
    );
    const book = tools.find((tool) => tool.name === 'book_showing')!;
    expect(book.inputSchema.required).toEqual(
      expect.arrayContaining(['agent_id', 'client_name', 'client_email', 'booking_date', 'booking_time']),
    );
    const find = tools.find((tool) => tool.name === 'find_open_times')!;
    expect(find.annotations?.readOnlyHint).toBe(true);
    expect(find.inputSchema.properties?.part_of_day).toMatchObject({
      anyOf: expect.arrayContaining([{ type: 'string', enum: ['morning', 'afternoon', 'evening'] }]),
    });
    const unknown = await call('no_such_tool', {});
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toBe('There is no tool called no_such_tool.');
  });

  it('lists the agent’s public properties only, and refuses an unknown agent as a tool error', async () => {
    const hidden = await makeProperty(t, agent.id, { address: '9 Private Rd', isPublic: false });
    const answer = answerOf(await call('list_properties', { agent_id: agent.id }));
    expect(answer.properties.map((p: { id: number }) => p.id)).toEqual([propertyId]);
    expect(answer.properties.map((p: { id: number }) => p.id)).not.toContain(hidden);
    expect(answer.properties[0].booking_url).toContain(`/${answer.properties[0].public_id}/book`);
    expect(answer.agent).toEqual({
      id: agent.id,
      name: expect.stringContaining('Jamie'),
      company_name: null,
      time_zone: 'America/New_York',
    });
    const unknown = await call('list_properties', { agent_id: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toBe('This agent could not be found.');
  });

  it('reads the agent’s public profile as a resource, nothing the agent hides', async () => {
    await db().update(agents).set({ showEmail: false, showPhone: false }).where(eq(agents.id, agent.id));
    const { contents } = await client.readResource({ uri: `keyturn://agents/${agent.id}` });
    const first = contents[0]!;
    const profile = JSON.parse('text' in first ? first.text : '');
    expect(profile).toMatchObject({ id: agent.id, first_name: 'Jamie', timeZone: 'America/New_York' });
    expect(profile.email).toBeNull();
    expect(profile.phone).toBeNull();
    expect(profile.weekdays).toHaveLength(7);
    expect(Object.keys(profile)).not.toEqual(expect.arrayContaining(['plan']));
    await expect(client.readResource({ uri: 'keyturn://agents/nobody' })).rejects.toThrow(
      'This agent could not be found.',
    );
  });
});

describe('MCP: open times', () => {
  it('answers the booking page’s own slots of the part of the day, as instants with agent-clock labels', async () => {
    const answer = answerOf(
      await call('find_open_times', {
        agent_id: agent.id,
        property_id: propertyId,
        from: '2030-01-08',
        to: '2030-01-08',
        part_of_day: 'morning',
      }),
    );
    const page = (
      await t.request({ method: 'GET', url: `/api/booking/availability/${propertyId}/2030-01-08` })
    )
      .json()
      .slots.filter((slot: { time: string }) => slot.time < '12:00');
    expect(answer.open_times).toEqual(
      page.map((slot: { time: string; starts_at: string; label: string }) => ({
        date: '2030-01-08',
        time: slot.time.slice(0, 5),
        starts_at: slot.starts_at,
        label: slot.label,
      })),
    );
    expect(answer.open_times[0]).toEqual({
      date: '2030-01-08',
      time: '09:00',
      starts_at: '2030-01-08T09:00:00-05:00',
      label: '9:00 AM',
    });
    expect(answer.agent.time_zone).toBe('America/New_York');
  });

  it('an instructions-only property: no open times, and the reason with its instructions and the agent (issue 39 §4)', async () => {
    const home = await makeProperty(t, agent.id, { address: '12 Elm Street' });
    const saved = await t.request({
      method: 'PUT',
      url: `/api/properties/${home}/showing-rules`,
      token: agent.token,
      payload: {
        approval: 'instructions',
        instructions: 'Call the day before; the key is with the neighbour',
      },
    });
    expect(saved.statusCode).toBe(200);
    const answer = answerOf(
      await call('find_open_times', {
        agent_id: agent.id,
        property_id: home,
        from: '2030-01-08',
        to: '2030-01-10',
      }),
    );
    const contact = { phone: expect.stringMatching(/555/), email: agent.email };
    expect(answer).toMatchObject({
      open_times: [],
      more: false,
      instructions_only: true,
      instructions: 'Call the day before; the key is with the neighbour',
      contact,
    });
    expect(answer.reason).toMatch(
      /^12 Elm Street is not booked online: it is shown by its showing instructions\. Call the day before; the key is with the neighbour\. Contact Jamie Agent\d+ at .*555.* or /,
    );
    expect(answer.reason).toContain(agent.email);
    // The listing says so too; a bookable property has no instructions and no reason.
    const listed = answerOf(await call('list_properties', { agent_id: agent.id })).properties;
    expect(listed.find((p: { id: number }) => p.id === home).showing).toMatchObject({
      instructions_only: true,
      contact,
      decides: null,
    });
    expect(listed.find((p: { id: number }) => p.id === propertyId).showing).toEqual({
      instructions_only: false,
      instructions: null,
      notice_note: null,
      contact: null,
      // Issue 39 §6: who decides a request; this agent confirms at once.
      decides: 'instant',
    });
    const open = answerOf(
      await call('find_open_times', {
        agent_id: agent.id,
        property_id: propertyId,
        from: '2030-01-08',
        to: '2030-01-08',
      }),
    );
    expect(open.open_times.length).toBeGreaterThan(0);
    expect(open.instructions_only).toBeUndefined();
  });

  it('covers a range of dates, skips the weekend, and clips to the booking window', async () => {
    const answer = answerOf(
      await call('find_open_times', {
        agent_id: agent.id,
        from: '2030-01-04',
        to: '2030-01-13',
        part_of_day: 'afternoon',
      }),
    );
    expect(answer.from).toBe('2030-01-08');
    const dates = [...new Set(answer.open_times.map((slot: { date: string }) => slot.date))];
    expect(dates).toEqual(['2030-01-08', '2030-01-09', '2030-01-10', '2030-01-11']);
    expect(answer.open_times.every((slot: { time: string }) => slot.time >= '12:00')).toBe(true);
    const past = await call('find_open_times', { agent_id: agent.id, from: '2029-12-01', to: '2029-12-05' });
    expect(past.isError).toBe(true);
    expect(textOf(past)).toContain('Pick a date from tomorrow up to 60 days ahead.');
  });

  it('refuses bad arguments with the page’s messages: reversed or long ranges, a property of another agent', async () => {
    const reversed = await call('find_open_times', {
      agent_id: agent.id,
      from: '2030-01-10',
      to: '2030-01-08',
    });
    expect(reversed.isError).toBe(true);
    expect(textOf(reversed)).toBe(MCP_MESSAGES.rangeOrder);
    const long = await call('find_open_times', { agent_id: agent.id, from: '2030-01-08', to: '2030-02-08' });
    expect(textOf(long)).toBe(MCP_MESSAGES.rangeTooLong);
    const other = await makeAgent(t);
    const foreign = await call('find_open_times', {
      agent_id: other.id,
      property_id: propertyId,
      from: '2030-01-08',
      to: '2030-01-08',
    });
    expect(foreign.isError).toBe(true);
    expect(textOf(foreign)).toBe(MESSAGES.propertyNotFoundBody);
  });

  it('refuses a missing agent_id naming the field, in the text and as {error, code, fields}', async () => {
    const calls: [string, Record<string, unknown>][] = [
      ['list_properties', {}],
      ['find_open_times', { from: '2030-01-08', to: '2030-01-08' }],
      ['book_showing', (({ agent_id: _, ...rest }) => rest)(buyer())],
    ];
    for (const [name, args] of calls) {
      const refused = await call(name, args);
      expect(refused.isError, name).toBe(true);
      expect(textOf(refused), name).toContain('agent_id');
      expect(refused.structuredContent, name).toMatchObject({
        code: 'VALIDATION_ERROR',
        fields: { agent_id: MCP_MESSAGES.agentIdMissing },
      });
    }
  });
});

describe('MCP: booking, rescheduling and cancelling', () => {
  it('books a showing the agent sees in their bookings; the time is then taken, a retry with its key is not a second booking', async () => {
    const booked = answerOf(
      await call('book_showing', {
        ...buyer({ booking_date: '2030-01-09', booking_time: '10:00' }),
        starts_at: '2030-01-09T10:00:00-05:00',
        idempotency_key: 'mcp-key-1',
      }),
    );
    expect(booked).toMatchObject({ status: 'confirmed', booking_date: '2030-01-09', booking_time: '10:00' });
    expect(booked.starts_at).toBe('2030-01-09T15:00:00.000Z');
    expect(booked.manage_token).toEqual(expect.any(String));

    const list = await t.request({ method: 'GET', url: '/api/bookings', token: agent.token });
    const seen = list.json().data.find((b: { id: string }) => b.id === booked.id);
    expect(seen).toMatchObject({
      status: 'confirmed',
      client_email: 'casey@example.com',
      property: { id: propertyId },
      booking_time: '10:00',
    });

    const again = answerOf(
      await call('book_showing', {
        ...buyer({ booking_date: '2030-01-09', booking_time: '10:00' }),
        starts_at: '2030-01-09T10:00:00-05:00',
        idempotency_key: 'mcp-key-1',
      }),
    );
    expect(again.id).toBe(booked.id);

    const taken = await call('book_showing', {
      ...buyer({ booking_date: '2030-01-09', booking_time: '10:00', client_email: 'other@example.com' }),
    });
    expect(taken.isError).toBe(true);
    expect(textOf(taken)).toBe(SLOT_TAKEN_MESSAGE);
    const times = answerOf(
      await call('find_open_times', { agent_id: agent.id, from: '2030-01-09', to: '2030-01-09' }),
    );
    expect(times.open_times.map((slot: { time: string }) => slot.time)).not.toContain('10:00');
  });

  it('issue 43: a booking made through MCP speaks the agent’s default language', async () => {
    const spanish = await makeAgent(t);
    const home = await makeProperty(t, spanish.id);
    await t.database.db.update(agents).set({ defaultLanguage: 'es' }).where(eq(agents.id, spanish.id));
    const booked = answerOf(
      await call(
        'book_showing',
        bookingPayload(spanish.id, { property_id: home, booking_date: '2030-01-11', booking_time: '10:00' }),
      ),
    );
    const english = answerOf(
      await call('book_showing', buyer({ booking_date: '2030-01-11', booking_time: '11:00' })),
    );
    const localeOf = async (id: string) =>
      (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!.locale;
    expect(await localeOf(booked.id)).toBe('es');
    expect(await localeOf(english.id)).toBe('en');
  });

  it('refuses a bad e-mail, a missing name and an unknown agent with the booking page’s messages', async () => {
    const bad = await call('book_showing', buyer({ client_email: 'not-an-email', client_name: '' }));
    expect(bad.isError).toBe(true);
    // The page's messages, word for word: the first field's, then each other field's by name.
    expect(textOf(bad)).toBe(`${MESSAGES.fullNameRequired}\nclient_email: ${MESSAGES.emailInvalid}`);
    const unknown = await call('book_showing', {
      ...bookingPayload('00000000-0000-4000-8000-000000000000'),
    });
    expect(textOf(unknown)).toBe('This agent could not be found.');
  });

  it('reschedules and cancels with the manage token; answers carry no buyer contact details', async () => {
    const booked = answerOf(
      await call('book_showing', buyer({ booking_date: '2030-01-10', booking_time: '11:00' })),
    );
    const moved = answerOf(
      await call('reschedule_booking', {
        token: booked.manage_token,
        booking_date: '2030-01-10',
        booking_time: '14:30',
        reschedule_reason: 'Work meeting moved',
      }),
    );
    expect(moved).toMatchObject({ booking_date: '2030-01-10', booking_time: '14:30', status: 'confirmed' });
    expect(moved.manage_token).not.toBe(booked.manage_token);
    const old = answerOf(await call('get_booking', { token: booked.manage_token }));
    expect(old).toMatchObject({ status: 'rescheduled', rescheduled_to_token: moved.manage_token });
    expect(JSON.stringify(old)).not.toContain('casey@example.com');

    const list = (await t.request({ method: 'GET', url: '/api/bookings', token: agent.token })).json().data;
    expect(list.find((b: { id: string }) => b.id === moved.id)).toMatchObject({
      status: 'confirmed',
      reschedule_reason: 'Work meeting moved',
    });

    const again = await call('reschedule_booking', {
      token: booked.manage_token,
      booking_date: '2030-01-10',
      booking_time: '15:00',
      reschedule_reason: 'Again',
    });
    expect(again.isError).toBe(true);
    expect(textOf(again)).toContain('can no longer be modified');

    const cancelled = answerOf(
      await call('cancel_booking', { token: moved.manage_token, reason: 'Bought elsewhere' }),
    );
    expect(cancelled).toMatchObject({ status: 'cancelled', can_cancel: false, can_reschedule: false });
    expect(Object.keys(cancelled)).not.toEqual(expect.arrayContaining(['client_email', 'client_phone']));
    const row = (
      await t.request({ method: 'GET', url: `/api/bookings/${moved.id}`, token: agent.token })
    ).json();
    expect(JSON.stringify(row)).toContain('cancelled');

    const unknown = await call('cancel_booking', { token: 'no-such-token' });
    expect(textOf(unknown)).toBe('This booking link is not valid. Please check the link in your e-mail.');
  });

  it('keeps the plan’s monthly limit: a Basic agent at 15 bookings this month is refused', async () => {
    const free = await makeAgent(t, { plan: 'basic' });
    for (let day = 0; day < 15; day += 1) {
      await seedBooking(t.database.db, free.id, {
        startsAt: `2030-01-${String(14 + Math.floor(day / 8)).padStart(2, '0')}T${14 + (day % 8)}:00:00Z`,
        createdAt: '2030-01-07T14:00:00Z',
      });
    }
    const refused = await call('book_showing', bookingPayload(free.id, { booking_date: '2030-01-22' }));
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain("can't take more online bookings this month");
  });
});

describe('MCP: limits and hostile input', () => {
  it('book, hold, release, reschedule and cancel spend a per-client write budget; reads do not', async () => {
    // A database of its own: the counters live in PostgreSQL, and the other tests' writes came from 127.0.0.1 too.
    const limited = await createTestApp({ now: () => NOW, env: { PUBLIC_WRITE_LIMIT_PER_MINUTE: '2' } });
    try {
      await limited.app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(limited.app.server.address() as AddressInfo).port}`;
      const c = await connect(url);
      const a = await makeAgent(limited, { plan: 'enterprise' });
      const book = (time: string) => call('book_showing', bookingPayload(a.id, { booking_time: time }), c);
      answerOf(await book('09:00'));
      answerOf(await book('11:00'));
      const third = await book('10:00');
      expect(third.isError).toBe(true);
      expect(textOf(third)).toBe(MCP_MESSAGES.tooManyWrites);
      // Issue 44: holding a time is a write too.
      const hold = await call(
        'hold_open_time',
        { agent_id: a.id, property_id: null, booking_date: '2030-01-08', booking_time: '10:00' },
        c,
      );
      expect(textOf(hold)).toBe(MCP_MESSAGES.tooManyWrites);
      expect((await call('list_properties', { agent_id: a.id }, c)).isError).toBeFalsy();
      await c.close();
    } finally {
      await limited.close();
    }
  });

  it('answers GET and DELETE with 405 and broken requests with a 4xx, never a 500', async () => {
    expect((await fetch(`${base}/mcp`)).status).toBe(405);
    expect((await fetch(`${base}/mcp`, { method: 'DELETE' })).status).toBe(405);
    const post = (body: string, type = 'application/json') =>
      fetch(`${base}/mcp`, {
        method: 'POST',
        headers: { 'content-type': type, accept: 'application/json, text/event-stream' },
        body,
      });
    for (const body of ['', '{', 'null', '42', '{"jsonrpc":"2.0"}', '[{"jsonrpc":"2.0","id":1}]']) {
      const res = await post(body);
      expect(res.status, body).toBeGreaterThanOrEqual(400);
      expect(res.status, body).toBeLessThan(500);
    }
    expect((await post('hello', 'text/plain')).status).toBe(415);
  });

  it('fuzz: any arguments to any tool are an answer or a tool error, never a 500 or a protocol crash', async () => {
    const tools = [
      'list_properties',
      'find_open_times',
      'book_showing',
      'get_booking',
      'reschedule_booking',
      'cancel_booking',
      'hold_open_time',
      'release_hold',
      'no_such_tool',
    ];
    const value = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.constantFrom(agent.id, '2030-01-08', '10:00', '\u0000', '\ud800', 'x'.repeat(5000)),
      fc.array(fc.string(), { maxLength: 3 }),
    );
    const args = fc.dictionary(
      fc.constantFrom(
        'agent_id',
        'property_id',
        'from',
        'to',
        'part_of_day',
        'token',
        'client_email',
        'booking_date',
        'booking_time',
        'starts_at',
        'budget_min',
        'hold_token',
        'replaces',
        '__proto__',
        'constructor',
      ),
      value,
    );
    let id = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...tools), args, async (name, toolArgs) => {
        id += 1;
        const res = await fetch(`${base}/mcp`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id,
            method: 'tools/call',
            params: { name, arguments: toolArgs },
          }),
        });
        expect(res.status).toBeLessThan(500);
        if (res.status === 200) {
          const body = (await res.json()) as {
            result?: { isError?: boolean; content: { text: string }[] };
            error?: unknown;
          };
          expect(body.result ?? body.error).toBeDefined();
          if (body.result?.isError) expect(body.result.content[0]!.text).not.toMatch(/sql|stack|TypeError/i);
        }
      }),
      { numRuns: 150, seed: 34 },
    );
  });
});

const db = () => t.database.db;
