// Reports (issue 13 part B): GET /api/reports (every plan: the core figures) and GET /api/reports/breakdowns
// (Professional and Enterprise; 403 PLAN_UPGRADE_REQUIRED below) and /api/reports/benchmarks (Enterprise). All take ?from=yyyy-MM-dd&to=yyyy-MM-dd in
// the agent's time zone.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@keyturn/domain/schemas/common';
import {
  benchmarksSchema,
  coreReportSchema,
  reportBreakdownsSchema,
  reportRangeSchema,
} from '@keyturn/domain/schemas/reports';
import type { Auth } from '../../auth';
import type { Db } from '../../db/client';
import { requirePlanFeature } from '../../http/plan-gate';
import { requireAgentContext } from '../core/agent-context';
import { benchmarks, coreReport, reportBreakdowns } from './service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

export async function reportRoutes(app: FastifyInstance, opts: { auth: Auth; db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const agentOf = requireAgentContext(opts.auth, db);
  const tags = ['reports'];

  r.get(
    '/api/reports',
    {
      preValidation: agentOf.hook,
      schema: {
        tags,
        summary: "The caller's core figures over a date range (agent-zone days, both ends included)",
        querystring: reportRangeSchema,
        response: { 200: coreReportSchema, ...errors },
      },
    },
    async (req) => coreReport(db, agentOf(req), req.query),
  );
  r.get(
    '/api/reports/breakdowns',
    {
      preValidation: agentOf.hook,
      schema: {
        tags,
        summary: 'Professional and Enterprise: the funnel by buyer type, purpose and budget; lead times',
        querystring: reportRangeSchema,
        response: { 200: reportBreakdownsSchema, ...errors },
      },
    },
    async (req) => {
      const agent = agentOf(req);
      requirePlanFeature(agent, 'reportBreakdowns');
      return reportBreakdowns(db, agent, req.query);
    },
  );
  r.get(
    '/api/reports/benchmarks',
    {
      preValidation: agentOf.hook,
      schema: {
        tags,
        summary:
          "Enterprise: the caller's conversion, no-show, feedback response and lead time against the installation's medians (shown from 5 agents)",
        querystring: reportRangeSchema,
        response: { 200: benchmarksSchema, ...errors },
      },
    },
    async (req) => {
      const agent = agentOf(req);
      requirePlanFeature(agent, 'benchmarking');
      return benchmarks(db, agent, req.query);
    },
  );
}
