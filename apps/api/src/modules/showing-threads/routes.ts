// Issue 45: a showing's conversation by each way in. The listing agent's (GET/POST /api/bookings/:id/thread,
// the search, the property's "sellers may write"), the buyer's agent's account (/api/network/requests/:id/thread),
// the buyer's manage link (/api/booking/manage/thread, rate limited like the page's other writes) and a seller
// contact's link (/api/seller/:token/…, only where the listing agent allows it). The rules: access.ts, service.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@keyturn/domain/schemas/common';
import {
  manageThreadMessageRequestSchema,
  manageThreadStatusRequestSchema,
  sellerThreadsResponseSchema,
  threadMessageRequestSchema,
  threadResponseSchema,
  threadSearchQuerySchema,
  threadSearchResponseSchema,
  threadSettingsResponseSchema,
  threadSettingsSchema,
  threadStatusRequestSchema,
} from '@keyturn/domain/listing/threads';
import type { Auth } from '../../auth';
import { requireAgentContext } from '../core/agent-context';
import { publicErrors, publicLimits } from '../booking-public/routes';
import { agentAccess, manageAccess, networkAccess, sellerAccess, type ThreadAccess } from './access';
import {
  postToThread,
  saveThreadSettings,
  searchThreads,
  sellerThreads,
  threadOf,
  threadSettingsOf,
  type ThreadDeps,
} from './service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const tags = ['threads'];
const idParams = z.object({ id: z.string().max(100) });
const answer = { 200: threadResponseSchema, ...errors };
const created = { 201: threadResponseSchema, ...errors };

type Opened = (req: FastifyRequest, id: string) => Promise<ThreadAccess>;

/** GET …/thread, POST …/thread, POST …/thread/status for one authenticated way in. */
function threadRoutes(app: FastifyInstance, deps: ThreadDeps, base: string, who: string, open: Opened) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    `${base}/:id/thread`,
    {
      schema: {
        tags,
        summary: `A showing's conversation, oldest first (${who})`,
        params: idParams,
        response: answer,
      },
    },
    async (req) => ({
      success: true as const,
      data: await threadOf(deps.db, await open(req, req.params.id)),
    }),
  );
  r.post(
    `${base}/:id/thread`,
    {
      schema: {
        tags,
        summary: `Write in a showing's conversation (${who}); the other parties are told by e-mail or text`,
        params: idParams,
        body: threadMessageRequestSchema,
        response: created,
      },
    },
    async (req, reply) =>
      reply.status(201).send({
        success: true as const,
        data: await postToThread(deps, await open(req, req.params.id), req.body),
      }),
  );
  r.post(
    `${base}/:id/thread/status`,
    {
      schema: {
        tags,
        summary: `Post a quick status to a showing's conversation (${who}): late, arrived, finished, reschedule`,
        params: idParams,
        body: threadStatusRequestSchema,
        response: created,
      },
    },
    async (req, reply) =>
      reply.status(201).send({
        success: true as const,
        data: await postToThread(deps, await open(req, req.params.id), req.body),
      }),
  );
}

