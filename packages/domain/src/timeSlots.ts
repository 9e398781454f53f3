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
  /** As shown: '2:00 PM'. */
  label: string;
  available: boolean;
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
  if (response && response.availableSlots.length > 0) {
    return response.availableSlots.map((slot) => toSlot(to24Hour(slot), true));
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
  return { time, label: to12Hour(time), available };
}
