// Listings the MLS took off the market while showings were booked (issue 34): the agent cancels them — buyers
// get the usual cancellation message — or keeps them. Nothing shows when no decision is waiting.
import { StatusPill } from '@/components/ui/status-badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { useDecideStatusChange, useStatusChanges } from './api';

export function StatusChanges({ className = '' }: { className?: string }) {
  const changes = useStatusChanges();
  const decide = useDecideStatusChange();
  if (!changes.data || changes.data.length === 0) return null;

  const answer = (propertyId: number, action: 'cancel' | 'keep') =>
    decide.mutate(
      { propertyId, action },
      {
        onSuccess: ({ cancelled }) =>
          toast.success(
            action === 'cancel'
              ? `${cancelled} ${cancelled === 1 ? 'showing' : 'showings'} cancelled; the buyers were told.`
              : 'The showings stay booked.',
          ),
        onError: (error) => toast.error(error.message),
      },
    );

  return (
    <section
      aria-labelledby="status-changes-title"
      className={`rounded-xl border border-amber-300 bg-amber-50 p-4 sm:p-5 ${className}`}
    >
      <h2 id="status-changes-title" className="text-base font-semibold text-amber-950">
        Off the market, with showings booked
      </h2>
      <p className="mt-1 text-sm text-amber-950">
        The MLS took these listings off the market, so buyers can no longer book them. What should happen to
        the showings already booked? Cancelling sends each buyer the usual cancellation message.
      </p>
      <ul className="mt-3 space-y-3">
        {changes.data.map((change) => (
          <li key={change.property_id} className="rounded-lg bg-white p-3 shadow-sm">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium text-slate-900">{change.address}</span>
              <StatusPill tone="bg-slate-100 text-slate-700 ring-slate-200">{change.mls_status}</StatusPill>
            </div>
            <p className="mt-1 text-sm text-slate-700">
              {change.future_showings} {change.future_showings === 1 ? 'showing' : 'showings'} ahead
            </p>
            <div className="mt-2 flex flex-col gap-2 sm:flex-row">
              <Button
                variant="danger"
                size="sm"
                disabled={decide.isPending}
                onClick={() => answer(change.property_id, 'cancel')}
              >
                Cancel the showings
              </Button>
              <Button
                variant="secondary"
                size="sm"
                disabled={decide.isPending}
                onClick={() => answer(change.property_id, 'keep')}
              >
                Keep them
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
