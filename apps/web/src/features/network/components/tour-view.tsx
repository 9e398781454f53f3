// Issue 45 "Cross-agent tours": a day's stops as the buyer's agent reads them — each time on its listing's clock
// with the zone named ('10:00 AM CST'), the address, the listing agent and the drive from the stop before; a sent
// tour adds each request's state and what a re-plan did.
import { Link } from '@/lib/router';
import { NETWORK_TEXTS as T } from '@keyturn/domain/listing/network';
import { NETWORK_TOUR_TEXTS } from '@keyturn/domain/routes/networkTour';
import type { NetworkTour, NetworkTourPlanAnswer } from '@keyturn/domain/schemas/networkTours';
import { formatClock } from '@keyturn/domain/time';
import { formatIsoDate } from '@/components/ui/format';
import { StatusPill } from '@/components/ui/status-badge';
import { stopTone } from './state-tones';

const P = NETWORK_TOUR_TEXTS.page;

type Stop = NetworkTourPlanAnswer['stops'][number] & {
  state?: string;
  note?: string | null;
  proposed_starts_at?: string | null;
};

/** '10:00 AM CST' (the listing's clock, its zone's short name). */
export const stopTime = (iso: string, zone: string) => formatClock(iso, zone, { zoneName: true });

export function TourStops({ stops }: { stops: readonly Stop[] }) {
  return (
    <ol className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm">
      {stops.map((stop) => (
        <li
          key={stop.property_id}
          className="flex flex-col gap-2 p-4 sm:flex-row sm:items-start sm:justify-between"
        >
          <div className="min-w-0 space-y-0.5">
            {stop.drive_minutes != null ? (
              <p className="text-xs text-slate-500">{P.drive(stop.drive_minutes)}</p>
            ) : null}
            <p className="font-semibold text-slate-900">
              {stop.proposed_starts_at
                ? stopTime(stop.proposed_starts_at, stop.time_zone)
                : stop.starts_at
                  ? stopTime(stop.starts_at, stop.time_zone)
                  : P.notPlaced}
            </p>
            {stop.proposed_starts_at && stop.starts_at ? (
              <p className="text-sm text-violet-800">
                {NETWORK_TOUR_TEXTS.proposedStop(stopTime(stop.starts_at, stop.time_zone))}
              </p>
            ) : null}
            <p className="text-sm break-words text-slate-800">
              {stop.address}, {stop.city}
            </p>
            <p className="text-sm text-slate-600">
              {T.listingAgent}: {stop.listing_agent}
            </p>
            {stop.note ? <p className="text-sm text-slate-700">{stop.note}</p> : null}
          </div>
          {stop.state ? (
            <div className="shrink-0">
              <StatusPill tone={stopTone(stop.state)}>{NETWORK_TOUR_TEXTS.stateLabel(stop.state)}</StatusPill>
            </div>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/** A sent tour: its day, client, what the last re-plan did and each home's answer. */
export function TourCard({ tour, link = false }: { tour: NetworkTour; link?: boolean }) {
  const title = P.tourTitle(formatIsoDate(tour.date, 'long'));
  return (
    <article aria-label={title} className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-base font-semibold text-slate-900">{title}</h3>
        {link ? (
          <Link
            to={NETWORK_TOUR_TEXTS.tourPath(tour.id)}
            aria-label={`${P.openTour}: ${title}`}
            className="text-sm font-medium text-blue-700 underline"
          >
            {P.openTour}
          </Link>
        ) : null}
      </div>
      <p className="text-sm text-slate-700">{P.client(tour.client_name)}</p>
      {tour.note ? (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">{tour.note}</p>
      ) : null}
      <TourStops stops={tour.stops} />
    </article>
  );
}
