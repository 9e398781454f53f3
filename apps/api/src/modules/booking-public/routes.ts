// Public routes (spec §7, no account). Paths as the spec gives them, under /api.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Locale } from '@keyturn/domain/i18n/locales';
import { visitorLocale } from '../../http/page-locale';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookingRequestSchema } from '@keyturn/domain/schemas/booking';
import { errorResponseSchema, isoDateSchema } from '@keyturn/domain/schemas/common';
import type { PublicTeam } from '@keyturn/domain/schemas/teamPage';
import {
  availabilityForDateResponseSchema,
  availableDatesResponseSchema,
  monthSchema,
  publicAvailabilityResponseSchema,
  toAvailabilityEntries,
  DEFAULT_AVAILABILITY,
} from '@keyturn/domain/schemas/availability';
import {
  bookingLinkResponseSchema,
  bookingResultResponseSchema,
  cancelBookingRequestSchema,
  confirmAttendanceRequestSchema,
  manageBookingResponseSchema,
  prefillResponseSchema,
  propertyDetailsResponseSchema,
  publicAgentResponseSchema,
  textsOfferedResponseSchema,
  publicPropertiesResponseSchema,
  rescheduleWithTokenSchema,
} from '@keyturn/domain/schemas/publicBooking';
import type { Db } from '../../db/client';
import { readAvailability } from '../availability/service';
import { agentSubject, availabilityForDate, availableDatesOfMonth, propertySubject } from './slot-pipeline';
import { cancelBooking, createBooking, findByToken, manageView, rescheduleBooking } from './service';
import { bookingLink, prefillFor } from './links';
import { publicShowing, withShowings } from '../showing-rules/public';
import {
  findPublicAgent,
  findPublicProperty,
  listPublicProperties,
  toProperty,
  toPropertyAgent,
  toPublicAgent,
} from '../core/public-reads';
import { confirmAttendance } from './confirm';
import { textsOffered } from './texts-offer';
import { type PublicContext } from './context';
import { holdRequestSchema, holdResponseSchema } from '@keyturn/domain/schemas/holds';
import { createHold, holdClientKey, releaseHold } from './holds';

/** The error answers of every public route (the team page's too, modules/teams/public-routes.ts). */
export const publicErrors = {
  400: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
};
const errors = publicErrors;
const tags = ['public booking'];
const tokenQuery = z.object({ token: z.string().max(200).default('') });

/**
 * The public routes' rate limits: writes per client, and anonymous lookups sharing one generous per-client
 * budget (groupId) — a buyer never meets it, a script walking ids does.
 */
export function publicLimits(opts: { writeLimitPerMinute: number; readLimitPerMinute: number }) {
  return {
    writeLimit: { rateLimit: { max: opts.writeLimitPerMinute, timeWindow: '1 minute' } },
    readLimit: {
      rateLimit: { max: opts.readLimitPerMinute, timeWindow: '1 minute', groupId: 'public-read' },
    },
  };
}

/**
 * The team a booking link belongs to, as its page is branded (null for an agent's own link): the teams
 * capability's answer, handed in by app.ts so the public booking flow does not import the team page built on it.
 */
export type TeamOfLink = (db: Db, link: { teamId: string | null }) => Promise<PublicTeam | null>;

