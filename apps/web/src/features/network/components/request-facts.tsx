// Issue 45: a showing request's facts as the buyer's agent reads them — its time on the listing's clock (zone
// named), the listing agent and the client — in the requests list and on the request's own page.
import { NETWORK_TEXTS as T, type NetworkRequestView } from '@keyturn/domain/listing/network';
import { timeZoneName } from '@keyturn/domain/time';
import { formatInstant } from '@/components/ui/format';

export function RequestFacts({ request: r }: { request: NetworkRequestView }) {
  return (
    <>
      <p className="text-sm text-slate-700">
        {formatInstant(r.starts_at, r.time_zone)} · {timeZoneName(r.time_zone)}
      </p>
      {r.proposed_starts_at ? (
        <p className="text-sm text-violet-800">
          {T.proposedInstead(formatInstant(r.proposed_starts_at, r.time_zone))}
        </p>
      ) : null}
      <p className="text-sm text-slate-600">
        {T.listingAgent}: {T.listedBy(r.listing_agent.name, r.listing_agent.company)}
      </p>
      <p className="text-sm break-words text-slate-600">
        {T.client}: {r.client.name} · {r.client.email}
      </p>
    </>
  );
}
