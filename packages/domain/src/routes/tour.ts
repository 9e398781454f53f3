// Buyer tours (issue 16): one buyer, several properties, one day. The proposal is the optimiser's order over
// the day's open slots — each stop a 30-minute showing (plus the agent's buffer) starting at an open slot, the
// next one starting no earlier than the drive allows — and an agent's adjusted tour is held to the same rule.
// Pure; the API fills in the open slots and the drive times.
import { optimiseRoute } from './optimiser';

export type TourProblem = {
  /** The day's open slot starts, minutes on one axis (the API uses minutes since the epoch), ascending. */
  open: readonly number[];
  /** travel[i][j]: minutes from property i to property j. */
  travel: readonly (readonly number[])[];
  /** How long each stop holds the agent: the showing plus the buffer, minutes. */
  duration: number;
  /** Minutes from the agent's office to each property, when set (the tour then starts near it). */
  fromStart?: readonly number[] | undefined;
};

export type TourPlan =
  | { feasible: true; order: number[]; starts: number[]; driveMinutes: number; method: 'exact' | 'heuristic' }
  | { feasible: false };

/** The order and start times that drive least, every stop at an open slot; infeasible when they don't fit. */
export function proposeTour(problem: TourProblem): TourPlan {
  const windows = problem.open.map((s) => ({ from: s, to: s }));
  const result = optimiseRoute({
    stops: problem.travel.map(() => ({ windows, duration: problem.duration })),
    travel: problem.travel,
    fromStart: problem.fromStart,
    grid: 1,
  });
  if (!result.feasible) return { feasible: false };
  return {
    feasible: true,
    order: result.order,
    starts: result.order.map((i) => result.starts[i]!),
    driveMinutes: result.travelMinutes,
    method: result.method,
  };
}

export type TourStopProblem = {
  index: number;
  kind: 'not_open' | 'too_close';
  driveMinutes: number;
  gapMinutes: number;
};

/**
 * What is wrong with a tour the agent adjusted (`order`: property indices in visiting order, `starts`: their
 * start minutes in that order): a start that is not an open slot, or one too close to the stop before for the
 * drive between them. Empty = the tour holds.
 */
export function checkTour(
  problem: Pick<TourProblem, 'open' | 'travel' | 'duration'>,
  order: readonly number[],
  starts: readonly number[],
): TourStopProblem[] {
  const open = new Set(problem.open);
  const problems: TourStopProblem[] = [];
  order.forEach((stop, k) => {
    const start = starts[k]!;
    if (!open.has(start)) {
      problems.push({ index: k, kind: 'not_open', driveMinutes: 0, gapMinutes: 0 });
      return;
    }
    if (k === 0) return;
    const drive = problem.travel[order[k - 1]!]![stop]!;
    const gap = start - (starts[k - 1]! + problem.duration);
    if (gap < drive)
      problems.push({ index: k, kind: 'too_close', driveMinutes: drive, gapMinutes: Math.max(0, gap) });
  });
  return problems;
}
