import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { agentAvailabilitySchema, DEFAULT_AVAILABILITY } from '@keyturn/domain/schemas/availability';
import { errorResponseSchema } from '@keyturn/domain/schemas/common';
import type { Auth } from '../../auth';
import type { Db } from '../../db/client';
import { requireAgentContext } from '../core/agent-context';
import { agentDailyCapResponseSchema, agentDailyCapSchema } from '@keyturn/domain/schemas/agentDailyCap';
import {
  agentHoldMinutesResponseSchema,
  agentHoldMinutesSchema,
  heldTimesResponseSchema,
} from '@keyturn/domain/schemas/holds';
import { agentDailyCap, saveAgentDailyCap } from './daily-cap';
import { agentHoldMinutes, liveHolds, saveAgentHoldMinutes } from './hold-setting';
import { readAvailability, replaceAvailability } from './service';

const response = z.object({ success: z.literal(true), data: agentAvailabilitySchema });
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

export async function availabilityRoutes(
  app: FastifyInstance,
  opts: { auth: Auth; db: Db; now: () => Date },
) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const agentOf = requireAgentContext(opts.auth, db);
  r.addHook('preValidation', agentOf.hook);

  r.get(
    '/api/availability',
    {
      schema: {
        tags: ['availability'],
        summary: "The agent's availability (default hours until saved)",
        response: { 200: response, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: (await readAvailability(db, agentOf(req).id)) ?? DEFAULT_AVAILABILITY,
    }),
  );

  r.put(
    '/api/availability',
    {
      schema: {
        tags: ['availability'],
        summary: 'Replace the whole availability object (weekly hours, overrides, notice, buffer, approval)',
        body: agentAvailabilitySchema,
        response: { 200: response, ...errors },
      },
    },
    async (req) => {
      const agent = agentOf(req);
      await replaceAvailability(db, agent.id, req.body);
      return { success: true as const, data: (await readAvailability(db, agent.id)) ?? req.body };
    },
  );

  // Issue 44: the agent's daily cap across all their listings (null: no limit).
  r.get(
    '/api/agents/daily-cap',
    {
      schema: {
        tags: ['agents'],
        summary: 'At most how many showings buyers may book with the agent on one day (null: no limit)',
        response: { 200: agentDailyCapResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: { max_showings_per_day: await agentDailyCap(db, agentOf(req).id) },
    }),
  );

  r.put(
    '/api/agents/daily-cap',
    {
      schema: {
        tags: ['agents'],
        summary: "Set the agent's daily cap on showings buyers may book (null: no limit)",
        body: agentDailyCapSchema,
        response: { 200: agentDailyCapResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: {
        max_showings_per_day: await saveAgentDailyCap(db, agentOf(req).id, req.body.max_showings_per_day),
      },
    }),
  );

  // Issue 44: how long a time a buyer chose is held for them while they fill in the form.
  r.get(
    '/api/agents/hold-minutes',
    {
      schema: {
        tags: ['agents'],
        summary: 'How many minutes a time a buyer chose is held for them while they fill in the form',
        response: { 200: agentHoldMinutesResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: { minutes: await agentHoldMinutes(db, agentOf(req).id) },
    }),
  );

  r.put(
    '/api/agents/hold-minutes',
    {
      schema: {
        tags: ['agents'],
        summary: 'Set how many minutes a chosen time is held for a buyer (1 to 15)',
        body: agentHoldMinutesSchema,
        response: { 200: agentHoldMinutesResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: { minutes: await saveAgentHoldMinutes(db, agentOf(req).id, req.body.minutes) },
    }),
  );

  r.get(
    '/api/agents/held-times',
    {
      schema: {
        tags: ['agents'],
        summary: 'The times buyers hold right now while they fill in the booking form (not bookings yet)',
        response: { 200: heldTimesResponseSchema, ...errors },
      },
    },
    async (req) => ({ success: true as const, data: await liveHolds(db, agentOf(req).id, opts.now()) }),
  );
}
