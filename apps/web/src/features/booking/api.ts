// The public booking API (spec §7), no account needed. Every call goes through lib/api.ts; the shapes are
// the domain's (schemas/publicBooking.ts), shared with the server.
import type { z } from 'zod';
import type {
  AvailabilityEntry,
  AvailabilityForDateResponse,
  AvailableDatesResponse,
} from '@keyturn/domain/schemas/availability';
import type { BookingRequestInput, RescheduleRequestInput } from '@keyturn/domain/schemas/booking';
import type { Property } from '@keyturn/domain/schemas/property';
import type { ShowingAnswer } from '@keyturn/domain/listing/applyRules';
import type { PropertyRef } from '@keyturn/domain/links';
import type {
  BuyerBooking,
  ManagedBooking,
  PublicAgent,
  bookingLinkResponseSchema,
  prefillResponseSchema,
  propertyDetailsResponseSchema,
} from '@keyturn/domain/schemas/publicBooking';
import { api, ApiError, inlineGet, request } from '@/lib/api';

export type PropertyDetails = z.infer<typeof propertyDetailsResponseSchema>;
export type PrefillAnswer = z.infer<typeof prefillResponseSchema>;
export type BookingLink = z.infer<typeof bookingLinkResponseSchema>;
export type RescheduleBody = RescheduleRequestInput & { token: string };

/**
 * Whose slots to ask for: a property's, the agent's own for a consultation without one, or a team's pool
 * for a consultation with the team (issue 15: any member free, on the team's clock).
 */
export type SlotTarget = { propertyId: number } | { agentId: string } | { teamSlug: string };

const segment = encodeURIComponent;

type AgentBody = { data: PublicAgent };
type AvailabilityBody = { availability?: AvailabilityEntry[] };
const agentPath = (agentId: string) => `/agents/id/${segment(agentId)}`;
const availabilityPath = (agentId: string) => `/availability/public/${segment(agentId)}`;
const availabilityOf = (body: AvailabilityBody) => body.availability ?? [];

/** GET /agents/id/{agentId} → { success, data }; 404 AGENT_NOT_FOUND. */
export async function fetchPublicAgent(agentId: string): Promise<PublicAgent> {
  const body = await api.get<AgentBody>(agentPath(agentId));
  return body.data;
}

/**
 * GET /booking/texts/{agentId} → { success, data: { offered } } (issue 39): whether "Text me about this showing"
 * is offered — the server's texts are set up and the agent texts buyers.
 */
export async function fetchTextsOffered(agentId: string): Promise<boolean> {
  const body = await api.get<{ data: { offered: boolean } }>(`/booking/texts/${segment(agentId)}`);
  return body.data.offered;
}

/** GET /availability/public/{agentId} → { success, availability: [{ day_of_week, is_available }] }. */
export async function fetchPublicAvailability(agentId: string): Promise<AvailabilityEntry[]> {
  return availabilityOf(await api.get<AvailabilityBody>(availabilityPath(agentId)));
}

/** The agent's profile a server-rendered page carries (decision 034), once; undefined otherwise. */
export function inlinePublicAgent(agentId: string): PublicAgent | undefined {
  return inlineGet<AgentBody>(agentPath(agentId))?.data;
}

/** The agent's weekday availability a server-rendered page carries (decision 034), once; undefined otherwise. */
export function inlinePublicAvailability(agentId: string): AvailabilityEntry[] | undefined {
  const body = inlineGet<AvailabilityBody>(availabilityPath(agentId));
  return body === undefined ? undefined : availabilityOf(body);
}

/** GET /properties/public/{agentId} → { properties }. */
/** A listed property with how it is shown (issue 39 §4: instructions only has no calendar). */
export type ListedProperty = Property & { showing?: ShowingAnswer };

export async function fetchPublicProperties(agentId: string): Promise<ListedProperty[]> {
  const body = await api.get<{ properties?: ListedProperty[] }>(`/properties/public/${segment(agentId)}`);
  return body.properties ?? [];
}

