// How the booking screens write dates, times, money and time zones. Booking dates and times are the agent's
// wall clock (yyyy-MM-dd, HH:mm); the buyer may see the same instants on their own clock. Written with Intl,
// no date library: the booking page's first screen imports this file, and date-fns stays with the lazy
// calendar (decision 036).
import { BOOKING_PURPOSE_LABELS, wholeDollars } from '@keyturn/domain/enums';
import type { BookingPurpose } from '@keyturn/domain/enums';
import { clockLabel, dateInZone, timeZoneName } from '@keyturn/domain/time';
import { textColorOn } from '@keyturn/domain/contrast';

// The formatters are made on first use (issue 48): the first Intl object loads the locale data (~130 ms on a
// slowed phone CPU), and the booking page's first screen formats neither a price nor a date.

export function formatPrice(price: number): string {
  return wholeDollars(price);
}

/** 'yyyy-MM-dd' → that calendar day at local midnight (what the calendar widget works with). */
export function parseIsoDate(iso: string): Date {
  const [year = 1970, month = 1, day = 1] = iso.split('-').map(Number);
  return new Date(year, month - 1, day);
}

/** A local calendar day → 'yyyy-MM-dd'. */
export function toIsoDate(date: Date): string {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1, 2)}-${pad(date.getDate(), 2)}`;
}

let longDateFormat: Intl.DateTimeFormat | undefined;
const longDate = () =>
  (longDateFormat ??= new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }));

/** '2031-03-04' → 'Tuesday, March 4, 2031'. */
export function formatLongDate(iso: string): string {
  return longDate().format(parseIsoDate(iso));
}

const shortDays = new Map<string, Intl.DateTimeFormat>();

/** An instant's day on `zone`'s calendar, short: 'Wed, Mar 5'. */
function shortDayInZone(instant: string, zone: string): string {
  let formatter = shortDays.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      weekday: 'short',
      month: 'short',
      day: 'numeric',
    });
    shortDays.set(zone, formatter);
  }
  return formatter.format(new Date(instant));
}

/**
 * The visitor's own IANA time zone, read when a screen needs it: the booking page's first screen does not, so it
 * paints and hydrates without loading the locale data (issue 48).
 */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * An instant the server gave (ISO 8601) on `zone`'s clock: '7:00 PM', the pass named where that wall time
 * happens twice ('1:30 AM EDT'), and the day added when the instant falls on another date there than
 * `dateIso` (the agent's date of the slot): '1:00 AM (Wed, Mar 5)'. Wall labels are never turned back into
 * instants here: the server decides instants (issue 10).
 */
export function instantLabel(instant: string, zone: string, dateIso?: string): string {
  const label = clockLabel(instant, zone);
  if (!dateIso || dateInZone(instant, zone) === dateIso) return label;
  return `${label} (${shortDayInZone(instant, zone)})`;
}

/**
 * The Time row of a summary: the agent's clock (and zone, by its name: '2:00 PM Eastern Time (New York)'),
 * and the buyer's own clock below it when their zone differs — both read off the server's instant.
 */
export function timeSummary(
  instant: string,
  dateIso: string,
  agentZone: string,
  buyerZone: string,
): { value: string; detail?: string } {
  return {
    value: `${instantLabel(instant, agentZone)} ${timeZoneName(agentZone, new Date(instant))}`,
    detail:
      buyerZone !== agentZone
        ? `${instantLabel(instant, buyerZone, dateIso)} your time, ${timeZoneName(buyerZone, new Date(instant))}`
        : undefined,
  };
}

/**
 * An instant with its day, on the agent's clock and named zone like the page's other times, and the buyer's
 * own clock after it when their zone differs: 'Wed, Dec 2, 7:00 PM Eastern Time (New York) (6:00 PM your
 * time, Central Time (Chicago))' (issue 39: the access details' release time on the manage page).
 */
export function instantWithDay(instant: string, agentZone: string, buyerZone: string): string {
  const at = new Date(instant);
  const agentSide = `${shortDayInZone(instant, agentZone)}, ${clockLabel(instant, agentZone)} ${timeZoneName(agentZone, at)}`;
  if (buyerZone === agentZone) return agentSide;
  return `${agentSide} (${instantLabel(instant, buyerZone, dateInZone(instant, agentZone))} your time, ${timeZoneName(buyerZone, at)})`;
}

/** The purpose as the buyer chose it: its label, or what they typed for 'Other (Specify)'. */
export function purposeLabel(purpose: BookingPurpose | '' | null, customPurpose: string | null): string {
  if (!purpose) return BOOKING_PURPOSE_LABELS.property_viewing;
  if (purpose === 'custom') return customPurpose?.trim() || BOOKING_PURPOSE_LABELS.custom;
  return BOOKING_PURPOSE_LABELS[purpose];
}

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The agent's brand colour when it is a hex colour (it lands in a CSS variable), else `fallback`. */
export function safeColor(color: string | null | undefined, fallback: string): string {
  return color && HEX_COLOR.test(color.trim()) ? color.trim() : fallback;
}

/** The CSS variables that carry the agent's colour to every accent of the booking screens. */
export function brandStyle(primaryColor: string): Record<string, string> {
  return { '--kt-primary': primaryColor, '--kt-on-primary': textColorOn(primaryColor) };
}
