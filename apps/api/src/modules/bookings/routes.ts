// The agent's bookings (spec §7 "Bookings"), all scoped to the caller's agent.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  agentBookingCreateSchema,
  agentBookingListResponseSchema,
  agentBookingDetailResponseSchema,
  agentBookingResponseSchema,
  agentRescheduleSchema,
  bookingActionSchema,
} from '@keyturn/domain/schemas/agentBooking';
import { bookingListFiltersSchema, upcomingBookingsQuerySchema } from '@keyturn/domain/schemas/booking';
import { availabilityForDateResponseSchema } from '@keyturn/domain/schemas/availability';
import { errorResponseSchema, isoDateSchema } from '@keyturn/domain/schemas/common';
import type { Auth } from '../../auth';
import type { Db } from '../../db/client';
import type { BookingNotifier } from '../core/notifications/scheduler';
import { requireAgentContext } from '../core/agent-context';
import {
  agentFreeSlots,
  applyAction,
  createAgentBooking,
  getBooking,
  listBookings,
  rescheduleAsAgent,
  todaysSchedule,
  upcoming,
} from './agent-service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const idParams = z.object({ id: z.string() });
const tags = ['bookings'];

export async function bookingRoutes(
  app: FastifyInstance,
  opts: { auth: Auth; db: Db; now: () => Date; notify: BookingNotifier },
) {
  const { db, now, notify } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const agentOf = requireAgentContext(opts.auth, db);
  r.addHook('preValidation', agentOf.hook);

  r.get(
    '/api/bookings',
    {
      schema: {
        tags,
        summary: 'List bookings (filters: status, limit, date, property_id; q searches the buyer; order)',
        description:
          'status: a booking status, `current` (every booking but cancelled and rescheduled ones — what the ' +
          'dashboard shows by default) or `all` (every booking, the same as no status). order: `latest` (the ' +
          'default: newest date first, earliest first within one date) or `next` (the next showing first: ' +
          'upcoming ones earliest first, then past ones most recent first).',
        querystring: bookingListFiltersSchema.extend({ q: z.string().trim().max(100).optional() }),
        response: { 200: agentBookingListResponseSchema, ...errors },
      },
    },
    async (req) => ({ success: true as const, data: await listBookings(db, agentOf(req), req.query, now()) }),
  );

  r.get(
    '/api/bookings/schedule/today',
    {
      schema: {
        tags,
        summary: "Today's showings in the agent's time zone",
        response: { 200: agentBookingListResponseSchema, ...errors },
      },
    },
    async (req) => ({ success: true as const, data: await todaysSchedule(db, agentOf(req), now()) }),
  );

  r.get(
    '/api/bookings/upcoming',
    {
      schema: {
        tags,
        summary: 'Active bookings in the next n days (default 3)',
        querystring: upcomingBookingsQuerySchema,
        response: { 200: agentBookingListResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await upcoming(db, agentOf(req), req.query.days, now()),
    }),
  );

  r.get(
    '/api/bookings/free-slots/:date',
    {
      schema: {
        tags,
        summary: "The agent's free times on a date for a new booking (today's remaining included, no notice)",
        params: z.object({ date: isoDateSchema }),
        response: { 200: availabilityForDateResponseSchema, ...errors },
      },
    },
    async (req) => agentFreeSlots(db, agentOf(req), req.params.date, now()),
  );

  r.get(
    '/api/bookings/:id',
    {
      schema: { tags, params: idParams, response: { 200: agentBookingDetailResponseSchema, ...errors } },
    },
    async (req) => ({
      success: true as const,
      data: await getBooking(db, agentOf(req), req.params.id, now()),
    }),
  );

  r.post(
    '/api/bookings',
    {
      schema: {
        tags,
        summary: 'The agent books a buyer in',
        body: agentBookingCreateSchema,
        response: { 201: agentBookingResponseSchema, ...errors },
      },
    },
    async (req, reply) =>
      reply.status(201).send({
        success: true as const,
        data: await createAgentBooking(db, agentOf(req), req.body, now(), notify),
      }),
  );

  r.put(
    '/api/bookings/:id',
    {
      schema: {
        tags,
        summary: 'Confirm, decline, cancel, mark completed or no-show (illegal transitions → 409)',
        params: idParams,
        body: bookingActionSchema,
        response: { 200: agentBookingResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await applyAction(
        db,
        agentOf(req),
        req.params.id,
        req.body.action,
        req.body.reason,
        now(),
        notify,
      ),
    }),
  );

  r.put(
    '/api/bookings/:id/reschedule',
    {
      schema: {
        tags,
        summary: 'Move a booking to another free time (one transaction)',
        params: idParams,
        body: agentRescheduleSchema,
        response: { 200: agentBookingResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await rescheduleAsAgent(db, agentOf(req), req.params.id, req.body, now(), notify),
    }),
  );

  r.delete(
    '/api/bookings/:id',
    {
      schema: {
        tags,
        summary: 'Cancel a booking (it stays in the history)',
        params: idParams,
        response: { 200: agentBookingResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await applyAction(db, agentOf(req), req.params.id, 'cancel', null, now(), notify),
    }),
  );
}
