// When the demo's people act: buyers book, answer and cancel, the agent approves — at plausible times of day in
// the agent's zone (DEMO_ACTIVE_HOURS), at any minute, never at night. generate.ts draws every such instant
// here, between the bounds the story allows (after the booking was made, before the showing, before now).
import { slotInstant } from '@keyturn/domain/slots/engine';
import { wallClockInZone } from '@keyturn/domain/time';
import { DEMO_ACTIVE_HOURS } from './data';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday, of a yyyy-MM-dd date. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

const isWeekend = (date: string) => weekdayOf(date) === 0 || weekdayOf(date) === 6;

/** The stretches of [lo, hi) inside the active hours, day by day in the zone (weekdays only if asked). */
export function activeStretches(
  lo: number,
  hi: number,
  timeZone: string,
  weekdaysOnly: boolean,
): [number, number][] {
  if (!(hi > lo)) return [];
  const out: [number, number][] = [];
  const last = wallClockInZone(new Date(hi), timeZone).date;
  for (let date = wallClockInZone(new Date(lo), timeZone).date; date <= last; date = addDays(date, 1)) {
    if (weekdaysOnly && isWeekend(date)) continue;
    const from = slotInstant(date, DEMO_ACTIVE_HOURS.from, timeZone)?.startsAt.getTime();
    const to = slotInstant(date, DEMO_ACTIVE_HOURS.to, timeZone)?.startsAt.getTime();
    if (from === undefined || to === undefined) continue;
    const a = Math.max(from, lo);
    const b = Math.min(to, hi);
    if (b - a >= MINUTE) out.push([a, b]);
  }
  return out;
}

/**
 * A random whole-minute instant of [lo, hi) in the active hours (on a weekday when `weekdaysOnly`, falling
 * back to any day); null when the span holds no active minute.
 */
export function activityBetween(
  random: () => number,
  lo: number,
  hi: number,
  timeZone: string,
  weekdaysOnly = false,
): Date | null {
  let stretches = activeStretches(lo, hi, timeZone, weekdaysOnly);
  if (stretches.length === 0 && weekdaysOnly) stretches = activeStretches(lo, hi, timeZone, false);
  const total = stretches.reduce((sum, [a, b]) => sum + (b - a), 0);
  if (total === 0) return null;
  let r = random() * total;
  for (const [a, b] of stretches) {
    if (r < b - a) {
      const t = Math.ceil((a + r) / MINUTE) * MINUTE;
      return new Date(t < b ? t : a);
    }
    r -= b - a;
  }
  return new Date(stretches.at(-1)![0]);
}

/** Whether an instant is inside the active hours in the zone (the demo test's check). */
export function isActiveTime(at: Date, timeZone: string): boolean {
  const { time } = wallClockInZone(at, timeZone);
  return time >= DEMO_ACTIVE_HOURS.from && time <= DEMO_ACTIVE_HOURS.to;
}
