import { describe, expect, it } from 'vitest';
import { clusterSlots, type PlacedShowing } from './clusterSlots';

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
