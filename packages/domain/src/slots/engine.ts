// The slot engine: which 30-minute viewings a buyer may book with an agent (spec §3 availability response,
// §5 bookable dates, §9 appointment length and window). Pure: rules, busy time and "now" in, slots out.
//
// The rules are measured in REAL time (decision 010), in the agent's IANA time zone:
// - Window: dates tomorrow through today + BOOKING_WINDOW_DAYS (60), "today" being the agent-zone date of
//   `now`. Dates outside it yield nothing, whatever window a caller asks for.
// - The day's rule: the date's override if there is one (is_available=false: a day off; true: its own
//   intervals), else the weekly entry of its weekday (Sunday = 0). An unavailable rule yields nothing.
// - Working period: an interval [start, end) of wall times works from the first instant the agent's clock
//   shows `start` to the first instant it shows `end` (firstInstantAtOrAfter: where the clock jumps over a
//   wall time, the instant of the jump). On a day without a change that is simply start to end.
// - Candidates: the wall times start, start + 30 min, … before `end` (the interval's half-hour grid). A wall
//   time the clock skips (spring-forward gap) has no slot. A wall time the clock shows twice (fall-back) has
//   two candidates, one per pass. A candidate is offered only if its 30 REAL minutes lie inside the working
//   period — so nothing runs past the agent's end or into the next interval, and on a fall-back day every
//   half hour the agent really works is offered, both passes of the repeated hour included.
// - Offered slots never overlap: a day's slots are sorted by instant and one that would start before the
//   previous one ends is dropped (only overlapping intervals, which the schema refuses, could cause that).
// - A candidate [startsAt, startsAt + 30 min) is dropped when startsAt < now + minimumNoticeMinutes, or when
//   it overlaps a busy interval widened by bufferMinutes on both sides: [start − buffer, end + buffer).
//   Half-open, so a slot that only touches a widened interval stays. Busy intervals with end ≤ start are
//   ignored. Notice and buffer are taken as the availability schema allows them: whole minutes ≥ 0.
// - Rules as the schema guarantees them (one entry per weekday, one override per date, 'HH:mm' times); if a
//   weekday or date is given twice anyway, the first entry counts. A malformed time throws RangeError.
// - A slot is an instant with its wall label; `repeated` marks the wall times shown twice that day, whose
//   labels must name their pass (slotLabel: '1:30 AM EDT' / '1:30 AM EST'). The spec's availableSlots is the
//   sorted set of labels (slotTimes).
// - dayIsAvailable: the day's rule says available and has at least one interval (window and busy time aside).
//
// Cost (budget: 60 days with 700 busy intervals in 1 ms): the zone's offsets are looked up once for the whole
// span (zoneOffsets), so a candidate costs arithmetic, not an Intl call; busy time is widened and sorted once
// and candidates, coming (nearly) in time order, walk it with two cursors. Keep closures out of the per-candidate
// path: the tsx runtime wraps every named function expression in a costly __name call.
import { millisecondsInDay as DAY_MS, millisecondsInMinute as MINUTE_MS } from 'date-fns/constants';
import { APPOINTMENT_MINUTES, BOOKING_WINDOW_DAYS } from '../constants';
import type {
  AvailabilityOverride,
  TimeInterval,
  WeeklyDay as WeeklyDayEntry,
} from '../schemas/availability';
import { formatClock, isValidIsoDate } from '../time';
import { blockedTime, overlapsBlocked, type BusyInterval } from './blockedTime';
import { dayNumber, isoDate, minuteOfDay, pad2, secondsOfDay, todayNumber, weekdayOf } from './dayNumbers';
import { firstInstantAtOrAfter, wallToInstant, zoneOffsets, type OffsetPiece } from './zoneOffsets';

/** 'HH:mm' agent-zone wall times, start < end (the availability schema's interval). */
export type WallInterval = TimeInterval;
/** One weekday of the weekly hours, Sunday = 0 (the availability schema's entry). */
export type WeeklyDay = WeeklyDayEntry;
/** A date ('yyyy-MM-dd') that replaces its weekday's rule: a day off, or other hours. */
export type DateOverride = AvailabilityOverride;
/** Time the agent is taken, epoch ms (UTC instants), end > start (defined beside the walk over it). */
export type { BusyInterval } from './blockedTime';
/** Agent-zone dates 'yyyy-MM-dd', both ends included. */
export type DateWindow = { from: string; to: string };

