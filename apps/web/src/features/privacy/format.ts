// Issue 46: the privacy pages' dates — the server's instants on the agent's clock, the zone named.
import { formatClock, timeZoneName } from '@keyturn/domain/time';

/** 'April 3, 2026' on `zone`'s calendar. */
export function longDate(instant: string, zone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: zone, dateStyle: 'long' }).format(new Date(instant));
}

/** 'April 3, 2026 at 10:00 AM Eastern Time (New York)'. */
export function dateTime(instant: string, zone: string): string {
  return `${longDate(instant, zone)} at ${formatClock(instant, zone)} ${timeZoneName(zone, new Date(instant))}`;
}
