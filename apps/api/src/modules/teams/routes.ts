// Teams (issue 15): /api/team (the caller's team: create, edit, members, invitations, leave) and
// /api/team-invitations/{id} (the accept page: a preview for anyone with the link, accept when signed in).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@keyturn/domain/schemas/common';
import {
  invitationInputSchema,
  invitationPreviewSchema,
  moveListingsSchema,
  roleChangeSchema,
  teamCreateSchema,
  teamInputSchema,
  teamInvitationSchema,
  teamOverviewSchema,
} from '@keyturn/domain/schemas/team';
import type { Auth } from '../../auth';
import type { Db } from '../../db/client';
import { currentUser, requireUser } from '../../http/authenticate';
import type { JobQueue } from '../../jobs/queue';
import {
  reassignBookingSchema,
  teamBookingResponseSchema,
  teamBookingsQuerySchema,
  teamBookingsResponseSchema,
} from '@keyturn/domain/schemas/teamBookings';
import { HANDOVER_CHOICES } from '@keyturn/domain/teams';
import type { BookingNotifier } from '../core/notifications/scheduler';
import { requireAgent } from '../core/agents';
import { moveListingsIn } from './listings';
import { handOver, reassignBooking, teamBookings, withSlotConflicts } from './bookings';
import {
  acceptInvitation,
  invitationPreview,
  invite,
  resendInvitation,
  revokeInvitation,
} from './invitations';
import { changeRole, createTeam, leaveTeam, removeMember, teamOverview, updateTeam } from './service';

const tags = ['teams'];
/** The refusals every /api/team route may answer (auth/team-sso-routes.ts uses them too). */
export const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const ok = z.object({ success: z.literal(true) });
const idParams = z.object({ id: z.string().min(1).max(100) });
/** The removal's choice for the member's future bookings (decision 026). */
const removalQuery = z.object({
  bookings: z.enum(HANDOVER_CHOICES, { error: 'Choose reassign or cancel' }).optional(),
  reassign_to: z.uuid({ error: 'Choose a member of your team' }).optional(),
});

