// The buyer tour's public calls (issue 16): read the tour an invitation opens, and book it whole.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@keyturn/domain/schemas/common';
import {
  publicTourResponseSchema,
  tourBookedResponseSchema,
  tourBookingSchema,
} from '@keyturn/domain/schemas/tours';
import type { PublicContext } from './context';
import { bookTour, publicTour } from './tour';

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
      const data = await bookTour(ctx, req.params.token, req.body);
      return reply.code(201).send({ success: true as const, data });
    },
  );
}
