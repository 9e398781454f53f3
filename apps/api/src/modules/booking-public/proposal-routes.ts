// An Optimise time proposal's public calls (issue 29): read it by the e-mail's token, accept the new time,
// or keep the buyer's own. The token travels in the query or the body (the request log redacts ?token=).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@keyturn/domain/schemas/common';
import { proposalTokenSchema, publicProposalResponseSchema } from '@keyturn/domain/schemas/timeProposals';
import type { PublicContext } from './context';
import { acceptProposal, keepTime, publicProposal } from './proposal';

const errors = {
  400: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};
const tags = ['public booking'];

export async function publicProposalRoutes(
  app: FastifyInstance,
  opts: { ctx: PublicContext; writeLimitPerMinute: number; readLimitPerMinute: number },
) {
  const { ctx } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const writeLimit = { rateLimit: { max: opts.writeLimitPerMinute, timeWindow: '1 minute' } };
  r.get(
    '/api/booking/proposal',
    {
      config: {
        rateLimit: { max: opts.readLimitPerMinute, timeWindow: '1 minute', groupId: 'public-read' },
      },
      schema: {
        tags,
        summary:
          "A new time the buyer's agent proposed (Optimise): the booking as it is and the proposed time",
        querystring: proposalTokenSchema,
        response: { 200: publicProposalResponseSchema, ...errors },
      },
    },
    async (req) => ({ success: true as const, data: await publicProposal(ctx, req.query.token) }),
  );
  r.post(
    '/api/booking/proposal/accept',
    {
      config: writeLimit,
      schema: {
        tags,
        summary:
          'Accept the proposed time: the booking moves through the booking checks (409 when stale or no longer free); twice answers the same',
        body: proposalTokenSchema,
        response: { 200: publicProposalResponseSchema, ...errors },
      },
    },
    async (req) => ({ success: true as const, data: await acceptProposal(ctx, req.body.token) }),
  );
  r.post(
    '/api/booking/proposal/keep',
    {
      config: writeLimit,
      schema: {
        tags,
        summary:
          'Keep my time: the requested time stays, and the request goes back to whoever decides it (the seller, with fresh links, when the seller proposed; else the agent)',
        body: proposalTokenSchema,
        response: { 200: publicProposalResponseSchema, ...errors },
      },
    },
    async (req) => ({ success: true as const, data: await keepTime(ctx, req.body.token) }),
  );
}
