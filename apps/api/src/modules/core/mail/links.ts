// The addresses a booking's messages link to (manage, reschedule, feedback, book again, the dashboard): the
// booking templates' and every other mail about one booking (seller requests, access releases, calendar events).
import { agentBookingPath, propertyBookingPath } from '@keyturn/domain/links';
import { withLocaleParam } from '@keyturn/domain/i18n/locales';
import type { agents, bookings, properties } from '../../../db/schema';

type BookingRow = typeof bookings.$inferSelect;
type AgentRow = typeof agents.$inferSelect;
type PropertyRow = typeof properties.$inferSelect;

/**
 * The links of one booking's messages. The buyer's pages open in the booking's language (issue 43): a Spanish
 * booking's links carry `?lang=es`; English links are as before. The dashboard's stays English.
 */
export function bookingLinks(ctx: {
  booking: BookingRow;
  agent: AgentRow;
  property: PropertyRow | null;
  publicUrl: string;
}) {
  const { booking, agent, property, publicUrl } = ctx;
  const token = encodeURIComponent(booking.manageToken);
  const buyer = (url: string) => withLocaleParam(url, booking.locale);
  return {
    manage: buyer(`${publicUrl}/booking/manage?token=${token}`),
    reschedule: buyer(`${publicUrl}/booking/reschedule?token=${token}`),
    feedback: buyer(`${publicUrl}/feedback/${encodeURIComponent(booking.publicId)}`),
    bookAgain: buyer(
      property
        ? `${publicUrl}${propertyBookingPath(agent.username, property.address, property.publicId)}`
        : `${publicUrl}${agentBookingPath(agent.id, agent.username)}`,
    ),
    dashboard: `${publicUrl}/dashboard/bookings`,
  };
}
