// The buyer tour's public calls (issue 16): read the tour an invitation opens, hold every stop's time while the
// buyer fills in their details (issue 44) and book it whole.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@keyturn/domain/schemas/common';
import {
  publicTourResponseSchema,
  tourBookedResponseSchema,
  tourBookingSchema,
  tourHoldResponseSchema,
} from '@keyturn/domain/schemas/tours';
import type { PublicContext } from './context';
import { bookTour, holdTour, publicTour, releaseTour } from './tour';
import { withRequestLocale } from './routes';

const errors = {
  400: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};
const tags = ['public booking'];
const params = z.object({ token: z.string() });

export async function publicTourRoutes(
  app: FastifyInstance,
  opts: { ctx: PublicContext; writeLimitPerMinute: number; readLimitPerMinute: number },
) {
  const { ctx } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/tour/:token',
    {
      config: {
        rateLimit: { max: opts.readLimitPerMinute, timeWindow: '1 minute', groupId: 'public-read' },
      },
      schema: {
        tags,
        summary: "A buyer tour an agent's invitation opens: the stops and their times",
        params,
        response: { 200: publicTourResponseSchema, ...errors },
      },
    },
    async (req) => ({ success: true as const, data: await publicTour(ctx, req.params.token) }),
  );
  // Issue 44 "Held times": every stop's time held for the tour's buyer while they fill in their details.
  r.post(
    '/api/tour/:token/holds',
    {
      config: { rateLimit: { max: opts.writeLimitPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          "Hold every stop's time for the tour's buyer while they fill in their details: all or none (409 names the stop)",
        params,
        response: { 201: tourHoldResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const hold = await holdTour(ctx, req.params.token);
      return reply.code(201).send({ success: true as const, hold });
    },
  );
  r.delete(
    '/api/tour/:token/holds',
    {
      config: { rateLimit: { max: opts.writeLimitPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: "Let go of the tour's held times: offered to others again at once",
        params,
        response: { 200: z.object({ success: z.literal(true) }), ...errors },
      },
    },
    async (req) => {
      await releaseTour(ctx, req.params.token);
      return { success: true as const };
    },
  );
  r.post(
    '/api/tour/:token/book',
    {
      config: { rateLimit: { max: opts.writeLimitPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Book the whole tour: one booking per stop in one transaction, or none (409 names the stop)',
        params,
        body: tourBookingSchema,
        response: { 201: tourBookedResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const data = await bookTour(ctx, req.params.token, withRequestLocale(req.body, req));
      return reply.code(201).send({ success: true as const, data });
    },
  );
}
