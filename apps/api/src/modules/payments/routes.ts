import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { planFor } from '@keyturn/domain/plans';
import { errorResponseSchema } from '@keyturn/domain/schemas/common';
import { subscriptionResponseSchema } from '@keyturn/domain/schemas/subscription';
import type { Auth } from '../../auth';
import type { Db } from '../../db/client';
import { currentUser, requireUser } from '../../http/authenticate';
import { findAgentByUser } from '../agents/service';

export async function paymentRoutes(app: FastifyInstance, opts: { auth: Auth; db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/payments/subscription',
    {
      preValidation: requireUser(opts.auth),
      schema: {
        tags: ['payments'],
        summary: "The caller's plan (spec §3 subscription response); basic until a profile exists",
        response: { 200: subscriptionResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const agent = await findAgentByUser(opts.db, currentUser(request).id);
      const plan = planFor(agent?.plan);
      return {
        success: true,
        subscription: agent
          ? { plan: plan.id, status: 'active' as const, startedAt: agent.createdAt.toISOString() }
          : null,
        plan: { id: plan.id, name: plan.name },
      };
    },
  );
}
