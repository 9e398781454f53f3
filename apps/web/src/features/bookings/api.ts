// The agent's bookings, the free times to move one to, and booking links / invitations (spec §7).
import type {
  AgentBooking,
  AgentBookingCreateInput,
  AgentBookingDetail,
  AgentRescheduleInput,
  BookingActionInput,
  BookingLink,
  BookingLinkCreateInput,
} from '@keyturn/domain/schemas/agentBooking';
import type { AvailabilityForDateResponse } from '@keyturn/domain/schemas/availability';
import type { Property } from '@keyturn/domain/schemas/property';
import { api } from '@/lib/api';
import { listQuery, type BookingFilters } from './filters';

interface One<T> {
  success: boolean;
  data: T;
}

/** GET /api/bookings?status=&limit=&date=&property_id=&q=&order= (what the list shows: listQuery). */
export async function fetchBookings(filters: BookingFilters): Promise<AgentBooking[]> {
  return (await api.get<One<AgentBooking[]>>(`/bookings?${listQuery(filters).toString()}`)).data;
}

/** GET /api/bookings/free-slots/{date}: the agent's own free times for a new booking (today's included). */
export async function fetchAgentFreeSlots(date: string): Promise<AvailabilityForDateResponse> {
  return api.get<AvailabilityForDateResponse>(`/bookings/free-slots/${encodeURIComponent(date)}`);
}

/** GET /api/bookings/{id}. */
export async function fetchBooking(id: string): Promise<AgentBookingDetail> {
  return (await api.get<One<AgentBookingDetail>>(`/bookings/${encodeURIComponent(id)}`)).data;
}

/** POST /api/bookings: the agent books a buyer in; 409 SLOT_TAKEN. */
export async function createBooking(input: AgentBookingCreateInput): Promise<AgentBooking> {
  return (await api.post<One<AgentBooking>>('/bookings', input)).data;
}

/** PUT /api/bookings/{id} { action, reason? }; 409 ILLEGAL_TRANSITION says why in `error`. */
export async function actOnBooking(id: string, input: BookingActionInput): Promise<AgentBooking> {
  return (await api.put<One<AgentBooking>>(`/bookings/${encodeURIComponent(id)}`, input)).data;
}

/** PUT /api/bookings/{id}/reschedule → the new booking; 409 SLOT_TAKEN / SLOT_UNAVAILABLE. */
export async function rescheduleBooking(id: string, input: AgentRescheduleInput): Promise<AgentBooking> {
  return (await api.put<One<AgentBooking>>(`/bookings/${encodeURIComponent(id)}/reschedule`, input)).data;
}

/** The agent's free times on a date (the public slot answer: 'HH:mm:ss'). */
export async function fetchFreeSlots(agentId: string, date: string): Promise<AvailabilityForDateResponse> {
  return api.get<AvailabilityForDateResponse>(
    `/booking/availability/agent/${encodeURIComponent(agentId)}/${encodeURIComponent(date)}`,
  );
}

/** GET /api/properties, for the property filter and the booking forms. */
export async function fetchPropertyOptions(): Promise<Property[]> {
  return (await api.get<One<Property[]>>('/properties')).data;
}

/** GET /api/booking-links. */
export async function fetchBookingLinks(): Promise<BookingLink[]> {
  return (await api.get<One<BookingLink[]>>('/booking-links')).data;
}

/** POST /api/booking-links → 201 with the absolute `url` to share. */
export async function createBookingLink(input: BookingLinkCreateInput): Promise<BookingLink> {
  return (await api.post<One<BookingLink>>('/booking-links', input)).data;
}

/** DELETE /api/booking-links/{id}. */
export async function deleteBookingLink(id: string): Promise<void> {
  await api.delete<{ success: boolean }>(`/booking-links/${encodeURIComponent(id)}`);
}
