// The first instant of a day or a month on an IANA zone's calendar (date-fns with @date-fns/tz). Apart from
// time.ts so that the wall-clock helpers there carry no date library to the browser (decision 036).
import { TZDate, tz } from '@date-fns/tz';
import { startOfDay, startOfMonth } from 'date-fns';

/** The first instant of a yyyy-MM-dd day in an IANA zone (where midnight is skipped by DST, the first that exists). */
export function startOfDayInZone(isoDate: string, timeZone: string): Date {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(startOfDay(new TZDate(y, m - 1, d, 12, 0, 0, timeZone)).getTime());
}

/** The first instant of the calendar month `instant` falls in, in an IANA time zone (plan limits count from it). */
export function startOfMonthInZone(instant: Date, timeZone: string): Date {
  return new Date(startOfMonth(instant, { in: tz(timeZone) }).getTime());
}
