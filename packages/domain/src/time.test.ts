import fc from 'fast-check';
import { tz } from '@date-fns/tz';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import {
  clockLabel,
  timeZoneLabel,
  timeZoneName,
  dateInZone,
  formatClock,
  isRepeatedWallTime,
  isoDateInZone,
  localIsoDate,
  wallClockInZone,
  isValidIsoDate,
  isValidTime24,
  to12Hour,
  to24Hour,
} from './time';

describe('to24Hour (spec §5: 12 AM becomes 00, 12 PM stays 12)', () => {
  it("'12:00 AM' → '00:00' and '12:30 AM' → '00:30'", () => {
    expect(to24Hour('12:00 AM')).toBe('00:00');
    expect(to24Hour('12:30 AM')).toBe('00:30');
  });

  it("'12:30 PM' stays '12:30'", () => {
    expect(to24Hour('12:30 PM')).toBe('12:30');
  });

  it("'1:00 PM' → '13:00', '9:30 AM' → '09:30', '11:59 PM' → '23:59'", () => {
    expect(to24Hour('1:00 PM')).toBe('13:00');
    expect(to24Hour('9:30 AM')).toBe('09:30');
    expect(to24Hour('11:59 PM')).toBe('23:59');
  });

  it('accepts lower case, a leading zero, no space and dotted a.m./p.m.', () => {
    expect(to24Hour('01:00 pm')).toBe('13:00');
    expect(to24Hour('4:00PM')).toBe('16:00');
    expect(to24Hour('7:15 a.m.')).toBe('07:15');
  });

  it("already 24-hour 'HH:mm' or 'HH:mm:ss' input → 'HH:mm'", () => {
    expect(to24Hour('14:00')).toBe('14:00');
    expect(to24Hour('09:30:00')).toBe('09:30');
    expect(to24Hour('00:00')).toBe('00:00');
  });

  it('throws on a time that does not exist', () => {
    for (const bad of ['13:00 PM', '0:30 AM', '24:00', '9:60', 'noon', '']) {
      expect(() => to24Hour(bad)).toThrow(RangeError);
    }
  });
});

