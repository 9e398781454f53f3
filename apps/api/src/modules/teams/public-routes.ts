// The public team page's API (issue 15, decision 025), no account: the team and its properties, the
// consultation's dates and times (the union of the pool's free slots), holding the chosen one for the member who
// would get it (issue 44; let go with DELETE /api/booking/holds/{token}) and booking one (round robin).
// Limited like the other public reads and writes.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  availabilityForDateResponseSchema,
  availableDatesResponseSchema,
  monthSchema,
} from '@keyturn/domain/schemas/availability';
import { isoDateSchema } from '@keyturn/domain/schemas/common';
import {
  publicTeamResponseSchema,
  teamBookingRequestSchema,
  teamBookingResultResponseSchema,
} from '@keyturn/domain/schemas/teamPage';
import { holdResponseSchema, teamHoldRequestSchema } from '@keyturn/domain/schemas/holds';
import { publicErrors, publicLimits, withRequestLocale } from '../booking-public/routes';
import { holdClientKey } from '../booking-public/holds';
import type { PublicContext } from '../booking-public/context';
import { publicTeamPage, teamDatesOfMonth, teamSlotsOfDate } from './public';
import { bookTeamConsultation, holdTeamTime } from './round-robin';

const tags = ['public booking'];
const errors = publicErrors;
const slugParams = z.object({ slug: z.string().max(100) });

export async function teamPublicRoutes(
  app: FastifyInstance,
  opts: { ctx: PublicContext; writeLimitPerMinute: number; readLimitPerMinute: number },
) {
  const { ctx } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { writeLimit, readLimit } = publicLimits(opts);

  r.get(
    '/api/public/teams/:slug',
    {
      config: readLimit,
      schema: {
        tags,
        summary: "A team's public page: its branding, its public properties (with their agents), its pool",
        params: slugParams,
        response: { 200: publicTeamResponseSchema, ...errors },
      },
    },
    async (req) => ({ success: true as const, data: await publicTeamPage(ctx.db, req.params.slug) }),
  );

  r.get(
    '/api/public/teams/:slug/available-dates',
    {
      config: readLimit,
      schema: {
        tags,
        summary: "The dates of a month with a consultation time with the team, and the team's today",
        params: slugParams,
        querystring: z.object({ month: monthSchema }),
        response: { 200: availableDatesResponseSchema, ...errors },
      },
    },
    async (req) => teamDatesOfMonth(ctx, req.params.slug, req.query.month),
  );

  r.get(
    '/api/public/teams/:slug/availability/:date',
    {
      config: readLimit,
      schema: {
        tags,
        summary: "A date's consultation times with the team (any pool member free), on the team's clock",
        params: slugParams.extend({ date: isoDateSchema }),
        response: { 200: availabilityForDateResponseSchema, ...errors },
      },
    },
    async (req) => teamSlotsOfDate(ctx, req.params.slug, req.params.date),
  );

  // Issue 44 "Held times": the chosen time held for the member who would get it while the buyer fills in the form.
  r.post(
    '/api/public/teams/:slug/holds',
    {
      config: writeLimit,
      schema: {
        tags,
        summary:
          'Hold a chosen consultation time for this buyer while they fill in the form: the server picks the member now',
        description:
          'Let go with DELETE /api/booking/holds/{token}; the booking sent with hold_token books that member.',
        params: slugParams,
        body: teamHoldRequestSchema,
        response: { 201: holdResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const hold = await holdTeamTime(ctx, req.params.slug, req.body, holdClientKey(req.ip));
      return reply.status(201).send({ success: true as const, hold });
    },
  );

  r.post(
    '/api/public/teams/:slug/booking',
    {
      config: writeLimit,
      schema: {
        tags,
        summary: 'Book a consultation with the team: the server picks the member (round robin)',
        description: 'Send an Idempotency-Key header to make a retried submit answer the first result.',
        params: slugParams,
        headers: z.object({ 'idempotency-key': z.string().min(1).max(200).optional() }),
        body: teamBookingRequestSchema,
        response: { 201: teamBookingResultResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const result = await bookTeamConsultation(
        ctx,
        req.params.slug,
        // Issue 43: the buyer's language (the payload's, else the request's, else the member's default).
        withRequestLocale(req.body, req),
        req.headers['idempotency-key'],
      );
      return reply.status(201).send({ success: true as const, ...result });
    },
  );
}
