// Issue 46 "Audit log" (Enterprise, decision 092): GET /api/audit-log (a page of entries, newest first) and
// GET /api/audit-log/export.csv (up to 10,000 of them). Owners and admins of a team read the team's; every
// other Enterprise agent their own account's. The rules: service.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUDIT_CSV_MAX_ROWS, auditPageSchema, auditQuerySchema } from '@keyturn/domain/audit';
import { errorResponseSchema } from '@keyturn/domain/schemas/common';
import type { Auth } from '../../auth';
import type { Db } from '../../db/client';
import { requireAgentContext } from '../core/agent-context';
import { auditCsv, auditPage, auditScopeOf } from './service';

export async function auditLogRoutes(app: FastifyInstance, opts: { auth: Auth; db: Db; now: () => Date }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const agentOf = requireAgentContext(opts.auth, db);
  r.addHook('preValidation', agentOf.hook);
  const errors = {
    400: errorResponseSchema,
    401: errorResponseSchema,
    403: errorResponseSchema,
    404: errorResponseSchema,
  };
  const tags = ['audit'];

  r.get(
    '/api/audit-log',
    {
      schema: {
        tags,
        summary:
          'The audit log (Enterprise; a team’s owners and admins see the team’s): newest first, 90 days back at most',
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...errors },
      },
    },
    async (req) => auditPage(db, await auditScopeOf(db, agentOf(req)), req.query, opts.now()),
  );

  r.get(
    '/api/audit-log/export.csv',
    {
      schema: {
        tags,
        summary: `The audit log as CSV with the same filters, at most ${AUDIT_CSV_MAX_ROWS} rows (newest first)`,
        querystring: auditQuerySchema,
      },
    },
    async (req, reply) => {
      const scope = await auditScopeOf(db, agentOf(req));
      const { csv, cut } = await auditCsv(db, scope, req.query, opts.now());
      if (cut) reply.header('x-audit-log-truncated', String(AUDIT_CSV_MAX_ROWS));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .send(csv);
    },
  );
}
