// The list's filters, each written to the query string as soon as it changes (the search box after a short
// pause), so the browser's back button and shared links keep them.
import { useSearchParams } from '@/lib/router';
import { BOOKING_STATUS_LABELS } from '@keyturn/domain/bookingStatus';
import { BOOKING_STATUSES } from '@keyturn/domain/enums';
import { BOOKING_LIST_ALL } from '@keyturn/domain/schemas/booking';
import type { Property } from '@keyturn/domain/schemas/property';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/text-field';
import { useUrlText } from '@/lib/use-url-text';
import { LIMIT_OPTIONS, filtersFromSearch, hasFilters, withFilter, withoutFilters } from '../filters';
import type { FilterParam } from '../filters';

export function BookingFilters({ properties }: { properties: readonly Property[] }) {
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search);
  const set = (name: FilterParam, value: string | number | undefined) =>
    setSearch((current) => withFilter(current, name, value), { replace: true });

  // The box follows the URL (back button, "Clear filters") but writes to it only once typing pauses.
  const [query, setQuery] = useUrlText(filters.q ?? '', (value) =>
    setSearch((current) => withFilter(current, 'q', value), { replace: true }),
  );

  return (
    <section
      aria-label="Filter bookings"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))]">
        <TextField
          className="col-span-2 lg:col-span-1"
          label="Search buyers"
          type="search"
          placeholder="Name, e-mail or phone"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <SelectField
          label="Status"
          value={filters.status ?? ''}
          onChange={(e) => set('status', e.target.value)}
        >
          <option value="">Current</option>
          <option value={BOOKING_LIST_ALL}>All</option>
          {BOOKING_STATUSES.map((status) => (
            <option key={status} value={status}>
              {BOOKING_STATUS_LABELS[status]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Date"
          type="date"
          value={filters.date ?? ''}
          onChange={(event) => set('date', event.target.value)}
        />
        <SelectField
          label="Property"
          value={filters.property_id ?? ''}
          onChange={(event) => set('property_id', event.target.value)}
        >
          <option value="">All properties</option>
          {properties.map((property) => (
            <option key={property.id} value={property.id}>
              {property.address}
            </option>
          ))}
        </SelectField>
        <SelectField label="Show" value={filters.limit ?? ''} onChange={(e) => set('limit', e.target.value)}>
          <option value="">Default</option>
          {LIMIT_OPTIONS.map((limit) => (
            <option key={limit} value={limit}>
              {limit} bookings
            </option>
          ))}
        </SelectField>
      </div>
      {hasFilters(filters) ? (
        <div className="mt-3">
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setSearch((current) => withoutFilters(current), { replace: true })}
          >
            Clear filters
          </Button>
        </div>
      ) : null}
    </section>
  );
}
