// Route optimisation (issue 16, Professional and above): the agent's day, the optimiser's proposal, applying
// it. Refused by the server for other plans (403 PLAN_UPGRADE_REQUIRED), scoped to the caller.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@keyturn/domain/schemas/common';
import {
  agentDayResponseSchema,
  applyRouteSchema,
  dayQuerySchema,
  foundPlaceResponseSchema,
  officeInputSchema,
  optimiseRequestSchema,
  placePropertySchema,
  postalAddressSchema,
  propertyPositionResponseSchema,
  routeProposalResponseSchema,
  routeSettingsResponseSchema,
  routeSettingsSchema,
} from '@keyturn/domain/schemas/routes';
import { availabilitySettings } from '../../db/schema';
import { clusterByAreaOn } from './cluster';
import { z } from 'zod';
import type { Auth } from '../../auth';
import type { MapsConfig } from '../../config';
import type { Db } from '../../db/client';
import type { OutboundPolicy } from '../../http/outbound-url';
import { requirePlanFeature } from '../../http/plan-gate';
import type { BookingNotifier } from '../core/notifications/scheduler';
import { requireAgentContext } from '../core/agent-context';
import { findAddress, placeProperty, propertyPosition } from './places';
import { clearOffice, routeSettingsView, saveOffice } from './office';
import { checkTourFor, inviteTourFor, proposeTourFor, saveTourFor } from './tours';
import type { JobQueue } from '../../jobs/queue';
import {
  savedTourResponseSchema,
  tourCheckSchema,
  tourInviteResponseSchema,
  tourInviteSchema,
  tourProposeSchema,
  tourResponseSchema,
  tourSaveSchema,
} from '@keyturn/domain/schemas/tours';
import { agentDay, applyRoute, proposeRoute } from './service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const tags = ['routes'];
/** Finding addresses, per caller: typing and retrying, never a bulk lookup. */
const FIND_ADDRESS_LIMIT_PER_MINUTE = 20;