describe('to12Hour', () => {
  it("'13:00' → '1:00 PM', '00:30' → '12:30 AM', '12:00' → '12:00 PM', '09:05:00' → '9:05 AM'", () => {
    expect(to12Hour('13:00')).toBe('1:00 PM');
    expect(to12Hour('00:30')).toBe('12:30 AM');
    expect(to12Hour('12:00')).toBe('12:00 PM');
    expect(to12Hour('09:05:00')).toBe('9:05 AM');
  });

  it('round-trips every minute of the day through to24Hour', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), (h, m) => {
        const time = `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
        expect(to24Hour(to12Hour(time))).toBe(time);
      }),
    );
  });
});

describe('isValidTime24', () => {
  it('accepts HH:mm from 00:00 to 23:59 only', () => {
    expect(['00:00', '23:59', '12:30'].every(isValidTime24)).toBe(true);
    expect(['24:00', '9:00', '12:60', '12:00:00', '1:00 PM', null, 900].some(isValidTime24)).toBe(false);
  });
});

describe('isValidIsoDate', () => {
  it('accepts yyyy-MM-dd dates that exist', () => {
    expect(['2024-02-29', '2025-12-31', '2025-01-01'].every(isValidIsoDate)).toBe(true);
  });

  it('refuses impossible days and other shapes', () => {
    expect(
      ['2025-02-29', '2025-06-31', '2025-6-1', '2025-06-01T10:00', '', undefined].some(isValidIsoDate),
    ).toBe(false);
  });
});

describe('wallClockInZone (booking_date/booking_time are agent-zone wall times, spec §3)', () => {
  it('gives the date and HH:mm of an instant in the agent zone', () => {
    const instant = new Date('2025-03-10T03:30:00Z');
    expect(wallClockInZone(instant, 'America/Los_Angeles')).toEqual({ date: '2025-03-09', time: '20:30' });
    expect(wallClockInZone(instant, 'Asia/Kolkata')).toEqual({ date: '2025-03-10', time: '09:00' });
  });

  it('reads the same wall clock as date-fns with @date-fns/tz, across zones, offsets and DST changes', () => {
    const zones = ['UTC', 'America/New_York', 'America/Santiago', 'Asia/Kolkata', 'Australia/Lord_Howe'];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2080, 0, 1) }),
        fc.constantFrom(...zones),
        (ms, zone) => {
          const instant = new Date(ms);
          expect(wallClockInZone(instant, zone)).toEqual({
            date: format(instant, 'yyyy-MM-dd', { in: tz(zone) }),
            time: format(instant, 'HH:mm', { in: tz(zone) }),
          });
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('throws RangeError on an unknown zone or an invalid instant', () => {
    expect(() => wallClockInZone(new Date(0), 'Not/A_Zone')).toThrow(RangeError);
    expect(() => isoDateInZone(new Date(Number.NaN), 'UTC')).toThrow(RangeError);
  });
});

describe('isoDateInZone', () => {
  it('gives the calendar date of an instant in a time zone', () => {
    const instant = new Date('2025-03-10T03:30:00Z');
    expect(isoDateInZone(instant, 'UTC')).toBe('2025-03-10');
    expect(isoDateInZone(instant, 'America/Los_Angeles')).toBe('2025-03-09');
    expect(isoDateInZone(instant, 'Asia/Tokyo')).toBe('2025-03-10');
  });
});

describe('clock labels of instants (issue 10: the browser shows the server instants, never re-derives them)', () => {
  it('formatClock writes 12-hour times with a plain space, optionally with the zone short name', () => {
    expect(formatClock('2026-06-10T18:05:00Z', 'America/New_York')).toBe('2:05 PM');
    expect(formatClock('2026-06-10T18:05:00Z', 'America/New_York', { zoneName: true })).toBe('2:05 PM EDT');
  });

  it('clockLabel names the pass of a repeated hour (New York, London, Lord Howe) and nothing else', () => {
    expect(clockLabel('2026-11-01T05:30:00Z', 'America/New_York')).toBe('1:30 AM EDT');
    expect(clockLabel('2026-11-01T06:30:00Z', 'America/New_York')).toBe('1:30 AM EST');
    expect(clockLabel('2026-11-01T07:30:00Z', 'America/New_York')).toBe('2:30 AM');
    // A London agent's 01:00 BST (00:00Z) is 8:00 PM the evening before for a New York buyer.
    expect(clockLabel('2026-10-25T00:00:00Z', 'Europe/London')).toBe('1:00 AM GMT+1');
    expect(clockLabel('2026-10-25T00:00:00Z', 'America/New_York')).toBe('8:00 PM');
    expect(isRepeatedWallTime('2026-04-04T14:45:00Z', 'Australia/Lord_Howe')).toBe(true);
    expect(isRepeatedWallTime('2026-04-04T13:45:00Z', 'Australia/Lord_Howe')).toBe(false);
  });

  it('dateInZone gives the date an instant falls on in a zone', () => {
    expect(dateInZone('2026-10-25T00:00:00Z', 'Europe/London')).toBe('2026-10-25');
    expect(dateInZone('2026-10-25T00:00:00Z', 'America/New_York')).toBe('2026-10-24');
  });
});

describe('timeZoneLabel: a zone as people name it, with its offset (issue 19)', () => {
  it('names the zone, its city and the offset at the given instant (standard and daylight time)', () => {
    expect(timeZoneLabel('America/Chicago', new Date('2026-01-15T12:00:00Z'))).toBe(
      'Central Time (Chicago) — GMT-6',
    );
    expect(timeZoneLabel('America/Chicago', new Date('2026-07-15T12:00:00Z'))).toBe(
      'Central Time (Chicago) — GMT-5',
    );
    expect(timeZoneLabel('Asia/Kolkata', new Date('2026-01-15T12:00:00Z'))).toBe(
      'India Standard Time (Kolkata) — GMT+5:30',
    );
  });

  it('a zone without a common name shows its city; an unknown zone stays as given', () => {
    expect(timeZoneLabel('UTC', new Date('2026-01-15T12:00:00Z'))).toBe('UTC — GMT+0');
    expect(timeZoneLabel('Mars/Olympus')).toBe('Mars/Olympus');
  });
});

describe('timeZoneName: a zone named without its offset, for times already on its clock (issue 19)', () => {
  it('names the zone and its city, never the raw IANA id', () => {
    expect(timeZoneName('America/New_York', new Date('2031-03-04T19:00:00Z'))).toBe(
      'Eastern Time (New York)',
    );
    expect(timeZoneName('UTC')).toBe('UTC');
    expect(timeZoneName('Mars/Olympus')).toBe('Mars/Olympus');
  });
});

describe('localIsoDate', () => {
  it('names any local day as yyyy-MM-dd exactly as the date library does, at any hour', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date(1000, 0, 1), max: new Date(9999, 11, 31), noInvalidDate: true }),
        (date) => {
          expect(localIsoDate(date)).toBe(format(date, 'yyyy-MM-dd'));
        },
      ),
    );
  });
});
