// Issue 44 "Held times" over MCP (decision 084): hold_open_time holds one of find_open_times' times for the
// caller's buyer, book_showing uses the hold, release_hold lets it go. Through the SDK's own client against the
// real app on 127.0.0.1, on a movable clock: Monday 2030-01-07 10:00 in New York (Mon–Fri 09:00–17:00).
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { MCP_MESSAGES } from '@keyturn/domain/schemas/mcp';
import { HOLD_TEXTS, HOLDS_PER_CLIENT } from '@keyturn/domain/slots/holds';
import { bookings, slotHolds } from '../src/db/schema';
import { createTestApp, type TestApp } from './app';
import { bookingPayload, makeAgent, makeProperty, type TestAgent } from './fixtures';

const MONDAY = new Date('2030-01-07T15:00:00Z');
let clock = MONDAY;
let t: TestApp;
let base: string;
/** Two AI clients: the holder's and another buyer's. */
let holder: Client;
let other: Client;

const DATE = '2030-01-08';
const TEN = '2030-01-08T10:00:00-05:00';
const minutesLater = (m: number) => new Date(MONDAY.getTime() + m * 60_000);

async function connect(): Promise<Client> {
  const c = new Client({ name: 'keyturn-test', version: '1.0.0' });
  await c.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));
  return c;
}
const call = async (c: Client, name: string, args: Record<string, unknown>) =>
  (await c.callTool({ name, arguments: args })) as CallToolResult;
const textOf = (result: CallToolResult) =>
  result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const answerOf = (result: CallToolResult): any => {
  expect(result.isError, textOf(result)).toBeFalsy();
  return result.structuredContent;
};

async function listing() {
  const agent = await makeAgent(t, { plan: 'pro' });
  return { agent, property: await makeProperty(t, agent.id) };
}
const holdArgs = (agent: TestAgent, property: number, extra: Record<string, unknown> = {}) => ({
  agent_id: agent.id,
  property_id: property,
  booking_date: DATE,
  booking_time: '10:00',
  starts_at: TEN,
  ...extra,
});
const bookArgs = (agent: TestAgent, property: number, extra: Record<string, unknown> = {}) => ({
  ...bookingPayload(agent.id, { property_id: property, booking_time: '10:00', starts_at: TEN }),
  ...extra,
});
const offered = async (c: Client, agent: TestAgent, property: number) =>
  (
    answerOf(
      await call(c, 'find_open_times', { agent_id: agent.id, property_id: property, from: DATE, to: DATE }),
    ).open_times as { time: string }[]
  ).map((slot) => slot.time);
const holdsOf = (agent: TestAgent) =>
  t.database.db.select().from(slotHolds).where(eq(slotHolds.agentId, agent.id));
const bookingsOf = (agent: TestAgent) =>
  t.database.db.select().from(bookings).where(eq(bookings.agentId, agent.id));

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  holder = await connect();
  other = await connect();
});
afterAll(async () => {
  await holder?.close();
  await other?.close();
  await t?.close();
});
afterEach(() => {
  clock = MONDAY;
});

