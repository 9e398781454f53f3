// Issue 32 §1: GET/PUT /api/properties/:id/showing-rules — a property's "Showing rules" part. Same scope as the
// property routes (own, or the team's; another agent's property is 404). Rules are on every plan.
// Issue 44: GET/PUT /api/agents/change-cutoff — the agent's own cut-off for buyers' changes, which a property's
// rules may override.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@keyturn/domain/schemas/common';
import { showingRulesSchema, showingRulesViewSchema } from '@keyturn/domain/listing/showingRules';
import type { Auth } from '../../auth';
import type { Db } from '../../db/client';
import { requireAgentContext } from '../core/agent-context';
import {
  agentChangeCutoffResponseSchema,
  agentChangeCutoffSchema,
} from '@keyturn/domain/schemas/changeCutoff';
import { getShowingRules, saveShowingRules } from './service';
import { agentCutoffHours, saveAgentCutoffHours } from './change-cutoff';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const one = z.object({ success: z.literal(true), data: showingRulesViewSchema });
const idParams = z.object({ id: z.string() });
const tags = ['properties'];

export async function showingRulesRoutes(app: FastifyInstance, opts: { auth: Auth; db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const agentOf = requireAgentContext(opts.auth, db);
  r.addHook('preValidation', agentOf.hook);

  r.get(
    '/api/properties/:id/showing-rules',
    {
      schema: {
        tags,
        summary: "A property's showing rules and the agent's settings a rule left empty follows",
        params: idParams,
        response: { 200: one, ...errors },
      },
    },
    async (req) => ({ success: true as const, data: await getShowingRules(db, agentOf(req), req.params.id) }),
  );
  r.put(
    '/api/properties/:id/showing-rules',
    {
      schema: {
        tags,
        summary: "Save a property's showing rules (the whole set)",
        params: idParams,
        body: showingRulesSchema,
        response: { 200: one, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await saveShowingRules(db, agentOf(req), req.params.id, req.body),
    }),
  );

  r.get(
    '/api/agents/change-cutoff',
    {
      schema: {
        tags: ['agents'],
        summary:
          'How long before a showing its buyer may still cancel or reschedule it (hours; 0 = until it starts)',
        response: { 200: agentChangeCutoffResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: { hours: await agentCutoffHours(db, agentOf(req).id) },
    }),
  );
  r.put(
    '/api/agents/change-cutoff',
    {
      schema: {
        tags: ['agents'],
        summary: "Set the agent's cut-off for buyers' own cancellations and reschedules",
        body: agentChangeCutoffSchema,
        response: { 200: agentChangeCutoffResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: { hours: await saveAgentCutoffHours(db, agentOf(req).id, req.body.hours) },
    }),
  );
}
