// Wall-clock times and calendar dates as the spec writes them: 'yyyy-MM-dd', 24-hour 'HH:mm' on the wire,
// 12-hour 'h:mm AM' in slot labels (spec §5: "A 12-hour slot is converted to 24-hour HH:mm"). Intl only, no
// date library: the booking page's first screen imports it (decision 036); day and month boundaries in a zone,
// which need date-fns, are in zoneDays.ts.

/** yyyy-MM-dd with month 01–12 and day 01–31; whether the day exists is checked by isValidIsoDate. */
export const ISO_DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
export const TIME_24_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const TIME_WITH_SECONDS_PATTERN = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;

/**
 * Any slot label → 'HH:mm'. Accepts '1:00 PM' / '01:00 pm' (12 AM becomes 00, 12 PM stays 12) and
 * 24-hour 'HH:mm' or 'HH:mm:ss' (the availability endpoint's form). Throws RangeError on anything else,
 * since sending a made-up time would book the wrong slot.
 */
export function to24Hour(slot: string): string {
  const text = slot.trim();
  const twentyFour = /^(\d{1,2}):([0-5]\d)(?::[0-5]\d)?$/.exec(text);
  if (twentyFour) {
    const hours = Number(twentyFour[1]);
    if (hours <= 23) return `${pad2(hours)}:${twentyFour[2]}`;
  }
  const twelve = /^(\d{1,2}):([0-5]\d)(?::[0-5]\d)?\s*([AaPp])\.?\s*[Mm]\.?$/.exec(text);
  if (twelve) {
    const hours = Number(twelve[1]);
    if (hours >= 1 && hours <= 12) {
      const pm = twelve[3]?.toUpperCase() === 'P';
      return `${pad2((hours % 12) + (pm ? 12 : 0))}:${twelve[2]}`;
    }
  }
  throw new RangeError(`Not a time of day: '${slot}'`);
}

/** '13:00' or '13:00:00' → '1:00 PM'; '00:30' → '12:30 AM'. Throws RangeError on an invalid time. */
export function to12Hour(time: string): string {
  const hhmm = to24Hour(time);
  const hours = Number(hhmm.slice(0, 2));
  const suffix = hours < 12 ? 'AM' : 'PM';
  return `${hours % 12 === 0 ? 12 : hours % 12}:${hhmm.slice(3)} ${suffix}`;
}

/** Strict 24-hour 'HH:mm', 00:00–23:59. */
export function isValidTime24(value: unknown): value is string {
  return typeof value === 'string' && TIME_24_PATTERN.test(value);
}

/** 'yyyy-MM-dd' naming a day that exists (2024-02-29 yes, 2025-02-29 no). */
export function isValidIsoDate(value: unknown): value is string {
  if (typeof value !== 'string' || !ISO_DATE_PATTERN.test(value)) return false;
  const [year = NaN, month = NaN, day = NaN] = value.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * A local calendar day as yyyy-MM-dd. Written out rather than through a date library's format: the month grid
 * names each of its 35–42 days this way on every render, and on a slowed phone the library's pattern parsing
 * was a measurable part of the booking page's start (issue 48).
 */
export function localIsoDate(date: Date): string {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1, 2)}-${pad(date.getDate(), 2)}`;
}

/** The yyyy-MM-dd date an instant falls on in an IANA time zone, e.g. "today" for the agent. */
export function isoDateInZone(instant: Date, timeZone: string): string {
  return wallClockInZone(instant, timeZone).date;
}

/**
 * The agent-zone wall clock of an instant: the §3 booking_date (yyyy-MM-dd) and booking_time (HH:mm). Read
 * with Intl (no date library: the booking page's first screen computes "today" with it, decision 036).
 * Throws RangeError on an unknown zone or an invalid instant.
 */
export function wallClockInZone(instant: Date, timeZone: string): { date: string; time: string } {
  if (Number.isNaN(instant.getTime())) throw new RangeError('Invalid time value');
  const formatter = zoneFormatter(`${timeZone} wall`, {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of formatter.formatToParts(instant)) parts[part.type] = part.value;
  const yyyy = (parts.year ?? '').padStart(4, '0');
  return { date: `${yyyy}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

const zoneFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * One Intl formatter per `key` (a zone and a use) and locale (en-US unless a buyer page names its own: issue 43),
 * made once: making one costs more than using it.
 */
