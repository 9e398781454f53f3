// The UTC offsets of an IANA time zone over a stretch of time, looked up once so that turning many wall
// times into instants costs arithmetic instead of an Intl call each (about 4 µs apiece). Offsets are sampled
// every 5 days and every change between two samples is pinned to the second by bisection (tz database
// transitions fall on whole seconds), so a 60-day window costs about 13 lookups plus 20 per change.
import { tzOffset } from '@date-fns/tz';
import { millisecondsInDay, millisecondsInMinute, millisecondsInSecond } from 'date-fns/constants';

/** Instants in [from, to) (epoch ms) have wall time = instant + offsetMs. The first and last reach to ±∞. */
export type OffsetPiece = { from: number; to: number; offsetMs: number };

/**
 * How far apart offsets are sampled. A change shows wherever two samples differ; only a change undone within
 * one step could hide. A scan of all 418 zones Intl knows, 1970–2040, found no two changes closer than 7 days
 * (the shortest: one week of daylight time in Recife, Noronha and Boa Vista in October 2000; next come
 * Argentina 2004 at 12 days and Ramadan breaks in Cairo at 21), so 5 days leaves a margin.
 */
const SAMPLE_STEP_MS = 5 * millisecondsInDay;

/** UTC offset of `timeZone` at an instant, in ms (east of Greenwich positive). */
export function offsetAt(timeZone: string, instant: number): number {
  assertTimeZone(timeZone);
  return offsetMs(timeZone, instant);
}

/** The offsets of `timeZone`, exact for every instant in [from, to]. */
export function zoneOffsets(timeZone: string, from: number, to: number): OffsetPiece[] {
  assertTimeZone(timeZone);
  const pieces: OffsetPiece[] = [];
  let pieceStart = -Infinity;
  // Whole seconds, so that every bisection below starts from an instant whose offset is known.
  let sampleAt = Math.floor(from / millisecondsInSecond) * millisecondsInSecond;
  const end = Math.ceil(to / millisecondsInSecond) * millisecondsInSecond;
  let offset = offsetMs(timeZone, sampleAt);
  while (sampleAt < end) {
    const next = Math.min(sampleAt + SAMPLE_STEP_MS, end);
    const nextOffset = offsetMs(timeZone, next);
    // Between two samples the offset may change more than once (a → b → c): follow each change in turn.
    let changesAfter = sampleAt;
    while (offset !== nextOffset) {
      const change = firstSecondWithOffsetOtherThan(timeZone, offset, changesAfter, next);
      pieces.push({ from: pieceStart, to: change, offsetMs: offset });
      pieceStart = change;
      changesAfter = change;
      offset = offsetMs(timeZone, change);
    }
    sampleAt = next;
  }
  pieces.push({ from: pieceStart, to: Infinity, offsetMs: offset });
  return pieces;
}

/**
 * The earliest instant whose wall time is `wallMs` (the wall time written as if it were UTC, e.g.
 * Date.UTC(2025, 2, 9, 2, 30)), or null when the clock skips that time (a DST gap). A wall time the clock
 * shows twice (DST fall-back) gives the earlier instant. Checking that the instant falls in the piece whose
 * offset produced it is the round trip: that instant shown in the zone reads `wallMs` again.
 */
export function wallToInstant(pieces: readonly OffsetPiece[], wallMs: number): number | null {
  for (const piece of pieces) {
    const instant = wallMs - piece.offsetMs;
    // Pieces are in time order and disjoint, so the first that holds its own instant holds the earliest.
    if (instant >= piece.from && instant < piece.to) return instant;
  }
  return null;
}

/**
 * The first instant at which the clock shows `wallMs` or a later wall time: the instant it shows `wallMs`
 * (the earlier one if it shows it twice), or, when the clock skips `wallMs` (a DST gap), the instant of the
 * jump. Within one piece the wall time grows with the instant, so each piece's first such instant is
 * max(from, wallMs − offset) if that is still inside it; the earliest over all pieces is the answer.
 */
export function firstInstantAtOrAfter(pieces: readonly OffsetPiece[], wallMs: number): number {
  let first = Infinity;
  for (const piece of pieces) {
    const instant = Math.max(piece.from, wallMs - piece.offsetMs);
    if (instant < piece.to && instant < first) first = instant;
  }
  return first;
}

/** The wall clock of `instant` (epoch ms, inside the pieces' span) as yyyy-MM-dd and HH:mm — arithmetic, no Intl. */
export function wallClockAt(pieces: readonly OffsetPiece[], instant: number): { date: string; time: string } {
  const piece = pieces.find((p) => instant >= p.from && instant < p.to) ?? pieces[pieces.length - 1]!;
  const wall = new Date(instant + piece.offsetMs).toISOString();
  return { date: wall.slice(0, 10), time: wall.slice(11, 16) };
}

/** The wall clocks of many instants in one zone: the zone is looked up once for their whole span. */
export function wallClocksInZone(
  instants: readonly number[],
  timeZone: string,
): { date: string; time: string }[] {
  if (instants.length === 0) return [];
  const pieces = zoneOffsets(timeZone, Math.min(...instants), Math.max(...instants));
  return instants.map((instant) => wallClockAt(pieces, instant));
}

/** Throws RangeError for a name Intl does not know (tzOffset would quietly answer NaN or a guess). */
function assertTimeZone(timeZone: string): void {
  if (knownZones.has(timeZone)) return;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    throw new RangeError(`Unknown time zone: '${timeZone}'`);
  }
  knownZones.add(timeZone);
}

const knownZones = new Set<string>();

function offsetMs(timeZone: string, instant: number): number {
  return Math.round(tzOffset(timeZone, new Date(instant)) * millisecondsInMinute);
}

/** The change lies in (before, after], both whole seconds; the offset at `before` is `offset`. */
function firstSecondWithOffsetOtherThan(
  timeZone: string,
  offset: number,
  before: number,
  after: number,
): number {
  let lo = before / millisecondsInSecond;
  let hi = after / millisecondsInSecond;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (offsetMs(timeZone, mid * millisecondsInSecond) === offset) lo = mid;
    else hi = mid;
  }
  return hi * millisecondsInSecond;
}
