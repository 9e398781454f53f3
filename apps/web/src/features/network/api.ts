// Issue 45 "The showing network": the web app's calls to /api/network (shapes from the domain's network.ts).
import type {
  NetworkListingDetail,
  NetworkListingsResponse,
  NetworkRequestCreated,
  NetworkRequestInput,
  NetworkRequestsResponse,
  NetworkRequestView,
} from '@keyturn/domain/listing/network';
import type { AvailabilityForDateResponse } from '@keyturn/domain/schemas/availability';
import type { NetworkTour, NetworkTourPlanAnswer } from '@keyturn/domain/schemas/networkTours';
import { api } from '@/lib/api';

export type ListingSearch = { q: string; min_price: string; max_price: string; beds: string };

export const networkKeys = {
  listings: (search: ListingSearch, offset: number) => ['network', 'listings', search, offset] as const,
  listing: (propertyId: number) => ['network', 'listing', propertyId] as const,
  times: (propertyId: number, date: string) => ['network', 'times', propertyId, date] as const,
  requests: ['network', 'requests'] as const,
  request: (id: string) => ['network', 'requests', id] as const,
  tours: ['network', 'tours'] as const,
  tour: (id: string) => ['network', 'tours', id] as const,
};

export function fetchListings(search: ListingSearch, offset: number): Promise<NetworkListingsResponse> {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(search)) if (value.trim()) params.set(name, value.trim());
  if (offset > 0) params.set('offset', String(offset));
  const qs = params.toString();
  return api.get<NetworkListingsResponse>(`/network/listings${qs ? `?${qs}` : ''}`);
}

export const fetchListing = (propertyId: number) =>
  api.get<{ data: NetworkListingDetail }>(`/network/listings/${propertyId}`).then((r) => r.data);

export const fetchTimes = (propertyId: number, date: string) =>
  api.get<AvailabilityForDateResponse>(`/network/listings/${propertyId}/dates/${date}`);

export const fetchRequests = () => api.get<NetworkRequestsResponse>('/network/requests');

export const fetchRequest = (id: string) =>
  api.get<{ data: NetworkRequestView }>(`/network/requests/${encodeURIComponent(id)}`).then((r) => r.data);

export const sendRequest = (body: NetworkRequestInput) =>
  api.post<NetworkRequestCreated>('/network/requests', body);

/** The cross-agent tours: plan a day of 2–8 homes, send it (one request per home), follow it. */
export type TourSend = {
  date: string;
  stops: { property_id: number; starts_at: string }[];
  client: { name: string; email: string; phone: string };
  brokerage: string;
  licence_number: string;
  sms_consent: boolean;
};

export const planTour = (body: { date: string; property_ids: number[] }) =>
  api.post<{ data: NetworkTourPlanAnswer }>('/network/tours/plan', body).then((r) => r.data);

export const sendTour = (body: TourSend) =>
  api.post<{ data: NetworkTour }>('/network/tours', body).then((r) => r.data);

export const fetchTours = () => api.get<{ data: NetworkTour[] }>('/network/tours').then((r) => r.data);

export const fetchTour = (id: string) =>
  api.get<{ data: NetworkTour }>(`/network/tours/${encodeURIComponent(id)}`).then((r) => r.data);