export async function threadAgentRoutes(app: FastifyInstance, opts: ThreadDeps & { auth: Auth }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const agentOf = requireAgentContext(opts.auth, db);
  r.addHook('preValidation', agentOf.hook);
  threadRoutes(app, opts, '/api/bookings', 'the listing agent', (req, id) =>
    agentAccess(db, agentOf(req).id, id),
  );
  threadRoutes(app, opts, '/api/network/requests', "the buyer's agent who asked for it", (req, id) =>
    networkAccess(db, agentOf(req), id),
  );
  r.get(
    '/api/threads/search',
    {
      schema: {
        tags,
        summary: "Your showings' messages containing the words, newest first, with each showing",
        querystring: threadSearchQuerySchema,
        response: { 200: threadSearchResponseSchema, ...errors },
      },
    },
    async (req) => ({ success: true as const, data: await searchThreads(db, agentOf(req).id, req.query.q) }),
  );
  r.get(
    '/api/properties/:id/thread-settings',
    {
      schema: {
        tags,
        summary: "Whether the property's seller contacts may write in its showings' conversations",
        params: idParams,
        response: { 200: threadSettingsResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await threadSettingsOf(db, agentOf(req).id, req.params.id),
    }),
  );
  r.put(
    '/api/properties/:id/thread-settings',
    {
      schema: {
        tags,
        summary: "Let the property's seller contacts write in its showings' conversations, or not",
        params: idParams,
        body: threadSettingsSchema,
        response: { 200: threadSettingsResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await saveThreadSettings(db, agentOf(req).id, req.params.id, req.body),
    }),
  );
}

export async function threadPublicRoutes(
  app: FastifyInstance,
  opts: ThreadDeps & { writeLimitPerMinute: number; readLimitPerMinute: number },
) {
  const { db } = opts;
  const { writeLimit, readLimit } = publicLimits(opts);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const publicTags = ['public booking'];
  const ok = { 200: threadResponseSchema, ...publicErrors };
  const made = { 201: threadResponseSchema, ...publicErrors };
  r.get(
    '/api/booking/manage/thread',
    {
      config: readLimit,
      schema: {
        tags: publicTags,
        summary: "The showing's conversation, from the buyer's manage link",
        querystring: z.object({ token: z.string().max(200).default('') }),
        response: ok,
      },
    },
    async (req) => ({
      success: true as const,
      data: await threadOf(db, await manageAccess(db, req.query.token)),
    }),
  );
  r.post(
    '/api/booking/manage/thread',
    {
      config: writeLimit,
      schema: {
        tags: publicTags,
        summary: "Write in the showing's conversation from the buyer's manage link",
        body: manageThreadMessageRequestSchema,
        response: made,
      },
    },
    async (req, reply) =>
      reply.status(201).send({
        success: true as const,
        data: await postToThread(opts, await manageAccess(db, req.body.token), { body: req.body.body }),
      }),
  );
  r.post(
    '/api/booking/manage/thread/status',
    {
      config: writeLimit,
      schema: {
        tags: publicTags,
        summary: "Post a quick status from the buyer's manage link (late, arrived, finished, reschedule)",
        body: manageThreadStatusRequestSchema,
        response: made,
      },
    },
    async (req, reply) =>
      reply.status(201).send({
        success: true as const,
        data: await postToThread(opts, await manageAccess(db, req.body.token), { status: req.body.status }),
      }),
  );

  const sellerParams = z.object({ token: z.string().max(200), bookingId: z.string().max(100) });
  r.get(
    '/api/seller/:token/threads',
    {
      config: readLimit,
      schema: {
        tags: publicTags,
        summary:
          "A seller's link: whether they may take part in the listing's showings' conversations, and which",
        params: z.object({ token: z.string().max(200) }),
        response: { 200: sellerThreadsResponseSchema, ...publicErrors },
      },
    },
    async (req) => ({ success: true as const, data: await sellerThreads(db, req.params.token) }),
  );
  r.get(
    '/api/seller/:token/showings/:bookingId/thread',
    {
      config: readLimit,
      schema: {
        tags: publicTags,
        summary: "A showing's conversation from a seller's link (where the listing agent allows it)",
        params: sellerParams,
        response: ok,
      },
    },
    async (req) => ({
      success: true as const,
      data: await threadOf(db, await sellerAccess(db, req.params.token, req.params.bookingId)),
    }),
  );
  r.post(
    '/api/seller/:token/showings/:bookingId/thread',
    {
      config: writeLimit,
      schema: {
        tags: publicTags,
        summary: "Write in a showing's conversation from a seller's link (where the listing agent allows it)",
        params: sellerParams,
        body: threadMessageRequestSchema,
        response: made,
      },
    },
    async (req, reply) =>
      reply.status(201).send({
        success: true as const,
        data: await postToThread(
          opts,
          await sellerAccess(db, req.params.token, req.params.bookingId),
          req.body,
        ),
      }),
  );
}
