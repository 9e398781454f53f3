// Issue 44 "Open houses with capacity": the rules named — a window's 30-minute groups (a short last piece is no
// group; across a DST change groups are real 30-minute steps), the places left of a group, and the window's checks.
import { describe, expect, it } from 'vitest';
import { OPEN_HOUSE_TEXTS, openHouseGroups, openHouseWindowProblem, placesLeft } from './openHouse';

const at = (iso: string) => new Date(iso);

describe('openHouseGroups', () => {
  it('cuts 13:00–15:00 into four 30-minute groups', () => {
    expect(
      openHouseGroups(at('2030-01-08T18:00:00Z'), at('2030-01-08T20:00:00Z')).map((d) => d.toISOString()),
    ).toEqual([
      '2030-01-08T18:00:00.000Z',
      '2030-01-08T18:30:00.000Z',
      '2030-01-08T19:00:00.000Z',
      '2030-01-08T19:30:00.000Z',
    ]);
  });

  it('steps real minutes across the fall-back night (01:00–03:00 EDT→EST is 3 hours: six groups)', () => {
    // 2030-11-03 01:00 EDT = 05:00Z; 03:00 EST = 08:00Z.
    expect(openHouseGroups(at('2030-11-03T05:00:00Z'), at('2030-11-03T08:00:00Z'))).toHaveLength(6);
  });

  it('leaves out a last piece shorter than a group', () => {
    expect(openHouseGroups(at('2030-01-08T18:00:00Z'), at('2030-01-08T18:45:00Z'))).toHaveLength(1);
  });
});

describe('placesLeft and openHouseWindowProblem', () => {
  it('never says fewer than none left', () => {
    expect(placesLeft(10, 3)).toBe(7);
    expect(placesLeft(10, 10)).toBe(0);
    expect(placesLeft(10, 12)).toBe(0);
  });

  it('takes whole groups from 30 minutes to 8 hours, to the minute', () => {
    const start = at('2030-01-08T18:00:00Z');
    const plus = (m: number) => new Date(start.getTime() + m * 60_000);
    expect(openHouseWindowProblem(start, plus(29))).toBe(OPEN_HOUSE_TEXTS.form.tooShort);
    expect(openHouseWindowProblem(start, plus(30))).toBeNull();
    expect(openHouseWindowProblem(start, plus(45))).toBe(OPEN_HOUSE_TEXTS.form.wholeGroups);
    expect(openHouseWindowProblem(start, plus(480))).toBeNull();
    expect(openHouseWindowProblem(start, plus(510))).toBe(OPEN_HOUSE_TEXTS.form.tooLong);
  });
});
