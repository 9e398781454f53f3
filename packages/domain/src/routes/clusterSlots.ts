// Travel-aware public slots (issue 16, the agent's "cluster showings by area" setting): a slot the agent cannot
// reach from the showing before it, or cannot leave in time for the showing after it, is not offered; a slot
// right next to a showing nearby is marked recommended. Pure; one step after the slot engine. Drive times are
// the offline estimate (a buyer's page never waits on a routing service). ONE rule (isReachable) decides for
// the slots of a date, the month's bookable days and the server's re-check when a slot is booked.
import { estimateTravel, greatCircleKm, type LatLng } from './travel';

/**
 * The agent's other showings of the day: when, and where (null = unknown place: not a constraint). An
 * `office` entry is the agent's start point at the opening of a working day (a zero-length stop): the first
 * showing of the day must be reachable from it; it never makes a slot "recommended".
 */
export type PlacedShowing = { start: number; end: number; place: LatLng | null; office?: boolean };

/** A slot next to a showing within this distance (straight line) is recommended. */
export const NEARBY_KM = 3;
/** "Next to": the slot starts within this many minutes of the showing's end, or ends as close to its start. */
export const ADJACENT_MINUTES = 60;

const MINUTE = 60_000;

/** The showing ending last at or before `start`, and the one starting first at or after `end`. */
function neighbours(showings: readonly PlacedShowing[], start: number, end: number) {
  let before: PlacedShowing | undefined;
  let after: PlacedShowing | undefined;
  for (const s of showings) {
    if (s.end <= start && (!before || s.end > before.end || (s.end === before.end && !s.office))) before = s;
    if (s.start >= end && (!after || s.start < after.start)) after = s;
  }
  return { before, after };
}

/**
 * THE reachability rule: a showing at `place` from `start` for `durationMs` can be reached from the showing
 * before it (or the office at the day's opening) and left in time for the showing after it, at estimated
 * drive times. Neighbours without a place constrain nothing.
 */
export function isReachable(
  start: number,
  durationMs: number,
  place: LatLng,
  showings: readonly PlacedShowing[],
): boolean {
  return unreachableFrom(start, durationMs, place, showings) === null;
}

/**
 * Why isReachable says no, so that a refusal gives the true reason (issue 29): 'office' when the drive from
 * the office at the day's opening is too long, 'showing' when a showing before or after leaves too little time;
 * null when reachable. Drive minutes are the estimate the rule uses.
 */
export function unreachableFrom(
  start: number,
  durationMs: number,
  place: LatLng,
  showings: readonly PlacedShowing[],
): { from: 'office' | 'showing'; driveMinutes: number } | null {
  const { before, after } = neighbours(showings, start, start + durationMs);
  if (before?.place) {
    const drive = estimateTravel(before.place, place).minutes;
    if (before.end + drive * MINUTE > start)
      return { from: before.office ? 'office' : 'showing', driveMinutes: drive };
  }
  if (after?.place) {
    const drive = estimateTravel(place, after.place).minutes;
    if (start + durationMs + drive * MINUTE > after.start) return { from: 'showing', driveMinutes: drive };
  }
  return null;
}

/**
 * The slots (epoch-ms starts lasting `durationMs`) the agent can reach in time for a showing at `place`, each
 * with whether it sits next to a nearby showing. Without a place every slot stays, none recommended.
 */
export function clusterSlots<S extends { startsAt: number }>(
  slots: readonly S[],
  showings: readonly PlacedShowing[],
  place: LatLng | null,
  durationMs: number,
): { slot: S; recommended: boolean }[] {
  if (!place) return slots.map((slot) => ({ slot, recommended: false }));
  const out: { slot: S; recommended: boolean }[] = [];
  for (const slot of slots) {
    const start = slot.startsAt;
    const end = start + durationMs;
    if (!isReachable(start, durationMs, place, showings)) continue;
    const { before, after } = neighbours(showings, start, end);
    const near = (s: PlacedShowing | undefined, gap: number) =>
      !!s?.place &&
      !s.office &&
      gap <= ADJACENT_MINUTES * MINUTE &&
      greatCircleKm(s.place, place) <= NEARBY_KM;
    out.push({
      slot,
      recommended:
        near(before, before ? start - before.end : Infinity) ||
        near(after, after ? after.start - end : Infinity),
    });
  }
  return out;
}

/** Whether any of a date's slots is reachable (the month's bookable days): stops at the first one. */
export function hasReachableSlot(
  slots: readonly { startsAt: number }[],
  showings: readonly PlacedShowing[],
  place: LatLng | null,
  durationMs: number,
): boolean {
  if (!place) return slots.length > 0;
  return slots.some((slot) => isReachable(slot.startsAt, durationMs, place, showings));
}

/**
 * The office as a start point (issue 16): one zero-length stop at each working day's opening, so the first
 * showing of a day must be reachable from it (a later showing of the day is the nearer "before").
 */
export function officeStops(office: LatLng | null, openings: readonly (number | null)[]): PlacedShowing[] {
  if (!office) return [];
  return openings.flatMap((at) => (at === null ? [] : [{ start: at, end: at, place: office, office: true }]));
}
