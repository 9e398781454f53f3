import { describe, expect, it } from 'vitest';
import {
  benchmarksAvailable,
  funnelOf,
  isHotFeedback,
  leadTimeBucket,
  rate,
  type FunnelBooking,
} from './reportRules';

describe('rule "hot feedback" (the funnel\'s last step)', () => {
  it('very interested is hot, whatever the second-showing answer', () => {
    expect(isHotFeedback({ interest_level: 'very_interested', second_showing: null })).toBe(true);
    expect(isHotFeedback({ interest_level: 'very_interested', second_showing: false })).toBe(true);
  });
  it('wanting a second showing is hot even when only somewhat (or not) interested', () => {
    expect(isHotFeedback({ interest_level: 'somewhat_interested', second_showing: true })).toBe(true);
    expect(isHotFeedback({ interest_level: 'not_interested', second_showing: true })).toBe(true);
  });
  it('somewhat or not interested without a second showing is not hot', () => {
    expect(isHotFeedback({ interest_level: 'somewhat_interested', second_showing: false })).toBe(false);
    expect(isHotFeedback({ interest_level: 'not_interested', second_showing: null })).toBe(false);
  });
});

describe('funnelOf: booked → showed → feedback → hot', () => {
  const hot = { interest_level: 'very_interested', second_showing: null } as const;
  const cold = { interest_level: 'not_interested', second_showing: false } as const;
  it('rule "booked": rescheduled and declined bookings are not counted', () => {
    const list: FunnelBooking[] = [
      { status: 'rescheduled', feedback: null },
      { status: 'declined', feedback: null },
      { status: 'pending', feedback: null },
      { status: 'cancelled', feedback: null },
    ];
    expect(funnelOf(list)).toEqual({ booked: 2, showed: 0, feedback: 0, hot: 0 });
  });
  it('rule "showed": completed, or feedback given on a showing not marked completed', () => {
    const list: FunnelBooking[] = [
      { status: 'completed', feedback: null },
      { status: 'confirmed', feedback: hot },
      { status: 'completed', feedback: cold },
      { status: 'no_show', feedback: null },
    ];
    expect(funnelOf(list)).toEqual({ booked: 4, showed: 3, feedback: 2, hot: 1 });
  });
});

describe('rate', () => {
  it('is a fraction to 4 places, null with nothing to divide by', () => {
    expect(rate(1, 4)).toBe(0.25);
    expect(rate(2, 9)).toBe(0.2222);
    expect(rate(0, 0)).toBeNull();
  });
});

describe('leadTimeBucket', () => {
  it('buckets days booked ahead: under 1, under 3, under 7, under 14, the rest', () => {
    expect([0, 0.9, 1, 2.9, 3, 6.9, 7, 13.9, 14, 60].map(leadTimeBucket)).toEqual([
      'same_day',
      'same_day',
      'one_to_three',
      'one_to_three',
      'four_to_seven',
      'four_to_seven',
      'one_to_two_weeks',
      'one_to_two_weeks',
      'over_two_weeks',
      'over_two_weeks',
    ]);
  });
});

describe('rule "benchmarks need 5 agents"', () => {
  it('4 contributing agents show nothing of others; 5 do', () => {
    expect(benchmarksAvailable(4)).toBe(false);
    expect(benchmarksAvailable(5)).toBe(true);
  });
});
