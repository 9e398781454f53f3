import { describe, expect, it } from 'vitest';
import { officeStops } from './clusterSlots';
import { estimateTravel } from './travel';
import { checkTour, proposeTour } from './tour';

// Three houses: 0 and 2 are next door (5 min), 1 is 40 min from both. Open: 9:00 … 12:30 on the half hour.
const travel = [
  [0, 40, 5],
  [40, 0, 40],
  [5, 40, 0],
];
const open = Array.from({ length: 8 }, (_, k) => 540 + k * 30);

describe('buyer tours: the proposal (issue 16)', () => {
  it('orders the stops to drive least and starts each at the first open slot the drive allows', () => {
    const plan = proposeTour({ open, travel, duration: 30 });
    expect(plan.feasible).toBe(true);
    if (!plan.feasible) return;
    // The two neighbours together, the far house at one end: 5 + 40 = 45 min, not 80.
    expect(plan.driveMinutes).toBe(45);
    expect([plan.order[0], plan.order[2]]).toContain(1);
    // The drive fits in every gap, and every start is an open slot.
    for (let k = 1; k < plan.order.length; k++) {
      const gap = plan.starts[k]! - (plan.starts[k - 1]! + 30);
      expect(gap).toBeGreaterThanOrEqual(travel[plan.order[k - 1]!]![plan.order[k]!]!);
      expect(open).toContain(plan.starts[k]);
    }
    expect(plan.starts[0]).toBe(540);
    // Even 5 min skips a half hour (a showing ends as the next slot starts): 9:00, 10:00, 11:30.
    expect(plan.starts.at(-1)! - plan.starts[0]!).toBe(150);
  });

  it('starts near the office when one is set', () => {
    const plan = proposeTour({ open, travel, duration: 30, fromStart: [30, 1, 30] });
    expect(plan.feasible && plan.order[0]).toBe(1);
  });

  it('a day with too few open slots for the stops and drives is infeasible, not a partial tour', () => {
    expect(proposeTour({ open: [540, 570], travel, duration: 30 })).toEqual({ feasible: false });
  });

  it('an adjusted tour is re-checked: a time that is not open, or too close for the drive, is named', () => {
    expect(checkTour({ open, travel, duration: 30 }, [0, 2, 1], [540, 600, 690])).toEqual([]);
    expect(checkTour({ open, travel, duration: 30 }, [0, 1, 2], [540, 600, 615])).toEqual([
      { index: 1, kind: 'too_close', driveMinutes: 40, gapMinutes: 30 },
      { index: 2, kind: 'not_open', driveMinutes: 0, gapMinutes: 0 },
    ]);
  });

  it('with the office, no stop starts before the booking rule allows: opening + drive (issue 29)', () => {
    // Minutes since the epoch on one axis, as the API passes them; the day opens at 9:00 (540) at the office.
    const home = { lat: 30.2672, lng: -97.7431 };
    const office = { lat: 30.2672, lng: -97.5871 };
    const drive = estimateTravel(office, home).minutes;
    expect(drive).toBe(41);
    const places = [home, home, home];
    const reach = { places, showings: officeStops(office, [540 * 60_000]) };
    const plan = proposeTour({ open, travel, duration: 30, fromStart: [drive, drive, drive], reach });
    expect(plan.feasible && plan.starts[0]).toBe(600);
    // Without the rule the optimiser would have started at the opening.
    const unheld = proposeTour({ open, travel, duration: 30, fromStart: [drive, drive, drive] });
    expect(unheld.feasible && unheld.starts[0]).toBe(540);
    expect(checkTour({ open, travel, duration: 30, reach }, [0, 2, 1], [540, 600, 690])).toEqual([
      { index: 0, kind: 'office', driveMinutes: 41, gapMinutes: 0 },
    ]);
  });
});
