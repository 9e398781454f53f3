// Issue 44 "Open houses with capacity" (decision 086): the agent's open houses and the buyer's registration.
// The rules: service.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@keyturn/domain/schemas/common';
import {
  agentOpenHousesResponseSchema,
  openHouseCreateSchema,
  openHouseRegisterSchema,
  openHouseResponseSchema,
  openHousesResponseSchema,
} from '@keyturn/domain/schemas/openHouses';
import { bookingResultResponseSchema } from '@keyturn/domain/schemas/publicBooking';
import type { Auth } from '../../auth';
import type { Db } from '../../db/client';
import { requireAgentContext } from '../core/agent-context';
import type { BookingNotifier } from '../core/notifications/scheduler';
import type { PublicContext } from '../booking-public/context';
import { publicErrors, publicLimits, withRequestLocale } from '../booking-public/routes';
import {
  agentOpenHouses,
  cancelOpenHouse,
  createOpenHouse,
  publicOpenHouses,
  registerForOpenHouse,
} from './service';

export async function openHouseAgentRoutes(
  app: FastifyInstance,
  opts: { auth: Auth; db: Db; now: () => Date; notify: BookingNotifier },
) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const agentOf = requireAgentContext(opts.auth, db);
  r.addHook('preValidation', agentOf.hook);
  const errors = {
    400: errorResponseSchema,
    401: errorResponseSchema,
    404: errorResponseSchema,
    409: errorResponseSchema,
  };
  const tags = ['bookings'];
  r.get(
    '/api/open-houses',
    {
      schema: {
        tags,
        summary: 'Your open houses not yet over, with the places taken per 30-minute time and who registered',
        response: { 200: agentOpenHousesResponseSchema, ...errors },
      },
    },
    async (req) => ({ success: true as const, data: await agentOpenHouses(db, agentOf(req), opts.now()) }),
  );
  r.post(
    '/api/open-houses',
    {
      schema: {
        tags,
        summary: 'Schedule an open house (no showing may overlap it)',
        body: openHouseCreateSchema,
        response: { 201: openHouseResponseSchema, ...errors },
      },
    },
    async (req, reply) =>
      reply.status(201).send({
        success: true as const,
        data: await createOpenHouse(db, agentOf(req), req.body, opts.now()),
      }),
  );
  r.delete(
    '/api/open-houses/:id',
    {
      schema: {
        tags,
        summary: 'Cancel an open house and its registrations (the buyers are told)',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: z.object({ success: z.literal(true) }), ...errors },
      },
    },
    async (req) => {
      await cancelOpenHouse(db, opts.notify, agentOf(req).id, req.params.id);
      return { success: true as const };
    },
  );
}

export async function openHousePublicRoutes(
  app: FastifyInstance,
  opts: { ctx: PublicContext; writeLimitPerMinute: number; readLimitPerMinute: number },
) {
  const { ctx } = opts;
  const { writeLimit, readLimit } = publicLimits(opts);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['public booking'];
  r.get(
    '/api/booking/open-houses/:propertyId',
    {
      config: readLimit,
      schema: {
        tags,
        summary: 'A property’s open houses still to come, with the places left per 30-minute time',
        params: z.object({ propertyId: z.string().max(100) }),
        response: { 200: openHousesResponseSchema, ...publicErrors },
      },
    },
    async (req) => ({ success: true as const, data: await publicOpenHouses(ctx, req.params.propertyId) }),
  );
  r.post(
    '/api/booking/open-houses/:id/register',
    {
      config: writeLimit,
      schema: {
        tags,
        summary: 'Register for a 30-minute time of an open house (409 OPEN_HOUSE_FULL once it is full)',
        params: z.object({ id: z.string().max(100) }),
        body: openHouseRegisterSchema,
        response: { 201: bookingResultResponseSchema, ...publicErrors },
      },
    },
    async (req, reply) => {
      const booking = await registerForOpenHouse(ctx, req.params.id, withRequestLocale(req.body, req), {
        ip: req.ip,
        userAgent: req.headers['user-agent'] ?? null,
        page: req.headers.referer ?? null,
      });
      return reply.status(201).send({ success: true as const, booking });
    },
  );
}
