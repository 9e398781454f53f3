// The team's latest bookings for owners and admins (issue 15): all members' or one member's, each at its
// agent's own wall-clock labels as the server gives them. Settings → Team and the team view show it.
import { useState } from 'react';
import type { TeamMember, TeamOverview } from '@keyturn/domain/schemas/team';
import { ErrorAlert } from '@/components/ui/alert';
import { formatIsoDate, formatTime } from '@/components/ui/format';
import { BookingStatusBadge } from '@/components/ui/status-badge';
import { Spinner } from '@/components/ui/spinner';
import { SelectField } from '@/components/ui/text-field';
import { useTeamBookings } from '@/lib/team';

const card = 'rounded-xl border border-slate-200 bg-white p-4 shadow-sm';

/** Owners and admins: the team's latest bookings, all members' or one member's, at each agent's own times. */
export function TeamBookings({ team }: { team: TeamOverview }) {
  const [member, setMember] = useState<string | null>(null);
  const bookings = useTeamBookings(member, true);
  const agents = team.members.filter((m): m is TeamMember & { agentId: string } => m.agentId !== null);
  return (
    <section aria-labelledby="team-bookings-heading" className={card}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h3 id="team-bookings-heading" className="text-base font-semibold text-slate-900">
          Team bookings
        </h3>
        <SelectField
          label="Member"
          className="w-56"
          value={member ?? ''}
          onChange={(e) => setMember(e.target.value || null)}
        >
          <option value="">All members</option>
          {agents.map((m) => (
            <option key={m.agentId} value={m.agentId}>
              {m.name}
            </option>
          ))}
        </SelectField>
      </div>
      {bookings.isPending ? (
        <Spinner label="Loading the team's bookings" size="sm" />
      ) : bookings.isError ? (
        <ErrorAlert>{bookings.error.message}</ErrorAlert>
      ) : bookings.data.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No bookings yet.</p>
      ) : (
        <ul aria-label="Team bookings" className="mt-3 divide-y divide-slate-100">
          {bookings.data.map((b) => (
            <li key={b.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
              <span className="font-medium text-slate-900">
                {formatIsoDate(b.booking_date)} · {formatTime(b.booking_time)}
              </span>
              <span className="text-slate-600">{b.client_name}</span>
              <span className="text-slate-500">with {b.agent_name}</span>
              <BookingStatusBadge status={b.status} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
