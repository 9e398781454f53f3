// Issue 45 "Cross-agent tours": a buyer's agent's day of 2–8 homes listed by several agents. Each stop has its
// own listing's open times (the booking page's answer for that listing: its agent's hours, notice, blocks, caps
// and showing rules), and the order and times that drive least are the route optimiser's (issue 16), across
// agents. A re-plan keeps what is settled — a confirmed stop, or a time a listing agent proposed — at its time,
// leaves out what was declined, and fits the others around them. Pure; the API fills in the open times and the
// drive times (the straight-line estimate or the routing server).
import { APPOINTMENT_MINUTES } from '../constants';
import { NETWORK_PATHS, NETWORK_TEXTS, type NetworkRequestState } from '../listing/network';
import { TOUR_MAX_STOPS, TOUR_MIN_STOPS } from '../schemas/tours';
import { optimiseRoute, type StartWindow } from './optimiser';

/** A stop as the planner sees it: free (any of its listing's open starts), fixed at a start, or left out. */
export type NetworkTourStop =
  { kind: 'open'; open: readonly number[] } | { kind: 'fixed'; start: number } | { kind: 'dropped' };

export type NetworkTourProblem = {
  stops: readonly NetworkTourStop[];
  /** travel[i][j]: minutes from stop i to stop j (every stop, dropped ones included, keeps its index). */
  travel: readonly (readonly number[])[];
  /** How long a stop takes, minutes (a showing: APPOINTMENT_MINUTES). */
  duration?: number;
};

export type NetworkTourPlan =
  | {
      feasible: true;
      /** Stop indices in visiting order, dropped stops left out. */
      order: number[];
      /** starts[i]: stop i's start (null for a dropped stop). */
      starts: (number | null)[];
      driveMinutes: number;
    }
  | { feasible: false };

const windowsOf = (stop: NetworkTourStop): StartWindow[] =>
  stop.kind === 'fixed'
    ? [{ from: stop.start, to: stop.start }]
    : stop.kind === 'open'
      ? [...stop.open].sort((a, b) => a - b).map((s) => ({ from: s, to: s }))
      : [];

/** The order and times that drive least, each stop at one of its open starts (or its fixed one). */
export function planNetworkTour(problem: NetworkTourProblem): NetworkTourPlan {
  const kept = problem.stops.flatMap((s, i) => (s.kind === 'dropped' ? [] : [i]));
  if (kept.length === 0) return { feasible: false };
  const duration = problem.duration ?? APPOINTMENT_MINUTES;
  const result = optimiseRoute({
    stops: kept.map((i) => ({ windows: windowsOf(problem.stops[i]!), duration })),
    travel: kept.map((i) => kept.map((j) => problem.travel[i]![j]!)),
    grid: 1,
  });
  if (!result.feasible) return { feasible: false };
  const starts: (number | null)[] = problem.stops.map(() => null);
  kept.forEach((i, k) => (starts[i] = result.starts[k]!));
  return {
    feasible: true,
    order: result.order.map((k) => kept[k]!),
    starts,
    driveMinutes: result.travelMinutes,
  };
}

/** Whether a stop count is one a tour takes. */
export const tourStopCountOk = (n: number) => n >= TOUR_MIN_STOPS && n <= TOUR_MAX_STOPS;

/**
 * Why a tour was planned again: a home declined, a home's time changed on its listing's side, or its listing's
 * side proposed another time (the day is planned as if it were accepted).
 */
export type ReplanCause = 'declined' | 'moved' | 'proposed';
const REPLAN_CAUSES: Record<ReplanCause, string> = {
  declined: 'A home declined',
  moved: 'A home’s time changed',
  proposed: 'A home proposed another time',
};

