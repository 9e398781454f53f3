// The route optimiser (issue 16): the order and start times of a day's showings that drive least, within each
// showing's allowed start times and the agent's hours. Pure code; minutes are plain numbers on one axis (the
// API uses minutes since the epoch of the day's first instant). Exact for up to EXACT_STOP_LIMIT stops
// (dynamic programming over subsets, keeping per state every schedule not beaten on both driving and finish
// time), a heuristic beyond (cheapest insertion, then 2-opt and or-opt moves until nothing improves or the
// time cap is spent). A day with no feasible order is reported as infeasible, never as a partial plan.

import { seededRandom } from '../random';

/** Up to this many stops the answer is proven optimal. */
export const EXACT_STOP_LIMIT = 10;

/** A start-time window, both ends included: a showing may start at any minute in [from, to]. */
export type StartWindow = { from: number; to: number };

export type RouteStop = {
  /** When the showing may start, ascending and not overlapping (a fixed showing has one one-minute window). */
  windows: readonly StartWindow[];
  /** How long the showing lasts, minutes. */
  duration: number;
};

export type RouteProblem = {
  stops: readonly RouteStop[];
  /** travel[i][j]: minutes from stop i to stop j. */
  travel: readonly (readonly number[])[];
  /** Minutes from the agent's start point to each stop; absent = the day starts at the first showing. */
  fromStart?: readonly number[] | undefined;
  /** Starts are rounded up to a multiple of this many minutes (the slot grid); 1 = any minute. */
  grid?: number | undefined;
};

export type RoutePlan = {
  feasible: true;
  /** Stop indices in visiting order. */
  order: number[];
  /** starts[i]: the start of stop i (by stop index, not by position). */
  starts: number[];
  /** Minutes driven, the start point's leg included. */
  travelMinutes: number;
  /** exact = proven least driving; heuristic = the best order found within the cap. */
  method: 'exact' | 'heuristic';
};

export type RouteResult = RoutePlan | { feasible: false; method: 'exact' | 'heuristic' };

export type OptimiseOptions = {
  /** Heuristic only: stop improving after this many milliseconds of `clock`. */
  timeCapMs?: number;
  /** Injected for tests and the bench; defaults to Date.now. */
  clock?: () => number;
  /** Heuristic only: how many perturbations the iterated local search tries (default 30 per stop). */
  kicks?: number;
};

/** The earliest start ≥ `t` a stop allows, on the grid; null when none is left. */
export function earliestStart(stop: RouteStop, t: number, grid = 1): number | null {
  for (const w of stop.windows) {
    if (t > w.to) continue;
    const candidate = Math.ceil(Math.max(t, w.from) / grid) * grid;
    if (candidate <= w.to) return candidate;
  }
  return null;
}

/**
 * The schedule of a fixed order: every showing starts as early as it may (for a fixed order that is never
 * worse, since driving does not depend on the hour). null when some showing cannot be reached in time.
 */
export function scheduleOrder(problem: RouteProblem, order: readonly number[]): RoutePlan | null {
  const walked = walk(problem, order, false);
  return (
    walked && {
      feasible: true,
      order: [...order],
      starts: walked.starts,
      travelMinutes: walked.travel,
      method: 'exact',
    }
  );
}

/**
 * Drives the order at its earliest times. A showing that cannot be reached in time ends the walk (null), or,
 * with `allowLate`, starts late anyway and its lateness is added up (the heuristic's way out of infeasible
 * starting orders).
 */
function walk(
  problem: RouteProblem,
  order: readonly number[],
  allowLate: boolean,
): { travel: number; late: number; starts: number[] } | null {
  const grid = problem.grid ?? 1;
  const starts: number[] = new Array<number>(problem.stops.length).fill(Number.NaN);
  let travel = 0;
  let late = 0;
  let t = Number.NEGATIVE_INFINITY;
  let prev = -1;
  for (const i of order) {
    const stop = problem.stops[i]!;
    let drive = 0;
    if (prev >= 0) drive = problem.travel[prev]![i]!;
    else if (problem.fromStart) drive = problem.fromStart[i]!;
    travel += drive;
    const arrival = prev >= 0 ? t + drive : Number.NEGATIVE_INFINITY;
    let start = earliestStart(stop, arrival, grid);
    if (start === null) {
      if (!allowLate) return null;
      late += arrival - (stop.windows.at(-1)?.to ?? arrival);
      start = arrival;
    }
    starts[i] = start;
    t = start + stop.duration;
    prev = i;
  }
  return { travel, late, starts };
}

