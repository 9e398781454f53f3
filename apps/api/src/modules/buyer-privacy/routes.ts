// Issue 46 "Buyers' own data" (decision 091): the buyer's page behind their signed "Your data" link (read,
// download, ask for deletion — public, rate-limited, 404 for a token we did not sign) and the agent's privacy
// requests and retention setting (signed in, scoped to the caller: another agent's request answers 404).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { PRIVACY_TEXTS } from '@keyturn/domain/privacy';
import { errorResponseSchema } from '@keyturn/domain/schemas/common';
import {
  deletionRequestBodySchema,
  deletionRequestResponseSchema,
  privacyRequestResponseSchema,
  privacyRequestStartSchema,
  privacyRequestsResponseSchema,
  retentionResponseSchema,
  retentionSchema,
  yourDataDownloadQuerySchema,
  yourDataResponseSchema,
  yourDataSchema,
  yourDataTokenSchema,
} from '@keyturn/domain/schemas/privacy';
import type { Auth } from '../../auth';
import { agents } from '../../db/schema';
import { AppError } from '../../http/errors';
import { requireAgentContext } from '../core/agent-context';
import { publicErrors, publicLimits } from '../booking-public/routes';
import { agentNameOf, collectYourData } from './collect';
import { downloadFileName, yourDataCsv } from './download';
import { buyerIdentity } from './identity';
import type { YourDataSigner } from './links';
import {
  completeRequest,
  holdsBuyer,
  listRequests,
  notFound,
  openRequest,
  requestView,
  type RequestDeps,
} from './requests';
import { retentionOf, saveRetention } from './retention';

export type PrivacyRouteDeps = RequestDeps & { signer: YourDataSigner };

/** The agent a valid token names, with the buyer's address; a bad token or a removed agent is a 404. */
async function subjectOf(deps: PrivacyRouteDeps, token: string) {
  const subject = deps.signer.verify(token);
  if (!subject) throw notFound();
  const [agent] = await deps.db.select().from(agents).where(eq(agents.id, subject.agentId));
  if (!agent) throw notFound();
  return { agent, email: subject.email };
}

async function yourData(deps: PrivacyRouteDeps, token: string) {
  const { agent, email } = await subjectOf(deps, token);
  const who = await buyerIdentity(deps.db, agent.id, email, deps.defaultCountry);
  return collectYourData(deps.db, agent, who, deps.now());
}

export async function privacyPublicRoutes(
  app: FastifyInstance,
  opts: { deps: PrivacyRouteDeps; writeLimitPerMinute: number; readLimitPerMinute: number },
) {
  const { deps } = opts;
  const { writeLimit, readLimit } = publicLimits(opts);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['your data'];
  r.get(
    '/api/your-data',
    {
      config: readLimit,
      schema: {
        tags,
        summary: 'What the agent holds about the buyer named by the signed “Your data” link',
        querystring: yourDataTokenSchema,
        response: { 200: yourDataResponseSchema, ...publicErrors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { success: true as const, data: await yourData(deps, req.query.token) };
    },
  );
  r.get(
    '/api/your-data/download',
    {
      config: readLimit,
      schema: {
        tags,
        summary: 'The same data as a file: JSON, or CSV with one row per item (section, date, field, value)',
        querystring: yourDataDownloadQuerySchema,
        response: { 200: z.union([yourDataSchema, z.string()]), ...publicErrors },
      },
    },
    async (req, reply) => {
      const data = await yourData(deps, req.query.token);
      const { format } = req.query;
      reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${downloadFileName(deps.now(), format)}"`);
      if (format === 'csv')
        return reply.header('content-type', 'text/csv; charset=utf-8').send(yourDataCsv(data));
      return data;
    },
  );
  r.post(
    '/api/your-data/deletion-request',
    {
      config: writeLimit,
      schema: {
        tags,
        summary: 'Ask the agent to delete the buyer’s details (once: asking again answers the open request)',
        body: deletionRequestBodySchema,
        response: { 200: deletionRequestResponseSchema, 201: deletionRequestResponseSchema, ...publicErrors },
      },
    },
    async (req, reply) => {
      const { agent, email } = await subjectOf(deps, req.body.token);
      const { row, created } = await openRequest(deps, agent.id, email, 'buyer');
      const view = requestView(row, deps.now());
      return reply.status(created ? 201 : 200).send({
        success: true as const,
        data: {
          status: view.status,
          received_at: view.received_at,
          due_at: view.due_at,
          completed_at: view.completed_at,
          agent_name: agentNameOf(agent),
        },
      });
    },
  );
}

export async function privacyAgentRoutes(app: FastifyInstance, opts: { auth: Auth; deps: PrivacyRouteDeps }) {
  const { deps } = opts;
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const agentOf = requireAgentContext(opts.auth, db);
  r.addHook('preValidation', agentOf.hook);
  const errors = {
    400: errorResponseSchema,
    401: errorResponseSchema,
    404: errorResponseSchema,
    409: errorResponseSchema,
    422: errorResponseSchema,
  };
  const tags = ['privacy'];
  r.get(
    '/api/privacy-requests',
    {
      schema: {
        tags,
        summary:
          'Your buyers’ deletion requests with their legal clock: open first (soonest due), then completed',
        response: { 200: privacyRequestsResponseSchema, ...errors },
      },
    },
    async (req) => {
      const agent = agentOf(req);
      const now = deps.now();
      const rows = await listRequests(db, agent.id);
      return {
        success: true as const,
        data: { requests: rows.map((row) => requestView(row, now)), time_zone: agent.timeZone },
      };
    },
  );
  r.post(
    '/api/privacy-requests',
    {
      schema: {
        tags,
        summary:
          'Start a deletion request for a buyer who asked another way (answers the open one if there is one)',
        body: privacyRequestStartSchema,
        response: { 200: privacyRequestResponseSchema, 201: privacyRequestResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const agent = agentOf(req);
      if (!(await holdsBuyer(db, agent.id, req.body.email, deps.defaultCountry))) {
        throw new AppError(422, 'NO_BUYER', PRIVACY_TEXTS.errors.noBuyer, {
          email: PRIVACY_TEXTS.errors.noBuyer,
        });
      }
      const { row, created } = await openRequest(deps, agent.id, req.body.email, 'agent');
      return reply
        .status(created ? 201 : 200)
        .send({ success: true as const, data: requestView(row, deps.now()) });
    },
  );
  r.post(
    '/api/privacy-requests/:id/complete',
    {
      schema: {
        tags,
        summary:
          'Delete the buyer’s data: anonymised everywhere (counts for reports stay), the request completed',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: privacyRequestResponseSchema, ...errors },
      },
    },
    async (req) => {
      const row = await completeRequest(deps, agentOf(req).id, req.params.id);
      return { success: true as const, data: requestView(row, deps.now()) };
    },
  );
  r.get(
    '/api/privacy/retention',
    {
      schema: {
        tags,
        summary: 'Your retention: buyers whose last showing ended more than this many months ago are deleted',
        response: { 200: retentionResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: { retention_months: await retentionOf(db, agentOf(req).id) },
    }),
  );
  r.put(
    '/api/privacy/retention',
    {
      schema: {
        tags,
        summary: 'Set the retention (6–120 months), or null to keep buyers’ details',
        body: retentionSchema,
        response: { 200: retentionResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: { retention_months: await saveRetention(db, agentOf(req).id, req.body.retention_months) },
    }),
  );
}