/** What the buyer's agent reads about a cross-agent tour (the plan, the tour page, the re-plan e-mail). */
export const NETWORK_TOUR_TEXTS = {
  noPlace: (address: string) =>
    `${address} has no map position yet, so the drive to it cannot be planned. Leave it out, or ask its agent to place it on the map.`,
  noTimes: (address: string) => `${address} has no open time that day. Try another day, or leave it out.`,
  infeasible:
    'These homes’ open times and the drives between them do not fit in one day. Try another day or fewer homes.',
  stale:
    'A time in this plan is no longer open, or the drive before it no longer fits. Plan the day again and send the new plan.',
  notSent:
    'Not sent: the time was taken while the tour was being sent. Plan the day again to fit this home in.',
  replanned: (changes: number, cause: ReplanCause = 'declined') =>
    `${REPLAN_CAUSES[cause]}; ${
      changes === 0
        ? 'the other stops keep their times.'
        : `${changes === 1 ? 'one stop was' : `${changes} stops were`} moved to fit the day.`
    }`,
  replanFailed: (cause: ReplanCause = 'declined') =>
    `${REPLAN_CAUSES[cause]}; the other stops could not be moved to fit, so they keep their times.`,
  /** A proposed time that cannot be part of the day: nothing moved. */
  proposalClash: (address: string, time: string) =>
    `The time proposed for ${address} (${time}) clashes with a stop that is already settled, or leaves no time to drive between them, so nothing was moved. Keep your requested time, or ask its listing agent for another.`,
  mailSubject: (date: string) => `Your tour on ${date} was re-planned`,
  mailIntro: (address: string, cause: ReplanCause = 'declined', proposedTime = '') =>
    cause === 'declined'
      ? `${address} declined the showing. Here is your day now:`
      : cause === 'proposed'
        ? `${address}’s listing side proposed another time: ${proposedTime}. Accept it or keep yours from the proposal e-mail. Here is your day with the proposed time:`
        : `${address} is now at another time (a proposal accepted, or its agent moved it). Here is your day now:`,
  /** A stop's line in the re-plan e-mail while a time is proposed for it. */
  proposedLine: (time: string) => `proposed ${time}`,
  /** Under a proposed stop on the tour page, shown at its proposed time: what the buyer's agent asked for. */
  proposedStop: (asked: string) =>
    `Proposed by the listing’s side instead of the ${asked} you asked for; the rest of the day is planned around it.`,
  mailAction: 'Open the tour',
  /** The reason a re-plan gives the listing agent when it moves an unanswered request. */
  moveReason: 'The buyer’s agent’s tour was re-planned after another home changed.',
  /** A stop's state in words: the request's (NETWORK_TEXTS.states) or "Not sent". */
  stateLabel: (state: string) =>
    state in NETWORK_TEXTS.states ? NETWORK_TEXTS.states[state as NetworkRequestState] : 'Not sent',
  tourPath: (id: string) => `${NETWORK_PATHS.tours}/${id}`,
  page: {
    heading: 'Tours across listings',
    intro:
      'Pick 2 to 8 homes and a day: Keyturn orders them to fit each listing’s open times and the drives between them, then sends one request per home to its listing agent.',
    date: 'Day',
    plan: 'Plan the day',
    send: 'Send the requests',
    sent: 'Requests sent. Each listing agent (and seller, where they approve) decides; we e-mail you each answer.',
    drive: (minutes: number) => `${minutes} min drive`,
    total: (minutes: number) => `Driving in all: ${minutes} min`,
    estimated: 'Drive times are straight-line estimates.',
    empty: 'No tour yet.',
    addToTour: 'Add to tour',
    tray: (n: number) => `${n} ${n === 1 ? 'home' : 'homes'} for a tour`,
    planTour: 'Plan a tour',
    clearTour: 'Clear',
    toursLink: 'Tours',
    homesHeading: 'Homes for this tour',
    noHomes: 'No homes picked yet. Tick “Add to tour” on 2 to 8 homes in Find homes to show.',
    remove: 'Remove',
    removeHome: (address: string) => `Remove ${address}`,
    planHeading: 'Your day',
    driveFirst: 'First stop',
    notPlaced: 'No time fits',
    planAgain: 'Plan again',
    sending: 'Sending…',
    listTitle: 'Your tours',
    tourTitle: (date: string) => `Tour on ${date}`,
    client: (name: string) => `Client: ${name}`,
    openTour: 'Open',
    allTours: 'All tours',
  },
} as const;
