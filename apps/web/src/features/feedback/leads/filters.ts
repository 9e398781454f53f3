// The leads list's filters (class, outcome, search) and the open lead live in the page's query string, so a
// link such as ?class=hot opens the list already filtered. Values the domain schema refuses are ignored.
import { leadListQuerySchema, type LeadListQuery } from '@keyturn/domain/schemas/leads';

export const LEAD_FILTER_PARAMS = ['class', 'outcome', 'q'] as const;
export type LeadFilterParam = (typeof LEAD_FILTER_PARAMS)[number];
/** The query parameter that opens one lead over the list. */
export const LEAD_PARAM = 'lead';

export function leadFiltersFromSearch(search: URLSearchParams): LeadListQuery {
  const filters: LeadListQuery = {};
  for (const name of LEAD_FILTER_PARAMS) {
    const parsed = leadListQuerySchema.shape[name].safeParse(search.get(name) || undefined);
    if (parsed.success && parsed.data) Object.assign(filters, { [name]: parsed.data });
  }
  return filters;
}

/** `search` with one parameter set, or removed when empty; the others kept. */
export function withParam(search: URLSearchParams, name: LeadFilterParam | typeof LEAD_PARAM, value: string) {
  const next = new URLSearchParams(search);
  if (value.trim()) next.set(name, value.trim());
  else next.delete(name);
  return next;
}
