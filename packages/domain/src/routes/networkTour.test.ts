import { describe, expect, it } from 'vitest';
import { planNetworkTour, tourStopCountOk, type NetworkTourStop } from './networkTour';

// Five homes of three listing agents. 0, 1 are next door (5 min); 2, 3 are together (5 min), 25 min from 0/1;
// 4 is 40 min from everything. Each listing has its own open times (minutes of the day).
const travel = [
  [0, 5, 25, 25, 40],
  [5, 0, 25, 25, 40],
  [25, 25, 0, 5, 40],
  [25, 25, 5, 0, 40],
  [40, 40, 40, 40, 0],
];
const halfHours = (from: number, to: number) =>
  Array.from({ length: (to - from) / 30 + 1 }, (_, k) => from + k * 30);
const open: NetworkTourStop[] = [
  { kind: 'open', open: halfHours(540, 720) }, // agent A: 9:00–12:00
  { kind: 'open', open: halfHours(540, 720) }, // agent A
  { kind: 'open', open: halfHours(600, 840) }, // agent B: 10:00–14:00
  { kind: 'open', open: [780] }, //                agent B's other listing: only 13:00
  { kind: 'open', open: halfHours(540, 900) }, // agent C: 9:00–15:00
];

function holds(plan: ReturnType<typeof planNetworkTour>, stops: NetworkTourStop[]) {
  if (!plan.feasible) throw new Error('infeasible');
  for (const i of plan.order) {
    const stop = stops[i]!;
    const start = plan.starts[i]!;
    if (stop.kind === 'open') expect(stop.open).toContain(start);
    if (stop.kind === 'fixed') expect(start).toBe(stop.start);
  }
  for (let k = 1; k < plan.order.length; k++) {
    const [a, b] = [plan.order[k - 1]!, plan.order[k]!];
    expect(plan.starts[b]! - (plan.starts[a]! + 30)).toBeGreaterThanOrEqual(travel[a]![b]!);
  }
}

describe('cross-agent tours (issue 45)', () => {
  it('fits every listing’s own open times and the drives, driving least', () => {
    const plan = planNetworkTour({ stops: open, travel });
    holds(plan, open);
    if (!plan.feasible) return;
    expect(plan.order).toHaveLength(5);
    // Neighbours stay together and the far house is at one end: 5 + 25 + 5 + 40 = 75 minutes.
    expect(plan.driveMinutes).toBe(75);
    expect(plan.starts[3]).toBe(780);
  });

  it('a declined stop is left out and the rest re-planned; a proposed time is kept where it was put', () => {
    const first = planNetworkTour({ stops: open, travel });
    if (!first.feasible) throw new Error('infeasible');
    const replanned: NetworkTourStop[] = open.map((s, i) =>
      i === 2 ? { kind: 'dropped' } : i === 0 ? { kind: 'fixed', start: 660 } : s,
    );
    const plan = planNetworkTour({ stops: replanned, travel });
    holds(plan, replanned);
    if (!plan.feasible) return;
    expect(plan.order).not.toContain(2);
    expect(plan.starts[2]).toBeNull();
    expect(plan.starts[0]).toBe(660);
  });

  it('a day that cannot hold every stop is infeasible, never a partial tour', () => {
    const stops: NetworkTourStop[] = [
      { kind: 'open', open: [600] },
      { kind: 'open', open: [600] },
    ];
    expect(
      planNetworkTour({
        stops,
        travel: [
          [0, 5],
          [5, 0],
        ],
      }),
    ).toEqual({ feasible: false });
    expect(planNetworkTour({ stops: [{ kind: 'dropped' }], travel: [[0]] })).toEqual({ feasible: false });
  });

  it('takes 2 to 8 homes', () => {
    expect([1, 2, 8, 9].map(tourStopCountOk)).toEqual([false, true, true, false]);
  });
});
