// A member's own consultation-pool switch in Settings → Team (issue 15): in the pool, team consultations
// booked on the team page may go to them (round robin); out of it, never. The server keeps the switch.
import { toast } from '@/lib/toast';
import { TEAM_PAGE_MESSAGES } from '@keyturn/domain/teamBooking';
import { ErrorAlert } from '@/components/ui/alert';
import { usePoolSwitch } from '@/lib/team';

export function PoolSwitch({ inPool }: { inPool: boolean }) {
  const change = usePoolSwitch();
  return (
    <div className="w-full">
      <label className="inline-flex min-h-10 cursor-pointer items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          className="size-4 rounded border-slate-300 focus-visible:ring-2 focus-visible:ring-offset-2"
          checked={inPool}
          disabled={change.isPending}
          onChange={(e) =>
            void change
              .mutateAsync(e.target.checked)
              .then(() =>
                toast.success(e.target.checked ? TEAM_PAGE_MESSAGES.poolOn : TEAM_PAGE_MESSAGES.poolOff),
              )
              .catch(() => {})
          }
        />
        {TEAM_PAGE_MESSAGES.poolLabel}
      </label>
      {change.error ? <ErrorAlert>{change.error.message}</ErrorAlert> : null}
    </div>
  );
}

/** What owners and admins see on a member who left the pool. */
export function OutOfPoolBadge() {
  return (
    <span className="rounded-full bg-amber-50 px-2.5 py-1 text-xs font-medium text-amber-800">
      {TEAM_PAGE_MESSAGES.notInPool}
    </span>
  );
}
