// The slots of the chosen date (spec §2.4, §8, §9). The server's slots when it answers; when it cannot be
// reached, the fallback grid of timeSlotsForDate (the server checks again on submit); nothing when the
// server says the day has no free slot, the agent's day is unavailable, or the date is outside the window.
import { useQuery } from '@tanstack/react-query';
import { isAvailableWeekday } from '@keyturn/domain/bookingWindow';
import type { AvailabilityEntry } from '@keyturn/domain/schemas/availability';
import { timeSlotsForDate } from '@keyturn/domain/timeSlots';
import type { TimeSlot } from '@keyturn/domain/timeSlots';
import { ApiError } from '@/lib/api';
import { fetchSlots } from '../api';
import type { SlotTarget } from '../api';
import { slotTargetKey } from './use-available-dates';
import { bookingKeys } from './use-booking-setup';

export interface TimeSlotsState {
  loading: boolean;
  slots: TimeSlot[];
  /** The query key, to refetch after a 409 (the slot was just taken). */
  queryKey: readonly unknown[];
  /** Issue 32: the property's suggested-notice note and why its rules removed times of the date. */
  notes?: string[];
}

export function useTimeSlots(input: {
  target: SlotTarget | null;
  date: string | null;
  /** Whether `date` is one of the bookable dates (the server's month answer, else spec §5's weekday rule). */
  bookable: boolean;
  availability: readonly AvailabilityEntry[];
  /** A real property is being booked (it picks the fallback grid). */
  hasProperty: boolean;
}): TimeSlotsState {
  const { target, date, bookable, availability, hasProperty } = input;
  const queryKey = bookingKeys.slots(slotTargetKey(target), date ?? '');
  const query = useQuery({
    queryKey,
    queryFn: () => fetchSlots(target ?? { agentId: '' }, date ?? ''),
    enabled: target !== null && date !== null && bookable,
    // A slot another buyer takes must disappear soon: always ask again when the date is picked again.
    staleTime: 0,
  });

  if (date === null || !bookable) return { loading: false, slots: [], queryKey };
  const dayIsAvailable = isAvailableWeekday(date, availability);
  if (target === null) {
    return {
      loading: false,
      slots: timeSlotsForDate({ response: null, dayIsAvailable, hasProperty }),
      queryKey,
    };
  }
  if (query.isPending) return { loading: true, slots: [], queryKey };
  if (query.isError) {
    // The server refused the date (4xx): no slots. It could not be reached: the fallback grid.
    const refused = query.error instanceof ApiError && query.error.status >= 400 && query.error.status < 500;
    return {
      loading: false,
      slots: refused ? [] : timeSlotsForDate({ response: null, dayIsAvailable, hasProperty }),
      queryKey,
    };
  }
  const notes = [
    ...(query.data.notice_note ? [query.data.notice_note] : []),
    ...(query.data.removed_why ?? []),
  ];
  if (query.data.availableSlots.length === 0) return { loading: false, slots: [], queryKey, notes };
  // The server's answer knows the date's overrides: it, not the weekly summary, says whether the day works.
  return {
    loading: false,
    slots: timeSlotsForDate({ response: query.data, dayIsAvailable: undefined, hasProperty }),
    queryKey,
    notes,
  };
}
