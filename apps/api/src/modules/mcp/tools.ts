// The MCP server's tools (issue 34 §3, decision 059): each one's name, what an assistant is told of it, its
// arguments (domain schemas/mcp.ts) and the booking flow's call it makes.
import type { z } from 'zod';
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import {
  mcpBookInput,
  mcpBookingTokenInput,
  mcpCancelInput,
  mcpFindTimesInput,
  mcpListPropertiesInput,
  mcpRescheduleInput,
} from '@keyturn/domain/schemas/mcp';
import type { PublicContext } from '../booking-public/context';
import { agentProperties, openTimes } from './answers';
import { bookingByToken, bookShowing, cancelByToken, rescheduleByToken } from './writes';

export type McpTool = {
  name: string;
  title: string;
  description: string;
  input: z.ZodType;
  annotations: ToolAnnotations;
  /** Spends the caller's write budget. */
  writes: boolean;
  /** Called with the arguments as `input` parsed them. */
  run: (ctx: PublicContext, args: unknown) => Promise<object>;
};

function tool<S extends z.ZodType>(
  def: Omit<McpTool, 'input' | 'run'> & {
    input: S;
    run: (ctx: PublicContext, args: z.output<S>) => Promise<object>;
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
      "and the agent's clock label.",
    input: mcpFindTimesInput,
    annotations: read,
    writes: false,
    run: openTimes,
  }),
  tool({
    name: 'book_showing',
    title: 'Book a showing',
    description:
      'Books one open time for the buyer (their name, e-mail, phone and buyer type are required). ' +
      'Answers the booking with its manage_token; a booking may wait for the agent (status pending).',
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