export async function publicBookingRoutes(
  app: FastifyInstance,
  opts: {
    ctx: PublicContext;
    writeLimitPerMinute: number;
    readLimitPerMinute: number;
    teamOfLink: TeamOfLink;
  },
) {
  const { ctx, teamOfLink } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { writeLimit, readLimit } = publicLimits(opts);

  r.get(
    '/api/agents/id/:agentId',
    {
      config: readLimit,
      schema: {
        tags,
        summary: "An agent's public profile",
        params: z.object({ agentId: z.string() }),
        response: { 200: publicAgentResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: toPublicAgent(await findPublicAgent(ctx.db, req.params.agentId)),
    }),
  );

  r.get(
    '/api/booking/texts/:agentId',
    {
      config: readLimit,
      schema: {
        tags,
        summary:
          "Whether a buyer booking with this agent is offered texts: the server's texts are set up and the agent texts buyers",
        params: z.object({ agentId: z.string() }),
        response: { 200: textsOfferedResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: { offered: await textsOffered(ctx, await findPublicAgent(ctx.db, req.params.agentId)) },
    }),
  );

  r.get(
    '/api/availability/public/:agentId',
    {
      config: readLimit,
      schema: {
        tags,
        summary: 'Which weekdays the agent works (day_of_week, is_available)',
        params: z.object({ agentId: z.string() }),
        response: { 200: publicAvailabilityResponseSchema, ...errors },
      },
    },
    async (req) => {
      const agent = await findPublicAgent(ctx.db, req.params.agentId);
      const availability = (await readAvailability(ctx.db, agent.id)) ?? DEFAULT_AVAILABILITY;
      return { success: true, availability: toAvailabilityEntries(availability) };
    },
  );

  r.get(
    '/api/properties/public/:agentId',
    {
      config: readLimit,
      schema: {
        tags,
        summary: "The agent's public properties",
        params: z.object({ agentId: z.string() }),
        response: { 200: publicPropertiesResponseSchema, ...errors },
      },
    },
    async (req) => {
      const agent = await findPublicAgent(ctx.db, req.params.agentId);
      return { properties: await withShowings(ctx.db, agent, await listPublicProperties(ctx.db, agent.id)) };
    },
  );

  r.get(
    '/api/booking/property/:propertyId',
    {
      config: readLimit,
      schema: {
        tags,
        summary: 'A bookable property and its agent',
        params: z.object({ propertyId: z.string() }),
        response: { 200: propertyDetailsResponseSchema, ...errors },
      },
    },
    async (req) => {
      const { property, agent } = await findPublicProperty(ctx.db, req.params.propertyId);
      const showing = await publicShowing(ctx.db, property.id, agent);
      return { property: toProperty(property), agent: toPropertyAgent(agent), showing };
    },
  );

  const monthQuery = z.object({ month: monthSchema });
  r.get(
    '/api/booking/available-dates/agent/:agentId',
    {
      config: readLimit,
      schema: {
        tags,
        summary: "The dates of a month with a free consultation slot, and the agent's today",
        params: z.object({ agentId: z.string() }),
        querystring: monthQuery,
        response: { 200: availableDatesResponseSchema, ...errors },
      },
    },
    async (req) => availableDatesOfMonth(ctx, agentSubject(req.params.agentId), req.query.month),
  );

  r.get(
    '/api/booking/available-dates/:propertyId',
    {
      config: readLimit,
      schema: {
        tags,
        summary: "The dates of a month with a free viewing slot for a property, and the agent's today",
        params: z.object({ propertyId: z.string() }),
        querystring: monthQuery,
        response: { 200: availableDatesResponseSchema, ...errors },
      },
    },
    async (req) => availableDatesOfMonth(ctx, propertySubject(req.params.propertyId), req.query.month),
  );

  r.get(
    '/api/booking/availability/agent/:agentId/:date',
    {
      config: readLimit,
      schema: {
        tags,
        summary: 'Free slots of a date for a consultation (no property)',
        params: z.object({ agentId: z.string(), date: isoDateSchema }),
        response: { 200: availabilityForDateResponseSchema, ...errors },
      },
    },
    async (req) => availabilityForDate(ctx, agentSubject(req.params.agentId), req.params.date),
  );

  r.get(
    '/api/booking/availability/:propertyId/:date',
    {
      config: readLimit,
      schema: {
        tags,
        summary: 'Free slots of a date for a property viewing',
        params: z.object({ propertyId: z.string(), date: isoDateSchema }),
        response: { 200: availabilityForDateResponseSchema, ...errors },
      },
    },
    async (req) => availabilityForDate(ctx, propertySubject(req.params.propertyId), req.params.date),
  );

  r.post(
    '/api/booking',
    {
      config: writeLimit,
      schema: {
        tags,
        summary: 'Book a 30-minute showing or consultation',
        description: 'Send an Idempotency-Key header to make a retried submit answer the first result.',
        headers: z.object({ 'idempotency-key': z.string().min(1).max(200).optional() }),
        body: bookingRequestSchema,
        response: { 201: bookingResultResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const booking = await createBooking(
        ctx,
        withRequestLocale(req.body, req),
        req.headers['idempotency-key'],
        {
          ip: req.ip,
          userAgent: req.headers['user-agent'] ?? null,
          page: req.headers.referer ?? null,
        },
      );
      return reply.status(201).send({ success: true as const, booking });
    },
  );

  r.get(
    '/api/booking/prefill',
    {
      config: readLimit,
      schema: {
        tags,
        summary: 'Prefill for a reschedule link or an agent invitation',
        querystring: tokenQuery,
        response: { 200: prefillResponseSchema, ...errors },
      },
    },
    async (req) => prefillFor(ctx.db, req.query.token, ctx.now()),
  );

  r.post(
    '/api/booking/reschedule',
    {
      config: writeLimit,
      schema: {
        tags,
        summary: 'Move a booking to another free time (one transaction)',
        body: rescheduleWithTokenSchema,
        response: { 200: bookingResultResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      booking: await rescheduleBooking(ctx, withRequestLocale(req.body, req)),
    }),
  );

  r.get(
    '/api/booking/manage',
    {
      config: readLimit,
      schema: {
        tags,
        summary: "A booking as its buyer manages it (the manage link's token)",
        querystring: tokenQuery,
        response: { 200: manageBookingResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      booking: await manageView(ctx, await findByToken(ctx.db, req.query.token)),
    }),
  );

  r.post(
    '/api/booking/confirm',
    {
      config: writeLimit,
      schema: {
        tags,
        summary: 'The buyer confirms they are coming, from the manage link (issue 33)',
        body: confirmAttendanceRequestSchema,
        response: { 200: manageBookingResponseSchema, ...errors },
      },
    },
    async (req) => ({ success: true as const, booking: await confirmAttendance(ctx, req.body.token) }),
  );

  // Issue 44 "Held times": the time a buyer chose, held while they fill in the form; let go when they go back.
  r.post(
    '/api/booking/holds',
    {
      config: writeLimit,
      schema: {
        tags,
        summary: 'Hold a chosen time for this buyer while they fill in the form (the agent’s hold minutes)',
        body: holdRequestSchema,
        response: { 201: holdResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const hold = await createHold(ctx, req.body, holdClientKey(req.ip));
      return reply.status(201).send({ success: true as const, hold });
    },
  );

  r.delete(
    '/api/booking/holds/:token',
    {
      config: writeLimit,
      schema: {
        tags,
        summary: 'Let go of a held time (the buyer went back or chose another): offered again at once',
        params: z.object({ token: z.string().max(200) }),
        response: { 200: z.object({ success: z.literal(true) }), ...errors },
      },
    },
    async (req) => {
      await releaseHold(ctx.db, req.params.token);
      return { success: true as const };
    },
  );

  r.post(
    '/api/booking/cancel',
    {
      config: writeLimit,
      schema: {
        tags,
        summary: 'Cancel a booking from its manage link',
        body: cancelBookingRequestSchema,
        response: { 200: manageBookingResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      booking: await cancelBooking(ctx, req.body.token, req.body.reason),
    }),
  );

  r.get(
    '/api/booking/links/:linkId',
    {
      config: readLimit,
      schema: {
        tags,
        summary: 'Where an agent booking link points',
        params: z.object({ linkId: z.string().max(100) }),
        response: { 200: bookingLinkResponseSchema, ...errors },
      },
    },
    async (req) => {
      const { teamId, ...link } = await bookingLink(ctx.db, req.params.linkId);
      const team = await teamOfLink(ctx.db, { teamId });
      return team ? { ...link, team } : link;
    },
  );
}

/** A booking payload with the buyer's language: the one it names, else the request's (issue 43), else none (the agent's default). */
export function withRequestLocale<T extends { locale?: Locale | undefined }>(
  body: T,
  req: FastifyRequest,
): T {
  if (body.locale) return body;
  const locale = visitorLocale(req);
  return locale ? { ...body, locale } : body;
}
