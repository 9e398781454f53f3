// Issue 39: the access details' release time on the manage page is on the agent's clock, its zone named like
// the page's other times, with the buyer's own clock after it when they are elsewhere.
import { describe, expect, it } from 'vitest';
import { instantWithDay } from './format';

describe('instantWithDay', () => {
  it("names the agent's zone; the buyer's clock follows only when their zone differs", () => {
    const at = '2030-01-08T23:00:00Z';
    expect(instantWithDay(at, 'America/New_York', 'America/New_York')).toBe(
      'Tue, Jan 8, 6:00 PM Eastern Time (New York)',
    );
    expect(instantWithDay(at, 'America/New_York', 'America/Los_Angeles')).toBe(
      'Tue, Jan 8, 6:00 PM Eastern Time (New York) (3:00 PM your time, Pacific Time (Los Angeles))',
    );
    // Past midnight on the buyer's clock: their day is named.
    expect(instantWithDay('2030-01-09T04:30:00Z', 'America/New_York', 'Europe/Berlin')).toMatch(
      /^Tue, Jan 8, 11:30 PM Eastern Time \(New York\) \(5:30 AM \(Wed, Jan 9\) your time, .*Berlin.*\)$/,
    );
  });
});
