// The team's bookings for owners and admins (issue 15), apart from schemas/team.ts so the Team screen does
// not load the booking schemas (and the phone library) with it.
import { z } from 'zod';
import { agentBookingSchema } from './agentBooking';
import { bookingListFiltersSchema } from './booking';

/** GET /api/team/bookings (owners and admins): the bookings list's filters plus one member's agent id. */
export const teamBookingsQuerySchema = bookingListFiltersSchema.extend({
  member: z.uuid({ error: 'Choose a member of your team' }).optional(),
});
export type TeamBookingsQuery = z.output<typeof teamBookingsQuerySchema>;

export const teamBookingSchema = agentBookingSchema.extend({ agent_id: z.string(), agent_name: z.string() });
export type TeamBooking = z.infer<typeof teamBookingSchema>;
export const teamBookingsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(teamBookingSchema),
});