/** One offered viewing: an instant, and the agent's wall clock at that instant. */
export type Slot = {
  /** The agent-zone wall time it starts at, 'HH:mm:ss' (the spec's availableSlots entry). */
  time: string;
  /** Its start, epoch ms; it lasts APPOINTMENT_MINUTES real minutes. */
  startsAt: number;
  /** The agent zone's UTC offset at startsAt, ms (east positive): the ISO form's '-04:00'. */
  offsetMs: number;
  /** The agent's clock shows `time` twice that day (DST fall-back): a label must say which pass. */
  repeated: boolean;
};

export type SlotRules = {
  /** IANA zone of the agent. */
  timeZone: string;
  weekly: readonly WeeklyDay[];
  /** An override replaces that date's weekly rule. */
  overrides: readonly DateOverride[];
  /** A slot must start at or after now + notice. */
  minimumNoticeMinutes: number;
  /** Free time required between a busy interval and a slot, on both sides. */
  bufferMinutes: number;
};

/** The bookable dates as of `now`: tomorrow through today + BOOKING_WINDOW_DAYS, in the agent's zone. */
export function bookingWindow(now: Date, timeZone: string): DateWindow {
  if (Number.isNaN(now.getTime())) throw new RangeError('now is an invalid Date');
  const today = todayNumber(now, timeZone);
  return { from: isoDate(today + 1), to: isoDate(today + BOOKING_WINDOW_DAYS) };
}

/** The agent-zone date of `now` ('yyyy-MM-dd'): the calendar's "today" (isoDateInZone, one offset lookup). */
export function agentToday(now: Date, timeZone: string): string {
  if (Number.isNaN(now.getTime())) throw new RangeError('now is an invalid Date');
  return isoDate(todayNumber(now, timeZone));
}

/**
 * Free slots per date: every date of `window` (default: the booking window) is a key, in order, with its
 * slots in time order — an empty list for a date with none, including dates outside the booking window.
 */
export function computeDaySlots(
  rules: SlotRules,
  busy: readonly BusyInterval[],
  now: Date,
  window?: DateWindow,
): Map<string, Slot[]> {
  const bookable = bookingWindow(now, rules.timeZone);
  const requested = window ?? bookable;
  const first = dayNumber(requested.from);
  const last = dayNumber(requested.to);
  const slots = new Map<string, Slot[]>();
  const from = Math.max(first, dayNumber(bookable.from));
  const found = freeSlots(rules, busy, now, from, Math.min(last, dayNumber(bookable.to)));
  for (let day = first; day <= last; day++) slots.set(isoDate(day), found[day - from] ?? []);
  return slots;
}

/** computeDaySlots as the spec's labels: per date, the sorted set of 'HH:mm:ss' wall times (slotTimes). */
export function computeSlots(
  rules: SlotRules,
  busy: readonly BusyInterval[],
  now: Date,
  window?: DateWindow,
): Map<string, string[]> {
  const labels = new Map<string, string[]>();
  for (const [date, slots] of computeDaySlots(rules, busy, now, window)) labels.set(date, slotTimes(slots));
  return labels;
}

/** The free slots of one agent-zone date in time order; [] outside the booking window. */
export function daySlots(rules: SlotRules, busy: readonly BusyInterval[], now: Date, date: string): Slot[] {
  if (!isValidIsoDate(date) || !inWindow(date, bookingWindow(now, rules.timeZone))) return [];
  const day = dayNumber(date);
  return freeSlots(rules, busy, now, day, day)[0] ?? [];
}

/**
 * The free slots the agent may book a buyer into on one agent-zone date (the dashboard's New booking, issue
 * 19): the same working hours, bookings and buffer as daySlots, but the agent arranges the showing, so the
 * public booking window and minimum notice do not apply — today's remaining slots are offered (those not yet
 * started), and any later date. [] for a past date. Times outside these (already held, or arranged off
 * hours) the agent types instead (slotInstant).
 */
