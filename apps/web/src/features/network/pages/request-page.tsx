// Issue 45: one of the buyer's agent's showing requests — where it stands, the listing, its agent, the client and
// the time on the listing's clock — with the showing's conversation and quick statuses ("Running 10 minutes
// late"…), loaded with their own code. The re-plan and thread e-mails link here.
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@/lib/router';
import { NETWORK_PATHS, NETWORK_TEXTS as T, type NetworkRequestView } from '@keyturn/domain/listing/network';
import { LazyThreadPanel } from '@/components/thread/lazy-thread-panel';
import { ErrorAlert } from '@/components/ui/alert';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { StatusPill } from '@/components/ui/status-badge';
import { fetchRequest, networkKeys } from '../api';
import { RequestFacts } from '../components/request-facts';
import { REQUEST_TONES } from '../components/state-tones';

export function ShowingRequestPage() {
  const { id = '' } = useParams();
  const request = useQuery({ queryKey: networkKeys.request(id), queryFn: () => fetchRequest(id) });
  return (
    <>
      <title>{`${T.requestTitle} · Keyturn`}</title>
      <PageHeader title={T.requestTitle} />
      <p className="mt-3 text-sm">
        <Link to={NETWORK_PATHS.requests} className="font-medium text-blue-700 underline">
          {T.requestsLink}
        </Link>
      </p>
      <div className="mt-6 space-y-6">
        {request.isPending ? <Spinner /> : null}
        {request.error ? <ErrorAlert>{request.error.message || T.loadError}</ErrorAlert> : null}
        {request.data ? <RequestSummary request={request.data} /> : null}
        {request.data ? <LazyThreadPanel where={{ kind: 'request', bookingId: request.data.id }} /> : null}
      </div>
    </>
  );
}

function RequestSummary({ request: r }: { request: NetworkRequestView }) {
  return (
    <section className="space-y-1 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="font-semibold break-words text-slate-900">
          {r.listing.address}, {r.listing.city}
        </h2>
        <StatusPill tone={REQUEST_TONES[r.state]}>{T.states[r.state]}</StatusPill>
      </div>
      <RequestFacts request={r} />
    </section>
  );
}
