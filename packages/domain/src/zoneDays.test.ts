import { describe, expect, it } from 'vitest';
import { startOfDayInZone, startOfMonthInZone } from './zoneDays';

describe('startOfMonthInZone (monthly plan limits count in the agent zone)', () => {
  it('is midnight of the 1st in that zone, not in UTC', () => {
    const instant = new Date('2025-03-01T03:00:00Z'); // still February in Chicago
    expect(startOfMonthInZone(instant, 'America/Chicago').toISOString()).toBe('2025-02-01T06:00:00.000Z');
    expect(startOfMonthInZone(instant, 'UTC').toISOString()).toBe('2025-03-01T00:00:00.000Z');
  });
});

describe('startOfDayInZone (today and date filters are agent-zone days)', () => {
  it('is local midnight of that date in the zone', () => {
    expect(startOfDayInZone('2030-01-08', 'America/New_York').toISOString()).toBe('2030-01-08T05:00:00.000Z');
    expect(startOfDayInZone('2030-01-08', 'Asia/Kolkata').toISOString()).toBe('2030-01-07T18:30:00.000Z');
  });

  it('on a day whose midnight is skipped by DST, is the first instant that exists', () => {
    // Santiago springs forward at 00:00 → 01:00 on 2024-09-08.
    expect(startOfDayInZone('2024-09-08', 'America/Santiago').toISOString()).toBe('2024-09-08T04:00:00.000Z');
  });
});
