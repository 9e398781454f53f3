// Issue 44 "Waitlist" (decision 085): the buyer's routes (joining from the booking page, their link) and the
// agent's (their lines, removing someone). The rules: entries.ts and offers.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@keyturn/domain/schemas/common';
import {
  waitlistEntriesResponseSchema,
  waitlistJoinResponseSchema,
  waitlistJoinSchema,
  waitlistLinkResponseSchema,
} from '@keyturn/domain/schemas/timeWaitlist';
import type { Auth } from '../../auth';
import { requireAgentContext } from '../core/agent-context';
import { publicErrors, publicLimits, withRequestLocale } from '../booking-public/routes';
import {
  agentWaitlists,
  bookOffer,
  joinWaitlist,
  leaveWaitlist,
  removeEntry,
  waitlistLink,
  type WaitlistContext,
} from './entries';

const tags = ['public booking'];
const tokenParams = z.object({ token: z.string().max(200) });

export async function waitlistPublicRoutes(
  app: FastifyInstance,
  opts: { ctx: WaitlistContext; writeLimitPerMinute: number; readLimitPerMinute: number },
) {
  const { ctx } = opts;
  const { writeLimit, readLimit } = publicLimits(opts);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/booking/waitlist',
    {
      config: writeLimit,
      schema: {
        tags,
        summary: 'Join a property’s waiting list for a date (offered the first matching time that opens)',
        body: waitlistJoinSchema,
        response: { 201: waitlistJoinResponseSchema, ...publicErrors },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send({ success: true as const, data: await joinWaitlist(ctx, withRequestLocale(req.body, req)) }),
  );
  r.get(
    '/api/booking/waitlist/:token',
    {
      config: readLimit,
      schema: {
        tags,
        summary: 'The buyer’s place on a waiting list, the time held for them, or how it ended',
        params: tokenParams,
        response: { 200: waitlistLinkResponseSchema, ...publicErrors },
      },
    },
    async (req) => ({ success: true as const, data: await waitlistLink(ctx, req.params.token) }),
  );
  r.delete(
    '/api/booking/waitlist/:token',
    {
      config: writeLimit,
      schema: {
        tags,
        summary: 'Leave the waiting list (a time held for the buyer goes to the next in line)',
        params: tokenParams,
        response: { 200: waitlistLinkResponseSchema, ...publicErrors },
      },
    },
    async (req) => ({ success: true as const, data: await leaveWaitlist(ctx, req.params.token) }),
  );
  r.post(
    '/api/booking/waitlist/:token/book',
    {
      config: writeLimit,
      schema: {
        tags,
        summary: 'Book the time offered to this waiting buyer, with the details they gave when joining',
        params: tokenParams,
        response: { 201: waitlistLinkResponseSchema, ...publicErrors },
      },
    },
    async (req, reply) => {
      const data = await bookOffer(ctx, req.params.token, {
        ip: req.ip,
        userAgent: req.headers['user-agent'] ?? null,
        page: req.headers.referer ?? null,
      });
      return reply.status(201).send({ success: true as const, data });
    },
  );
}

export async function waitlistAgentRoutes(app: FastifyInstance, opts: { auth: Auth; ctx: WaitlistContext }) {
  const { ctx } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const agentOf = requireAgentContext(opts.auth, ctx.db);
  r.addHook('preValidation', agentOf.hook);
  const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
  r.get(
    '/api/waitlist-entries',
    {
      schema: {
        tags: ['bookings'],
        summary: 'Buyers waiting for a time to open at your properties, in the order they are offered one',
        response: { 200: waitlistEntriesResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await agentWaitlists(ctx.db, agentOf(req).id, ctx.now()),
    }),
  );
  r.delete(
    '/api/waitlist-entries/:id',
    {
      schema: {
        tags: ['bookings'],
        summary: 'Take a buyer off a waiting list (a time held for them goes to the next in line)',
        params: z.object({ id: z.uuid({ error: 'This buyer is not on your waiting list.' }) }),
        response: { 200: z.object({ success: z.literal(true) }), ...errors },
      },
    },
    async (req) => {
      await removeEntry(ctx, agentOf(req).id, req.params.id);
      return { success: true as const };
    },
  );
}
