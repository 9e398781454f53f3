// Optimise's proposal as the agent reads it (issue 29): every stop in the proposed order naming its buyer,
// the property and the time now → the time proposed (confirmed showings and the ones that keep their time
// say so); and, once proposed, each buyer's answer (proposed / accepted / kept / changed).
import { TIME_PROPOSAL_MESSAGES, TIME_PROPOSAL_STATUS_LABELS } from '@keyturn/domain/routes/proposals';
import type { RouteProposal } from '@keyturn/domain/schemas/routes';
import type { DayProposal } from '@keyturn/domain/schemas/timeProposals';

type Clock = (iso: string) => string;

export function ProposalStops({ proposal, clock }: { proposal: RouteProposal; clock: Clock }) {
  return (
    <ol aria-label="Proposed order" className="space-y-2">
      {proposal.stops.map((stop, k) => (
        <li
          key={stop.booking_id}
          className={`rounded-lg border px-3 py-2 text-sm ${stop.moves ? 'border-amber-300 bg-amber-50' : 'border-slate-200 bg-white'}`}
        >
          <p className="font-medium text-slate-900">
            {k + 1}. {stop.client_name} · {stop.address}
          </p>
          <p className="text-slate-700">
            {stop.moves ? (
              <>
                {clock(stop.from_starts_at)} → <strong>{clock(stop.starts_at)}</strong> (
                {TIME_PROPOSAL_MESSAGES.proposedTo})
              </>
            ) : (
              <>
                {clock(stop.starts_at)} ({stop.status === 'confirmed' ? 'confirmed, ' : ''}
                {TIME_PROPOSAL_MESSAGES.stays})
              </>
            )}
          </p>
        </li>
      ))}
    </ol>
  );
}

const STATE_STYLE: Record<DayProposal['status'], string> = {
  proposed: 'bg-amber-100 text-amber-900',
  accepted: 'bg-emerald-100 text-emerald-900',
  kept: 'bg-slate-200 text-slate-800',
  withdrawn: 'bg-slate-100 text-slate-700',
  changed: 'bg-slate-100 text-slate-700',
};

export function DayProposals({ proposals, clock }: { proposals: DayProposal[]; clock: Clock }) {
  if (proposals.length === 0) return null;
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-900">{TIME_PROPOSAL_MESSAGES.listHeading}</h3>
      <ul aria-label={TIME_PROPOSAL_MESSAGES.listHeading} className="space-y-2">
        {proposals.map((p) => (
          <li
            key={p.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm"
          >
            <span className="text-slate-800">
              {p.client_name} · {p.address}: {clock(p.from_starts_at)} → {clock(p.starts_at)}
            </span>
            <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATE_STYLE[p.status]}`}>
              {TIME_PROPOSAL_STATUS_LABELS[p.status]}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
