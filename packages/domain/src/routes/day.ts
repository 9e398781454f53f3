// The agent's day on the road (issue 16): legs between consecutive showings, the warnings where a drive is
// longer than the gap, and what an optimised order saves. Pure; the API fills in drive times.
import { ROUTE_MESSAGES } from './messages';
import { formatClock } from '../time';
import type { TravelSource } from './travel';

export type DayShowing = { id: string; address: string; startsAt: number; endsAt: number };
export type Leg = { minutes: number; meters: number; source: TravelSource } | null;

export type TravelWarning = {
  from_booking_id: string;
  to_booking_id: string;
  drive_minutes: number;
  gap_minutes: number;
  text: string;
};

/**
 * One warning per consecutive pair (in time order) whose drive is longer than the gap between the end of
 * the first and the start of the second; a leg with no known drive (a property without a position) warns
 * nothing.
 */
export function travelWarnings(
  showings: readonly DayShowing[],
  legs: readonly Leg[],
  timeZone: string,
): TravelWarning[] {
  const warnings: TravelWarning[] = [];
  for (let k = 0; k + 1 < showings.length; k++) {
    const from = showings[k]!;
    const to = showings[k + 1]!;
    const leg = legs[k];
    if (!leg) continue;
    const gap = Math.round((to.startsAt - from.endsAt) / 60_000);
    if (leg.minutes <= gap) continue;
    warnings.push({
      from_booking_id: from.id,
      to_booking_id: to.id,
      drive_minutes: leg.minutes,
      gap_minutes: Math.max(0, gap),
      text: ROUTE_MESSAGES.cannotReach(
        to.address,
        formatClock(to.startsAt, timeZone).toLowerCase(),
        leg.minutes,
        Math.max(0, gap),
      ),
    });
  }
  return warnings;
}

/** Minutes and whole per cent an optimised drive saves against the booked one (never negative). */
export function routeSaving(
  bookedMinutes: number,
  optimisedMinutes: number,
): { minutes: number; percent: number } {
  const minutes = Math.max(0, bookedMinutes - optimisedMinutes);
  return { minutes, percent: bookedMinutes > 0 ? Math.round((minutes / bookedMinutes) * 100) : 0 };
}
