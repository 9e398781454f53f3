// How the booking screens write dates, times, money and time zones. Booking dates and times are the agent's
// wall clock (yyyy-MM-dd, HH:mm); the buyer may see the same instants on their own clock.
import { TZDate, tz } from '@date-fns/tz';
import { format } from 'date-fns';
import { BOOKING_PURPOSE_LABELS } from '@keyturn/domain/enums';
import type { BookingPurpose } from '@keyturn/domain/enums';
import { to12Hour } from '@keyturn/domain/time';
import { textColorOn } from '@/components/booking-calendar/contrast';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

export function formatPrice(price: number): string {
  return usd.format(price);
}

/** 'yyyy-MM-dd' → that calendar day at local midnight (what the calendar widget works with). */
export function parseIsoDate(iso: string): Date {
  const [year = 1970, month = 1, day = 1] = iso.split('-').map(Number);
  return new Date(year, month - 1, day);
}

export function toIsoDate(date: Date): string {
  return format(date, 'yyyy-MM-dd');
}

/** '2031-03-04' → 'Tuesday, March 4, 2031'. */
export function formatLongDate(iso: string): string {
  return format(parseIsoDate(iso), 'EEEE, MMMM d, yyyy');
}

/** The visitor's own IANA time zone. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * A slot label: the agent's wall time in 12-hour form, or, with `viewZone`, the same instant on that zone's
 * clock ('7:00 PM', with the day added when the instant falls on another day there: '1:00 AM (Wed, Mar 5)').
 */
export function slotLabel(
  dateIso: string,
  time24: string,
  agentZone: string | null,
  viewZone: string | null = null,
): string {
  if (!agentZone || !viewZone || viewZone === agentZone) return to12Hour(time24);
  const instant = agentInstant(dateIso, time24, agentZone);
  const inView = tz(viewZone);
  const label = format(instant, 'h:mm a', { in: inView });
  const sameDay = format(instant, 'yyyy-MM-dd', { in: inView }) === dateIso;
  return sameDay ? label : `${label} (${format(instant, 'EEE, MMM d', { in: inView })})`;
}

/** The instant at which the agent's clock in `agentZone` shows `dateIso` `time24`. */
export function agentInstant(dateIso: string, time24: string, agentZone: string): Date {
  const [year = 1970, month = 1, day = 1] = dateIso.split('-').map(Number);
  const [hours = 0, minutes = 0] = time24.split(':').map(Number);
  return new TZDate(year, month - 1, day, hours, minutes, agentZone);
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
