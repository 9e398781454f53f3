// The team's bookings for owners and admins (issue 15), apart from schemas/team.ts so the Team screen does
// not load the booking schemas (and the phone library) with it.
import { z } from 'zod';
import { agentBookingSchema } from './agentBooking';
import { bookingListFiltersSchema } from './booking';

/** GET /api/team/bookings (owners and admins): the bookings list's filters plus one member's agent id. */
export const teamBookingsQuerySchema = bookingListFiltersSchema
  .extend({
    member: z.uuid({ error: 'Choose a member of your team' }).optional(),
    /** With `date`: that many days from it (the team view's week is 7), each in its member's own zone. */
    days: z.coerce
      .number({ error: 'Days must be a number from 1 to 7' })
      .int('Days must be a number from 1 to 7')
      .min(1, 'Days must be a number from 1 to 7')
      .max(7, 'Days must be a number from 1 to 7')
      .optional(),
  })
  .refine((q) => q.days === undefined || q.date !== undefined, {
    message: 'Days needs a date to start from',
    path: ['days'],
  });
export type TeamBookingsQuery = z.output<typeof teamBookingsQuerySchema>;

export const teamBookingSchema = agentBookingSchema.extend({ agent_id: z.string(), agent_name: z.string() });
export type TeamBooking = z.infer<typeof teamBookingSchema>;
/** POST /api/team/bookings/{id}/reassign: the member (their agent id) who takes the booking. */
export const reassignBookingSchema = z.object({
  member_id: z.uuid({ error: 'Choose a member of your team' }),
});
export const teamBookingResponseSchema = z.object({ success: z.literal(true), data: teamBookingSchema });

export const teamBookingsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(teamBookingSchema),
});
