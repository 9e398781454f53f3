// Listing import's API (issue 34 §2): the agent's MLS connection (their MLS agent id, the last sync, "Sync now"),
// the CSV import (a dry run is the preview), and the listings the MLS took off the market with showings ahead.
// Every route acts on the caller's own listings only.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { errorResponseSchema } from '@keyturn/domain/schemas/common';
import {
  csvImportBodySchema,
  IMPORT_TEXTS,
  importResultSchema,
  mlsConnectionBodySchema,
  mlsConnectionSchema,
  statusChangeBodySchema,
  statusChangeSchema,
  type MlsConnection,
} from '@keyturn/domain/listing/imports';
import type { Auth } from '../../auth';
import type { Db } from '../../db/client';
import { mlsConnections } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import { requireAgentContext } from '../core/agent-context';
import type { BookingNotifier } from '../core/notifications/scheduler';
import { importCsv } from './csv';
import { queueMlsSync } from './jobs';
import { decideStatusChange, listStatusChanges } from './status-changes';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const tags = ['listing import'];
const connectionReply = z.object({ success: z.literal(true), data: mlsConnectionSchema });

const mlsOff = () => new AppError(409, IMPORT_TEXTS.mlsOffCode, IMPORT_TEXTS.mlsOff);

export async function listingImportRoutes(
  app: FastifyInstance,
  opts: {
    auth: Auth;
    db: Db;
    now: () => Date;
    notify: BookingNotifier;
    queue: JobQueue;
    /** Whether the server has an MLS configured (Server settings, decision 048). */
    mlsAvailable: () => Promise<boolean>;
  },
) {
  const { db, queue } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const agentOf = requireAgentContext(opts.auth, db);
  r.addHook('preValidation', agentOf.hook);

  const connectionOf = async (agentId: string): Promise<MlsConnection> => {
    const [row] = await db.select().from(mlsConnections).where(eq(mlsConnections.agentId, agentId));
    return {
      available: await opts.mlsAvailable(),
      mls_agent_id: row?.mlsAgentId ?? null,
      syncing: row?.status === 'syncing',
      last_sync_at: row?.lastSyncAt?.toISOString() ?? null,
      last_result: row?.lastResult ?? null,
      last_error: row?.lastError ?? null,
    };
  };

  r.get(
    '/api/listing-imports/mls',
    {
      schema: {
        tags,
        summary: "The caller's MLS import: whether the server has an MLS, their MLS agent ID, the last sync",
        response: { 200: connectionReply, ...errors },
      },
    },
    async (req) => ({ success: true as const, data: await connectionOf(agentOf(req).id) }),
  );
  r.put(
    '/api/listing-imports/mls',
    {
      schema: {
        tags,
        summary: 'Save the MLS agent ID and import the listings it lists (409 when the server has no MLS)',
        body: mlsConnectionBodySchema,
        response: { 200: connectionReply, ...errors },
      },
    },
    async (req) => {
      const agent = agentOf(req);
      if (!(await opts.mlsAvailable())) throw mlsOff();
      const id = req.body.mls_agent_id;
      const [before] = await db.select().from(mlsConnections).where(eq(mlsConnections.agentId, agent.id));
      await db
        .insert(mlsConnections)
        .values({ agentId: agent.id, mlsAgentId: id })
        // Another MLS agent ID is another set of listings: the next sync starts from the beginning.
        .onConflictDoUpdate({
          target: mlsConnections.agentId,
          set: before?.mlsAgentId === id ? { mlsAgentId: id } : { mlsAgentId: id, highWaterMark: null },
        });
      await queueMlsSync(db, queue, agent.id);
      return { success: true as const, data: await connectionOf(agent.id) };
    },
  );
  r.post(
    '/api/listing-imports/mls/sync',
    {
      schema: { tags, summary: 'Sync the MLS listings now', response: { 202: connectionReply, ...errors } },
    },
    async (req, reply) => {
      const agent = agentOf(req);
      if (!(await opts.mlsAvailable())) throw mlsOff();
      const [row] = await db.select().from(mlsConnections).where(eq(mlsConnections.agentId, agent.id));
      if (!row) {
        throw new AppError(409, 'MLS_AGENT_ID_MISSING', IMPORT_TEXTS.mlsAgentIdMissing, {
          mls_agent_id: IMPORT_TEXTS.mlsAgentIdMissing,
        });
      }
      await queueMlsSync(db, queue, agent.id);
      return reply.status(202).send({ success: true as const, data: await connectionOf(agent.id) });
    },
  );
  r.post(
    '/api/listing-imports/csv',
    {
      schema: {
        tags,
        summary:
          'Import listings from a CSV file (dry_run: the preview, nothing saved); per-row results by line',
        body: csvImportBodySchema,
        response: { 200: z.object({ success: z.literal(true), data: importResultSchema }), ...errors },
      },
    },
    async (req) => ({ success: true as const, data: await importCsv(db, agentOf(req), req.body) }),
  );
  r.get(
    '/api/listing-imports/status-changes',
    {
      schema: {
        tags,
        summary:
          'Listings the MLS took off the market that still have showings ahead (a decision is waiting)',
        response: {
          200: z.object({ success: z.literal(true), data: z.array(statusChangeSchema) }),
          ...errors,
        },
      },
    },
    async (req) => ({ success: true as const, data: await listStatusChanges(db, agentOf(req), opts.now()) }),
  );
  r.post(
    '/api/listing-imports/status-changes/:propertyId',
    {
      schema: {
        tags,
        summary: "Cancel (with the usual notice) or keep an off-market listing's future showings",
        params: z.object({ propertyId: z.string() }),
        body: statusChangeBodySchema,
        response: {
          200: z.object({ success: z.literal(true), cancelled: z.number().int() }),
          ...errors,
        },
      },
    },
    async (req) => {
      const deps = { db, now: opts.now(), notify: opts.notify };
      const { cancelled } = await decideStatusChange(
        deps,
        agentOf(req),
        req.params.propertyId,
        req.body.action,
      );
      return { success: true as const, cancelled };
    },
  );
}
