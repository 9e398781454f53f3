import { describe, expect, it } from 'vitest';
import { filtersFromSearch, hasFilters, withFilter, withoutFilters } from './filters';

describe('bookings filters in the query string', () => {
  it('reads the filters the domain schema accepts, as their types', () => {
    const search = new URLSearchParams('status=pending&date=2030-06-12&property_id=7&limit=25&q=%20smith%20');
    expect(filtersFromSearch(search)).toEqual({
      status: 'pending',
      date: '2030-06-12',
      property_id: 7,
      limit: 25,
      q: 'smith',
    });
  });

  it('ignores what the schema refuses instead of sending it', () => {
    const search = new URLSearchParams('status=maybe&date=2030-02-30&property_id=-1&limit=1000&q=');
    expect(filtersFromSearch(search)).toEqual({});
    expect(hasFilters(filtersFromSearch(search))).toBe(false);
  });

  it('sets and clears one filter, keeping the other parameters', () => {
    const start = new URLSearchParams('status=pending&booking=b1');
    const withDate = withFilter(start, 'date', '2030-06-12');
    expect(withDate.toString()).toBe('status=pending&booking=b1&date=2030-06-12');
    expect(withFilter(withDate, 'status', '').toString()).toBe('booking=b1&date=2030-06-12');
    expect(withoutFilters(withDate).toString()).toBe('booking=b1');
  });
});
