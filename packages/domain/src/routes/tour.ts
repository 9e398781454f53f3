// Buyer tours (issue 16): one buyer, several properties, one day. The proposal is the optimiser's order over
// the day's open slots — each stop a 30-minute showing (plus the agent's buffer) starting at an open slot, the
// next one starting no earlier than the drive allows — and an agent's adjusted tour is held to the same rule.
// Pure; the API fills in the open slots and the drive times.
import { APPOINTMENT_MINUTES } from '../constants';
import { unreachableFrom, type PlacedShowing } from './clusterSlots';
import { optimiseRoute } from './optimiser';
import type { LatLng } from './travel';

export type TourProblem = {
  /** The day's open slot starts, minutes on one axis (the API uses minutes since the epoch), ascending. */
  open: readonly number[];
  /** travel[i][j]: minutes from property i to property j. */
  travel: readonly (readonly number[])[];
  /** How long each stop holds the agent: the showing plus the buffer, minutes. */
  duration: number;
  /** Minutes from the agent's office to each property, when set (the tour then starts near it). */
  fromStart?: readonly number[] | undefined;
  /**
   * Where each property is and the agent's placed showings of the day with the office at its opening
   * (officeStops): a stop is held to THE reachability rule (clusterSlots isReachable) the buyer's booking is
   * re-checked with (issue 29) — so a proposal never starts before the drive from the office allows.
   */
  reach?: { places: readonly LatLng[]; showings: readonly PlacedShowing[] } | undefined;
};

const MINUTE_MS = 60_000;
const SHOWING_MS = APPOINTMENT_MINUTES * MINUTE_MS;

/** Why a stop at property `i` starting at minute `start` fails the booking's reachability rule (null: it holds). */
function unreachable(problem: Pick<TourProblem, 'reach'>, i: number, start: number) {
  const place = problem.reach?.places[i];
  if (!place) return null;
  return unreachableFrom(start * MINUTE_MS, SHOWING_MS, place, problem.reach!.showings);
}

export type TourPlan =
  | { feasible: true; order: number[]; starts: number[]; driveMinutes: number; method: 'exact' | 'heuristic' }
  | { feasible: false };

/** The order and start times that drive least, every stop at an open slot; infeasible when they don't fit. */
export function proposeTour(problem: TourProblem): TourPlan {
  const result = optimiseRoute({
    stops: problem.travel.map((_, i) => ({
      windows: problem.open.filter((s) => !unreachable(problem, i, s)).map((s) => ({ from: s, to: s })),
      duration: problem.duration,
    })),
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
  /** not_open: not an open slot; office / showing: the booking's reachability rule refuses it (from the office
   * at the opening, or from a booked showing); too_close: the drive from the tour's stop before is longer. */
  kind: 'not_open' | 'office' | 'showing' | 'too_close';
  driveMinutes: number;
  gapMinutes: number;
};

/**
 * What is wrong with a tour the agent adjusted (`order`: property indices in visiting order, `starts`: their
 * start minutes in that order): a start that is not an open slot, one the booking's reachability rule refuses,
 * or one too close to the stop before for the drive between them. Empty = the tour holds.
 */
export function checkTour(
  problem: Pick<TourProblem, 'open' | 'travel' | 'duration' | 'reach'>,
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
    const refused = unreachable(problem, stop, start);
    if (refused) {
      problems.push({ index: k, kind: refused.from, driveMinutes: refused.driveMinutes, gapMinutes: 0 });
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
