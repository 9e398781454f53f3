import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserTimeZone, currentZoneName, timeZoneOptions } from '@/lib/time-zones';
import { browserTimeZone as bookingPageZone } from '@/features/booking/format';

describe('time zone choices on the profile', () => {
  it('lists renamed zones by their current IANA name (Asia/Kolkata, Europe/Kyiv), once each', () => {
    const options = timeZoneOptions('America/Chicago');
    expect(options).toContain('Asia/Kolkata');
    expect(options).toContain('Europe/Kyiv');
    expect(options).not.toContain('Asia/Calcutta');
    expect(options).not.toContain('Europe/Kiev');
    expect(new Set(options).size).toBe(options.length);
    expect(options).toEqual([...options].sort());
  });

  it('every listed name is a zone the browser can format times in', () => {
    for (const zone of timeZoneOptions('UTC')) {
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone }), zone).not.toThrow();
    }
  });

  it('keeps a saved zone that is not in the list (another spelling) as the first choice', () => {
    expect(timeZoneOptions('Asia/Calcutta')[0]).toBe('Asia/Calcutta');
    expect(currentZoneName('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(currentZoneName('Europe/Berlin')).toBe('Europe/Berlin');
  });
});

describe('the browser’s own zone', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is named as the agent’s zone is stored: a browser saying Asia/Calcutta is in Asia/Kolkata, on every page', () => {
    const real = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
      this: Intl.DateTimeFormat,
    ) {
      return { ...real.call(this), timeZone: 'Asia/Calcutta' };
    });
    expect(browserTimeZone()).toBe('Asia/Kolkata');
    // The booking page compares it with the agent's zone: one reading for both.
    expect(bookingPageZone()).toBe('Asia/Kolkata');
  });
});
