// Issue 44 "Held times": each rule by name — a hold lasts real minutes (a DST change neither stretches nor
// shortens it), the time left counts down to 0 and never below, and the clock the page shows.
import { describe, expect, it } from 'vitest';
import {
  heldTimesLabel,
  HOLD_MINUTES_DEFAULT,
  holdClock,
  holdExpiresAt,
  holdMinutesChoices,
  holdMinutesLabel,
  holdSecondsLeft,
} from './holds';

describe('a hold’s expiry', () => {
  it('is the agent’s minutes of real time after it was made (5 by default)', () => {
    const now = new Date('2030-01-08T15:00:00Z');
    expect(HOLD_MINUTES_DEFAULT).toBe(5);
    expect(holdExpiresAt(now, HOLD_MINUTES_DEFAULT).toISOString()).toBe('2030-01-08T15:05:00.000Z');
  });

  it('across the spring DST jump (01:58 EST → 03:03 EDT on the wall) lasts exactly 5 minutes', () => {
    const now = new Date('2030-03-10T06:58:00Z'); // 01:58 in New York, two minutes before 02:00 → 03:00
    const ends = holdExpiresAt(now, 5);
    expect(ends.getTime() - now.getTime()).toBe(5 * 60_000);
    expect(ends.toISOString()).toBe('2030-03-10T07:03:00.000Z'); // 03:03 EDT on the wall
  });

  it('across the autumn repeated hour lasts exactly 5 minutes too', () => {
    const now = new Date('2030-11-03T05:58:00Z'); // 01:58 EDT; the clock goes back at 02:00
    expect(holdExpiresAt(now, 5).getTime() - now.getTime()).toBe(5 * 60_000);
  });
});

describe('the time left', () => {
  const ends = '2030-01-08T15:05:00.000Z';
  it('counts whole seconds up, down to 0 at the end and never below', () => {
    expect(holdSecondsLeft(ends, new Date('2030-01-08T15:00:00Z'))).toBe(300);
    expect(holdSecondsLeft(ends, new Date('2030-01-08T15:04:59.200Z'))).toBe(1);
    expect(holdSecondsLeft(ends, new Date('2030-01-08T15:05:00Z'))).toBe(0);
    expect(holdSecondsLeft(new Date(ends), new Date('2030-01-08T15:09:00Z'))).toBe(0);
  });

  it('shows as m:ss', () => {
    expect([holdClock(300), holdClock(61), holdClock(9), holdClock(0), holdClock(-3)]).toEqual([
      '5:00',
      '1:01',
      '0:09',
      '0:00',
      '0:00',
    ]);
  });
});

describe('a tour’s held times', () => {
  it('are named in order, the last after “and”', () => {
    expect(heldTimesLabel(['10:00 AM'])).toBe('10:00 AM');
    expect(heldTimesLabel(['10:00 AM', '11:30 AM'])).toBe('10:00 AM and 11:30 AM');
    expect(heldTimesLabel(['10:00 AM', '11:30 AM', '1:00 PM'])).toBe('10:00 AM, 11:30 AM and 1:00 PM');
    expect(heldTimesLabel([])).toBe('');
  });
});

describe('the setting', () => {
  it('offers 2, 5, 10 and 15 minutes, keeping a stored value in its place', () => {
    expect(holdMinutesChoices(5)).toEqual([2, 5, 10, 15]);
    expect(holdMinutesChoices(7)).toEqual([2, 5, 7, 10, 15]);
    expect([holdMinutesLabel(1), holdMinutesLabel(5)]).toEqual(['1 minute', '5 minutes']);
  });
});
