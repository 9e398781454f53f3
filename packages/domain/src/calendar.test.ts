import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import {
  MONTH_TITLE_FORMAT,
  SELECTED_DATE_FORMAT,
  WEEKDAY_HEADERS,
  calendarMonthGrid,
  dayState,
} from './calendar';

// Local dates, as the calendar shows the viewer's own days.
const june = (day: number, hour = 0) => new Date(2025, 5, day, hour);
const today = june(10, 15); // Tuesday 10 June 2025, mid-afternoon
const shownMonth = june(1);

describe('calendar formats (spec §2.8)', () => {
  it('weeks start on Sunday with headers SUN to SAT', () => {
    expect(WEEKDAY_HEADERS).toEqual(['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT']);
  });

  it("month title like 'June 2025' and selected date like 'Tuesday, June 10'", () => {
    expect(format(today, MONTH_TITLE_FORMAT)).toBe('June 2025');
    expect(format(today, SELECTED_DATE_FORMAT)).toBe('Tuesday, June 10');
  });
});

describe('calendarMonthGrid', () => {
  it('June 2025 is five Sunday-first weeks from 1 June to 5 July', () => {
    const weeks = calendarMonthGrid(june(17));
    expect(weeks).toHaveLength(5);
    for (const week of weeks) expect(week.map((cell) => cell.date.getDay())).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(weeks[0]?.[0]?.iso).toBe('2025-06-01');
    expect(weeks.at(-1)?.at(-1)?.iso).toBe('2025-07-05');
  });

  it('marks exactly the days of the month as inMonth', () => {
    const cells = calendarMonthGrid(new Date(2025, 1, 14)).flat(); // February 2025
    expect(cells.filter((c) => c.inMonth).map((c) => c.iso)).toHaveLength(28);
    expect(cells[0]).toMatchObject({ iso: '2025-01-26', inMonth: false });
    expect(cells.at(-1)).toMatchObject({ iso: '2025-03-01', inMonth: false });
  });

  it('a month starting on Saturday needs six weeks', () => {
    expect(calendarMonthGrid(new Date(2025, 10, 1))).toHaveLength(6); // November 2025
  });
});

describe('dayState (spec §5 calendar day rules)', () => {
  const state = (day: Date, availableDates: string[] = []) =>
    dayState({ day, today, shownMonth, availableDates });

  it('days before today at midnight are disabled and not selectable', () => {
    expect(state(june(9, 23), ['2025-06-09'])).toMatchObject({ disabled: true, selectable: false });
  });

  it('today is not disabled even after its midnight, and gets the dot', () => {
    expect(state(june(10, 0))).toEqual({
      disabled: false,
      available: false,
      isToday: true,
      selectable: true,
    });
  });

  it('today is never available, even when it is in the available dates', () => {
    expect(state(june(10), ['2025-06-10']).available).toBe(false);
  });

  it('a future day in the available dates is available (green marker) and selectable', () => {
    expect(state(june(12), ['2025-06-12'])).toEqual({
      disabled: false,
      available: true,
      isToday: false,
      selectable: true,
    });
  });

  it('a future in-month day without slots is not available but still selectable', () => {
    expect(state(june(14))).toEqual({ disabled: false, available: false, isToday: false, selectable: true });
  });

  it('days outside the shown month are disabled and not selectable', () => {
    expect(state(new Date(2025, 6, 2), ['2025-07-02'])).toMatchObject({ disabled: true, selectable: false });
  });

  it('selectable is exactly "not past and in the shown month", i.e. not disabled', () => {
    for (const cell of calendarMonthGrid(shownMonth).flat()) {
      const s = state(cell.date);
      expect(s.selectable).toBe(!s.disabled);
    }
  });
});
