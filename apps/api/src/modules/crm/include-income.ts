// Fair housing (issue 46, decision 090): whether the CRM export's CSV files and the webhooks' bodies carry
// the buyer's income range. Off unless the agent turns it on in Settings → Webhooks (with the warning of
// FAIR_HOUSING_TEXTS): income is sensitive, and a CRM rarely needs it. Enterprise, like the rest of CRM.
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FAIR_HOUSING_TEXTS } from '@keyturn/domain/insights/fairHousing';
import { errorResponseSchema } from '@keyturn/domain/schemas/common';
import type { Db, DbTransaction } from '../../db/client';
import { agents } from '../../db/schema';
import type { AgentContext } from '../core/agent-context';
import type { AgentRow } from '../core/agents';

export const includeIncomeSchema = z.strictObject({
  include_income: z.boolean({ error: FAIR_HOUSING_TEXTS.includeIncomeInvalid }),
});
const answer = z.object({ success: z.literal(true), data: z.object({ include_income: z.boolean() }) });

/** Whether the agent sends income to their CRM (false for an agent not found: never by default). */
export async function includesIncome(db: Db | DbTransaction, agentId: string): Promise<boolean> {
  const { rows } = await db.execute<{ on: boolean }>(
    sql`select crm_include_income as on from agents where id = ${agentId}`,
  );
  return rows[0]?.on === true;
}

export function includeIncomeRoutes(
  app: FastifyInstance,
  opts: { db: Db; agentOf: AgentContext; enterprise: (req: Parameters<AgentContext>[0]) => AgentRow },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
  const tags = ['crm'];
  r.get(
    '/api/crm/include-income',
    {
      preValidation: opts.agentOf.hook,
      schema: {
        tags,
        summary: 'Enterprise: whether CRM exports and webhooks carry the buyer’s income (off by default)',
        response: { 200: answer, ...errors },
      },
    },
    async (req) => {
      const agent = opts.enterprise(req);
      return { success: true as const, data: { include_income: await includesIncome(opts.db, agent.id) } };
    },
  );
  r.put(
    '/api/crm/include-income',
    {
      preValidation: opts.agentOf.hook,
      schema: {
        tags,
        summary: 'Enterprise: turn income in CRM exports and webhooks on or off',
        body: includeIncomeSchema,
        response: { 200: answer, ...errors },
      },
    },
    async (req) => {
      const agent = opts.enterprise(req);
      await opts.db
        .update(agents)
        .set({ crmIncludeIncome: req.body.include_income })
        .where(eq(agents.id, agent.id));
      return { success: true as const, data: { include_income: req.body.include_income } };
    },
  );
}