/** Exact below EXACT_STOP_LIMIT + 1 stops, the heuristic above. */
export function optimiseRoute(problem: RouteProblem, options: OptimiseOptions = {}): RouteResult {
  return problem.stops.length <= EXACT_STOP_LIMIT
    ? optimiseExact(problem)
    : optimiseHeuristic(problem, options);
}

type Label = { travel: number; finish: number; prev: Label | null; stop: number };

/** Dynamic programming over subsets; per (visited set, last stop) the Pareto front of (driving, finish). */
export function optimiseExact(problem: RouteProblem): RouteResult {
  const n = problem.stops.length;
  if (n === 0) return { feasible: true, order: [], starts: [], travelMinutes: 0, method: 'exact' };
  if (n > 16) throw new RangeError(`exact optimisation of ${n} stops is too large`);
  const grid = problem.grid ?? 1;
  const fronts: Label[][][] = Array.from({ length: 1 << n }, () => Array.from({ length: n }, () => []));
  for (let i = 0; i < n; i++) {
    const start = earliestStart(problem.stops[i]!, Number.NEGATIVE_INFINITY, grid);
    if (start === null) continue;
    const travel = problem.fromStart ? problem.fromStart[i]! : 0;
    fronts[1 << i]![i]!.push({ travel, finish: start + problem.stops[i]!.duration, prev: null, stop: i });
  }
  // Masks in increasing order: every predecessor set is smaller, so its fronts are complete.
  for (let mask = 1; mask < 1 << n; mask++) {
    for (let last = 0; last < n; last++) {
      const front = fronts[mask]![last]!;
      if (front.length === 0) continue;
      for (let next = 0; next < n; next++) {
        if (mask & (1 << next)) continue;
        const stop = problem.stops[next]!;
        const drive = problem.travel[last]![next]!;
        const target = fronts[mask | (1 << next)]![next]!;
        for (const label of front) {
          const start = earliestStart(stop, label.finish + drive, grid);
          if (start === null) continue;
          addToFront(target, {
            travel: label.travel + drive,
            finish: start + stop.duration,
            prev: label,
            stop: next,
          });
        }
      }
    }
  }
  let best: Label | null = null;
  for (const label of fronts[(1 << n) - 1]!.flat()) {
    if (!best || label.travel < best.travel || (label.travel === best.travel && label.finish < best.finish))
      best = label;
  }
  if (!best) return { feasible: false, method: 'exact' };
  const order: number[] = [];
  for (let l: Label | null = best; l; l = l.prev) order.unshift(l.stop);
  const plan = scheduleOrder(problem, order)!;
  return { ...plan, method: 'exact' };
}

function addToFront(front: Label[], label: Label): void {
  for (const other of front) {
    if (other.travel <= label.travel && other.finish <= label.finish) return;
  }
  for (let k = front.length - 1; k >= 0; k--) {
    const other = front[k]!;
    if (label.travel <= other.travel && label.finish <= other.finish) front.splice(k, 1);
  }
  front.push(label);
}

/**
 * Cheapest feasible insertion (stops taken by earliest window first), then 2-opt reversals and or-opt moves
 * of segments of 1–3 stops while they shorten the drive and the time cap allows.
 */
