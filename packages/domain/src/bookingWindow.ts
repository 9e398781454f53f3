// Which dates a buyer may pick (spec §5 "Bookable dates", §9): tomorrow through 60 days ahead, on the
// weekdays the agent marks available; Monday to Friday until availability loads or when it is empty.
// Pure yyyy-MM-dd arithmetic in UTC, so the viewer's own time zone and DST never shift a day.
import { BOOKING_WINDOW_DAYS, FALLBACK_WEEKDAYS } from './constants';
import type { AvailabilityEntry } from './schemas/availability';
import { isValidIsoDate } from './time';

/** The bookable dates after `todayIso`, in order: today + 1 … today + BOOKING_WINDOW_DAYS. */
export function bookableDates(todayIso: string, entries: readonly AvailabilityEntry[]): string[] {
  if (!isValidIsoDate(todayIso)) throw new RangeError(`Not a yyyy-MM-dd date: '${todayIso}'`);
  const weekdays = availableWeekdays(entries);
  const today = Date.parse(`${todayIso}T00:00:00Z`);
  const dates: string[] = [];
  for (let offset = 1; offset <= BOOKING_WINDOW_DAYS; offset++) {
    const day = new Date(today + offset * DAY_MS);
    if (weekdays.has(day.getUTCDay())) dates.push(day.toISOString().slice(0, 10));
  }
  return dates;
}

/** Weekdays (Sunday = 0) open for booking; an empty entry list means the fallback Monday to Friday. */
export function availableWeekdays(entries: readonly AvailabilityEntry[]): ReadonlySet<number> {
  if (entries.length === 0) return new Set(FALLBACK_WEEKDAYS);
  return new Set(entries.filter((entry) => entry.is_available).map((entry) => entry.day_of_week));
}

/** Whether `isoDate` falls on a weekday the agent marks available (same fallback as bookableDates). */
export function isAvailableWeekday(isoDate: string, entries: readonly AvailabilityEntry[]): boolean {
  if (!isValidIsoDate(isoDate)) return false;
  return availableWeekdays(entries).has(new Date(`${isoDate}T00:00:00Z`).getUTCDay());
}

const DAY_MS = 86_400_000;
