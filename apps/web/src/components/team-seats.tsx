// A team's seats (issue 15, spec §9): used / included / extra and the monthly price the plan table gives.
import { Link } from '@/lib/router';
import { PLANS } from '@keyturn/domain/plans';
import type { SeatSummary } from '@keyturn/domain/teams';
import { ErrorAlert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { UsageBar } from '@/components/ui/usage-bar';
import { useTeam } from '@/lib/team';

export function SeatsSummary({ seats, heading = 'Seats' }: { seats: SeatSummary; heading?: string }) {
  return (
    <section aria-label={heading} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <UsageBar label={heading} used={seats.used} limit={seats.total} />
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-slate-500">Used</dt>
          <dd className="font-medium text-slate-900">
            {seats.members} {seats.members === 1 ? 'member' : 'members'} + {seats.pendingInvitations} invited
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Included</dt>
          <dd className="font-medium text-slate-900">{seats.included}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Extra</dt>
          <dd className="font-medium text-slate-900">
            {seats.extra} × ${seats.extraUserMonthlyUsd}/month
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Monthly price</dt>
          <dd className="font-medium text-slate-900">${seats.monthlyPriceUsd}/month</dd>
        </div>
      </dl>
      <p className="mt-3 text-xs text-slate-500">
        Extra seats are added by the Keyturn team during early access: contact us to change them.
      </p>
    </section>
  );
}

/**
 * The subscription page's team block: on a plan with teams, the team's seats and monthly price, or how to
 * start a team. Nothing below Enterprise (the plan cards say what it adds).
 */
export function SubscriptionTeamSeats({ enabled }: { enabled: boolean }) {
  const team = useTeam(enabled);
  if (!enabled) return null;
  return (
    <section aria-labelledby="team-seats-heading" className="mt-8">
      <h2 id="team-seats-heading" className="text-lg font-semibold text-slate-900">
        Team seats
      </h2>
      <div className="mt-3">
        {team.isPending ? (
          <Spinner label="Loading your team" size="sm" />
        ) : team.isError ? (
          <ErrorAlert>We could not load your team. {team.error.message}</ErrorAlert>
        ) : team.data ? (
          <SeatsSummary seats={team.data.seats} heading={`Seats of ${team.data.team.name}`} />
        ) : (
          <p className="text-sm text-slate-600">
            You have no team yet.{' '}
            <Link className="font-semibold text-blue-700 hover:underline" to="/dashboard/settings?tab=team">
              Create one in Settings → Team
            </Link>
            : {PLANS.enterprise.includedUsers} seats included, ${PLANS.enterprise.extraUserMonthlyUsd} a month
            for each extra user.
          </p>
        )}
      </div>
    </section>
  );
}