export function optimiseHeuristic(problem: RouteProblem, options: OptimiseOptions = {}): RouteResult {
  const n = problem.stops.length;
  const clock = options.clock ?? (() => Date.now());
  const deadline = clock() + (options.timeCapMs ?? 200);
  const first = (i: number) => problem.stops[i]!.windows[0]?.from ?? 0;
  const last = (i: number) => problem.stops[i]!.windows.at(-1)?.to ?? 0;
  const slack = (i: number) => problem.stops[i]!.windows.reduce((sum, w) => sum + w.to - w.from + 1, 0);
  const indices = [...Array(n).keys()];
  // Constructions tried in turn: the least flexible showings placed first, then by deadline.
  const constructions = [
    [...indices].sort((a, b) => slack(a) - slack(b) || first(a) - first(b)),
    [...indices].sort((a, b) => last(a) - last(b) || first(a) - first(b)),
  ];
  // Each construction is scored with lateness allowed; the search then removes lateness first, driving second.
  let order = constructions[0]!;
  let cost = relaxedCost(problem, order);
  for (const sequence of [...constructions, earliestNext(problem)?.order]) {
    if (!sequence) continue;
    const candidate = insertAll(problem, sequence)?.order ?? sequence;
    const candidateCost = relaxedCost(problem, candidate);
    if (better(candidateCost, cost)) {
      order = candidate;
      cost = candidateCost;
    }
  }
  const descend = (from: number[], fromCost: RelaxedCost) => {
    let improved = true;
    while (improved && clock() < deadline) {
      improved = false;
      for (const candidate of neighbours(from)) {
        const candidateCost = relaxedCost(problem, candidate);
        if (better(candidateCost, fromCost)) {
          from = candidate;
          fromCost = candidateCost;
          improved = true;
          break;
        }
      }
    }
    return { order: from, cost: fromCost };
  };
  ({ order, cost } = descend(order, cost));
  // Iterated local search: a seeded double-bridge kick of the best order, descend again, keep what is better.
  const random = seededRandom(n);
  const kicks = options.kicks ?? 30 * n;
  for (let kick = 0; kick < kicks && n >= 4 && clock() < deadline; kick++) {
    const cut = [
      1 + Math.floor(random() * (n - 1)),
      1 + Math.floor(random() * (n - 1)),
      1 + Math.floor(random() * (n - 1)),
    ].sort((a, b) => a - b);
    const [a, b, c] = cut as [number, number, number];
    const kicked = [...order.slice(0, a), ...order.slice(b, c), ...order.slice(a, b), ...order.slice(c)];
    const found = descend(kicked, relaxedCost(problem, kicked));
    if (better(found.cost, cost)) ({ order, cost } = found);
  }
  const current = cost.late === 0 ? scheduleOrder(problem, order) : null;
  if (!current) return { feasible: false, method: 'heuristic' };
  return { ...current, method: 'heuristic' };
}

type RelaxedCost = { late: number; travel: number };

function better(a: RelaxedCost, b: RelaxedCost): boolean {
  return a.late < b.late || (a.late === b.late && a.travel < b.travel);
}

/** An order's driving and lateness (see walk). */
function relaxedCost(problem: RouteProblem, order: readonly number[]): RelaxedCost {
  const { late, travel } = walk(problem, order, true)!;
  return { late, travel };
}

/** Cheapest feasible insertion of each stop in `sequence`; null when one fits nowhere. */
function insertAll(problem: RouteProblem, sequence: readonly number[]): RoutePlan | null {
  let plan: RoutePlan | null = scheduleOrder(problem, []);
  for (const stop of sequence) {
    let best: RoutePlan | null = null;
    const order = plan!.order;
    for (let pos = 0; pos <= order.length; pos++) {
      const candidate = scheduleOrder(problem, [...order.slice(0, pos), stop, ...order.slice(pos)]);
      if (candidate && (!best || candidate.travelMinutes < best.travelMinutes)) best = candidate;
    }
    if (!best) return null;
    plan = best;
  }
  return plan;
}

/** Greedy by the clock: next is always the stop that can start soonest (ties: the shorter drive). */
function earliestNext(problem: RouteProblem): RoutePlan | null {
  const grid = problem.grid ?? 1;
  const left = new Set(problem.stops.keys());
  const order: number[] = [];
  let t = Number.NEGATIVE_INFINITY;
  let prev = -1;
  while (left.size > 0) {
    let pick = -1;
    let pickStart = Number.POSITIVE_INFINITY;
    let pickDrive = Number.POSITIVE_INFINITY;
    for (const i of left) {
      const drive = prev >= 0 ? problem.travel[prev]![i]! : 0;
      const start = earliestStart(problem.stops[i]!, t + drive, grid);
      if (start === null) continue;
      if (start < pickStart || (start === pickStart && drive < pickDrive)) {
        pick = i;
        pickStart = start;
        pickDrive = drive;
      }
    }
    if (pick < 0) return null;
    order.push(pick);
    left.delete(pick);
    t = pickStart + problem.stops[pick]!.duration;
    prev = pick;
  }
  return scheduleOrder(problem, order);
}

/** 2-opt reversals, then or-opt moves of segments of length 1–3 to every other position. */
function* neighbours(order: readonly number[]): Generator<number[]> {
  const n = order.length;
  for (let i = 0; i < n - 1; i++) {
    for (let j = i + 1; j < n; j++) {
      yield [...order.slice(0, i), ...order.slice(i, j + 1).reverse(), ...order.slice(j + 1)];
    }
  }
  for (let len = 1; len <= 3; len++) {
    for (let i = 0; i + len <= n; i++) {
      const segment = order.slice(i, i + len);
      const rest = [...order.slice(0, i), ...order.slice(i + len)];
      for (let pos = 0; pos <= rest.length; pos++) {
        if (pos === i) continue;
        yield [...rest.slice(0, pos), ...segment, ...rest.slice(pos)];
      }
    }
  }
}
