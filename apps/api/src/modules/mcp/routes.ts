// POST /mcp: the MCP server for AI assistants (issue 34 §3, decision 059), Streamable HTTP without sessions.
// Each request gets its own server and transport (the SDK's stateless mode) answering in plain JSON: nothing is
// kept between requests, so every server of the app answers every request and no stream is held open. GET and
// DELETE (a server-sent event stream, ending a session) are 405, as the transport's stateless mode expects.
// Every request counts against the public read budget; book, hold, release, reschedule and cancel also against a
// write budget.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { PublicContext } from '../booking-public/context';
import { publicLimits } from '../booking-public/routes';
import { holdClientKey } from '../booking-public/holds';
import { mcpServer } from './server';

export const MCP_PATH = '/mcp';
const VERSION = '1.0.0';

export async function mcpRoutes(
  app: FastifyInstance,
  opts: { ctx: PublicContext; writeLimitPerMinute: number; readLimitPerMinute: number },
) {
  const { readLimit } = publicLimits(opts);
  const writeLimiter = app.createRateLimit({
    max: opts.writeLimitPerMinute,
    timeWindow: '1 minute',
    // A budget of its own (the key names it), per client address as every public limit.
    keyGenerator: (req) => `mcp-write|${req.ip}`,
  });
  const schema = { hide: true };

  app.post(MCP_PATH, { config: readLimit, schema }, async (req, reply) => {
    const server = mcpServer({
      ctx: opts.ctx,
      allowWrite: async () => {
        const limit = await writeLimiter(req);
        return limit.isAllowed || !limit.isExceeded;
      },
      // The server is public (no MCP authentication, decision 059): a client is its address, as on the page, so
      // one address keeps at most HOLDS_PER_CLIENT live holds of an agent whichever way it holds.
      holdClientKey: holdClientKey(req.ip),
      log: req.log,
      version: VERSION,
    });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    try {
      await server.connect(transport);
      const answer = await transport.handleRequest(webRequest(req), { parsedBody: req.body });
      return await send(reply, answer);
    } finally {
      await server.close();
    }
  });

  const notAllowed = async (_req: FastifyRequest, reply: FastifyReply) =>
    reply
      .status(405)
      .header('allow', 'POST')
      .send({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null });
  app.get(MCP_PATH, { config: readLimit, schema }, notAllowed);
  app.delete(MCP_PATH, { config: readLimit, schema }, notAllowed);
}

/** The Fastify request as the transport reads it (the body is already parsed and handed over as parsedBody). */
function webRequest(req: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (name === 'content-length' || name === 'transfer-encoding' || name === 'host') continue;
    for (const one of [value ?? []].flat()) headers.append(name, one);
  }
  // The address is not read (the transport checks no Host): a fixed origin keeps a strange Host header out.
  return new Request(new URL(MCP_PATH, 'http://localhost'), { method: req.method, headers });
}

async function send(reply: FastifyReply, answer: Response): Promise<FastifyReply> {
  reply.status(answer.status).header('cache-control', 'no-store');
  answer.headers.forEach((value, name) => {
    if (name !== 'content-length') reply.header(name, value);
  });
  const body = await answer.text();
  return reply.send(body === '' ? undefined : body);
}
