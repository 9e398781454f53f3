// CRM integration (issue 13, Enterprise; 403 PLAN_UPGRADE_REQUIRED below): CSV exports of the caller's
// leads, bookings and feedback.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@keyturn/domain/schemas/common';
import { CRM_EXPORTS } from '@keyturn/domain/schemas/crmExport';
import { isoDateInZone } from '@keyturn/domain/time';
import type { Auth } from '../../auth';
import type { Db } from '../../db/client';
import { requirePlanFeature } from '../../http/plan-gate';
import { requireAgentContext } from '../agents/context';
import { crmExportCsv } from './export-service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

export async function crmRoutes(app: FastifyInstance, opts: { auth: Auth; db: Db; now: () => Date }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const agentOf = requireAgentContext(opts.auth, db);

  r.get(
    '/api/exports/:kind',
    {
      preHandler: agentOf.hook,
      schema: {
        tags: ['crm'],
        summary: 'Enterprise: leads.csv, bookings.csv or feedback.csv (columns in the README)',
        params: z.object({ kind: z.enum(CRM_EXPORTS.map((k) => `${k}.csv`) as [string, ...string[]]) }),
        response: { 200: z.string(), ...errors },
      },
    },
    async (req, reply) => {
      const agent = agentOf(req);
      requirePlanFeature(agent, 'crmIntegration');
      const kind = req.params.kind.replace(/\.csv$/, '') as (typeof CRM_EXPORTS)[number];
      const now = opts.now();
      const csv = await crmExportCsv(db, agent, kind, now);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="keyturn-${kind}-${isoDateInZone(now, agent.timeZone)}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
}
