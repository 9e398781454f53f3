// Calendar and wall-clock arithmetic of the slot engine: dates as day numbers since 1970-01-01 and wall
// times as minutes or seconds of the day, by integer arithmetic (no Date per day, no Intl per candidate).
import { millisecondsInDay as DAY_MS } from 'date-fns/constants';
import { TIME_24_PATTERN, TIME_WITH_SECONDS_PATTERN, isValidIsoDate, isValidTime24 } from '../time';
import { offsetAt } from './zoneOffsets';

/** 'HH:mm' → minutes since midnight; RangeError for anything else (rules come validated by the schema). */
export function minuteOfDay(time: string): number {
  if (!isValidTime24(time)) throw new RangeError(`Not an HH:mm time: '${time}'`);
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** 'HH:mm' or 'HH:mm:ss' → seconds since midnight, or null. */
export function secondsOfDay(time: string): number | null {
  if (!TIME_24_PATTERN.test(time) && !TIME_WITH_SECONDS_PATTERN.test(time)) return null;
  return Number(time.slice(0, 2)) * 3600 + Number(time.slice(3, 5)) * 60 + Number(time.slice(6, 8) || 0);
}

/** Days since 1970-01-01 of a yyyy-MM-dd date; RangeError if it is not one. */
export function dayNumber(date: string): number {
  if (!isValidIsoDate(date)) throw new RangeError(`Not a yyyy-MM-dd date: '${date}'`);
  return Date.parse(`${date}T00:00:00Z`) / DAY_MS;
}

/** yyyy-MM-dd of a day number, by integer arithmetic (H. Hinnant's civil_from_days): no Date per day. */
export function isoDate(day: number): string {
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153); // March = 0
  const dayOfMonth = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(dayOfMonth)}`;
}

/** The day number of the agent-zone date of an instant, from one offset lookup instead of a zoned Date. */
export function todayNumber(now: Date, timeZone: string): number {
  return Math.floor((now.getTime() + offsetAt(timeZone, now.getTime())) / DAY_MS);
}

/** Sunday = 0; day 0 (1970-01-01) was a Thursday. */
export function weekdayOf(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

export function pad2(n: number): string {
  return String(n).padStart(2, '0');
}
