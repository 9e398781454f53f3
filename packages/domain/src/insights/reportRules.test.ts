import { describe, expect, it } from 'vitest';
import { benchmarksAvailable, leadTimeBucket, rate } from './reportRules';

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
