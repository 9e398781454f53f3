// Issue 45 "My showing requests": the showings the signed-in agent asked for on other agents' listings, newest
// first — the listing, its agent, the client, the time on the listing's clock (zone named) and where each stands.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@/lib/router';
import { NETWORK_PATHS, NETWORK_TEXTS as T, type NetworkRequestView } from '@keyturn/domain/listing/network';
import { NETWORK_TOUR_TEXTS } from '@keyturn/domain/routes/networkTour';
import { ErrorAlert } from '@/components/ui/alert';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { StatusPill } from '@/components/ui/status-badge';
import { fetchRequests, networkKeys } from '../api';
import { RequestFacts } from '../components/request-facts';
import { REQUEST_TONES } from '../components/state-tones';

export function ShowingRequestsPage() {
  const requests = useQuery({ queryKey: networkKeys.requests, queryFn: fetchRequests });
  return (
    <>
      <title>{`${T.requestsTitle} · Keyturn`}</title>
      <PageHeader title={T.requestsTitle} description={T.requestsIntro} />
      <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link to={NETWORK_PATHS.find} className="font-medium text-blue-700 underline">
          {T.findLink}
        </Link>
        <Link to={NETWORK_PATHS.tours} className="font-medium text-blue-700 underline">
          {NETWORK_TOUR_TEXTS.page.toursLink}
        </Link>
      </p>
      <div className="mt-6">
        {requests.isPending ? <Spinner /> : null}
        {requests.error ? <ErrorAlert>{requests.error.message || T.loadError}</ErrorAlert> : null}
        {requests.data && requests.data.data.length === 0 ? (
          <p className="text-sm text-slate-600">{T.requestsEmpty}</p>
        ) : null}
        {requests.data && requests.data.data.length > 0 ? (
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm">
            {requests.data.data.map((r) => (
              <RequestRow key={r.id} request={r} />
            ))}
          </ul>
        ) : null}
      </div>
    </>
  );
}

function RequestRow({ request: r }: { request: NetworkRequestView }) {
  return (
    <li className="flex flex-col gap-2 p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-0.5">
        <p className="font-semibold break-words text-slate-900">
          <Link to={`${NETWORK_PATHS.requests}/${r.id}`} className="underline-offset-2 hover:underline">
            {r.listing.address}, {r.listing.city}
          </Link>
        </p>
        <RequestFacts request={r} />
      </div>
      <div className="shrink-0">
        <StatusPill tone={REQUEST_TONES[r.state]}>{T.states[r.state]}</StatusPill>
      </div>
    </li>
  );
}