export async function teamRoutes(
  app: FastifyInstance,
  opts: {
    auth: Auth;
    db: Db;
    jobs: JobQueue;
    notify: BookingNotifier;
    now: () => Date;
    readLimitPerMinute: number;
  },
) {
  const { db, jobs, now, notify } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(opts.auth);

  r.get(
    '/api/team',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "The caller's team: members with roles, pending invitations (owners/admins), seats",
        response: { 200: teamOverviewSchema, ...errors },
      },
    },
    async (req) => ({ success: true as const, data: await teamOverview(db, currentUser(req).id, now()) }),
  );

  r.post(
    '/api/team',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary:
          'Create a team (Enterprise): the caller becomes its owner; property_ids moves some of their listings into it',
        body: teamCreateSchema,
        response: { 201: teamOverviewSchema, ...errors },
      },
    },
    async (req, reply) => {
      const agent = await requireAgent(db, currentUser(req).id);
      const data = await createTeam(db, agent, req.body, (tx, ids) => moveListingsIn(tx, agent, ids));
      return reply.status(201).send({ success: true as const, data });
    },
  );

  r.post(
    '/api/team/properties',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "Move some of the caller's own listings into their team (bookings and history kept)",
        description:
          'Each id must be a listing of the caller outside any team (404 LISTING_NOT_FOUND otherwise, nothing ' +
          "moved). The team's plan must include teams (403 PLAN_UPGRADE_REQUIRED) and its property limit holds " +
          'after the move (403 PROPERTY_LIMIT_REACHED). The listings stay assigned to the caller.',
        body: moveListingsSchema,
        response: {
          200: z.object({ success: z.literal(true), data: z.object({ moved: z.array(z.number()) }) }),
          ...errors,
        },
      },
    },
    async (req) => {
      const agent = await requireAgent(db, currentUser(req).id);
      const moved = await db.transaction((tx) => moveListingsIn(tx, agent, req.body.property_ids));
      return { success: true as const, data: { moved } };
    },
  );

  r.put(
    '/api/team',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "Change the team's name, URL name, logo and colour (owners and admins)",
        body: teamInputSchema,
        response: { 200: teamOverviewSchema, ...errors },
      },
    },
    async (req) => {
      const userId = currentUser(req).id;
      await updateTeam(db, userId, req.body);
      return { success: true as const, data: await teamOverview(db, userId, now()) };
    },
  );

  r.post(
    '/api/team/invitations',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Invite someone by e-mail (owners and admins; one seat per pending invitation)',
        body: invitationInputSchema,
        response: { 201: z.object({ success: z.literal(true), data: teamInvitationSchema }), ...errors },
      },
    },
    async (req, reply) => {
      const data = await invite(db, jobs, currentUser(req).id, req.body, now());
      return reply.status(201).send({ success: true as const, data });
    },
  );

  r.post(
    '/api/team/invitations/:id/resend',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Send an invitation again, valid for another week',
        params: idParams,
        response: { 200: z.object({ success: z.literal(true), data: teamInvitationSchema }), ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await resendInvitation(db, jobs, currentUser(req).id, req.params.id, now()),
    }),
  );

  r.delete(
    '/api/team/invitations/:id',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Revoke a pending invitation (its link stops working, its seat is free)',
        params: idParams,
        response: { 200: ok, ...errors },
      },
    },
    async (req) => {
      await revokeInvitation(db, currentUser(req).id, req.params.id);
      return { success: true as const };
    },
  );

  r.put(
    '/api/team/members/:id/role',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "Change a member's role (owners: any; admins: admins and members, never an owner)",
        params: idParams,
        body: roleChangeSchema,
        response: { 200: ok, ...errors },
      },
    },
    async (req) => {
      await changeRole(db, currentUser(req).id, req.params.id, req.body.role);
      return { success: true as const };
    },
  );

  r.delete(
    '/api/team/members/:id',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary:
          'Remove a member (the last owner cannot be removed); with future bookings, ?bookings=reassign&reassign_to=<agent id> or ?bookings=cancel',
        description:
          'A member with future bookings is removed only with a choice (409 HANDOVER_REQUIRED otherwise): each ' +
          'booking reassigned to the chosen member (if any clashes with their bookings, 409 REASSIGN_CONFLICT ' +
          'names them and nothing changes) or cancelled with the normal notice to its buyer. Team properties ' +
          'assigned to the member go to the chosen member, or to the caller.',
        params: idParams,
        querystring: removalQuery,
        response: { 200: ok, ...errors },
      },
    },
    async (req) => {
      const choice = { bookings: req.query.bookings, reassignTo: req.query.reassign_to };
      await withSlotConflicts(() =>
        removeMember(db, currentUser(req).id, req.params.id, handOver(notify, choice, now())),
      );
      return { success: true as const };
    },
  );

  r.post(
    '/api/team/leave',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary:
          'Leave the team (the last owner cannot; nor a member with future bookings or team properties: an owner or admin removes them)',
        response: { 200: ok, ...errors },
      },
    },
    async (req) => {
      await leaveTeam(db, currentUser(req).id, now());
      return { success: true as const };
    },
  );

  r.get(
    '/api/team/bookings',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary:
          "Every member's bookings, or one member's (?member=agent id), for owners and admins; the bookings list's filters",
        querystring: teamBookingsQuerySchema,
        response: { 200: teamBookingsResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await teamBookings(db, currentUser(req).id, req.query, now()),
    }),
  );

  r.post(
    '/api/team/bookings/:id/reassign',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Hand a booking to another member (owners and admins); the buyer is told',
        description:
          'Same booking, same time, same manage link. The new member must be free then (their hours do not ' +
          'matter, their bookings do: 409 REASSIGN_CONFLICT). Members 403; a booking or member outside the ' +
          "caller's team 404; a booking that has started, ended or been cancelled 409.",
        params: idParams,
        body: reassignBookingSchema,
        response: { 200: teamBookingResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await reassignBooking(db, notify, currentUser(req).id, req.params.id, req.body.member_id, now()),
    }),
  );

  r.get(
    '/api/team-invitations/:id',
    {
      // Anyone with a link may read it: limited like the other public reads.
      config: {
        rateLimit: { max: opts.readLimitPerMinute, timeWindow: '1 minute', groupId: 'public-read' },
      },
      schema: {
        tags,
        summary: 'What an invitation link shows before signing in: the team, the address, its state',
        params: idParams,
        response: { 200: invitationPreviewSchema, 404: errorResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: await invitationPreview(db, req.params.id, now()) }),
  );

  r.post(
    '/api/team-invitations/:id/accept',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Join the team (signed in with the invited address)',
        params: idParams,
        response: { 200: ok, ...errors },
      },
    },
    async (req) => {
      await acceptInvitation(db, currentUser(req), req.params.id, now());
      return { success: true as const };
    },
  );
}