export function agentDaySlots(
  rules: SlotRules,
  busy: readonly BusyInterval[],
  now: Date,
  date: string,
): Slot[] {
  if (!isValidIsoDate(date) || date < agentToday(now, rules.timeZone)) return [];
  const day = dayNumber(date);
  return freeSlots({ ...rules, minimumNoticeMinutes: 0 }, busy, now, day, day)[0] ?? [];
}

/** The free slots of one agent-zone date as the spec's sorted 'HH:mm:ss' labels; [] outside the window. */
export function slotsForDate(
  rules: SlotRules,
  busy: readonly BusyInterval[],
  now: Date,
  date: string,
): string[] {
  return slotTimes(daySlots(rules, busy, now, date));
}

/** The distinct wall times of some slots, ascending (both passes of a repeated time are one label). */
export function slotTimes(slots: readonly Slot[]): string[] {
  return [...new Set(slots.map((slot) => slot.time))].sort();
}

/** Whether the date's rule (its override, else its weekday) is available with at least one interval. */
export function dayIsAvailable(rules: SlotRules, date: string): boolean {
  if (!isValidIsoDate(date)) return false;
  const rule = ruleOf(rules, date, weekdayOf(dayNumber(date)));
  return rule !== undefined && rule.is_available && rule.intervals.length > 0;
}

/**
 * The instants the agent's working day opens on each of `dates` (the start of its earliest interval, by the
 * override or the weekday), null on a day off. The working period's rule (firstInstantAtOrAfter): a start the
 * clock skips (spring forward) opens at the jump, a start shown twice (fall back) at its first pass (issue 29). Route planning starts the day there, at the agent's office
 * (issue 16). One zone-offset table for all the dates (the month's calendar asks for ~30 at once).
 */
export function dayOpenings(rules: SlotRules, dates: readonly string[]): (number | null)[] {
  const walls = dates.map((date) => {
    if (!dayIsAvailable(rules, date)) return null;
    const rule = ruleOf(rules, date, weekdayOf(dayNumber(date)))!;
    const first = [...rule.intervals].map((interval) => interval.start).sort()[0]!;
    const seconds = secondsOfDay(first);
    return seconds === null ? null : dayNumber(date) * DAY_MS + seconds * 1000;
  });
  const known = walls.filter((wall): wall is number => wall !== null);
  if (known.length === 0) return walls.map(() => null);
  const offsets = zoneOffsets(rules.timeZone, Math.min(...known) - DAY_MS, Math.max(...known) + DAY_MS);
  return walls.map((wall) => {
    if (wall === null) return null;
    const opening = firstInstantAtOrAfter(offsets, wall);
    return Number.isFinite(opening) ? opening : null;
  });
}

/** dayOpenings for one date. */
export function dayOpening(rules: SlotRules, date: string): number | null {
  return dayOpenings(rules, [date])[0] ?? null;
}

/**
 * The instant an agent-zone wall time ('HH:mm' or 'HH:mm:ss') on `date` happens, and the end of a viewing
 * starting then (APPOINTMENT_MINUTES real minutes later). null when the clock skips that wall time (DST gap);
 * a wall time shown twice (DST fall-back) takes the earlier instant. Throws RangeError on a malformed date or
 * time, or an unknown zone. (Agent-made bookings at any time use it; buyers book the engine's slots.)
 */
export function slotInstant(
  date: string,
  time: string,
  timeZone: string,
): { startsAt: Date; endsAt: Date } | null {
  const seconds = secondsOfDay(time);
  if (!isValidIsoDate(date) || seconds === null) {
    throw new RangeError(`Not a yyyy-MM-dd date and HH:mm time: '${date}' '${time}'`);
  }
  const wall = dayNumber(date) * DAY_MS + seconds * 1000;
  const start = wallToInstant(zoneOffsets(timeZone, wall - DAY_MS, wall + DAY_MS), wall);
  if (start === null) return null;
  return { startsAt: new Date(start), endsAt: new Date(start + APPOINTMENT_MS) };
}

