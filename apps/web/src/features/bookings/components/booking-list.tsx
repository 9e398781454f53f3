import { Link, useSearchParams } from '@/lib/router';
import type { AgentBooking } from '@keyturn/domain/schemas/agentBooking';
import { BookingSummary } from '@/components/ui/booking-summary';
import { BOOKING_PARAM } from '../filters';

/** The bookings as rows; each opens its details over the list (the filters stay). */
export function BookingList({ bookings }: { bookings: readonly AgentBooking[] }) {
  const [search] = useSearchParams();
  const hrefFor = (id: string) => {
    const next = new URLSearchParams(search);
    next.set(BOOKING_PARAM, id);
    return `?${next.toString()}`;
  };
  return (
    <ul
      aria-label="Bookings"
      className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      {bookings.map((booking) => (
        <li key={booking.id}>
          <Link
            to={hrefFor(booking.id)}
            className="flex items-center gap-3 px-4 py-3 hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:ring-inset"
          >
            <BookingSummary booking={booking} />
            <svg
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
              className="size-4 shrink-0 text-slate-400"
            >
              <path d="m9 6 6 6-6 6" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </Link>
        </li>
      ))}
    </ul>
  );
}
