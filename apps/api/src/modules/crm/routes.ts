// CRM integration (issue 13, Enterprise; 403 PLAN_UPGRADE_REQUIRED below): CSV exports of the caller's
// leads, bookings and feedback; webhook endpoints, their delivery log and "Send again".
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@keyturn/domain/schemas/common';
import { CRM_EXPORTS } from '@keyturn/domain/schemas/crmExport';
import {
  webhookDeliverySchema,
  webhookEndpointCreateSchema,
  webhookEndpointSchema,
} from '@keyturn/domain/schemas/webhooks';
import { isoDateInZone } from '@keyturn/domain/time';
import type { Auth } from '../../auth';
import type { Db } from '../../db/client';
import { requirePlanFeature } from '../../http/plan-gate';
import { requireAgentContext } from '../core/agent-context';
import type { JobQueue } from '../../jobs/queue';
import { crmExportCsv } from './export-service';
import { includeIncomeRoutes } from './include-income';
import { assertOutboundUrl, type OutboundPolicy } from '../../http/outbound-url';
import {
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  resendDelivery,
} from './webhook-service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const idParams = z.object({ id: z.string() });

export async function crmRoutes(
  app: FastifyInstance,
  opts: {
    auth: Auth;
    db: Db;
    now: () => Date;
    webhooks: Pick<JobQueue, 'sendWebhook'>;
    /** Whether endpoints may be on private hosts (ALLOW_PRIVATE_OUTBOUND_HOSTS). */
    outbound: OutboundPolicy;
  },
) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const agentOf = requireAgentContext(opts.auth, db);
  /** The caller, if their plan includes CRM integration (403 otherwise). */
  const enterprise = (req: Parameters<typeof agentOf>[0]) => {
    const agent = agentOf(req);
    requirePlanFeature(agent, 'crmIntegration');
    return agent;
  };
  const tags = ['crm'];
  includeIncomeRoutes(app, { db, agentOf, enterprise });

  r.get(
    '/api/exports/:kind',
    {
      preValidation: agentOf.hook,
      schema: {
        tags,
        summary: 'Enterprise: leads.csv, bookings.csv or feedback.csv (columns in the README)',
        params: z.object({ kind: z.enum(CRM_EXPORTS.map((k) => `${k}.csv`) as [string, ...string[]]) }),
        response: { 200: z.string(), ...errors },
      },
    },
    async (req, reply) => {
      const agent = enterprise(req);
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

  r.get(
    '/api/webhooks',
    {
      preValidation: agentOf.hook,
      schema: {
        tags,
        summary: "The caller's webhook endpoints (secrets are never shown again)",
        response: {
          200: z.object({ success: z.literal(true), data: z.array(webhookEndpointSchema) }),
          ...errors,
        },
      },
    },
    async (req) => ({ success: true as const, data: await listEndpoints(db, enterprise(req)) }),
  );
  r.post(
    '/api/webhooks',
    {
      preValidation: agentOf.hook,
      schema: {
        tags,
        summary: 'Register an endpoint; the answer carries its signing secret, shown this once',
        body: webhookEndpointCreateSchema,
        response: {
          201: z.object({ success: z.literal(true), data: webhookEndpointSchema, secret: z.string() }),
          ...errors,
        },
      },
    },
    async (req, reply) => {
      const agent = enterprise(req);
      await assertOutboundUrl(req.body.url, opts.outbound);
      const { endpoint, secret } = await createEndpoint(db, agent, req.body);
      return reply.status(201).send({ success: true as const, data: endpoint, secret });
    },
  );
  r.delete(
    '/api/webhooks/:id',
    {
      preValidation: agentOf.hook,
      schema: {
        tags,
        params: idParams,
        response: { 200: z.object({ success: z.literal(true) }), ...errors },
      },
    },
    async (req) => {
      await deleteEndpoint(db, enterprise(req), req.params.id);
      return { success: true as const };
    },
  );
  r.get(
    '/api/webhooks/:id/deliveries',
    {
      preValidation: agentOf.hook,
      schema: {
        tags,
        summary: 'The delivery log of one endpoint, newest first',
        params: idParams,
        response: {
          200: z.object({ success: z.literal(true), data: z.array(webhookDeliverySchema) }),
          ...errors,
        },
      },
    },
    async (req) => ({
      success: true as const,
      data: await listDeliveries(db, enterprise(req), req.params.id),
    }),
  );
  r.post(
    '/api/webhooks/:id/deliveries/:deliveryId/resend',
    {
      preValidation: agentOf.hook,
      schema: {
        tags,
        summary: 'Send a delivery again: the same body as a new delivery',
        params: z.object({ id: z.string(), deliveryId: z.string() }),
        response: { 201: z.object({ success: z.literal(true), data: webhookDeliverySchema }), ...errors },
      },
    },
    async (req, reply) => {
      const data = await resendDelivery(
        db,
        opts.webhooks,
        enterprise(req),
        req.params.id,
        req.params.deliveryId,
      );
      return reply.status(201).send({ success: true as const, data });
    },
  );
}
