// Issue 45 "Find homes to show": a signed-in agent searches the other agents' published listings on this server
// (address/city/ZIP, price, beds) and opens one to ask for a showing for their client (the request dialog, its own
// chunk). The listing's own rules decide the open times; its agent (and the seller) decide the request.
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@/lib/router';
import { NETWORK_PATHS, NETWORK_TEXTS as T, type NetworkListing } from '@keyturn/domain/listing/network';
import { NETWORK_TOUR_TEXTS, tourStopCountOk } from '@keyturn/domain/routes/networkTour';
import { TOUR_STOPS_MESSAGE } from '@keyturn/domain/schemas/tours';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { formatMoney } from '@/components/ui/format';
import { PageHeader } from '@/components/ui/page-header';
import { SafeImage } from '@/components/ui/safe-image';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { fetchListings, networkKeys, type ListingSearch } from '../api';

const RequestDialog = lazy(() =>
  import('../components/request-dialog').then((m) => ({ default: m.RequestDialog })),
);

const EMPTY: ListingSearch = { q: '', min_price: '', max_price: '', beds: '' };

export function FindHomesPage() {
  const [draft, setDraft] = useState<ListingSearch>(EMPTY);
  const [search, setSearch] = useState<ListingSearch>(EMPTY);
  const [offset, setOffset] = useState(0);
  const [chosen, setChosen] = useState<NetworkListing | null>(null);
  // Homes picked for a tour, in the order ticked (kept across searches and pages).
  const [tour, setTour] = useState<number[]>([]);
  const navigate = useNavigate();
  const toggleTour = (id: number, on: boolean) =>
    setTour((ids) => (on ? (ids.includes(id) ? ids : [...ids, id]) : ids.filter((x) => x !== id)));
  const listings = useQuery({
    queryKey: networkKeys.listings(search, offset),
    queryFn: () => fetchListings(search, offset),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOffset(0);
    setSearch(draft);
  };
  const field = (name: keyof ListingSearch) => ({
    value: draft[name],
    onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [name]: e.target.value })),
  });
  const searchError = listings.error ? listings.error.message : null;
  const next = listings.data?.next_offset ?? null;

  return (
    <>
      <title>{`${T.findTitle} · Keyturn`}</title>
      <PageHeader title={T.findTitle} description={T.findIntro} />
      <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link to={NETWORK_PATHS.requests} className="font-medium text-blue-700 underline">
          {T.requestsLink}
        </Link>
        <Link to={NETWORK_PATHS.tours} className="font-medium text-blue-700 underline">
          {NETWORK_TOUR_TEXTS.page.toursLink}
        </Link>
      </p>
      <form
        role="search"
        onSubmit={submit}
        className="mt-6 grid grid-cols-2 gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-5"
      >
        <TextField label={T.searchLabel} className="col-span-2" maxLength={100} {...field('q')} />
        <TextField label={T.minPriceLabel} inputMode="numeric" {...field('min_price')} />
        <TextField label={T.maxPriceLabel} inputMode="numeric" {...field('max_price')} />
        <TextField label={T.bedsLabel} inputMode="numeric" {...field('beds')} />
        <div className="col-span-2 sm:col-span-5">
          <Button type="submit">{T.searchAction}</Button>
        </div>
      </form>

      <div className="mt-6">
        {searchError ? <ErrorAlert>{searchError}</ErrorAlert> : null}
        {listings.isPending ? <Spinner /> : null}
        {listings.data && listings.data.data.length === 0 ? (
          <p className="text-sm text-slate-600">{T.noResults}</p>
        ) : null}
        {listings.data && listings.data.data.length > 0 ? (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {listings.data.data.map((listing) => (
              <ListingCard
                key={listing.id}
                listing={listing}
                onRequest={() => setChosen(listing)}
                inTour={tour.includes(listing.id)}
                onTour={(on) => toggleTour(listing.id, on)}
              />
            ))}
          </ul>
        ) : null}
        {next != null ? (
          <Button variant="secondary" className="mt-4" onClick={() => setOffset(next)}>
            {T.moreAction}
          </Button>
        ) : null}
      </div>
      {tour.length > 0 ? (
        <TourTray
          count={tour.length}
          onPlan={() => void navigate(`${NETWORK_PATHS.tours}?homes=${tour.join(',')}`)}
          onClear={() => setTour([])}
        />
      ) : null}
      {chosen ? (
        <Suspense fallback={null}>
          <RequestDialog listing={chosen} onClose={() => setChosen(null)} />
        </Suspense>
      ) : null}
    </>
  );
}

function TourTray({ count, onPlan, onClear }: { count: number; onPlan: () => void; onClear: () => void }) {
  const ok = tourStopCountOk(count);
  return (
    <section
      aria-label={NETWORK_TOUR_TEXTS.page.planTour}
      className="sticky bottom-0 z-10 mt-6 flex flex-wrap items-center gap-3 rounded-xl border border-blue-200 bg-blue-50 p-3 shadow-md"
    >
      <div className="min-w-0 flex-1">
        <p role="status" className="text-sm font-semibold text-slate-900">
          {NETWORK_TOUR_TEXTS.page.tray(count)}
        </p>
        {ok ? null : <p className="text-xs text-slate-600">{TOUR_STOPS_MESSAGE}</p>}
      </div>
      <Button variant="ghost" size="sm" onClick={onClear}>
        {NETWORK_TOUR_TEXTS.page.clearTour}
      </Button>
      <Button size="sm" disabled={!ok} onClick={onPlan}>
        {NETWORK_TOUR_TEXTS.page.planTour}
      </Button>
    </section>
  );
}

function ListingCard({
  listing,
  onRequest,
  inTour,
  onTour,
}: {
  listing: NetworkListing;
  onRequest: () => void;
  inTour: boolean;
  onTour: (on: boolean) => void;
}) {
  return (
    <li className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      {listing.image ? (
        <SafeImage src={listing.image} alt="" className="aspect-[4/3] w-full object-cover" />
      ) : null}
      <div className="flex flex-1 flex-col gap-1 p-4">
        <h2 className="text-base font-semibold text-slate-900">{listing.address}</h2>
        <p className="text-sm text-slate-600">
          {listing.city}, {listing.state} {listing.zip_code}
        </p>
        <p className="text-sm font-medium text-slate-900">
          {formatMoney(listing.price)} · {listing.bedrooms} bd · {listing.bathrooms} ba ·{' '}
          {listing.property_type}
        </p>
        <p className="text-xs text-slate-500">{T.listedBy(listing.agent.name, listing.agent.company)}</p>
        <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
          <Button size="sm" onClick={onRequest} aria-label={`${T.requestAction}: ${listing.address}`}>
            {T.requestAction}
          </Button>
          <label className="inline-flex min-h-6 cursor-pointer items-center gap-2 py-1 text-sm text-slate-800">
            <input
              type="checkbox"
              className="size-5"
              checked={inTour}
              onChange={(e) => onTour(e.target.checked)}
            />
            <span>
              {NETWORK_TOUR_TEXTS.page.addToTour}
              <span className="sr-only">: {listing.address}</span>
            </span>
          </label>
        </div>
      </div>
    </li>
  );
}
