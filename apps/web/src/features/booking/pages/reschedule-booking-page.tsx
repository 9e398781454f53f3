import { BookingPage } from './booking-page';

/** /booking/reschedule?token=… — the booking page in reschedule mode; the prefill names agent and property. */
export function RescheduleBookingPage() {
  return <BookingPage mode="reschedule" />;
}
