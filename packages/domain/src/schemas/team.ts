// Teams (issue 15): the payloads of /api/team and /api/team-invitations, and what they answer.
import { z } from 'zod';
import { DEFAULT_PRIMARY_COLOR } from '../constants';
import { INVITABLE_ROLES, TEAM_ROLES } from '../teams';
import { agentProfileSchema, hexColorSchema } from './agent';
import { emailSchema, requiredText } from './common';
import { imageRefSchema } from './property';
import { CONSULTATION_PLACES, TEAM_PLACE_MESSAGES } from '../teamPlace';

export const TEAM_NAME_MAX_LENGTH = 80;
export const TEAM_SLUG_MAX_LENGTH = 40;

export const teamSlugSchema = requiredText('URL name is required')
  .min(3, 'URL name must be at least 3 characters')
  .max(TEAM_SLUG_MAX_LENGTH, `URL name must be at most ${TEAM_SLUG_MAX_LENGTH} characters`)
  .regex(
    /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
    'Use lowercase letters, digits and single hyphens, not starting or ending with a hyphen',
  );

export const OFFICE_ADDRESS_MAX_LENGTH = 200;

const teamShape = {
  name: requiredText('Team name is required').max(
    TEAM_NAME_MAX_LENGTH,
    `Team name must be at most ${TEAM_NAME_MAX_LENGTH} characters`,
  ),
  slug: teamSlugSchema,
  logo: imageRefSchema.nullable().default(null),
  color: hexColorSchema.default(DEFAULT_PRIMARY_COLOR),
  /** Where the team's consultations happen (issue 29): the office (its address) or by phone or video. */
  consultation_place: z
    .enum(CONSULTATION_PLACES, { error: TEAM_PLACE_MESSAGES.placeRequired })
    .default('remote'),
  office_address: z
    .string()
    .trim()
    .max(OFFICE_ADDRESS_MAX_LENGTH, `Office address must be at most ${OFFICE_ADDRESS_MAX_LENGTH} characters`)
    .nullable()
    .default(null)
    .transform((v) => v || null),
};

/** A consultation at the office needs the office's address. */
function checkPlace(
  value: { consultation_place: string; office_address: string | null },
  ctx: z.RefinementCtx,
): void {
  if (value.consultation_place === 'office' && !value.office_address) {
    ctx.addIssue({
      code: 'custom',
      path: ['office_address'],
      message: TEAM_PLACE_MESSAGES.officeAddressRequired,
    });
  }
}

/** PUT /api/team. */
export const teamInputSchema = z.object(teamShape).superRefine(checkPlace);
export type TeamInput = z.input<typeof teamInputSchema>;

/** An agent's own listings to move into the team (issue 29): their bookings and history go with them. */
export const propertyIdsSchema = z
  .array(z.number({ error: 'Choose your listings' }).int().positive(), { error: 'Choose your listings' })
  .max(500, 'Choose at most 500 listings at once');

/** POST /api/team: the team's details and, optionally, which of the creator's listings become the team's. */
export const teamCreateSchema = z
  .object({ ...teamShape, property_ids: propertyIdsSchema.default([]) })
  .superRefine(checkPlace);
export type TeamCreateInput = z.input<typeof teamCreateSchema>;

/** POST /api/team/properties: move some of the caller's own listings into their team. */
export const moveListingsSchema = z.object({
  property_ids: propertyIdsSchema.min(1, 'Choose at least one listing'),
});

export const teamRoleSchema = z.enum(TEAM_ROLES, { error: 'Choose owner, admin or member' });

export const invitationInputSchema = z.object({
  email: emailSchema,
  role: z.enum(INVITABLE_ROLES, { error: 'Choose admin or member' }).default('member'),
});
export type InvitationInput = z.input<typeof invitationInputSchema>;

export const roleChangeSchema = z.object({ role: teamRoleSchema });

export const seatSummarySchema = z.object({
  included: z.number(),
  extra: z.number(),
  total: z.number(),
  used: z.number(),
  members: z.number(),
  pendingInvitations: z.number(),
  available: z.number(),
  monthlyPriceUsd: z.number(),
  extraUserMonthlyUsd: z.number(),
});

export const teamMemberSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: teamRoleSchema,
  /** The member's agent profile, null until they have set it up. */
  agentId: z.string().nullable(),
  joinedAt: z.string(),
  /** Takes team consultations from the team page (issue 15: the member's own switch, PUT /api/team/pool). */
  inPool: z.boolean(),
  /** The zone of the member's agent profile: their schedule's times are on this clock. */
  timeZone: z.string().nullable(),
  /** Their bookings still to come (pending or confirmed), for owners and admins; null for members. */
  futureBookings: z.number().int().nullable(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: teamRoleSchema,
  status: z.enum(['pending', 'expired']),
  expiresAt: z.string(),
  invitedBy: z.string(),
  createdAt: z.string(),
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;

export const teamSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  logo: z.string().nullable(),
  color: z.string(),
  consultation_place: z.enum(CONSULTATION_PLACES),
  office_address: z.string().nullable(),
  createdAt: z.string(),
});

/** GET /api/team: the caller's team, null when they are in none (what creating one would need is `canCreate`). */
export const teamOverviewSchema = z.object({
  success: z.literal(true),
  data: z
    .object({
      team: teamSchema,
      role: teamRoleSchema,
      members: z.array(teamMemberSchema),
      /** Pending and expired invitations; owners and admins only (an empty list for members). */
      invitations: z.array(teamInvitationSchema),
      seats: seatSummarySchema,
      /** The team's plan includes teams (an owner on Enterprise); invitations are refused otherwise. */
      planIncludesTeams: z.boolean(),
    })
    .nullable(),
});
export type TeamOverview = NonNullable<z.infer<typeof teamOverviewSchema>['data']>;

/** GET /api/team-invitations/{id}: what the accept page shows before the invitee signs in. */
export const invitationPreviewSchema = z.object({
  success: z.literal(true),
  data: z.object({
    id: z.string(),
    teamName: z.string(),
    teamLogo: z.string().nullable(),
    teamColor: z.string(),
    email: z.string(),
    role: teamRoleSchema,
    invitedBy: z.string(),
    status: z.enum(['pending', 'accepted', 'canceled', 'expired']),
    expiresAt: z.string(),
  }),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>['data'];

/** One agent of GET /api/agents (spec §7): the profile and the role in the caller's team (null outside one). */
export const teamAgentSchema = agentProfileSchema.extend({ role: teamRoleSchema.nullable() });
export type TeamAgent = z.infer<typeof teamAgentSchema>;
