import { describe, expect, it } from 'vitest';
import { inQuietHours, quietHoursEnd, textTiming } from './quietHours';

const NY = 'America/New_York';
const LA = 'America/Los_Angeles';

describe('quiet hours (9 PM – 8 AM at the recipient’s local time)', () => {
  it('9 PM is quiet, 8 AM is not; 8:59 PM and 7:59 AM are on each side', () => {
    expect(inQuietHours(new Date('2026-06-10T01:00:00Z'), NY)).toBe(true); // 21:00 EDT
    expect(inQuietHours(new Date('2026-06-10T00:59:00Z'), NY)).toBe(false); // 20:59
    expect(inQuietHours(new Date('2026-06-10T11:59:00Z'), NY)).toBe(true); // 07:59
    expect(inQuietHours(new Date('2026-06-10T12:00:00Z'), NY)).toBe(false); // 08:00
    // The same instant is 8 AM in New York and 5 AM in Los Angeles: quiet there.
    expect(inQuietHours(new Date('2026-06-10T12:00:00Z'), LA)).toBe(true);
  });

  it('the end is 8 AM that morning, or the next morning after 9 PM (across a month end)', () => {
    expect(quietHoursEnd(new Date('2026-06-10T07:00:00Z'), NY).toISOString()).toBe(
      '2026-06-10T12:00:00.000Z',
    );
    expect(quietHoursEnd(new Date('2026-07-01T02:30:00Z'), NY).toISOString()).toBe(
      '2026-07-01T12:00:00.000Z',
    );
    // 21:30 CDT on 30 June → 8 AM CDT on 1 July; 22:00 HST on 31 December → 8 AM on 1 January.
    expect(quietHoursEnd(new Date('2026-07-01T02:30:00Z'), 'America/Chicago').toISOString()).toBe(
      '2026-07-01T13:00:00.000Z',
    );
    expect(quietHoursEnd(new Date('2027-01-01T08:00:00Z'), 'Pacific/Honolulu').toISOString()).toBe(
      '2027-01-01T18:00:00.000Z',
    );
  });

  it('DST: the night the clocks go forward, 8 AM is EDT (12:00 UTC), not 13:00', () => {
    // 2027-03-14: 2 AM EST → 3 AM EDT. 10 PM EST on the 13th is 03:00 UTC on the 14th.
    const night = new Date('2027-03-14T03:00:00Z');
    expect(inQuietHours(night, NY)).toBe(true);
    expect(quietHoursEnd(night, NY).toISOString()).toBe('2027-03-14T12:00:00.000Z');
  });

  it('DST: the night the clocks go back, 8 AM is EST (13:00 UTC), and the repeated 1 AM is quiet both times', () => {
    // 2026-11-01: 2 AM EDT → 1 AM EST.
    expect(inQuietHours(new Date('2026-11-01T05:30:00Z'), NY)).toBe(true); // 1:30 EDT
    expect(inQuietHours(new Date('2026-11-01T06:30:00Z'), NY)).toBe(true); // 1:30 EST
    expect(quietHoursEnd(new Date('2026-11-01T05:30:00Z'), NY).toISOString()).toBe(
      '2026-11-01T13:00:00.000Z',
    );
    expect(quietHoursEnd(new Date('2026-11-01T01:30:00Z'), NY).toISOString()).toBe(
      '2026-11-01T13:00:00.000Z',
    );
  });
});

describe('textTiming: a text due in quiet hours goes at 8 AM, or by e-mail when 8 AM is too late', () => {
  it('outside quiet hours: at once', () => {
    const due = new Date('2026-06-10T15:00:00Z');
    expect(textTiming(due, NY, new Date('2026-06-10T16:00:00Z'))).toEqual({
      by: 'text',
      at: due,
      deferred: false,
    });
  });

  it('a 24-hour reminder due at 11 PM for a 11 PM showing tomorrow: 8 AM', () => {
    const due = new Date('2026-06-10T03:00:00Z'); // 23:00 EDT on 9 June
    expect(textTiming(due, NY, new Date('2026-06-11T03:00:00Z'))).toEqual({
      by: 'text',
      at: new Date('2026-06-10T12:00:00Z'),
      deferred: true,
    });
  });

  it('a 1-hour reminder at 6:30 AM for a 7:30 AM showing: 8 AM is after the start, so e-mail at 6:30', () => {
    const due = new Date('2026-06-10T10:30:00Z');
    expect(textTiming(due, NY, new Date('2026-06-10T11:30:00Z'))).toEqual({ by: 'email', at: due });
  });

  it('a showing at exactly 8 AM: the morning is not before the start, so e-mail', () => {
    const due = new Date('2026-06-10T11:00:00Z'); // 7 AM
    expect(textTiming(due, NY, new Date('2026-06-10T12:00:00Z')).by).toBe('email');
  });

  it('no deadline (the feedback ask): always the morning', () => {
    const due = new Date('2026-06-10T02:00:00Z'); // 22:00 EDT
    expect(textTiming(due, NY)).toEqual({ by: 'text', at: new Date('2026-06-10T12:00:00Z'), deferred: true });
  });

  it('DST spring-forward morning: deferred to 8 AM EDT', () => {
    const due = new Date('2027-03-14T06:30:00Z'); // 1:30 EST (before the jump)
    expect(textTiming(due, NY, new Date('2027-03-14T18:00:00Z'))).toEqual({
      by: 'text',
      at: new Date('2027-03-14T12:00:00Z'),
      deferred: true,
    });
  });
});
