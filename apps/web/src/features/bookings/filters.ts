// The bookings list's filters (spec §3: status, limit, date, property_id; plus q, a search over the buyer's
// name, e-mail and phone) live in the page's query string, so a link such as ?status=pending opens the list
// already filtered. Values are read with the domain's filter schema; anything it refuses is ignored.
// Without a status the page shows the current bookings (issue 19: cancelled and moved rows out of the default
// view) and asks the API for exactly that (status=current); ?status=all shows every booking.
import { BOOKING_LIST_CURRENT, bookingListFiltersSchema } from '@keyturn/domain/schemas/booking';
import type { BookingListFilters } from '@keyturn/domain/schemas/booking';

/** What the page filters by (the list's order is the page's own choice, not a filter). */
export type BookingFilters = Omit<BookingListFilters, 'order'> & { q?: string };

export const FILTER_PARAMS = ['status', 'date', 'property_id', 'limit', 'q'] as const;
export type FilterParam = (typeof FILTER_PARAMS)[number];

/** The query parameter that opens one booking's details over the list. */
export const BOOKING_PARAM = 'booking';

/** Page sizes offered in the "Show" select; only those the filter schema accepts. */
export const LIMIT_OPTIONS: readonly number[] = [10, 25, 50, 100].filter(
  (n) => bookingListFiltersSchema.shape.limit.safeParse(String(n)).success,
);

export function filtersFromSearch(search: URLSearchParams): BookingFilters {
  const shape = bookingListFiltersSchema.shape;
  const filters: BookingFilters = {};
  const status = shape.status.safeParse(search.get('status') ?? undefined);
  // `current` is the default view: no filter of its own.
  if (status.success && status.data && status.data !== BOOKING_LIST_CURRENT) filters.status = status.data;
  const date = shape.date.safeParse(search.get('date') ?? undefined);
  if (date.success && date.data) filters.date = date.data;
  const property = search.get('property_id');
  const propertyId = property ? shape.property_id.safeParse(property) : undefined;
  if (propertyId?.success && propertyId.data !== undefined) filters.property_id = propertyId.data;
  const limitText = search.get('limit');
  const limit = limitText ? shape.limit.safeParse(limitText) : undefined;
  if (limit?.success && limit.data !== undefined) filters.limit = limit.data;
  const q = search.get('q')?.trim();
  if (q) filters.q = q;
  return filters;
}

/** `search` with one filter set (or removed when empty), other parameters kept. */
export function withFilter(search: URLSearchParams, name: FilterParam, value: string | number | undefined) {
  const next = new URLSearchParams(search);
  const text = value === undefined ? '' : String(value).trim();
  if (text === '') next.delete(name);
  else next.set(name, text);
  return next;
}

/** `search` without any filter (other parameters, such as the open booking, kept). */
export function withoutFilters(search: URLSearchParams) {
  const next = new URLSearchParams(search);
  for (const name of FILTER_PARAMS) next.delete(name);
  return next;
}

export function hasFilters(filters: BookingFilters): boolean {
  return Object.values(filters).some((value) => value !== undefined && value !== '');
}

/**
 * The GET /api/bookings query for what the page shows: the filters, `status=current` when none is chosen, and
 * the next showing first (a day's list, filtered by date, stays earliest first).
 */
export function listQuery(filters: BookingFilters): URLSearchParams {
  const query = new URLSearchParams({ status: BOOKING_LIST_CURRENT });
  for (const [name, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') query.set(name, String(value));
  }
  if (!filters.date) query.set('order', 'next');
  return query;
}
