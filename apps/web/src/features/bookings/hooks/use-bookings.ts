import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type {
  AgentBooking,
  AgentBookingCreateInput,
  AgentBookingDetail,
  AgentRescheduleInput,
  BookingActionInput,
  BookingLinkCreateInput,
} from '@keyturn/domain/schemas/agentBooking';
import {
  actOnBooking,
  createBooking,
  createBookingLink,
  deleteBookingLink,
  fetchBooking,
  fetchBookingLinks,
  fetchBookings,
  fetchAgentFreeSlots,
  fetchFreeSlots,
  fetchPropertyOptions,
  rescheduleBooking,
} from '../api';
import { trackBooking, trackCancellation } from '@/lib/analytics';
import { bookingAnalytics } from '@/lib/booking-analytics';
import type { BookingFilters } from '../filters';

export const BOOKINGS_QUERY_KEY = ['bookings'] as const;
const LIST_KEY = [...BOOKINGS_QUERY_KEY, 'list'] as const;
const LINKS_KEY = ['booking-links'] as const;

export function useBookings(filters: BookingFilters, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...LIST_KEY, filters],
    queryFn: () => fetchBookings(filters),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** One booking; while it loads, the copy from a list already on screen stands in. */
export function useBooking(id: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...BOOKINGS_QUERY_KEY, 'detail', id],
    queryFn: () => fetchBooking(id ?? ''),
    enabled: id !== null,
    placeholderData: (): AgentBookingDetail | undefined => {
      const listed = id === null ? undefined : findInLists(queryClient, id);
      // A list row carries no tour; the details fill it in when they arrive.
      return listed ? { ...listed, tour: null } : undefined;
    },
  });
}

export function useBookingAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BookingActionInput) => actOnBooking(id, input),
    onSuccess: (booking, input) => {
      if (booking.status === 'confirmed') trackBooking('booking_confirmed', bookingAnalytics(booking));
      if (booking.status === 'cancelled' || booking.status === 'declined') {
        trackBooking('booking_cancelled', bookingAnalytics(booking));
        trackCancellation(input.reason || undefined);
      }
      return afterBookingChange(queryClient, booking);
    },
  });
}

export function useRescheduleBooking(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AgentRescheduleInput) => rescheduleBooking(id, input),
    onSuccess: (booking) => afterBookingChange(queryClient, booking),
  });
}

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AgentBookingCreateInput) => createBooking(input),
    onSuccess: (booking) => {
      trackBooking('booking_created', bookingAnalytics(booking));
      if (booking.status === 'confirmed') trackBooking('booking_confirmed', bookingAnalytics(booking));
      return afterBookingChange(queryClient, booking);
    },
  });
}

/**
 * Free times of the agent on `date` (null until both are known): the public answer for an agent id (what a
 * reschedule may take), or with 'own' the signed-in agent's times for a new booking (today's included).
 */
export function useFreeSlots(agentId: string | 'own' | null, date: string | null) {
  return useQuery({
    queryKey: ['free-slots', agentId, date],
    queryFn: () =>
      agentId === 'own' ? fetchAgentFreeSlots(date ?? '') : fetchFreeSlots(agentId ?? '', date ?? ''),
    enabled: agentId !== null && date !== null,
    // Someone else may book in the meantime: ask again whenever the picker opens.
    staleTime: 0,
  });
}

export function usePropertyOptions() {
  return useQuery({ queryKey: ['properties'], queryFn: fetchPropertyOptions });
}

export function useBookingLinks() {
  return useQuery({ queryKey: LINKS_KEY, queryFn: fetchBookingLinks });
}

export function useCreateBookingLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BookingLinkCreateInput) => createBookingLink(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LINKS_KEY }),
  });
}

export function useDeleteBookingLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteBookingLink(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LINKS_KEY }),
  });
}

/**
 * A booking changed: its own entry takes the answer, and everything that counts bookings is asked again —
 * the lists, the overview (today, upcoming, pending), the plan usage and the free times.
 */
function afterBookingChange(queryClient: QueryClient, booking: AgentBooking) {
  // The action's answer is the booking alone: the tour it is part of stays as the details had it.
  queryClient.setQueryData<AgentBookingDetail>([...BOOKINGS_QUERY_KEY, 'detail', booking.id], (old) => ({
    ...booking,
    tour: old?.tour ?? null,
  }));
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: LIST_KEY }),
    queryClient.invalidateQueries({
      queryKey: [...BOOKINGS_QUERY_KEY, 'detail'],
      predicate: (query) => query.queryKey[2] !== booking.id,
    }),
    queryClient.invalidateQueries({ queryKey: ['agents', 'dashboard'] }),
    queryClient.invalidateQueries({ queryKey: ['agents', 'usage-stats'] }),
    queryClient.invalidateQueries({ queryKey: ['free-slots'] }),
  ]);
}

function findInLists(queryClient: QueryClient, id: string): AgentBooking | undefined {
  for (const [, list] of queryClient.getQueriesData<AgentBooking[]>({ queryKey: LIST_KEY })) {
    const found = list?.find((booking) => booking.id === id);
    if (found) return found;
  }
  return undefined;
}
