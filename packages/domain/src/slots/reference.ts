// The slot rules of engine.ts written as plainly as possible: every candidate of every date converted on its
// own through Intl, checked against every busy interval. Slow on purpose and independent of the engine's
// offset table and busy-time index — the yardstick the property tests compare it with and the benchmark's
// baseline. Not for production use.
import { millisecondsInDay, millisecondsInMinute } from 'date-fns/constants';
import { APPOINTMENT_MINUTES, BOOKING_WINDOW_DAYS } from '../constants';
import type { BusyInterval, DateWindow, SlotRules } from './engine';

/** Same contract as computeSlots. */
export function referenceSlots(
  rules: SlotRules,
  busy: readonly BusyInterval[],
  now: Date,
  window?: DateWindow,
): Map<string, string[]> {
  const today = wallClockOf(now.getTime(), rules.timeZone).slice(0, 10);
  const bookableFrom = addDays(today, 1);
  const bookableTo = addDays(today, BOOKING_WINDOW_DAYS);
  const requested = window ?? { from: bookableFrom, to: bookableTo };
  const earliest = now.getTime() + rules.minimumNoticeMinutes * millisecondsInMinute;
  const buffer = rules.bufferMinutes * millisecondsInMinute;

  const result = new Map<string, string[]>();
  for (let date = requested.from; date <= requested.to; date = addDays(date, 1)) {
    const labels = new Set<string>();
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    const rule =
      rules.overrides.find((override) => override.date === date) ??
      rules.weekly.find((entry) => entry.day_of_week === weekday);
    if (date >= bookableFrom && date <= bookableTo && rule !== undefined && rule.is_available) {
      for (const interval of rule.intervals) {
        const end = minutes(interval.end);
        for (
          let minute = minutes(interval.start);
          minute + APPOINTMENT_MINUTES <= end;
          minute += APPOINTMENT_MINUTES
        ) {
          const label = `${pad2(Math.floor(minute / 60))}:${pad2(minute % 60)}:00`;
          const startsAt = instantOf(date, label, rules.timeZone);
          if (startsAt === null || startsAt < earliest) continue;
          const endsAt = startsAt + APPOINTMENT_MINUTES * millisecondsInMinute;
          let free = true;
          for (const b of busy) {
            if (b.end > b.start && startsAt < b.end + buffer && endsAt > b.start - buffer) free = false;
          }
          if (free) labels.add(label);
        }
      }
    }
    result.set(date, [...labels].sort());
  }
  return result;
}

/**
 * The earliest instant whose wall clock in `timeZone` reads `date` `time`, or null. Tries the offsets in force
 * a day before and a day after and keeps those that read back the same wall time.
 */
function instantOf(date: string, time: string, timeZone: string): number | null {
  const wall = `${date}T${time}`;
  const wallAsUtc = Date.parse(`${wall}Z`);
  const found: number[] = [];
  for (const probe of [wallAsUtc - millisecondsInDay, wallAsUtc + millisecondsInDay]) {
    const offset = Date.parse(`${wallClockOf(probe, timeZone)}Z`) - probe;
    const instant = wallAsUtc - offset;
    if (wallClockOf(instant, timeZone) === wall) found.push(instant);
  }
  return found.length === 0 ? null : Math.min(...found);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** 'yyyy-MM-ddTHH:mm:ss' wall clock of an instant in `timeZone`. */
function wallClockOf(instant: number, timeZone: string): string {
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

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * millisecondsInDay).toISOString().slice(0, 10);
}

function minutes(time: string): number {
  const [hours = 0, mins = 0] = time.split(':').map(Number);
  return hours * 60 + mins;
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}
