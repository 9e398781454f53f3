// Leaving (issue 41): GET /api/account/export (the caller's profile, properties, bookings and leads — JSON, or
// one part as CSV) and DELETE /api/account (typed confirmation; refused for the last owner of a team and for the
// demo account). Signed in first (401 before any 400).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@keyturn/domain/schemas/common';
import {
  dataExportQuerySchema,
  dataExportSchema,
  deleteAccountResponseSchema,
  deleteAccountSchema,
} from '@keyturn/domain/leaving';
import type { Auth } from '../../auth';
import type { Mailer } from '../../adapters/mail';
import { databaseOutbox } from '../../adapters/outbox';
import { createResolvingSmsSender } from '../../adapters/sms';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { smsSettingsOf, type SettingsResolver } from '../core/settings-store';
import { currentUser, requireUser } from '../../http/authenticate';
import { notFound } from '../../http/errors';
import { findAgentByUser } from '../core/agents';
import { dataExport, dataExportCsv, deleteAccount, exportFileName, type LeavingDeps } from './service';

export async function leavingRoutes(
  app: FastifyInstance,
  options: {
    auth: Auth;
    db: Db;
    queue: JobQueue;
    now: () => Date;
    config: Config;
    /** The server's own mailer; texts through the provider in force (Server settings). */
    mailer: Mailer;
    resolver: SettingsResolver;
  },
) {
  const { db, config, now } = options;
  const opts: LeavingDeps & { auth: Auth } = {
    auth: options.auth,
    db,
    queue: options.queue,
    now,
    notify: {
      db,
      mailer: options.mailer,
      sms: createResolvingSmsSender({
        settings: smsSettingsOf(options.resolver, config.sms.providerUrl),
        outbox: databaseOutbox(db),
        outbound: config.outbound,
      }),
      publicUrl: config.publicUrl,
      mailFrom: config.mail.from,
      smsDefaultCountry: config.sms.defaultCountry,
      now,
    },
  };
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(opts.auth);
  const tags = ['account'];

  r.get(
    '/api/account/export',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "The caller's data: profile, properties, bookings, leads (JSON), or one part as CSV",
        querystring: dataExportQuerySchema,
        response: {
          200: z.union([dataExportSchema, z.string()]),
          400: errorResponseSchema,
          401: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const agent = await findAgentByUser(db, user.id);
      const now = opts.now();
      reply.header('cache-control', 'no-store');
      const { format, part } = request.query;
      if (format === 'csv' && part) {
        const csv = await dataExportCsv(db, user, agent, part, now);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${exportFileName(agent, now, 'csv', part)}"`)
          .send(csv);
      }
      reply.header('content-disposition', `attachment; filename="${exportFileName(agent, now, 'json')}"`);
      return dataExport(db, user, agent, now);
    },
  );

  r.delete(
    '/api/account',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary:
          'Deletes the caller’s account: upcoming showings cancelled (buyers told), booking pages removed',
        body: deleteAccountSchema,
        response: {
          200: deleteAccountResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const agent = await findAgentByUser(db, user.id);
      const cancelled = await deleteAccount(opts, user, agent);
      return { success: true as const, cancelled };
    },
  );

  // The spec's DELETE /agents/{id}: the agent profile and its data, by the same path as Delete account.
  r.delete(
    '/api/agents/:id',
    {
      preValidation: signedIn,
      schema: {
        tags: ['agents'],
        summary: 'Delete the agent profile and all its data',
        params: z.object({ id: z.string() }),
        response: {
          200: z.object({ success: z.literal(true) }),
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const agent = await findAgentByUser(db, user.id);
      if (!agent || request.params.id !== agent.id) throw notFound('Agent not found.');
      await deleteAccount(opts, user, agent, 'profile');
      return { success: true as const };
    },
  );
}
