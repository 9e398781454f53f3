// The public team page (issue 15, decision 025): what /api/public/teams/{slug} answers, the consultation
// booked with the team, the member's pool switch and the team's booking links.
import { z } from 'zod';
import { CONSULTATION_PURPOSES } from '../enums';
import { TEAM_PAGE_MESSAGES } from '../teamBooking';
import { bookingLinkCreateSchema } from './agentBooking';
import { bookingLocaleField, bookingRequestShape, checkBudgetOrder, holdTokenField } from './booking';
import { propertySchema } from './property';
import { buyerBookingSchema, propertyAgentSchema, publicTeamSchema } from './publicBooking';

export { publicTeamSchema, type PublicTeam } from './publicBooking';

/** A team property on the team page, with the agent assigned to it (its showings are theirs). */
export const teamPropertySchema = propertySchema.extend({ agent: propertyAgentSchema });
export type TeamProperty = z.infer<typeof teamPropertySchema>;

/** GET /api/public/teams/{slug}. */
export const publicTeamResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    team: publicTeamSchema,
    properties: z.array(teamPropertySchema),
    /** Members in the consultation pool now; 0 → the page offers no consultation. */
    poolSize: z.number(),
  }),
});
export type PublicTeamPage = z.infer<typeof publicTeamResponseSchema>['data'];

/**
 * POST /api/public/teams/{slug}/booking: a booking request without agent or property (the server picks), with
 * the buyer's hold of the time if the page made one (issue 44: it books the member the hold is theirs).
 */
export const teamBookingRequestSchema = z
  .object({ ...bookingRequestShape(), hold_token: holdTokenField, locale: bookingLocaleField })
  .omit({ agent_id: true, property_id: true })
  .superRefine(checkBudgetOrder)
  .superRefine((value, ctx) => {
    // A consultation has no property (issue 29): a viewing or an open house is booked on a property's page.
    if (!CONSULTATION_PURPOSES.includes(value.booking_purpose)) {
      ctx.addIssue({
        code: 'custom',
        path: ['booking_purpose'],
        message: TEAM_PAGE_MESSAGES.consultationPurpose,
      });
    }
  });
export type TeamBookingRequestInput = z.input<typeof teamBookingRequestSchema>;
export type TeamBookingRequest = z.output<typeof teamBookingRequestSchema>;

/** Its answer (201): the booking and the member it went to. */
export const teamBookingResultResponseSchema = z.object({
  success: z.literal(true),
  booking: buyerBookingSchema,
  agent: propertyAgentSchema,
});
export type TeamBookingResult = Omit<z.infer<typeof teamBookingResultResponseSchema>, 'success'>;

/** PUT /api/team/pool: the caller's own switch. */
export const poolSwitchSchema = z.object({
  in_pool: z.boolean({ error: 'Say whether you are in the pool' }),
});

/** POST /api/team/booking-links: a team consultation (no property) or one team property; owners and admins. */
export const teamLinkCreateSchema = bookingLinkCreateSchema.omit({ prefill: true });