export async function routeRoutes(
  app: FastifyInstance,
  opts: {
    auth: Auth;
    db: Db;
    /** The maps configuration in force (Server settings' overrides, decision 048): resolved once per request. */
    maps: () => Promise<MapsConfig>;
    outbound: OutboundPolicy;
    now: () => Date;
    notify: BookingNotifier;
    publicUrl: string;
    /** The notification queue: the tour invitation e-mail is one of its jobs. */
    queue: JobQueue;
  },
) {
  const { db, now } = opts;
  const depsOf = async () => ({ db, maps: await opts.maps(), outbound: opts.outbound });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const agentOf = requireAgentContext(opts.auth, db);
  r.addHook('preValidation', agentOf.hook);
  const allowed = (req: Parameters<typeof agentOf>[0]) => {
    const agent = agentOf(req);
    requirePlanFeature(agent, 'routeOptimisation');
    return agent;
  };

  r.get(
    '/api/routes/day',
    {
      schema: {
        tags,
        summary: "The agent's showings of a date (default today) with drive times, the route and warnings",
        querystring: dayQuerySchema,
        response: { 200: agentDayResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await agentDay(await depsOf(), allowed(req), req.query.date, now()),
    }),
  );

  r.post(
    '/api/routes/day/optimise',
    {
      schema: {
        tags,
        summary: 'Propose the order and times of the pending showings that drive least (changes nothing)',
        body: optimiseRequestSchema,
        response: { 200: routeProposalResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await proposeRoute(await depsOf(), allowed(req), req.body.date, now()),
    }),
  );

  r.post(
    '/api/routes/day/apply',
    {
      schema: {
        tags,
        summary:
          "Propose a plan's new times to the pending showings' buyers (e-mailed; nothing moves until a buyer accepts)",
        body: applyRouteSchema,
        response: { 200: agentDayResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await applyRoute(await depsOf(), opts.queue, allowed(req), req.body, now(), opts.notify),
    }),
  );

  const settingsAnswer = async (agent: ReturnType<typeof allowed>) => ({
    success: true as const,
    data: await routeSettingsView(await depsOf(), agent.id, await clusterByAreaOn(db, agent)),
  });

  r.get(
    '/api/routes/settings',
    {
      schema: {
        tags,
        summary: 'Route settings (cluster showings by area)',
        response: { 200: routeSettingsResponseSchema, ...errors },
      },
    },
    async (req) => settingsAnswer(allowed(req)),
  );
  r.put(
    '/api/routes/settings',
    {
      schema: {
        tags,
        summary: 'Turn "cluster showings by area" on or off (travel-aware public slots)',
        body: routeSettingsSchema,
        response: { 200: routeSettingsResponseSchema, ...errors },
      },
    },
    async (req) => {
      const agent = allowed(req);
      await db
        .insert(availabilitySettings)
        .values({ agentId: agent.id, clusterByArea: req.body.cluster_by_area })
        .onConflictDoUpdate({
          target: availabilitySettings.agentId,
          set: { clusterByArea: req.body.cluster_by_area },
        });
      return settingsAnswer(agent);
    },
  );

  // The office: where each working day starts (My day's first leg, Optimise, the first slot's reachability).
  r.put(
    '/api/routes/office',
    {
      schema: {
        tags,
        summary: "Set the agent's office: geocoded from the address, or the pin given by hand",
        body: officeInputSchema,
        response: { 200: routeSettingsResponseSchema, ...errors, 503: errorResponseSchema },
      },
    },
    async (req) => {
      const agent = allowed(req);
      await saveOffice(await depsOf(), agent, req.body);
      return settingsAnswer(agent);
    },
  );
  r.delete(
    '/api/routes/office',
    {
      schema: {
        tags,
        summary: 'Remove the office (days then start at the first showing)',
        response: { 200: routeSettingsResponseSchema, ...errors },
      },
    },
    async (req) => {
      const agent = allowed(req);
      await clearOffice(db, agent.id);
      return settingsAnswer(agent);
    },
  );

  // Buyer tours: the server proposes, re-validates every adjustment, and saves the tour with its invitation.
  r.post(
    '/api/tours/propose',
    {
      schema: {
        tags,
        summary:
          "Propose a buyer tour: the order and consecutive slots with the drives, within the agent's free time",
        body: tourProposeSchema,
        response: { 200: tourResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await proposeTourFor(await depsOf(), allowed(req), req.body, now()),
    }),
  );
  r.post(
    '/api/tours/check',
    {
      schema: {
        tags,
        summary: 'Re-validate an adjusted tour (order and times): each stop that does not hold is named',
        body: tourCheckSchema,
        response: { 200: tourResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await checkTourFor(await depsOf(), allowed(req), req.body, now()),
    }),
  );

  r.post(
    '/api/tours',
    {
      schema: {
        tags,
        summary: 'Save a tour (re-checked) and answer its one invitation link; the buyer books it whole',
        body: tourSaveSchema,
        response: { 201: savedTourResponseSchema, ...errors },
      },
    },
    async (req, reply) =>
      reply.code(201).send({
        success: true as const,
        data: await saveTourFor(await depsOf(), allowed(req), req.body, now(), opts.publicUrl, opts.queue),
      }),
  );
  r.post(
    '/api/tours/:id/invite',
    {
      schema: {
        tags,
        summary: "E-mail a saved tour's invitation (through the notification queue) to the buyer",
        params: z.object({ id: z.string() }),
        body: tourInviteSchema,
        response: { 202: tourInviteResponseSchema, ...errors },
      },
    },
    async (req, reply) =>
      reply.code(202).send({
        success: true as const,
        data: await inviteTourFor(
          await depsOf(),
          allowed(req),
          req.params.id,
          req.body.email,
          now(),
          opts.queue,
        ),
      }),
  );

  // A property's map position: every plan (the pin is part of the property, not of the optimiser).
  const idParams = z.object({ id: z.string() });
  r.get(
    '/api/properties/:id/position',
    {
      schema: {
        tags,
        summary: "A property's map position, and whether a geocoder places it",
        params: idParams,
        response: { 200: propertyPositionResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await propertyPosition(await depsOf(), agentOf(req), req.params.id),
    }),
  );
  r.put(
    '/api/properties/:id/position',
    {
      schema: {
        tags,
        summary: "Place or correct a property's pin by hand",
        params: idParams,
        body: placePropertySchema,
        response: { 200: propertyPositionResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await placeProperty(await depsOf(), agentOf(req), req.params.id, req.body),
    }),
  );

  // Finding an address for a pin (the office's, a property's): every plan. Each call may cost a request to
  // the geocoder (one a second for the whole server), so an agent's calls are limited too.
  r.post(
    '/api/routes/find-address',
    {
      schema: {
        tags,
        summary: 'Where the geocoder places an address (the form moves its pin there; nothing is saved)',
        body: postalAddressSchema,
        response: { 200: foundPlaceResponseSchema, ...errors, 503: errorResponseSchema },
      },
      config: { rateLimit: { max: FIND_ADDRESS_LIMIT_PER_MINUTE, timeWindow: '1 minute' } },
    },
    async (req) => {
      agentOf(req);
      return { success: true as const, data: await findAddress(await depsOf(), req.body) };
    },
  );
}
