// A team's booking links (issue 15, decision 025) and a member's consultation-pool switch. A team link opens
// /booking/:linkId (spec §2.1) with the team's branding: without a property, a consultation with the team
// (round robin); with one, a showing of that team property with its assigned agent. Owners and admins make
// and withdraw them; members do not (403); another team's link id is 404, anonymous 401.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import { bookingLinkPath } from '@keyturn/domain/links';
import { bookingLinkSchema, type BookingLink } from '@keyturn/domain/schemas/agentBooking';
import { errorResponseSchema } from '@keyturn/domain/schemas/common';
import { poolSwitchSchema, teamLinkCreateSchema } from '@keyturn/domain/schemas/teamPage';
import { canManageTeamLinks, TEAM_PAGE_MESSAGES } from '@keyturn/domain/teamBooking';
import { TEAM_MESSAGES, type TeamRole } from '@keyturn/domain/teams';
import type { Auth } from '../../auth';
import type { Db } from '../../db/client';
import { bookingLinks, members, organizations } from '../../db/schema';
import { currentUser, requireUser } from '../../http/authenticate';
import { AppError, notFound } from '../../http/errors';
import { requireAgent } from '../core/agents';
import { teamAgentsOf, teamPublicProperties, teamZoneOf, toPublicTeam } from './public';
import { membershipOf } from '../core/plan-limits';

const tags = ['teams'];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

/** The team a link belongs to, as its page is branded; null for an agent's own link. */
export async function teamOfLink(db: Db, link: { teamId: string | null }) {
  if (!link.teamId) return null;
  const [team] = await db.select().from(organizations).where(eq(organizations.id, link.teamId));
  if (!team) return null;
  return toPublicTeam(team, teamZoneOf(await teamAgentsOf(db, team.id)));
}

/** The caller's team, refused (403) unless they are an owner or admin; 404 in no team. */
async function managedTeam(db: Db, userId: string) {
  const mine = await membershipOf(db, userId);
  if (!mine) throw new AppError(404, 'TEAM_NOT_FOUND', TEAM_MESSAGES.notInTeam);
  if (!canManageTeamLinks(mine.member.role as TeamRole))
    throw new AppError(403, 'TEAM_ROLE_REQUIRED', TEAM_MESSAGES.roleRequired);
  return mine;
}

export async function teamLinkRoutes(app: FastifyInstance, opts: { auth: Auth; db: Db; publicUrl: string }) {
  const { db, publicUrl } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(opts.auth);

  const toLink = (row: typeof bookingLinks.$inferSelect): BookingLink => ({
    id: row.id,
    url: `${publicUrl}${bookingLinkPath(row.id)}`,
    label: row.label,
    property_id: row.propertyId,
    prefill: null,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
  });

  r.get(
    '/api/team/booking-links',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "The team's active booking links (owners and admins)",
        response: {
          200: z.object({ success: z.literal(true), data: z.array(bookingLinkSchema) }),
          ...errors,
        },
      },
    },
    async (req) => {
      const { team } = await managedTeam(db, currentUser(req).id);
      const rows = await db
        .select()
        .from(bookingLinks)
        .where(and(eq(bookingLinks.teamId, team.id), eq(bookingLinks.isActive, true)))
        .orderBy(desc(bookingLinks.createdAt));
      return { success: true as const, data: rows.map(toLink) };
    },
  );

  r.post(
    '/api/team/booking-links',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Create a team link: a consultation with the team, or one team property (owners and admins)',
        body: teamLinkCreateSchema,
        response: { 201: z.object({ success: z.literal(true), data: bookingLinkSchema }), ...errors },
      },
    },
    async (req, reply) => {
      const userId = currentUser(req).id;
      const { team } = await managedTeam(db, userId);
      const agent = await requireAgent(db, userId);
      let agentId = agent.id;
      if (req.body.property_id !== null) {
        const listed = await teamPublicProperties(db, team.id);
        const found = listed.find((p) => p.property.id === req.body.property_id);
        if (!found)
          throw new AppError(404, 'PROPERTY_NOT_FOUND', TEAM_PAGE_MESSAGES.teamLinkPropertyNotFound);
        // The showing goes to the property's assigned agent.
        agentId = found.agent.id;
      }
      const [row] = await db
        .insert(bookingLinks)
        .values({
          id: randomBytes(9).toString('base64url'),
          agentId,
          teamId: team.id,
          propertyId: req.body.property_id,
          label: req.body.label,
        })
        .returning();
      return reply.status(201).send({ success: true as const, data: toLink(row!) });
    },
  );

  r.delete(
    '/api/team/booking-links/:id',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Withdraw a team link (owners and admins)',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: z.object({ success: z.literal(true) }), ...errors },
      },
    },
    async (req) => {
      const { team } = await managedTeam(db, currentUser(req).id);
      const [row] = await db
        .update(bookingLinks)
        .set({ isActive: false })
        .where(
          and(
            eq(bookingLinks.id, req.params.id),
            isNotNull(bookingLinks.teamId),
            eq(bookingLinks.teamId, team.id),
          ),
        )
        .returning({ id: bookingLinks.id });
      if (!row) throw notFound('Link not found.');
      return { success: true as const };
    },
  );

  r.put(
    '/api/team/pool',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "Join or leave the team's consultation pool (the caller's own switch)",
        body: poolSwitchSchema,
        response: {
          200: z.object({ success: z.literal(true), data: z.object({ in_pool: z.boolean() }) }),
          ...errors,
        },
      },
    },
    async (req) => {
      const mine = await membershipOf(db, currentUser(req).id);
      if (!mine) throw new AppError(404, 'TEAM_NOT_FOUND', TEAM_MESSAGES.notInTeam);
      await db.update(members).set({ inPool: req.body.in_pool }).where(eq(members.id, mine.member.id));
      return { success: true as const, data: { in_pool: req.body.in_pool } };
    },
  );
}
