import { describe, expect, it } from 'vitest';
import { routeSaving, travelWarnings, type DayShowing } from './day';
import { CITY_SPEED_KMH, DETOUR_FACTOR, estimateTravel, greatCircleKm, isLatLng } from './travel';

const at = (hhmm: string) => Date.parse(`2026-12-01T${hhmm}:00-05:00`);
const showing = (id: string, address: string, start: string): DayShowing => ({
  id,
  address,
  startsAt: at(start),
  endsAt: at(start) + 30 * 60_000,
});

describe('offline travel estimate (issue 16)', () => {
  it('great-circle distance: one degree of latitude is about 111 km', () => {
    expect(greatCircleKm({ lat: 40, lng: -74 }, { lat: 41, lng: -74 })).toBeCloseTo(111.2, 0);
    expect(greatCircleKm({ lat: 40, lng: -74 }, { lat: 40, lng: -74 })).toBe(0);
  });
  it('the estimate is the distance × the detour factor at the city speed, minutes rounded up', () => {
    // Manhattan: Union Square → Columbus Circle is about 3.9 km in a straight line.
    const a = { lat: 40.7359, lng: -73.9911 };
    const b = { lat: 40.7681, lng: -73.9819 };
    const km = greatCircleKm(a, b) * DETOUR_FACTOR;
    const estimate = estimateTravel(a, b);
    expect(estimate.minutes).toBe(Math.ceil((km / CITY_SPEED_KMH) * 60));
    expect(estimate.minutes).toBeGreaterThan(8);
    expect(estimate.minutes).toBeLessThan(15);
    expect(estimate.meters).toBe(Math.round(km * 1000));
  });
  it('only real coordinates count as a place', () => {
    expect(isLatLng({ lat: 40.7, lng: -74 })).toBe(true);
    expect(isLatLng({ lat: null, lng: -74 })).toBe(false);
    expect(isLatLng({ lat: 91, lng: 0 })).toBe(false);
  });
});

describe("the day's warnings and saving (issue 16)", () => {
  it('warns where the drive is longer than the gap, in the agent zone clock', () => {
    const day = [
      showing('a', '1 Elm St', '13:15'),
      showing('b', '12 Oak St', '14:00'),
      showing('c', '3 Ash Rd', '15:00'),
    ];
    const warnings = travelWarnings(
      day,
      [
        { minutes: 24, meters: 12_000, source: 'routed' },
        { minutes: 30, meters: 15_000, source: 'estimated' },
      ],
      'America/New_York',
    );
    expect(warnings).toEqual([
      {
        from_booking_id: 'a',
        to_booking_id: 'b',
        drive_minutes: 24,
        gap_minutes: 15,
        text: "You can't be at 12 Oak St by 2:00 pm: 24 min drive, 15 min gap",
      },
    ]);
  });
  it('a leg without a known drive warns nothing', () => {
    const day = [showing('a', '1 Elm St', '13:00'), showing('b', '12 Oak St', '13:30')];
    expect(travelWarnings(day, [null], 'America/New_York')).toEqual([]);
  });
  it('the saving in minutes and whole per cent, never negative', () => {
    expect(routeSaving(80, 50)).toEqual({ minutes: 30, percent: 38 });
    expect(routeSaving(50, 60)).toEqual({ minutes: 0, percent: 0 });
    expect(routeSaving(0, 0)).toEqual({ minutes: 0, percent: 0 });
  });
});
