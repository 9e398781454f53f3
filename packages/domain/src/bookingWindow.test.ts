import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { availableWeekdays, bookableDates, isAvailableWeekday } from './bookingWindow';

const allWeek = (available: number[]) =>
  [0, 1, 2, 3, 4, 5, 6].map((day_of_week) => ({
    day_of_week,
    is_available: available.includes(day_of_week),
  }));

const weekday = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();

describe('bookableDates (spec §5, §9)', () => {
  it('runs from tomorrow through 60 days ahead when every day is available', () => {
    const dates = bookableDates('2025-06-10', allWeek([0, 1, 2, 3, 4, 5, 6]));
    expect(dates).toHaveLength(60);
    expect(dates[0]).toBe('2025-06-11');
    expect(dates.at(-1)).toBe('2025-08-09');
  });

  it('never includes today', () => {
    expect(bookableDates('2025-06-10', allWeek([2]))).not.toContain('2025-06-10');
  });

  it('keeps only days whose is_available is true', () => {
    const dates = bookableDates('2025-06-10', allWeek([0, 6]));
    expect(dates.length).toBeGreaterThan(0);
    for (const date of dates) expect([0, 6]).toContain(weekday(date));
  });

  it('empty availability means Monday to Friday', () => {
    const dates = bookableDates('2025-06-10', []);
    expect(new Set(dates.map(weekday))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(dates[0]).toBe('2025-06-11');
  });

  it('availability with every day off gives no dates (not the fallback)', () => {
    expect(bookableDates('2025-06-10', allWeek([]))).toEqual([]);
  });

  it('crosses month, year and DST boundaries without skipping or repeating a day', () => {
    const dates = bookableDates('2025-12-20', allWeek([0, 1, 2, 3, 4, 5, 6]));
    expect(dates.slice(10, 14)).toEqual(['2025-12-31', '2026-01-01', '2026-01-02', '2026-01-03']);
    const march = bookableDates('2025-03-01', allWeek([0, 1, 2, 3, 4, 5, 6]));
    expect(march).toContain('2025-03-09');
    expect(march).toContain('2025-03-30');
    expect(new Set(march).size).toBe(60);
  });

  it('for any today and any availability, every date is in the window and on an available weekday', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2099-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.subarray([0, 1, 2, 3, 4, 5, 6]),
        (todayDate, open) => {
          const todayIso = todayDate.toISOString().slice(0, 10);
          const dates = bookableDates(todayIso, allWeek(open));
          const todayMs = Date.parse(`${todayIso}T00:00:00Z`);
          for (const date of dates) {
            const offset = (Date.parse(`${date}T00:00:00Z`) - todayMs) / 86_400_000;
            expect(offset).toBeGreaterThanOrEqual(1);
            expect(offset).toBeLessThanOrEqual(60);
            expect(open).toContain(weekday(date));
          }
          const expectedCount = Array.from(
            { length: 60 },
            (_, i) => (new Date(todayMs).getUTCDay() + i + 1) % 7,
          ).filter((d) => open.includes(d)).length;
          expect(dates).toHaveLength(expectedCount);
        },
      ),
    );
  });

  it('refuses a today that is not yyyy-MM-dd', () => {
    expect(() => bookableDates('10/06/2025', [])).toThrow(RangeError);
  });
});

describe('availableWeekdays / isAvailableWeekday', () => {
  it('reads the entries, with Monday to Friday for an empty list', () => {
    expect(availableWeekdays(allWeek([2, 4]))).toEqual(new Set([2, 4]));
    expect(availableWeekdays([])).toEqual(new Set([1, 2, 3, 4, 5]));
  });

  it('tells whether a date falls on an available weekday', () => {
    expect(isAvailableWeekday('2025-06-14', [])).toBe(false); // Saturday
    expect(isAvailableWeekday('2025-06-14', allWeek([6]))).toBe(true);
    expect(isAvailableWeekday('not a date', allWeek([6]))).toBe(false);
  });
});