/**
 * The open slot a buyer asks for: `time` ('HH:mm' or 'HH:mm:ss') on `date`, and — when the request names it
 * — exactly the pass starting at `startsAt` (epoch ms). Without `startsAt`, the earliest open pass of that
 * wall time. null when no such slot is open (taken, outside the hours or window, skipped, malformed).
 */
export function findOpenSlot(
  rules: SlotRules,
  busy: readonly BusyInterval[],
  now: Date,
  date: string,
  time: string,
  startsAt?: number,
): Slot | null {
  if (!isValidIsoDate(date)) return null;
  return pickSlot(daySlots(rules, busy, now, date), time, startsAt);
}

/**
 * Among a day's slots (in time order), the one at wall time `time` ('HH:mm' or 'HH:mm:ss') — exactly the pass
 * starting at `startsAt` when given, else the earliest. null when none matches or `time` is malformed.
 */
export function pickSlot(slots: readonly Slot[], time: string, startsAt?: number): Slot | null {
  const seconds = secondsOfDay(time);
  if (seconds === null || seconds % 60 !== 0) return null;
  const label = LABELS[seconds / 60];
  for (const slot of slots) {
    if (slot.time === label && (startsAt === undefined || slot.startsAt === startsAt)) return slot;
  }
  return null;
}

/** Whether some pass of `time` on `date` is an open slot (findOpenSlot without an instant). */
export function isSlotOpen(
  rules: SlotRules,
  busy: readonly BusyInterval[],
  now: Date,
  date: string,
  time: string,
): boolean {
  return findOpenSlot(rules, busy, now, date, time) !== null;
}

