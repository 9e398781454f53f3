// The §3 booking analytics payload from any booking the API answers (kept out of analytics.ts, which every
// page loads, so the public pages do not carry it).
import type { BookingAnalytics } from './analytics';

export function bookingAnalytics(booking: {
  id: string;
  property_address?: string | null;
  booking_date: string;
  status: string;
}): BookingAnalytics {
  return {
    id: booking.id,
    property_address: booking.property_address ?? '',
    appointment_date: booking.booking_date,
    status: booking.status,
  };
}
