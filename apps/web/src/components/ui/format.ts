// How the dashboard writes money, calendar dates and wall-clock times. Dates and times arrive as the
// agent-zone wall clock (yyyy-MM-dd, HH:mm), so they are shown as written, never shifted to the browser's zone.
import { wholeDollars } from '@keyturn/domain/enums';
import { isoDateInZone, to12Hour, wallClockInZone } from '@keyturn/domain/time';

// The date formats are made on first use: no locale data loaded at a page's start for them (issue 48).
/** 425000 → '$425,000'. */
export function formatMoney(amount: number): string {
  return wholeDollars(amount);
}

let dateFormatSet: ReturnType<typeof makeDateFormats> | undefined;
const dateFormats = () => (dateFormatSet ??= makeDateFormats());
const makeDateFormats = () => ({
  long: new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }),
  short: new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }),
  shortWithYear: new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }),
});

/** '2025-06-12' → 'Thu, Jun 12' (short), 'Thu, Jun 12, 2025' (shortWithYear) or 'Thursday, June 12, 2025' (long). */
export function formatIsoDate(
  isoDate: string,
  style: keyof ReturnType<typeof dateFormats> = 'short',
): string {
  const date = new Date(`${isoDate}T12:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : dateFormats()[style].format(date);
}

/** '14:30' or '14:30:00' → '2:30 PM'; anything unreadable is shown as it came. */
export function formatTime(time: string): string {
  try {
    return to12Hour(time);
  } catch {
    return time;
  }
}

/**
 * An instant (ISO timestamp) as the wall clock of an IANA zone, e.g. the agent's: 'Thu, Jun 12, 2:30 PM', with
 * the year when it is not the current one there. An unknown zone falls back to the browser's.
 */
export function formatInstant(iso: string, timeZone: string | undefined, now: Date = new Date()): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  const zone = timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  let date: string;
  let time: string;
  let thisYear: string;
  try {
    ({ date, time } = wallClockInZone(instant, zone));
    thisYear = isoDateInZone(now, zone).slice(0, 4);
  } catch {
    return timeZone ? formatInstant(iso, undefined, now) : instant.toLocaleString('en-US');
  }
  const day = formatIsoDate(date, date.startsWith(thisYear) ? 'short' : 'shortWithYear');
  return `${day}, ${formatTime(time)}`;
}
