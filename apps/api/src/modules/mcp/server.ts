// The MCP server of one request (issue 34 §3, decision 059): the tools and the agent's profile resource over
// the public booking flow. A refusal — bad arguments, a taken time, an unknown agent, a limit — is a tool result
// with isError and the message the booking page would show; nothing a tool throws reaches the protocol.
import type { FastifyBaseLogger } from 'fastify';
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import {
  MCP_MESSAGES,
  MCP_SEARCH_MAX_DAYS,
  mcpBookInput,
  mcpBookingTokenInput,
  mcpCancelInput,
  mcpFindTimesInput,
  mcpListPropertiesInput,
  mcpRescheduleInput,
} from '@keyturn/domain/schemas/mcp';
import { AppError } from '../../http/errors';
import type { PublicContext } from '../booking-public/context';
import { agentProfile, agentProperties, openTimes } from './answers';
import { bookingByToken, bookShowing, cancelByToken, rescheduleByToken } from './writes';

export type McpDeps = {
  ctx: PublicContext;
  /** One hit on the caller's public write budget; false once it is spent. */
  allowWrite: () => Promise<boolean>;
  log: FastifyBaseLogger;
  version: string;
};

const INSTRUCTIONS = [
  'Keyturn books 30-minute property showings and consultations with real-estate agents.',
  'Start from an agent id (the part after /bookme/ in their booking link).',
  "Dates and times are on the agent's calendar and clock (time_zone); starts_at is the exact instant.",
  `Find open times (at most ${MCP_SEARCH_MAX_DAYS} days a search), then book one with its booking_date,`,
  'booking_time and starts_at. Keep the manage_token: it reschedules or cancels the booking.',
].join(' ');

export function mcpServer(deps: McpDeps): McpServer {
  const server = new McpServer(
    { name: 'keyturn', title: 'Keyturn showings', version: deps.version },
    { instructions: INSTRUCTIONS },
  );
  const read = { readOnlyHint: true, openWorldHint: false } as const;
  const ctx = deps.ctx;

  server.registerTool(
    'list_properties',
    {
      title: "An agent's properties",
      description: "The agent's public properties (address, price, beds, baths, type) with their ids.",
      inputSchema: mcpListPropertiesInput,
      annotations: read,
    },
    (args) => run(deps, () => agentProperties(ctx, args.agent_id)),
  );

  server.registerTool(
    'find_open_times',
    {
      title: 'Find open times',
      description:
        'Open 30-minute times for a property showing (property_id) or a consultation (no property_id) between ' +
        'two dates, optionally in the morning, afternoon or evening. Each time has its date, time, starts_at ' +
        "and the agent's clock label.",
      inputSchema: mcpFindTimesInput,
      annotations: read,
    },
    (args) => run(deps, () => openTimes(ctx, args)),
  );

  server.registerTool(
    'book_showing',
    {
      title: 'Book a showing',
      description:
        'Books one open time for the buyer (their name, e-mail, phone and buyer type are required). ' +
        'Answers the booking with its manage_token; a booking may wait for the agent (status pending).',
      inputSchema: mcpBookInput,
      annotations: { openWorldHint: false, destructiveHint: false, idempotentHint: false },
    },
    (args) => run(deps, () => bookShowing(ctx, args), true),
  );

  server.registerTool(
    'get_booking',
    {
      title: 'A booking by its manage token',
      description: 'The booking the manage token belongs to: status, time, property, whether it can change.',
      inputSchema: mcpBookingTokenInput,
      annotations: read,
    },
    (args) => run(deps, () => bookingByToken(ctx, args.token)),
  );

  server.registerTool(
    'reschedule_booking',
    {
      title: 'Move a booking',
      description:
        'Moves the booking the manage token belongs to onto another open time (from find_open_times), with a ' +
        'reason for the agent. Answers the new booking and its new manage_token.',
      inputSchema: mcpRescheduleInput,
      annotations: { openWorldHint: false, destructiveHint: true, idempotentHint: false },
    },
    (args) => run(deps, () => rescheduleByToken(ctx, args), true),
  );

  server.registerTool(
    'cancel_booking',
    {
      title: 'Cancel a booking',
      description: 'Cancels the booking the manage token belongs to, with an optional reason for the agent.',
      inputSchema: mcpCancelInput,
      annotations: { openWorldHint: false, destructiveHint: true, idempotentHint: true },
    },
    (args) => run(deps, () => cancelByToken(ctx, args.token, args.reason), true),
  );

  server.registerResource(
    'agent_profile',
    new ResourceTemplate('keyturn://agents/{agent_id}', { list: undefined }),
    {
      title: "An agent's public profile",
      description: 'Name, company, colour, time zone, the weekdays they work and their booking page.',
      mimeType: 'application/json',
    },
    async (uri, variables) => {
      const agentId = String([variables.agent_id].flat()[0] ?? '');
      try {
        const profile = await agentProfile(ctx, agentId);
        return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(profile) }] };
      } catch (err) {
        throw new McpError(ErrorCode.InvalidParams, refusalMessage(err, deps.log));
      }
    },
  );
  return server;
}

/** A tool's work as its result: the answer as JSON, or the refusal as an error result. */
async function run(deps: McpDeps, work: () => Promise<object>, write = false): Promise<CallToolResult> {
  try {
    if (write && !(await deps.allowWrite())) return refusal(MCP_MESSAGES.tooManyWrites);
    const answer = await work();
    return {
      content: [{ type: 'text', text: JSON.stringify(answer, null, 2) }],
      structuredContent: answer as Record<string, unknown>,
    };
  } catch (err) {
    return refusal(refusalMessage(err, deps.log));
  }
}

function refusal(text: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text }] };
}

/** The booking page's message for an AppError (with each field's when there are several); else a plain one. */
function refusalMessage(err: unknown, log: FastifyBaseLogger): string {
  if (!(err instanceof AppError)) {
    log.error({ err }, 'MCP tool failed');
    return MCP_MESSAGES.internal;
  }
  const fields = Object.entries(err.fields ?? {}).filter(([, message]) => message !== err.message);
  return [err.message, ...fields.map(([field, message]) => `${field}: ${message}`)].join('\n');
}
