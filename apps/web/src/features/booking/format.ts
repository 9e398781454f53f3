// How the booking screens write dates, times, money and time zones. Booking dates and times are the agent's
// wall clock (yyyy-MM-dd, HH:mm); the buyer may see the same instants on their own clock. Written with Intl,
// no date library: the booking page's first screen imports this file, and date-fns stays with the lazy
// calendar (decision 036).
import { BOOKING_PURPOSE_LABELS, wholeDollars } from '@keyturn/domain/enums';
import type { BookingPurpose } from '@keyturn/domain/enums';
import { clockLabel, dateInZone, timeZoneName } from '@keyturn/domain/time';
import { textColorOn } from '@keyturn/domain/contrast';
import { INTL_LOCALE } from '@keyturn/domain/i18n/locales';
import { translator } from '@/lib/i18n';
import { BOOKING, type BookingT } from './texts';

/** The page's Intl locale (useLocale().intlLocale); English where a caller names none. */
const EN = INTL_LOCALE.en;
const english = (): BookingT => translator(BOOKING, 'en');

// The formatters are made on first use (issue 48): the first Intl object loads the locale data (~130 ms on a
// slowed phone CPU), and the booking page's first screen formats neither a price nor a date.

const prices = new Map<string, Intl.NumberFormat>();

/** A price in whole dollars, in the page's Intl locale. */
export function formatPrice(price: number, intl: string = EN): string {
  if (intl === EN) return wholeDollars(price);
  let formatter = prices.get(intl);
  if (!formatter) {
    formatter = new Intl.NumberFormat(intl, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
    prices.set(intl, formatter);
  }
  return formatter.format(price);
}

/** 'yyyy-MM-dd' → that calendar day at local midnight (what the calendar widget works with). */
export function parseIsoDate(iso: string): Date {
  const [year = 1970, month = 1, day = 1] = iso.split('-').map(Number);
  return new Date(year, month - 1, day);
}

/** A local calendar day → 'yyyy-MM-dd' (the calendar's own naming of its days). */
export { localIsoDate as toIsoDate } from '@keyturn/domain/time';

const longDates = new Map<string, Intl.DateTimeFormat>();

/** '2031-03-04' → 'Tuesday, March 4, 2031' (es-US: 'martes, 4 de marzo de 2031'). */
export function formatLongDate(iso: string, intl: string = EN): string {
  let formatter = longDates.get(intl);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(intl, {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
    });
    longDates.set(intl, formatter);
  }
  return formatter.format(parseIsoDate(iso));
}

const shortDays = new Map<string, Intl.DateTimeFormat>();

/** An instant's day on `zone`'s calendar, short: 'Wed, Mar 5'. */
function shortDayInZone(instant: string, zone: string, intl: string): string {
  let formatter = shortDays.get(`${intl} ${zone}`);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(intl, {
      timeZone: zone,
      weekday: 'short',
      month: 'short',
      day: 'numeric',
    });
    shortDays.set(`${intl} ${zone}`, formatter);
  }
  return formatter.format(new Date(instant));
}

/** The visitor's own IANA time zone by its current name (lib/time-zones.ts). */
export { browserTimeZone } from '@/lib/time-zones';

/**
 * An instant the server gave (ISO 8601) on `zone`'s clock: '7:00 PM', the pass named where that wall time
 * happens twice ('1:30 AM EDT'), and the day added when the instant falls on another date there than
 * `dateIso` (the agent's date of the slot): '1:00 AM (Wed, Mar 5)'. Wall labels are never turned back into
 * instants here: the server decides instants (issue 10).
 */
export function instantLabel(instant: string, zone: string, dateIso?: string, intl: string = EN): string {
  const label = clockLabel(instant, zone, intl);
  if (!dateIso || dateInZone(instant, zone) === dateIso) return label;
  return `${label} (${shortDayInZone(instant, zone, intl)})`;
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
  intl: string = EN,
  t: BookingT = english(),
): { value: string; detail?: string } {
  const at = new Date(instant);
  return {
    value: `${instantLabel(instant, agentZone, undefined, intl)} ${timeZoneName(agentZone, at, intl)}`,
    detail:
      buyerZone !== agentZone
        ? t('yourTime', {
            time: instantLabel(instant, buyerZone, dateIso, intl),
            zone: timeZoneName(buyerZone, at, intl),
          })
        : undefined,
  };
}

/**
 * An instant with its day, on the agent's clock and named zone like the page's other times, and the buyer's
 * own clock after it when their zone differs: 'Wed, Dec 2, 7:00 PM Eastern Time (New York) (6:00 PM your
 * time, Central Time (Chicago))' (issue 39: the access details' release time on the manage page).
 */
export function instantWithDay(
  instant: string,
  agentZone: string,
  buyerZone: string,
  intl: string = EN,
  t: BookingT = english(),
): string {
  const at = new Date(instant);
  const agentSide = `${shortDayInZone(instant, agentZone, intl)}, ${clockLabel(instant, agentZone, intl)} ${timeZoneName(agentZone, at, intl)}`;
  if (buyerZone === agentZone) return agentSide;
  const buyerSide = t('yourTime', {
    time: instantLabel(instant, buyerZone, dateInZone(instant, agentZone), intl),
    zone: timeZoneName(buyerZone, at, intl),
  });
  return `${agentSide} (${buyerSide})`;
}

/** Each purpose's label in the booking catalogue (the domain's BOOKING_PURPOSE_LABELS are their English). */
export const PURPOSE_KEYS = {
  property_viewing: 'pViewing',
  open_house: 'pOpenHouse',
  private_showing: 'pPrivate',
  property_valuation: 'pValuation',
  custom: 'pCustom',
} as const satisfies Record<BookingPurpose, string>;

/** The purpose as the buyer chose it: its label (in `t`'s language), or what they typed for 'Other (Specify)'. */
export function purposeLabel(
  purpose: BookingPurpose | '' | null,
  customPurpose: string | null,
  t?: BookingT,
): string {
  const label = (value: BookingPurpose) => (t ? t(PURPOSE_KEYS[value]) : BOOKING_PURPOSE_LABELS[value]);
  if (!purpose) return label('property_viewing');
  if (purpose === 'custom') return customPurpose?.trim() || label('custom');
  return label(purpose);
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
