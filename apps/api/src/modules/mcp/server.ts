// The MCP server of one request (issue 34 §3, decision 059): the tools and the agent's profile resource over
// the public booking flow. The tools' arguments are checked here by the domain schemas (the booking page's own),
// so a refusal — bad arguments, a taken time, an unknown agent, a limit — is a tool result with isError and
// exactly the message the page would show; nothing a tool throws reaches the protocol.
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { MCP_MESSAGES, MCP_SEARCH_MAX_DAYS } from '@keyturn/domain/schemas/mcp';
import { AppError, fieldErrors, validationError } from '../../http/errors';
import type { PublicContext } from '../booking-public/context';
import { agentProfile } from './answers';
import { MCP_TOOLS, type McpCaller, type McpTool } from './tools';

export type McpDeps = {
  ctx: PublicContext;
  /** One hit on the caller's public write budget; false once it is spent. */
  allowWrite: () => Promise<boolean>;
  /** Issue 44: the key the caller's holds are counted under (at most HOLDS_PER_CLIENT live ones per agent). */
  holdClientKey: string;
  log: FastifyBaseLogger;
  version: string;
};

const INSTRUCTIONS = [
  'Keyturn books 30-minute property showings and consultations with real-estate agents.',
  'Start from an agent id (the part after /bookme/ in their booking link).',
  "Dates and times are on the agent's calendar and clock (time_zone); starts_at is the exact instant.",
  `Find open times (at most ${MCP_SEARCH_MAX_DAYS} days a search). When the buyer chooses one, hold it at once`,
  'with hold_open_time (it is theirs for a few minutes: nobody else can book it), then ask their details and book',
  'it with its booking_date, booking_time, starts_at and the hold_token. Release a hold the buyer no longer wants.',
  'Keep the manage_token: it reschedules or cancels the booking.',
].join(' ');

const AGENT_TEMPLATE = 'keyturn://agents/{agent_id}';
const AGENT_URI = /^keyturn:\/\/agents\/([^/?#]+)$/;

/** The tools as tools/list describes them: their arguments as JSON Schema, computed once. */
const TOOL_LIST: Tool[] = MCP_TOOLS.map((tool) => ({
  name: tool.name,
  title: tool.title,
  description: tool.description,
  inputSchema: z.toJSONSchema(tool.input, { io: 'input' }) as Tool['inputSchema'],
  annotations: tool.annotations,
}));

export function mcpServer(deps: McpDeps): Server {
  const server = new Server(
    { name: 'keyturn', title: 'Keyturn showings', version: deps.version },
    { capabilities: { tools: {}, resources: {} }, instructions: INSTRUCTIONS },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: TOOL_LIST }));
  server.setRequestHandler(CallToolRequestSchema, (request) =>
    callTool(deps, request.params.name, request.params.arguments),
  );
  server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: [] }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: [
      {
        uriTemplate: AGENT_TEMPLATE,
        name: 'agent_profile',
        title: "An agent's public profile",
        description: 'Name, company, colour, time zone, the weekdays they work and their booking page.',
        mimeType: 'application/json',
      },
    ],
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const uri = request.params.uri;
    try {
      const agentId = decodeURIComponent(AGENT_URI.exec(uri)?.[1] ?? '');
      const profile = await agentProfile(deps.ctx, agentId);
      return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(profile) }] };
    } catch (err) {
      throw new McpError(ErrorCode.InvalidParams, refusalMessage(err, deps.log));
    }
  });
  return server;
}

/** One tool call as its result: the answer as JSON, or the refusal as an error result. */
async function callTool(deps: McpDeps, name: string, args: unknown): Promise<CallToolResult> {
  const tool: McpTool | undefined = MCP_TOOLS.find((one) => one.name === name);
  if (!tool) return refusal(`There is no tool called ${name.slice(0, 100)}.`);
  try {
    const parsed = tool.input.safeParse(args ?? {});
    if (!parsed.success) throw validationError(fieldErrors(parsed.error.issues));
    if (tool.writes && !(await deps.allowWrite())) return refusal(MCP_MESSAGES.tooManyWrites);
    const caller: McpCaller = { holdClientKey: deps.holdClientKey };
    const answer = await tool.run(deps.ctx, parsed.data, caller);
    return {
      content: [{ type: 'text', text: JSON.stringify(answer, null, 2) }],
      structuredContent: answer as Record<string, unknown>,
    };
  } catch (err) {
    return refusal(refusalMessage(err, deps.log), err);
  }
}

/**
 * A refused call: the text an assistant reads, and for a refusal of ours the API's error shape
 * ({error, code, fields}) as structured content, so a client can tell which argument was refused.
 */
function refusal(text: string, err?: unknown): CallToolResult {
  return {
    isError: true,
    content: [{ type: 'text', text }],
    ...(err instanceof AppError ? { structuredContent: err.toBody() } : {}),
  };
}

/** The booking page's message for an AppError (with each other field's when there are several); else a plain one. */
function refusalMessage(err: unknown, log: FastifyBaseLogger): string {
  if (!(err instanceof AppError)) {
    log.error({ err }, 'MCP call failed');
    return MCP_MESSAGES.internal;
  }
  const fields = Object.entries(err.fields ?? {}).filter(([, message]) => message !== err.message);
  return [err.message, ...fields.map(([field, message]) => `${field}: ${message}`)].join('\n');
}
