// Quiet hours for texts (issue 33, decision 056): no reminder or marketing-like text between 9 PM and 8 AM at
// the recipient's local time. The recipient's zone is the booking's (the agent's) zone: a US number's area
// code says where it was issued, not where its owner is, and no kept table maps it to a zone. Pure: instants
// in, instants out; the calendar arithmetic is on the zone's dates, so DST changes move nothing.
import { TZDate } from '@date-fns/tz';
import { wallClockInZone } from '../time';

/** Local wall times, HH:mm: quiet from `start` (included) until `end` (excluded). */
export const QUIET_HOURS = { start: '21:00', end: '08:00' } as const;

/** Whether `at` falls in the quiet hours of `timeZone`. */
export function inQuietHours(at: Date, timeZone: string): boolean {
  const { time } = wallClockInZone(at, timeZone);
  return time >= QUIET_HOURS.start || time < QUIET_HOURS.end;
}

/** The end of the quiet hours `at` falls in: 8 AM local that morning, or the next morning after 9 PM. */
export function quietHoursEnd(at: Date, timeZone: string): Date {
  const { date, time } = wallClockInZone(at, timeZone);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = time >= QUIET_HOURS.start ? d + 1 : d;
  const [hh, mm] = QUIET_HOURS.end.split(':').map(Number) as [number, number];
  // TZDate rolls day 32 over into the next month on the zone's own calendar.
  return new Date(new TZDate(y, m - 1, day, hh, mm, 0, timeZone).getTime());
}

/** When (and how) a text due at `due` goes out. */
export type TextTiming =
  | { by: 'text'; at: Date; deferred: boolean }
  /** Quiet at `due`, and the morning is too late: an e-mail at `due` instead. */
  | { by: 'email'; at: Date };

/**
 * A quiet-hours-aware text time: `due` itself outside quiet hours; else 8 AM local, unless that is not before
 * `deadline` (a reminder's showing start, the re-confirmation's alert) — then an e-mail at `due`.
 */
export function textTiming(due: Date, timeZone: string, deadline?: Date): TextTiming {
  if (!inQuietHours(due, timeZone)) return { by: 'text', at: due, deferred: false };
  const morning = quietHoursEnd(due, timeZone);
  if (deadline && morning.getTime() >= deadline.getTime()) return { by: 'email', at: due };
  return { by: 'text', at: morning, deferred: true };
}
