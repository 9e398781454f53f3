// Issue 44 "Waitlist": the rules named — the part of the day a time belongs to (to the minute at its bounds),
// the order of the line (first joined first, ties by id, only waiting buyers), a buyer's place (offered buyers
// still count ahead), the offer's 15 real minutes across a DST change, and the date as people read it.
import { describe, expect, it } from 'vitest';
import {
  lineOrder,
  partMatches,
  placeInLine,
  WAITLIST_OFFER_MINUTES,
  waitlistDateLabel,
  waitlistOfferExpiresAt,
  type WaitlistStatus,
} from './waitlist';

describe('partMatches: the part of the day a time belongs to', () => {
  it('morning is before 12:00, afternoon 12:00 to before 17:00, evening from 17:00; any takes all', () => {
    expect(partMatches('morning', '11:59')).toBe(true);
    expect(partMatches('morning', '12:00')).toBe(false);
    expect(partMatches('afternoon', '12:00')).toBe(true);
    expect(partMatches('afternoon', '16:59')).toBe(true);
    expect(partMatches('afternoon', '17:00')).toBe(false);
    expect(partMatches('evening', '17:00')).toBe(true);
    expect(partMatches('evening', '23:30')).toBe(true);
    expect(partMatches('evening', '09:00')).toBe(false);
    for (const time of ['00:00', '12:00', '23:30']) expect(partMatches('any', time)).toBe(true);
  });
});

const entry = (id: string, joinedAt: string, status: WaitlistStatus = 'waiting') => ({
  id,
  joinedAt,
  status,
});

describe('lineOrder and placeInLine: the order of the line', () => {
  it('offers first the buyer who joined first; ties go by id; only waiting buyers are in the order', () => {
    const line = [
      entry('c', '2030-01-07T15:02:00Z'),
      entry('b', '2030-01-07T15:01:00Z'),
      entry('a', '2030-01-07T15:01:00Z'),
      entry('z', '2030-01-07T15:00:00Z', 'offered'),
      entry('y', '2030-01-07T14:00:00Z', 'left'),
    ];
    expect(lineOrder(line).map((e) => e.id)).toEqual(['a', 'b', 'c']);
  });

  it('a place counts everyone still in line ahead (an offered buyer too), not those who left or booked', () => {
    const line = [
      entry('first', '2030-01-07T15:00:00Z', 'offered'),
      entry('gone', '2030-01-07T15:01:00Z', 'left'),
      entry('booked', '2030-01-07T15:01:30Z', 'booked'),
      entry('second', '2030-01-07T15:02:00Z'),
      entry('third', '2030-01-07T15:03:00Z'),
    ];
    expect(placeInLine(line, 'first')).toBe(1);
    expect(placeInLine(line, 'second')).toBe(2);
    expect(placeInLine(line, 'third')).toBe(3);
    expect(placeInLine(line, 'gone')).toBeNull();
  });
});

describe('waitlistOfferExpiresAt: the offer holds the time 15 real minutes', () => {
  it('an offer made at 01:50 EDT on the fall-back night ends 15 minutes later by the clock of the world', () => {
    // 2030-11-03 01:50 EDT (05:50Z); the clocks go back at 02:00 EDT to 01:00 EST.
    const made = new Date('2030-11-03T05:50:00Z');
    expect(WAITLIST_OFFER_MINUTES).toBe(15);
    expect(waitlistOfferExpiresAt(made).toISOString()).toBe('2030-11-03T06:05:00.000Z');
  });
});

describe('waitlistDateLabel', () => {
  it('reads an agent-zone date as it is, whatever the zone of the machine', () => {
    expect(waitlistDateLabel('2030-01-08')).toBe('Tuesday, January 8, 2030');
    expect(waitlistDateLabel('2030-12-31')).toBe('Tuesday, December 31, 2030');
  });
});