/** GET /booking/property/{propertyId or public id} → { property, agent }; 404 PROPERTY_NOT_FOUND. */
export function fetchPropertyDetails(propertyId: PropertyRef): Promise<PropertyDetails> {
  return api.get<PropertyDetails>(`/booking/property/${encodeURIComponent(String(propertyId))}`);
}

/**
 * GET /booking/availability/{propertyId}/{date}, or /booking/availability/agent/{agentId}/{date} for a
 * consultation without a property → { availableSlots: ['09:00:00', …], agentAvailability: { isAvailable },
 * time_zone, slots: [{ time, starts_at, label }] } — the slots as the server's instants.
 */
export function fetchSlots(target: SlotTarget, date: string): Promise<AvailabilityForDateResponse> {
  const path =
    'teamSlug' in target
      ? `/public/teams/${segment(target.teamSlug)}/availability/${date}`
      : 'propertyId' in target
        ? `/booking/availability/${target.propertyId}/${date}`
        : `/booking/availability/agent/${segment(target.agentId)}/${date}`;
  return api.get<AvailabilityForDateResponse>(path);
}

/**
 * GET /booking/available-dates/{propertyId}?month=yyyy-MM (or …/agent/{agentId}) → { time_zone, today, month,
 * dates }: the days of the month with a free slot, and the agent's today.
 */
export function fetchAvailableDates(target: SlotTarget, month: string): Promise<AvailableDatesResponse> {
  const path =
    'teamSlug' in target
      ? `/public/teams/${segment(target.teamSlug)}/available-dates`
      : 'propertyId' in target
        ? `/booking/available-dates/${target.propertyId}`
        : `/booking/available-dates/agent/${segment(target.agentId)}`;
  return api.get<AvailableDatesResponse>(`${path}?month=${month}`);
}

/** GET /booking/prefill?token=… A non-OK answer is silently ignored (spec §7): null. */
export async function fetchPrefill(token: string): Promise<PrefillAnswer | null> {
  try {
    return await api.get<PrefillAnswer>(`/booking/prefill?token=${segment(token)}`);
  } catch (error) {
    // A 409 says why this showing cannot be moved here (issue 44: inside its cut-off; or it is no longer
    // active): shown as the server words it. Anything else: the link is treated as unknown.
    if (error instanceof ApiError && error.status === 409) throw error;
    return null;
  }
}

/** GET /booking/links/{linkId} → { agent_id, property_id, prefill }; 404 when unknown or inactive. */
export function fetchBookingLink(linkId: string): Promise<BookingLink> {
  return api.get<BookingLink>(`/booking/links/${segment(linkId)}`);
}

/**
 * POST /booking (201 { success, booking }). The idempotency key is made once per submit attempt by the
 * caller, so the automatic retry of a lost answer cannot book twice.
 */
export async function createBooking(
  body: BookingRequestInput,
  idempotencyKey: string,
): Promise<BuyerBooking> {
  const response = await request<{ booking: BuyerBooking }>('POST', '/booking', body, {
    'Idempotency-Key': idempotencyKey,
  });
  return response.data.booking;
}

/** POST /booking/reschedule (200 { success, booking }: the new booking). */
export async function rescheduleBooking(body: RescheduleBody): Promise<BuyerBooking> {
  const response = await api.post<{ booking: BuyerBooking }>('/booking/reschedule', body);
  return response.booking;
}

/** GET /booking/manage?token=… → { success, booking }; 404 BOOKING_NOT_FOUND. */
export async function fetchManagedBooking(token: string): Promise<ManagedBooking> {
  const body = await api.get<{ booking: ManagedBooking }>(`/booking/manage?token=${segment(token)}`);
  return body.booking;
}

/** POST /booking/confirm { token } (issue 33): the buyer confirms they are coming. */
export async function confirmAttendance(token: string): Promise<void> {
  await api.post('/booking/confirm', { token });
}

/** POST /booking/cancel { token, reason? }; 409 BOOKING_NOT_ACTIVE when it is already cancelled. */
export async function cancelBooking(token: string, reason: string): Promise<void> {
  const trimmed = reason.trim();
  await api.post('/booking/cancel', trimmed ? { token, reason: trimmed } : { token });
}

/** A v4 UUID; crypto.randomUUID exists only in secure contexts, getRandomValues everywhere. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
