// The MCP server's tools (issue 34 §3, decision 059): each one's name, what an assistant is told of it, its
// arguments (domain schemas/mcp.ts) and the booking flow's call it makes.
import type { z } from 'zod';
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import {
  mcpBookInput,
  mcpBookingTokenInput,
  mcpCancelInput,
  mcpFindTimesInput,
  mcpHoldInput,
  mcpListPropertiesInput,
  mcpReleaseHoldInput,
  mcpRescheduleInput,
} from '@keyturn/domain/schemas/mcp';
import type { PublicContext } from '../booking-public/context';
import { agentProperties, openTimes } from './answers';
import {
  bookingByToken,
  bookShowing,
  cancelByToken,
  holdOpenTime,
  releaseHeldTime,
  rescheduleByToken,
} from './writes';

/** Who calls (issue 44): the key one client's holds are counted under (booking-public/holds.ts). */
export type McpCaller = { holdClientKey: string };

export type McpTool = {
  name: string;
  title: string;
  description: string;
  input: z.ZodType;
  annotations: ToolAnnotations;
  /** Spends the caller's write budget. */
  writes: boolean;
  /** Called with the arguments as `input` parsed them. */
  run: (ctx: PublicContext, args: unknown, caller: McpCaller) => Promise<object>;
};

function tool<S extends z.ZodType>(
  def: Omit<McpTool, 'input' | 'run'> & {
    input: S;
    run: (ctx: PublicContext, args: z.output<S>, caller: McpCaller) => Promise<object>;
  },
): McpTool {
  // The one place the parsed arguments' type is forgotten: callTool parses with `input` before calling `run`.
  return def as unknown as McpTool;
}

const read: ToolAnnotations = { readOnlyHint: true, openWorldHint: false };
const change = (destructive: boolean): ToolAnnotations => ({
  readOnlyHint: false,
  destructiveHint: destructive,
  idempotentHint: false,
  openWorldHint: false,
});

export const MCP_TOOLS: McpTool[] = [
  tool({
    name: 'list_properties',
    title: "An agent's properties",
    description: "The agent's public properties (address, price, beds, baths, type) with their ids.",
    input: mcpListPropertiesInput,
    annotations: read,
    writes: false,
    run: (ctx, args) => agentProperties(ctx, args.agent_id),
  }),
  tool({
    name: 'find_open_times',
    title: 'Find open times',
    description:
      'Open 30-minute times for a property showing (property_id) or a consultation (no property_id) between ' +
      'two dates, optionally in the morning, afternoon or evening. Each time has its date, time, starts_at ' +
      "and the agent's clock label. A time another buyer holds or booked is not listed.",
    input: mcpFindTimesInput,
    annotations: read,
    writes: false,
    run: openTimes,
  }),
  tool({
    name: 'hold_open_time',
    title: 'Hold an open time',
    description:
      'Holds one open time from find_open_times for this buyer as soon as they choose it — BEFORE asking their ' +
      "name, e-mail and phone — for the agent's hold minutes (5 unless the agent set another): nobody else is " +
      'offered it or can book it meanwhile. Answers hold_token, starts_at, expires_at and a sentence to tell the ' +
      'buyer; pass hold_token to book_showing. Another time chosen: hold it with the earlier hold_token as ' +
      'replaces. The buyer changed their mind: release_hold.',
    input: mcpHoldInput,
    annotations: change(false),
    writes: true,
    run: (ctx, args, caller) => holdOpenTime(ctx, args, caller.holdClientKey),
  }),
  tool({
    name: 'release_hold',
    title: 'Let go of a held time',
    description:
      'Lets go of a hold from hold_open_time (the buyer went back or chose no time): the time is offered to ' +
      'everyone again at once. An unknown or ended hold answers the same.',
    input: mcpReleaseHoldInput,
    annotations: { ...change(true), idempotentHint: true },
    writes: true,
    run: (ctx, args) => releaseHeldTime(ctx, args.hold_token),
  }),
  tool({
    name: 'book_showing',
    title: 'Book a showing',
    description:
      'Books one open time for the buyer (their name, e-mail, phone and buyer type are required). Hold the ' +
      'time with hold_open_time when the buyer chooses it and pass its hold_token here: the held time is ' +
      'theirs against every other buyer. Answers the booking with its manage_token; a booking may wait for the ' +
      'agent (status pending).',
    input: mcpBookInput,
    annotations: change(false),
    writes: true,
    run: bookShowing,
  }),
  tool({
    name: 'get_booking',
    title: 'A booking by its manage token',
    description: 'The booking the manage token belongs to: status, time, property, whether it can change.',
    input: mcpBookingTokenInput,
    annotations: read,
    writes: false,
    run: (ctx, args) => bookingByToken(ctx, args.token),
  }),
  tool({
    name: 'reschedule_booking',
    title: 'Move a booking',
    description:
      'Moves the booking the manage token belongs to onto another open time (from find_open_times), with a ' +
      'reason for the agent. Answers the new booking and its new manage_token.',
    input: mcpRescheduleInput,
    annotations: change(true),
    writes: true,
    run: rescheduleByToken,
  }),
  tool({
    name: 'cancel_booking',
    title: 'Cancel a booking',
    description: 'Cancels the booking the manage token belongs to, with an optional reason for the agent.',
    input: mcpCancelInput,
    annotations: change(true),
    writes: true,
    run: (ctx, args) => cancelByToken(ctx, args.token, args.reason),
  }),
];