describe('MCP: holding a time (issue 44)', () => {
  it('lists hold_open_time and release_hold, and tells an AI client to hold before asking the buyer’s details', async () => {
    const { tools } = await holder.listTools();
    const hold = tools.find((tool) => tool.name === 'hold_open_time')!;
    expect(hold.description).toMatch(/BEFORE asking their name, e-mail and phone/);
    expect(hold.inputSchema.required).toEqual(
      expect.arrayContaining(['agent_id', 'booking_date', 'booking_time']),
    );
    expect(tools.find((tool) => tool.name === 'release_hold')!.inputSchema.required).toEqual(['hold_token']);
    const book = tools.find((tool) => tool.name === 'book_showing')!;
    expect(book.description).toMatch(/hold_open_time/);
    expect(book.inputSchema.properties).toHaveProperty('hold_token');
    expect(holder.getInstructions()).toMatch(/hold it at once\s+with hold_open_time/);
  });

  it('the holder books inside the hold while another caller’s booking of the time gets 409 SLOT_TAKEN', async () => {
    const { agent, property } = await listing();
    const held = answerOf(await call(holder, 'hold_open_time', holdArgs(agent, property)));
    // The server's instants: the time and the expiry (the agent's 5 minutes on the server's clock).
    expect(held).toMatchObject({
      booking_date: DATE,
      booking_time: '10:00',
      starts_at: '2030-01-08T15:00:00.000Z',
      expires_at: minutesLater(5).toISOString(),
      minutes: 5,
      message: MCP_MESSAGES.held(5, minutesLater(5).toISOString()),
    });
    expect(held.message).toContain('held for this buyer for 5 minutes');
    expect(held.hold_token).toMatch(/^[\w-]{20,}$/);

    clock = minutesLater(3);
    const refused = await call(
      other,
      'book_showing',
      bookArgs(agent, property, { client_email: 'b@example.com' }),
    );
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toBe(HOLD_TEXTS.heldByOther);
    expect(refused.structuredContent).toMatchObject({ code: 'SLOT_TAKEN' });
    // Another caller cannot hold it either.
    const second = await call(other, 'hold_open_time', holdArgs(agent, property));
    expect(second.isError).toBe(true);
    expect(second.structuredContent).toMatchObject({ code: 'SLOT_TAKEN' });

    const booked = answerOf(
      await call(holder, 'book_showing', bookArgs(agent, property, { hold_token: held.hold_token })),
    );
    expect(booked).toMatchObject({ status: 'confirmed', starts_at: '2030-01-08T15:00:00.000Z' });
    // The booking used the hold up: one showing, no hold left.
    expect(await bookingsOf(agent)).toHaveLength(1);
    expect(await holdsOf(agent)).toHaveLength(0);
    // The same caller without its hold token is just another buyer while the hold lasts.
    const { agent: second2, property: p2 } = await listing();
    answerOf(await call(holder, 'hold_open_time', holdArgs(second2, p2)));
    const tokenless = await call(holder, 'book_showing', bookArgs(second2, p2));
    expect(tokenless.structuredContent).toMatchObject({ code: 'SLOT_TAKEN' });
  });

  it('a held time leaves another caller’s find_open_times and comes back after release_hold', async () => {
    const { agent, property } = await listing();
    expect(await offered(other, agent, property)).toContain('10:00');
    const held = answerOf(await call(holder, 'hold_open_time', holdArgs(agent, property)));
    expect(await offered(other, agent, property)).not.toContain('10:00');
    expect(await offered(other, agent, property)).toContain('10:30');

    const released = answerOf(await call(holder, 'release_hold', { hold_token: held.hold_token }));
    expect(released).toEqual({ released: true, message: MCP_MESSAGES.released });
    expect(await holdsOf(agent)).toHaveLength(0);
    expect(await offered(other, agent, property)).toContain('10:00');
    // Releasing again (or a hold nobody has) answers the same and changes nothing.
    answerOf(await call(holder, 'release_hold', { hold_token: held.hold_token }));
    answerOf(await call(other, 'book_showing', bookArgs(agent, property)));
    expect(await bookingsOf(agent)).toHaveLength(1);
  });

  it('an expired hold lets another caller book the time (the server’s clock decides)', async () => {
    const { agent, property } = await listing();
    const held = answerOf(await call(holder, 'hold_open_time', holdArgs(agent, property)));
    clock = minutesLater(4);
    expect((await call(other, 'book_showing', bookArgs(agent, property))).isError).toBe(true);
    clock = minutesLater(5);
    expect(await offered(other, agent, property)).toContain('10:00');
    const booked = answerOf(await call(other, 'book_showing', bookArgs(agent, property)));
    expect(booked.starts_at).toBe('2030-01-08T15:00:00.000Z');
    // The holder, too late: the time is someone else's now.
    const late = await call(
      holder,
      'book_showing',
      bookArgs(agent, property, { hold_token: held.hold_token, client_email: 'late@example.com' }),
    );
    expect(late.structuredContent).toMatchObject({ code: 'SLOT_TAKEN' });
    expect(await bookingsOf(agent)).toHaveLength(1);
  });

  it('another time chosen: replaces lets the first go; one client keeps at most 3 live holds of an agent', async () => {
    const { agent, property } = await listing();
    const first = answerOf(await call(holder, 'hold_open_time', holdArgs(agent, property)));
    const moved = answerOf(
      await call(
        holder,
        'hold_open_time',
        holdArgs(agent, property, {
          booking_time: '11:00',
          starts_at: '2030-01-08T11:00:00-05:00',
          replaces: first.hold_token,
        }),
      ),
    );
    expect((await holdsOf(agent)).map((h) => h.token)).toEqual([moved.hold_token]);
    expect(await offered(other, agent, property)).toContain('10:00');
    expect(await offered(other, agent, property)).not.toContain('11:00');

    // Three more holds from the same client (one address, whichever MCP client): the oldest is let go.
    for (const time of ['13:00', '14:00', '15:00']) {
      clock = new Date(clock.getTime() + 1000);
      answerOf(
        await call(
          other,
          'hold_open_time',
          holdArgs(agent, property, { booking_time: time, starts_at: `${DATE}T${time}:00-05:00` }),
        ),
      );
    }
    const live = await holdsOf(agent);
    expect(live).toHaveLength(HOLDS_PER_CLIENT);
    expect(live.map((h) => h.token)).not.toContain(moved.hold_token);
  });

  it('refuses bad arguments as a 4xx tool error with {error, code, fields}, writing nothing', async () => {
    const { agent, property } = await listing();
    const bad = await call(holder, 'hold_open_time', holdArgs(agent, property, { booking_date: 'soon' }));
    expect(bad.isError).toBe(true);
    expect(bad.structuredContent).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { booking_date: expect.any(String) },
    });
    const noAgent = await call(holder, 'hold_open_time', holdArgs(agent, property, { agent_id: '' }));
    expect(textOf(noAgent)).toBe(MCP_MESSAGES.agentIdMissing);
    const closed = await call(
      holder,
      'hold_open_time',
      holdArgs(agent, property, { booking_date: '2030-01-12', starts_at: '2030-01-12T10:00:00-05:00' }),
    );
    expect(closed.isError).toBe(true);
    const short = await call(holder, 'release_hold', { hold_token: 'x' });
    expect(short.isError).toBe(true);
    expect(short.structuredContent).toMatchObject({ fields: { hold_token: expect.any(String) } });
    expect(await holdsOf(agent)).toHaveLength(0);
  });
});
