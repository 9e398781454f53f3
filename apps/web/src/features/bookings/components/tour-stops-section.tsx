// "Part of a tour" in the agent's booking details (issue 16): the buyer booked this showing with others in
// one tour; every stop is listed in time order (the server's instants, shown as its wall-clock labels) and
// each other stop opens its own booking.
import { ROUTE_MESSAGES } from '@keyturn/domain/routes/messages';
import type { BookingTour } from '@keyturn/domain/schemas/agentBooking';
import { formatTime } from '@/components/ui/format';

export function TourStopsSection({
  tour,
  currentId,
  onOpenBooking,
}: {
  tour: BookingTour;
  currentId: string;
  onOpenBooking: (id: string) => void;
}) {
  return (
    <section aria-labelledby="tour-stops-title">
      <h3 id="tour-stops-title" className="mb-2 text-sm font-semibold tracking-wide text-slate-500 uppercase">
        {ROUTE_MESSAGES.tourPartOf}
      </h3>
      <ol className="divide-y divide-slate-100 rounded-lg border border-slate-200">
        {tour.stops.map((stop, k) => {
          const label = `${k + 1}. ${formatTime(stop.booking_time)} · ${stop.property_address ?? 'Consultation'}`;
          return (
            <li key={stop.booking_id} className="px-3 py-2.5 text-sm">
              {stop.booking_id === currentId ? (
                <span className="text-slate-900">
                  {label} <span className="text-slate-500">(this booking)</span>
                </span>
              ) : (
                <button
                  type="button"
                  onClick={() => onOpenBooking(stop.booking_id)}
                  className="text-left text-blue-700 underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none"
                >
                  {label}
                </button>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
