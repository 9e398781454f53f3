// The time-zone oracle and the slot rules of engine.ts written as plainly as possible on Intl.DateTimeFormat
// alone: no offset table, no date-fns, nothing shared with the engine but the rules' types. Every wall time is
// read off the platform's time-zone data one instant at a time. Slow on purpose — the yardstick the property
// tests check the engine with, and the benchmark's baseline. Not for production use.
import { APPOINTMENT_MINUTES, BOOKING_WINDOW_DAYS } from '../constants';
import type { BusyInterval, DateWindow, SlotRules } from './engine';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const APPOINTMENT = APPOINTMENT_MINUTES * MINUTE;

/** A slot as the oracle sees it: the agent's wall time and the instant (epoch ms). */
export type ReferenceSlot = { time: string; startsAt: number };

const formatters = new Map<string, Intl.DateTimeFormat>();

/** 'yyyy-MM-ddTHH:mm:ss': the wall clock of an instant in `timeZone`, as Intl reads it. */
export function wallClockOf(instant: number, timeZone: string): string {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  const part: Record<string, string> = {};
  for (const { type, value } of formatter.formatToParts(instant)) part[type] = value;
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}:${part.second}`;
}

/** The zone's UTC offset at an instant (ms, east positive), read off its wall clock. */
export function offsetOf(instant: number, timeZone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return Date.parse(`${wallClockOf(whole, timeZone)}Z`) - whole;
}

const offsetsNear = new Map<string, number[]>();

/** Every offset the zone uses within 36 hours of a date's midnight (hourly samples; changes are ≥ 7 days apart). */
function offsetsAround(date: string, timeZone: string): number[] {
  const key = `${timeZone} ${date}`;
  let found = offsetsNear.get(key);
  if (!found) {
    const midnight = Date.parse(`${date}T00:00:00Z`);
    const seen = new Set<number>();
    for (let t = midnight - 36 * HOUR; t <= midnight + 60 * HOUR; t += HOUR) seen.add(offsetOf(t, timeZone));
    found = [...seen];
    offsetsNear.set(key, found);
  }
  return found;
}

/**
 * Every instant at which the clock in `timeZone` shows `date` `time` ('HH:mm' or 'HH:mm:ss'), ascending: none
 * in a DST gap, two in a repeated hour. Each is checked by reading its wall clock back.
 */
export function instantsShowing(date: string, time: string, timeZone: string): number[] {
  const wall = `${date}T${time.length === 5 ? `${time}:00` : time}`;
  const wallAsUtc = Date.parse(`${wall}Z`);
  const found = new Set<number>();
  for (const offset of offsetsAround(date, timeZone)) {
    const instant = wallAsUtc - offset;
    if (wallClockOf(instant, timeZone) === wall) found.add(instant);
  }
  return [...found].sort((a, b) => a - b);
}

/**
 * The first instant at which the clock shows `date` `time` or a later wall time: the (first) instant showing
 * it, or — when the clock skips it — the instant of the jump, found minute by minute (tz changes fall on
 * whole minutes).
 */
export function firstInstantShowingAtLeast(date: string, time: string, timeZone: string): number {
  const showing = instantsShowing(date, time, timeZone);
  if (showing.length > 0) return showing[0] as number;
  const wall = `${date}T${time.length === 5 ? `${time}:00` : time}`;
  const wallAsUtc = Date.parse(`${wall}Z`);
  const offsets = offsetsAround(date, timeZone);
  for (let t = wallAsUtc - Math.max(...offsets); t <= wallAsUtc - Math.min(...offsets); t += MINUTE) {
    if (wallClockOf(t, timeZone) >= wall) return t;
  }
  throw new Error(`No instant shows ${wall} or later in ${timeZone}`);
}

/** The day's rule as the engine's contract has it: the date's override, else its weekday (first entry counts). */
export function ruleOfDate(rules: SlotRules, date: string) {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return (
    rules.overrides.find((override) => override.date === date) ??
    rules.weekly.find((entry) => entry.day_of_week === weekday)
  );
}

/**
 * The candidates of a date with what the rules say of each: for every interval of the day's rule, every grid
 * wall time (start, +30 min, … before end), every instant showing it, and the interval's working period.
 */
export function referenceCandidates(rules: SlotRules, date: string) {
  const rule = ruleOfDate(rules, date);
  const candidates: { time: string; startsAt: number; periodStart: number; periodEnd: number }[] = [];
  if (!rule?.is_available) return candidates;
  for (const interval of rule.intervals) {
    const periodStart = firstInstantShowingAtLeast(date, interval.start, rules.timeZone);
    const periodEnd = firstInstantShowingAtLeast(date, interval.end, rules.timeZone);
    for (
      let minute = minutes(interval.start);
      minute < minutes(interval.end);
      minute += APPOINTMENT_MINUTES
    ) {
      const time = `${pad2(Math.floor(minute / 60))}:${pad2(minute % 60)}:00`;
      for (const startsAt of instantsShowing(date, time, rules.timeZone)) {
        candidates.push({ time, startsAt, periodStart, periodEnd });
      }
    }
  }
  return candidates;
}

/** Whether [start, start + 30 min) meets a busy interval widened by the buffer. */
export function referenceIsBusy(rules: SlotRules, busy: readonly BusyInterval[], start: number): boolean {
  const buffer = rules.bufferMinutes * MINUTE;
  return busy.some(
    (b) => b.end > b.start && start < b.end + buffer && start + APPOINTMENT > b.start - buffer,
  );
}

/** The agent-zone date of an instant. */
export function referenceToday(now: Date, timeZone: string): string {
  return wallClockOf(now.getTime(), timeZone).slice(0, 10);
}

/** Same contract as computeDaySlots: per date of the window, the free slots in time order. */
export function referenceDaySlots(
  rules: SlotRules,
  busy: readonly BusyInterval[],
  now: Date,
  window?: DateWindow,
): Map<string, ReferenceSlot[]> {
  const today = referenceToday(now, rules.timeZone);
  const bookableFrom = addDays(today, 1);
  const bookableTo = addDays(today, BOOKING_WINDOW_DAYS);
  const requested = window ?? { from: bookableFrom, to: bookableTo };
  const earliest = now.getTime() + rules.minimumNoticeMinutes * MINUTE;

  const result = new Map<string, ReferenceSlot[]>();
  for (let date = requested.from; date <= requested.to; date = addDays(date, 1)) {
    const offered: ReferenceSlot[] = [];
    if (date >= bookableFrom && date <= bookableTo) {
      const fitting = referenceCandidates(rules, date)
        .filter(
          (c) =>
            c.startsAt + APPOINTMENT <= c.periodEnd &&
            c.startsAt >= earliest &&
            !referenceIsBusy(rules, busy, c.startsAt),
        )
        .sort((a, b) => a.startsAt - b.startsAt);
      for (const c of fitting) {
        const previous = offered.at(-1);
        if (previous && c.startsAt < previous.startsAt + APPOINTMENT) continue;
        offered.push({ time: c.time, startsAt: c.startsAt });
      }
    }
    result.set(date, offered);
  }
  return result;
}

/** Same contract as computeSlots: the distinct wall times of each date's slots, ascending. */
export function referenceSlots(
  rules: SlotRules,
  busy: readonly BusyInterval[],
  now: Date,
  window?: DateWindow,
): Map<string, string[]> {
  const labels = new Map<string, string[]>();
  for (const [date, slots] of referenceDaySlots(rules, busy, now, window)) {
    labels.set(date, [...new Set(slots.map((slot) => slot.time))].sort());
  }
  return labels;
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

function minutes(time: string): number {
  const [hours = 0, mins = 0] = time.split(':').map(Number);
  return hours * 60 + mins;
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}
