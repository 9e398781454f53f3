// The days of a month the booking calendar marks (issue 10): the server's answer of which dates have at least
// one free slot after overrides, notice and bookings, with the agent's today. One request per month shown,
// cached by TanStack Query; null while it loads or when it failed (the caller falls back to spec §5's rule).
import { useQuery } from '@tanstack/react-query';
import type { AvailableDatesResponse } from '@keyturn/domain/schemas/availability';
import { fetchAvailableDates } from '../api';
import type { SlotTarget } from '../api';
import { bookingKeys } from './use-booking-setup';

export function slotTargetKey(target: SlotTarget | null): string {
  if (target === null) return '';
  if ('teamSlug' in target) return `t${target.teamSlug}`;
  return 'propertyId' in target ? `p${target.propertyId}` : `a${target.agentId}`;
}

/** @param month yyyy-MM, or null when none is shown yet */
export function useAvailableDates(
  target: SlotTarget | null,
  month: string | null,
): { data: AvailableDatesResponse | null; queryKey: readonly unknown[] } {
  const queryKey = bookingKeys.dates(slotTargetKey(target), month ?? '');
  const query = useQuery({
    queryKey,
    queryFn: () => fetchAvailableDates(target ?? { agentId: '' }, month ?? ''),
    enabled: target !== null && month !== null,
  });
  return { data: query.data ?? null, queryKey };
}
