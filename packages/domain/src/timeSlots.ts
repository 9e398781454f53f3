// The time slots the booking page shows for a chosen date (spec §2.4 time grid, §8, §9): the server's
// slots when it has some, the fallback grid when the fetch fails or returns none, and nothing when the
// agent's day is marked unavailable.
import {
  FALLBACK_SLOTS_WITHOUT_PROPERTY,
  FALLBACK_SLOTS_WITH_PROPERTY,
  FALLBACK_UNAVAILABLE_WITHOUT_PROPERTY,
} from './constants';
import type { AvailabilityForDateResponse } from './schemas/availability';
import { to12Hour, to24Hour } from './time';

export interface TimeSlot {
  /** 24-hour 'HH:mm', as sent in booking_time. */
  time: string;
  /** As the agent's clock shows it: '2:00 PM', or '1:30 AM EDT' for one pass of a repeated hour. */
  label: string;
  available: boolean;
  /**
   * The server's instant of the slot (ISO 8601 with offset), sent back as starts_at: both passes of a
   * repeated hour share `time`, never `startsAt`. null for the fallback grid, whose instant the server decides.
   */
  startsAt: string | null;
  /** Issue 16: next to one of the agent's showings nearby (the agent clusters showings by area). */
  recommended?: boolean;
  /** Issue 17: one of the day's best by the agent's learned preferences (learning/slotMarks.ts). */
  suggested?: boolean;
}

/**
 * @param response the availability answer for the date, or null when the fetch failed
 * @param dayIsAvailable whether the agent's weekday is marked available (public availability entries);
 *   undefined while unknown
 * @param hasProperty whether a real property is being booked (it picks the fallback grid)
 */
export function timeSlotsForDate(input: {
  response: AvailabilityForDateResponse | null;
  dayIsAvailable: boolean | undefined;
  hasProperty: boolean;
}): TimeSlot[] {
  const { response, dayIsAvailable, hasProperty } = input;
  if (dayIsAvailable === false || response?.agentAvailability.isAvailable === false) return [];
  if (response && response.slots.length > 0) {
    // The slot's marks (recommended, suggested) pass through as the server gave them (only when true).
    return response.slots.map(({ time, label, starts_at, ...marks }) => ({
      ...marks,
      time: to24Hour(time),
      label,
      available: true,
      startsAt: starts_at,
    }));
  }
  return fallbackSlots(hasProperty);
}

/** The fallback grid of spec §9: hourly with a property; half-hourly without, the lunch hour disabled. */
export function fallbackSlots(hasProperty: boolean): TimeSlot[] {
  if (hasProperty) return FALLBACK_SLOTS_WITH_PROPERTY.map((time) => toSlot(time, true));
  return FALLBACK_SLOTS_WITHOUT_PROPERTY.map((time) =>
    toSlot(time, !FALLBACK_UNAVAILABLE_WITHOUT_PROPERTY.includes(time)),
  );
}

function toSlot(time: string, available: boolean): TimeSlot {
  return { time, label: to12Hour(time), available, startsAt: null };
}