/** A slot's start as ISO 8601 with the agent zone's offset: '2026-11-01T01:30:00-05:00'. */
export function slotStartIso(slot: Pick<Slot, 'startsAt' | 'offsetMs'>): string {
  const wall = new Date(slot.startsAt + slot.offsetMs).toISOString().slice(0, 19);
  if (slot.offsetMs === 0) return `${wall}Z`;
  const minutes = Math.round(Math.abs(slot.offsetMs) / MINUTE_MS);
  return `${wall}${slot.offsetMs < 0 ? '-' : '+'}${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;
}

/**
 * How a slot reads in the agent's zone: '2:00 PM', or with the pass named for a repeated time: '1:30 AM EDT'.
 * With the slot's offset known, the plain label is arithmetic on its wall clock (formatClock's en-US 12-hour
 * form, character for character — the engine's tests compare them); a repeated time asks Intl for the zone name.
 */
export function slotLabel(
  slot: Pick<Slot, 'startsAt' | 'repeated'> & { offsetMs?: number },
  timeZone: string,
): string {
  if (slot.repeated || slot.offsetMs === undefined) {
    return formatClock(slot.startsAt, timeZone, { zoneName: slot.repeated });
  }
  const minuteOfDay = Math.floor(
    ((((slot.startsAt + slot.offsetMs) % DAY_MS) + DAY_MS) % DAY_MS) / MINUTE_MS,
  );
  const hour = Math.floor(minuteOfDay / 60);
  return `${hour % 12 || 12}:${pad2(minuteOfDay % 60)} ${hour < 12 ? 'AM' : 'PM'}`;
}

const APPOINTMENT_MS = APPOINTMENT_MINUTES * MINUTE_MS;

/** 'HH:mm:ss' for every minute of the day, index = minute. */
const LABELS: readonly string[] = Array.from(
  { length: 24 * 60 },
  (_, minute) => `${pad2(Math.floor(minute / 60))}:${pad2(minute % 60)}:00`,
);

type DayRule = { is_available: boolean; intervals: readonly WallInterval[] };
/** An interval as the engine walks it: its end minute and its grid of candidate start minutes. */
type DayInterval = { end: number; minutes: readonly number[] };

/** Free slots of the days numbered first..last (inside the booking window), one list per day. */
function freeSlots(
  rules: SlotRules,
  busy: readonly BusyInterval[],
  now: Date,
  first: number,
  last: number,
): Slot[][] {
  if (first > last) return [];
  // Every instant of these days lies within a day of their wall-clock span (offsets stay under ±15 h).
  const spanStart = first * DAY_MS - DAY_MS;
  const spanEnd = (last + 1) * DAY_MS + DAY_MS;
  const offsets = zoneOffsets(rules.timeZone, spanStart, spanEnd);
  const blocked = blockedTime(busy, rules.bufferMinutes * MINUTE_MS, spanStart, spanEnd);
  const earliest = now.getTime() + rules.minimumNoticeMinutes * MINUTE_MS;
  const weekly = weeklyIntervals(rules.weekly);
  const overrides = new Map<number, DateOverride>();
  for (const override of rules.overrides) {
    if (!isValidIsoDate(override.date)) continue;
    const day = dayNumber(override.date);
    if (!overrides.has(day)) overrides.set(day, override);
  }

  const days: Slot[][] = [];
  const passes: OffsetPiece[] = [];
  for (let day = first; day <= last; day++) {
    const override = overrides.get(day);
    const intervals = override ? dayIntervals(override) : (weekly[weekdayOf(day)] ?? []);
    const found: Slot[] = [];
    for (const interval of intervals) {
      const periodEnd = firstInstantAtOrAfter(offsets, day * DAY_MS + interval.end * MINUTE_MS);
      for (const minute of interval.minutes) {
        const wall = day * DAY_MS + minute * MINUTE_MS;
        // The pieces of the offset table in which this wall time happens: 0 (a gap), 1, or 2 (fall-back).
        passes.length = 0;
        for (const piece of offsets) {
          const instant = wall - piece.offsetMs;
          if (instant >= piece.from && instant < piece.to) passes.push(piece);
        }
        for (const piece of passes) {
          const start = wall - piece.offsetMs;
          if (start + APPOINTMENT_MS > periodEnd || start < earliest) continue;
          if (overlapsBlocked(blocked, start, start + APPOINTMENT_MS)) continue;
          found.push({
            time: LABELS[minute] ?? '',
            startsAt: start,
            offsetMs: piece.offsetMs,
            repeated: passes.length > 1,
          });
        }
      }
    }
    days.push(inTimeOrderWithoutOverlap(found));
  }
  return days;
}

/** Sorted by instant; a slot starting before the previous kept one ends (or at the same instant) is dropped. */
function inTimeOrderWithoutOverlap(slots: Slot[]): Slot[] {
  if (slots.length < 2) return slots;
  slots.sort(byStart);
  const kept: Slot[] = [];
  let freeFrom = -Infinity;
  for (const slot of slots) {
    if (slot.startsAt < freeFrom) continue;
    kept.push(slot);
    freeFrom = slot.startsAt + APPOINTMENT_MS;
  }
  return kept;
}

function byStart(a: Slot, b: Slot): number {
  return a.startsAt - b.startsAt;
}

/** The intervals of each weekday (index = day_of_week), built once per call. */
function weeklyIntervals(weekly: readonly WeeklyDay[]): (readonly DayInterval[])[] {
  const byDay: (readonly DayInterval[])[] = [[], [], [], [], [], [], []];
  const seen = new Set<number>();
  for (const entry of weekly) {
    if (seen.has(entry.day_of_week)) continue;
    seen.add(entry.day_of_week);
    byDay[entry.day_of_week] = dayIntervals(entry);
  }
  return byDay;
}

/** The rule's intervals with their candidate wall minutes: start, start + 30, … while before the end. */
function dayIntervals(rule: DayRule): DayInterval[] {
  if (!rule.is_available) return [];
  return rule.intervals.map((interval) => {
    const end = minuteOfDay(interval.end);
    const minutes: number[] = [];
    for (let minute = minuteOfDay(interval.start); minute < end; minute += APPOINTMENT_MINUTES) {
      minutes.push(minute);
    }
    return { end, minutes };
  });
}

function ruleOf(rules: SlotRules, date: string, weekday: number): DayRule | undefined {
  return (
    rules.overrides.find((override) => override.date === date) ??
    rules.weekly.find((entry) => entry.day_of_week === weekday)
  );
}

function inWindow(date: string, window: DateWindow): boolean {
  return date >= window.from && date <= window.to;
}
