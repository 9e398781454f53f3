// The addresses a booking's messages link to (manage, reschedule, feedback, book again, the dashboard): the
// booking templates' and every other mail about one booking (seller requests, access releases, calendar events).
import { agentBookingPath, propertyBookingPath } from '@keyturn/domain/links';
import type { agents, bookings, properties } from '../../../db/schema';

type BookingRow = typeof bookings.$inferSelect;
type AgentRow = typeof agents.$inferSelect;
type PropertyRow = typeof properties.$inferSelect;

/** The links of one booking's messages. */
export function bookingLinks(ctx: {
  booking: BookingRow;
  agent: AgentRow;
  property: PropertyRow | null;
  publicUrl: string;
}) {
  const { booking, agent, property, publicUrl } = ctx;
  const token = encodeURIComponent(booking.manageToken);
  return {
    manage: `${publicUrl}/booking/manage?token=${token}`,
    reschedule: `${publicUrl}/booking/reschedule?token=${token}`,
    feedback: `${publicUrl}/feedback/${encodeURIComponent(booking.publicId)}`,
    bookAgain: property
      ? `${publicUrl}${propertyBookingPath(agent.username, property.address, property.publicId)}`
      : `${publicUrl}${agentBookingPath(agent.id, agent.username)}`,
    dashboard: `${publicUrl}/dashboard/bookings`,
  };
}
