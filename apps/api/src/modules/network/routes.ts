// Issue 45 "The showing network": the routes of a signed-in agent as a buyer's agent (service.ts has the rules).
// Every route answers only the caller's own view: other agents' listings through their public data, and the
// caller's own requests; another agent's request is 404.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, isoDateSchema } from '@keyturn/domain/schemas/common';
import { availabilityForDateResponseSchema } from '@keyturn/domain/schemas/availability';
import {
  networkListingResponseSchema,
  networkListingsResponseSchema,
  networkRequestCreatedSchema,
  networkRequestResponseSchema,
  networkRequestSchema,
  networkRequestsResponseSchema,
  networkSearchSchema,
} from '@keyturn/domain/listing/network';
import type { Auth } from '../../auth';
import { requireAgentContext } from '../core/agent-context';
import { consentEvidenceOf } from '../texts/consent';
import type { PublicContext } from '../booking-public/context';
import { publicLimits } from '../booking-public/routes';
import {
  listRequests,
  listingDetail,
  listingTimes,
  oneRequest,
  requestShowing,
  searchListings,
} from './service';

export async function showingNetworkRoutes(
  app: FastifyInstance,
  opts: { auth: Auth; ctx: PublicContext; writeLimitPerMinute: number; readLimitPerMinute: number },
) {
  const { ctx } = opts;
  const { writeLimit } = publicLimits(opts);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const agentOf = requireAgentContext(opts.auth, ctx.db);
  r.addHook('preValidation', agentOf.hook);
  const errors = {
    400: errorResponseSchema,
    401: errorResponseSchema,
    403: errorResponseSchema,
    404: errorResponseSchema,
    409: errorResponseSchema,
    429: errorResponseSchema,
  };
  const tags = ['showing network'];

  r.get(
    '/api/network/listings',
    {
      schema: {
        tags,
        summary: "Find homes to show: the other agents' published listings on this server (public data only)",
        querystring: networkSearchSchema,
        response: { 200: networkListingsResponseSchema, ...errors },
      },
    },
    async (req) => searchListings(ctx.db, agentOf(req), req.query),
  );

  r.get(
    '/api/network/listings/:propertyId',
    {
      schema: {
        tags,
        summary: 'One listing of Find homes to show, and whether its agent sends texts (public data only)',
        params: z.object({ propertyId: z.string().max(100) }),
        response: { 200: networkListingResponseSchema, ...errors },
      },
    },
    async (req) => listingDetail(ctx, agentOf(req), req.params.propertyId),
  );

  r.get(
    '/api/network/listings/:propertyId/dates/:date',
    {
      schema: {
        tags,
        summary: "A listing's open times of a date, exactly as its booking page offers them",
        params: z.object({ propertyId: z.string().max(100), date: isoDateSchema }),
        response: { 200: availabilityForDateResponseSchema, ...errors },
      },
    },
    async (req) => listingTimes(ctx, agentOf(req), req.params.propertyId, req.params.date),
  );

  r.post(
    '/api/network/requests',
    {
      config: writeLimit,
      schema: {
        tags,
        summary:
          "Ask for a showing for your client: the listing's rules and approval chain apply as for a buyer",
        body: networkRequestSchema,
        response: { 201: networkRequestCreatedSchema, ...errors },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await requestShowing(ctx, agentOf(req), req.body, consentEvidenceOf(req))),
  );

  r.get(
    '/api/network/requests',
    {
      schema: {
        tags,
        summary: 'Your showing requests on other agents’ listings, newest first, with where each stands',
        response: { 200: networkRequestsResponseSchema, ...errors },
      },
    },
    async (req) => listRequests(ctx, agentOf(req)),
  );

  r.get(
    '/api/network/requests/:id',
    {
      schema: {
        tags,
        summary: 'One of your showing requests (404 unless you are its buyer’s agent)',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: networkRequestResponseSchema, ...errors },
      },
    },
    async (req) => ({ success: true as const, data: await oneRequest(ctx, agentOf(req), req.params.id) }),
  );
}