function zoneFormatter(
  key: string,
  options: Intl.DateTimeFormatOptions,
  locale = 'en-US',
): Intl.DateTimeFormat {
  let formatter = zoneFormatters.get(`${locale} ${key}`);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, options);
    zoneFormatters.set(`${locale} ${key}`, formatter);
  }
  return formatter;
}

/**
 * An instant as a clock in `timeZone` shows it, 12-hour: '1:30 PM'; with `zoneName`, the zone's short name
 * for that instant too: '1:30 AM EDT' / '1:30 AM EST' (how the two passes of a repeated hour are told apart).
 * The server's instants are shown with it in the agent's zone and in the buyer's; no wall label is ever turned
 * back into an instant.
 */
export function formatClock(
  instant: Date | number | string,
  timeZone: string,
  options: { zoneName?: boolean; locale?: string } = {},
): string {
  const formatter = zoneFormatter(
    `${timeZone} clock${options.zoneName ? ' z' : ''}`,
    {
      timeZone,
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
      ...(options.zoneName ? { timeZoneName: 'short' as const } : {}),
    },
    options.locale,
  );
  // ICU puts a narrow no-break space before AM/PM; the product writes a plain space ('2:00 PM', spec §5).
  return formatter.format(new Date(instant)).replace(/[\u202f\u00a0]/g, ' ');
}

/**
 * Whether the clock in `timeZone` shows the same wall time again within an hour of the instant (a DST
 * fall-back's repeated hour; Lord Howe repeats half an hour). Reads wall clocks of instants only.
 */
export function isRepeatedWallTime(instant: Date | number | string, timeZone: string): boolean {
  const at = new Date(instant).getTime();
  const shown = wallClockInZone(new Date(at), timeZone);
  return [-60, -30, 30, 60].some((minutes) => {
    const other = wallClockInZone(new Date(at + minutes * 60_000), timeZone);
    return other.date === shown.date && other.time === shown.time;
  });
}

/**
 * An instant on `timeZone`'s clock, naming the pass where that wall time happens twice: '1:30 AM EST'; a buyer
 * page passes its Intl locale ('es-US': '1:30 p.m.').
 */
export function clockLabel(instant: Date | number | string, timeZone: string, locale?: string): string {
  return formatClock(instant, timeZone, { zoneName: isRepeatedWallTime(instant, timeZone), locale });
}

/** The yyyy-MM-dd date an instant (ISO text, Date or epoch ms) falls on in `timeZone`, by Intl. */
export function dateInZone(instant: Date | number | string, timeZone: string): string {
  return isoDateInZone(new Date(instant), timeZone);
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/**
 * A time zone as people name it, with its offset at `at` (issue 19): 'Central Time (Chicago) — GMT-6',
 * 'Eastern Time (New York) — GMT-4'; a zone without a common name shows its city: 'Dubai — GMT+4'. Never a
 * raw IANA id on screen. An unknown zone is returned as it is.
 */
export function timeZoneLabel(zone: string, at: Date = new Date(), locale?: string): string {
  const offset = zonePart(zone, at, 'shortOffset');
  if (!offset) return zone;
  return `${timeZoneName(zone, at, locale)} — ${offset}`;
}

/**
 * A time zone's name without its offset, for a time already shown on that clock (issue 19: '2:00 PM Eastern
 * Time (New York)' instead of '2:00 PM (America/New_York)'); a zone without a common name is its city, an
 * unknown zone is returned as it is.
 */
export function timeZoneName(zone: string, at: Date = new Date(), locale?: string): string {
  if (!zonePart(zone, at, 'shortOffset')) return zone;
  const city = (zone.split('/').pop() ?? zone).replaceAll('_', ' ');
  const generic = zonePart(zone, at, 'longGeneric', locale);
  return generic && !generic.startsWith('GMT') && generic !== zone ? `${generic} (${city})` : city;
}

function zonePart(
  zone: string,
  at: Date,
  timeZoneName: 'longGeneric' | 'shortOffset',
  locale?: string,
): string {
  try {
    return (
      zoneFormatter(`${zone} ${timeZoneName}`, { timeZone: zone, timeZoneName }, locale)
        .formatToParts(at)
        .find((p) => p.type === 'timeZoneName')?.value ?? ''
    );
  } catch {
    return '';
  }
}
