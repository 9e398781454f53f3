import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { planFor } from '@keyturn/domain/plans';
import { errorResponseSchema } from '@keyturn/domain/schemas/common';
import { noBilling, subscriptionWithBillingSchema } from '@keyturn/domain/schemas/subscription';
import type { BillingConfig } from '../../adapters/billing';
import type { Auth } from '../../auth';
import type { Db } from '../../db/client';
import { currentUser, requireUser } from '../../http/authenticate';
import { findAgentByUser } from '../core/agents';
import { billingSummary } from '../billing/summary';

export async function paymentRoutes(
  app: FastifyInstance,
  opts: { auth: Auth; db: Db; billing: () => Promise<BillingConfig> },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/payments/subscription',
    {
      preValidation: requireUser(opts.auth),
      schema: {
        tags: ['payments'],
        summary:
          "The caller's plan (spec §3 subscription response) and its billing (issue 30); basic until a profile exists",
        response: { 200: subscriptionWithBillingSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const agent = await findAgentByUser(opts.db, currentUser(request).id);
      const plan = planFor(agent?.plan);
      const configured = (await opts.billing()).configured;
      return {
        success: true,
        subscription: agent
          ? { plan: plan.id, status: 'active' as const, startedAt: agent.createdAt.toISOString() }
          : null,
        plan: { id: plan.id, name: plan.name },
        billing: agent ? await billingSummary(opts.db, agent, configured) : noBilling(configured),
      };
    },
  );
}
