import { describe, expect, it } from 'vitest';
import { clusterSlots, hasReachableSlot, isReachable, officeStops, type PlacedShowing } from './clusterSlots';

const at = (hhmm: string) => Date.parse(`2030-01-08T${hhmm}:00Z`);
const HALF_HOUR = 30 * 60_000;
const slots = ['10:30', '11:00', '11:30', '12:00', '14:00'].map((t) => ({ startsAt: at(t), time: t }));
const home = { lat: 30.2672, lng: -97.7431 };
const near = { lat: 30.2672, lng: -97.7327 }; // 1 km east: 3 min
const far = { lat: 30.2672, lng: -97.5871 }; // 15 km east: 41 min

describe('travel-aware slots ("cluster showings by area", issue 16)', () => {
  it('a slot unreachable from the showing before it is not offered; reachable ones are', () => {
    const showings: PlacedShowing[] = [{ start: at('10:00'), end: at('10:30'), place: far }];
    const kept = clusterSlots(slots, showings, home, HALF_HOUR).map((s) => s.slot.time);
    // 10:30 + 41 min drive = 11:11: the 10:30 and 11:00 slots cannot be reached.
    expect(kept).toEqual(['11:30', '12:00', '14:00']);
  });

  it('a slot that leaves too little time to reach the showing after it is not offered', () => {
    const showings: PlacedShowing[] = [{ start: at('12:30'), end: at('13:00'), place: far }];
    const kept = clusterSlots(slots, showings, home, HALF_HOUR).map((s) => s.slot.time);
    // Ending 12:30 (the 12:00 slot) or 12:00 (11:30) leaves less than 41 min.
    expect(kept).toEqual(['10:30', '11:00', '14:00']);
  });

  it('slots next to a nearby showing are recommended, others not', () => {
    const showings: PlacedShowing[] = [{ start: at('10:00'), end: at('10:30'), place: near }];
    const result = clusterSlots(slots, showings, home, HALF_HOUR);
    // 10:30 itself is gone (3 min drive, no gap); within an hour after 10:30 the slots are recommended.
    expect(result.filter((s) => s.recommended).map((s) => s.slot.time)).toEqual(['11:00', '11:30']);
    expect(result.map((s) => s.slot.time)).toEqual(['11:00', '11:30', '12:00', '14:00']);
  });

  it('no place (a consultation) or showings without a place constrain nothing', () => {
    const showings: PlacedShowing[] = [{ start: at('10:00'), end: at('10:30'), place: far }];
    expect(clusterSlots(slots, showings, null, HALF_HOUR)).toHaveLength(slots.length);
    expect(clusterSlots(slots, [{ ...showings[0]!, place: null }], home, HALF_HOUR)).toHaveLength(
      slots.length,
    );
  });
});

describe('one reachability rule for slots, month days and the booking re-check (issue 16)', () => {
  it('isReachable is what clusterSlots keeps: the same answer slot by slot', () => {
    const showings: PlacedShowing[] = [
      { start: at('10:00'), end: at('10:30'), place: far },
      { start: at('12:30'), end: at('13:00'), place: far },
    ];
    const kept = new Set(clusterSlots(slots, showings, home, HALF_HOUR).map((s) => s.slot.startsAt));
    for (const slot of slots) {
      expect(isReachable(slot.startsAt, HALF_HOUR, home, showings)).toBe(kept.has(slot.startsAt));
    }
    expect(kept.size).toBe(1); // only 14:00: 11:30 cannot reach 12:30 far away, 12:00 neither
  });

  it('the neighbour before is the showing ending last, whatever order they come in', () => {
    const showings: PlacedShowing[] = [
      { start: at('08:00'), end: at('11:00'), place: far },
      { start: at('09:00'), end: at('09:30'), place: home },
    ];
    // The long far showing started first but ends last: 11:30 (30 min after it, 41 min drive) is unreachable.
    expect(isReachable(at('11:30'), HALF_HOUR, home, showings)).toBe(false);
    expect(isReachable(at('12:00'), HALF_HOUR, home, showings)).toBe(true);
  });

  it('a month day stays bookable only while one of its slots is reachable', () => {
    const blocked: PlacedShowing[] = [
      { start: at('10:00'), end: at('10:30'), place: far },
      { start: at('11:30'), end: at('12:00'), place: far },
    ];
    const day = [at('10:30'), at('11:00')].map((startsAt) => ({ startsAt }));
    expect(hasReachableSlot(day, blocked, home, HALF_HOUR)).toBe(false);
    expect(hasReachableSlot(day, [], home, HALF_HOUR)).toBe(true);
    expect(hasReachableSlot(day, blocked, null, HALF_HOUR)).toBe(true);
    expect(hasReachableSlot([], [], home, HALF_HOUR)).toBe(false);
  });

  it('the office starts the day: the first slot must be reachable from it at the opening, never recommended', () => {
    const opening = at('10:00');
    const office = officeStops(far, [opening, null]);
    expect(office).toEqual([{ start: opening, end: opening, place: far, office: true }]);
    const result = clusterSlots(slots, office, home, HALF_HOUR);
    // Opening at 10:00 at the far office, 41 min away: 10:30 is too early, 11:00 is reachable.
    expect(result.map((s) => s.slot.time)).toEqual(['11:00', '11:30', '12:00', '14:00']);
    // An office next door makes nothing "recommended" (it is not a showing).
    expect(
      clusterSlots(slots, officeStops(near, [at('09:00')]), home, HALF_HOUR).some((s) => s.recommended),
    ).toBe(false);
    // A showing later that morning is the nearer start: the office no longer counts after it.
    const withShowing = [...office, { start: at('11:00'), end: at('11:30'), place: home }];
    expect(isReachable(at('12:00'), HALF_HOUR, home, withShowing)).toBe(true);
    expect(officeStops(null, [opening])).toEqual([]);
  });
});
