// The reusable booking calendar of spec §2.8 and the calendar day rules of spec §5. Dates are the
// viewer's local calendar days (Date objects at any time of that day).
import {
  eachDayOfInterval,
  endOfMonth,
  endOfWeek,
  isBefore,
  isSameDay,
  isSameMonth,
  startOfDay,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import { localIsoDate } from './time';

export const WEEKDAY_HEADERS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] as const;
export const MONTH_TITLE_FORMAT = 'MMMM yyyy';
export const SELECTED_DATE_FORMAT = 'EEEE, MMMM d';

export interface CalendarCell {
  /** Local midnight of the day. */
  date: Date;
  /** The same day as yyyy-MM-dd, the form available dates are given in. */
  iso: string;
  inMonth: boolean;
}

export interface DayState {
  disabled: boolean;
  /** Gets the green marker. */
  available: boolean;
  /** Gets the small dot. */
  isToday: boolean;
  selectable: boolean;
}

/** The weeks shown for `month`: Sunday-first rows covering the whole month, padded with neighbouring days. */
export function calendarMonthGrid(month: Date): CalendarCell[][] {
  const days = eachDayOfInterval({
    start: startOfWeek(startOfMonth(month), { weekStartsOn: 0 }),
    end: endOfWeek(endOfMonth(month), { weekStartsOn: 0 }),
  });
  const weeks: CalendarCell[][] = [];
  days.forEach((date, index) => {
    if (index % 7 === 0) weeks.push([]);
    weeks.at(-1)?.push({ date, iso: localIsoDate(date), inMonth: isSameMonth(date, month) });
  });
  return weeks;
}

/**
 * Spec §5 "Calendar day rules", word for word: days before today at midnight and days outside the shown
 * month are disabled; a day is available when it is not today and matches an available date; selectable
 * only if not past and in the shown month. (So today, and an in-month day without slots, stay selectable;
 * the time panel then says there are no slots.)
 */
export function dayState(input: {
  day: Date;
  today: Date;
  shownMonth: Date;
  availableDates: readonly string[];
}): DayState {
  const { day, today, shownMonth, availableDates } = input;
  const past = isBefore(day, startOfDay(today));
  const inMonth = isSameMonth(day, shownMonth);
  const isToday = isSameDay(day, today);
  return {
    disabled: past || !inMonth,
    available: !isToday && availableDates.includes(localIsoDate(day)),
    isToday,
    selectable: !past && inMonth,
  };
}
