// Issue 45 "Cross-agent tours": a signed-in agent, as a buyer's agent, plans a day of other agents' homes, sends
// it (one request per home) and follows it. Only the caller's own tours are answered; another's is 404.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@keyturn/domain/schemas/common';
import {
  networkTourCreateSchema,
  networkTourPlanAnswerSchema,
  networkTourPlanSchema,
  networkTourSchema,
} from '@keyturn/domain/schemas/networkTours';
import type { Auth } from '../../auth';
import { requireAgentContext } from '../core/agent-context';
import { consentEvidenceOf } from '../texts/consent';
import { publicLimits } from '../booking-public/routes';
import { planTour, type TourDeps } from './plan';
import { listTours, sendTour, tourView } from './service';

export async function networkTourRoutes(
  app: FastifyInstance,
  opts: TourDeps & { auth: Auth; writeLimitPerMinute: number; readLimitPerMinute: number },
) {
  const { writeLimit } = publicLimits(opts);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const agentOf = requireAgentContext(opts.auth, opts.ctx.db);
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
  const one = z.object({ success: z.literal(true), data: networkTourSchema });

  r.post(
    '/api/network/tours/plan',
    {
      schema: {
        tags,
        summary:
          "Plan a day of 2–8 other agents' homes: the order and times that fit each listing's open times and the drives",
        body: networkTourPlanSchema,
        response: {
          200: z.object({ success: z.literal(true), data: networkTourPlanAnswerSchema }),
          ...errors,
        },
      },
    },
    async (req) => ({ success: true as const, data: await planTour(opts, agentOf(req), req.body) }),
  );

  r.post(
    '/api/network/tours',
    {
      config: writeLimit,
      schema: {
        tags,
        summary:
          'Send a planned day: the plan re-checked, then one showing request per home to its listing agent',
        body: networkTourCreateSchema,
        response: { 201: one, ...errors },
      },
    },
    async (req, reply) =>
      reply.status(201).send({
        success: true as const,
        data: await sendTour(opts, agentOf(req), req.body, consentEvidenceOf(req)),
      }),
  );

  r.get(
    '/api/network/tours',
    {
      schema: {
        tags,
        summary: 'Your tours, newest first, each home with its answer',
        response: {
          200: z.object({ success: z.literal(true), data: z.array(networkTourSchema) }),
          ...errors,
        },
      },
    },
    async (req) => ({ success: true as const, data: await listTours(opts, agentOf(req)) }),
  );

  r.get(
    '/api/network/tours/:id',
    {
      schema: {
        tags,
        summary: 'One of your tours (404 for anyone else’s)',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: one, ...errors },
      },
    },
    async (req) => ({ success: true as const, data: await tourView(opts, agentOf(req), req.params.id) }),
  );
}
