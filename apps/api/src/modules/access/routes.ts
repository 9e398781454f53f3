// Access routes (issue 32 §3): the agent reads and saves a property's access details and release time, and
// reads who received them on a booking; the buyer's manage page asks for them with its token and gets them
// only inside the confirmed showing's window. Everything Professional and up (server-enforced).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accessDetailsSchema,
  accessInputSchema,
  accessReleaseSchema,
  accessWindow,
  releaseAt,
} from '@keyturn/domain/listing/access';
import { planAllows } from '@keyturn/domain/planGates';
import { planFor } from '@keyturn/domain/plans';
import type { Auth } from '../../auth';
import type { Db } from '../../db/client';
import { requirePlanFeature } from '../../http/plan-gate';
import {
  PROPERTY_PART_ERRORS,
  PROPERTY_LINK_ERRORS,
  propertyIdParams,
  propertyPartOf,
} from '../properties/part';
import type { JobQueue } from '../../jobs/queue';
import { agents } from '../../db/schema';
import { requireAgentContext } from '../core/agent-context';
import type { AgentRow } from '../core/agents';
import { findByToken } from '../booking-public/service';
import { getBooking } from '../bookings/agent-service';
import type { SecretBox } from '../core/crypto';
import { eq } from 'drizzle-orm';
import { requeuePropertyReleases } from './release-mail';
import {
  accessForBuyer,
  EMPTY_ACCESS,
  openAccess,
  releaseMinutesOf,
  releasesOf,
  saveAccess,
  type AccessDeps,
} from './service';

const errors = PROPERTY_PART_ERRORS;
const tags = ['access'];
const idParams = propertyIdParams;
const accessAnswer = z.object({
  success: z.literal(true),
  data: accessDetailsSchema.extend({ releaseMinutes: z.number().int() }),
});

type AccessRouteOptions = { auth: Auth; db: Db; box: SecretBox; now: () => Date; queue: JobQueue };

export async function accessAgentRoutes(app: FastifyInstance, opts: AccessRouteOptions) {
  const { db } = opts;
  const deps: AccessDeps = { db, box: opts.box, now: opts.now };
  const r = app.withTypeProvider<ZodTypeProvider>();
  const agentOf = requireAgentContext(opts.auth, db);
  r.addHook('preValidation', agentOf.hook);

  const propertyOf = (agent: AgentRow, id: string) => propertyPartOf(db, agent, id, 'accessRelease');

  r.get(
    '/api/properties/:id/access',
    {
      schema: {
        tags,
        summary:
          "A property's access details (lockbox code, alarm, parking, pets, entry notes) and release time",
        params: idParams,
        response: { 200: accessAnswer, ...errors },
      },
    },
    async (req) => {
      const property = await propertyOf(agentOf(req), req.params.id);
      const stored = await openAccess(db, opts.box, property.id);
      return {
        success: true as const,
        data: {
          ...(stored?.details ?? EMPTY_ACCESS),
          releaseMinutes: await releaseMinutesOf(db, property.id),
        },
      };
    },
  );

  r.put(
    '/api/properties/:id/access',
    {
      schema: {
        tags,
        summary:
          "Save a property's access details (stored encrypted) and how long before a showing they go out",
        params: idParams,
        body: accessInputSchema,
        response: { 200: accessAnswer, ...errors },
      },
    },
    async (req) => {
      const property = await propertyOf(agentOf(req), req.params.id);
      await saveAccess(deps, property.id, req.body);
      await db.transaction((tx) => requeuePropertyReleases(tx, opts.queue, property.id, opts.now()));
      const { releaseMinutes, ...details } = req.body;
      return { success: true as const, data: { ...accessDetailsSchema.parse(details), releaseMinutes } };
    },
  );

  r.get(
    '/api/bookings/:id/access-releases',
    {
      schema: {
        tags,
        summary: 'Who received the access details of a showing, when, and by which channel',
        params: idParams,
        response: {
          200: z.object({ success: z.literal(true), data: z.array(accessReleaseSchema) }),
          ...errors,
        },
      },
    },
    async (req) => {
      const agent = agentOf(req);
      const booking = await getBooking(db, agent, req.params.id, opts.now());
      requirePlanFeature(agent, 'accessRelease');
      return { success: true as const, data: await releasesOf(db, booking.id) };
    },
  );
}

export async function accessPublicRoutes(
  app: FastifyInstance,
  opts: { db: Db; box: SecretBox; now: () => Date; readLimitPerMinute: number },
) {
  const deps: AccessDeps = { db: opts.db, box: opts.box, now: opts.now };
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/booking/manage/access',
    {
      config: {
        rateLimit: { max: opts.readLimitPerMinute, timeWindow: '1 minute', groupId: 'public-read' },
      },
      schema: {
        tags,
        summary: "The access details on the buyer's manage page: only inside the confirmed showing's window",
        querystring: z.object({ token: z.string().max(200).default('') }),
        response: {
          200: z.object({
            success: z.literal(true),
            access: accessDetailsSchema.nullable(),
            /** When the details will appear (a confirmed showing before its window), else null. */
            available_from: z.string().nullable(),
          }),
          ...PROPERTY_LINK_ERRORS,
        },
      },
    },
    async (req) => {
      const booking = await findByToken(opts.db, req.query.token);
      const [agent] = await opts.db
        .select({ plan: agents.plan })
        .from(agents)
        .where(eq(agents.id, booking.agentId));
      const included = Boolean(agent) && planAllows(planFor(agent!.plan), 'accessRelease');
      const access = await accessForBuyer(deps, booking, included);
      let availableFrom: string | null = null;
      if (!access && included && booking.propertyId) {
        const minutes = await releaseMinutesOf(opts.db, booking.propertyId);
        const stored = await openAccess(opts.db, opts.box, booking.propertyId);
        if (stored && accessWindow(booking, minutes, opts.now()) === 'before')
          availableFrom = releaseAt(booking.startsAt, minutes).toISOString();
      }
      return { success: true as const, access, available_from: availableFrom };
    },
  );
}
