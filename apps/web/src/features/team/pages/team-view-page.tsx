// The team view (issue 15, decision 026; owners and admins, loaded lazily): every member's schedule side by
// side for a day or a week — a column per member, a row per date — with each booking at its member's own
// wall-clock label as the server gives it (the browser never turns a label back into an instant), the team's
// latest bookings with a member filter, and reassigning a booking to another member.
import { useState } from 'react';
import { addDaysIso } from '@keyturn/domain/schemas/reports';
import type { TeamOverview } from '@keyturn/domain/schemas/team';
import type { TeamBooking } from '@keyturn/domain/schemas/teamBookings';
import { teamCan } from '@keyturn/domain/teams';
import { isoDateInZone, isValidIsoDate, timeZoneName } from '@keyturn/domain/time';
import { ErrorAlert } from '@/components/ui/alert';
import { ButtonLink, Button } from '@/components/ui/button';
import { formatIsoDate, formatTime } from '@/components/ui/format';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { BookingStatusBadge } from '@/components/ui/status-badge';
import { SelectField, TextField } from '@/components/ui/text-field';
import { TeamBookings } from '@/components/team-bookings';
import { useTeam, useTeamSchedule } from '@/lib/team';
import { ReassignDialog, type ScheduleMember } from '../components/reassign-dialog';

const card = 'rounded-xl border border-slate-200 bg-white p-4 shadow-sm';
const VIEWS = { day: { days: 1, label: 'Day' }, week: { days: 7, label: 'Week' } } as const;
type View = keyof typeof VIEWS;

export function TeamViewPage() {
  const team = useTeam();
  return (
    <>
      <title>Team view · Keyturn</title>
      <PageHeader
        title="Team view"
        description="Every member’s schedule side by side, the team’s bookings, and handing a booking to another member."
      />
      <div className="mt-6 space-y-6">
        {team.isPending ? (
          <Spinner label="Loading your team" />
        ) : team.isError ? (
          <ErrorAlert>{team.error.message}</ErrorAlert>
        ) : !team.data ? (
          <div className={card}>
            <p className="text-slate-700">You are not in a team. Create one or accept an invitation first.</p>
            <ButtonLink to="/dashboard/settings?tab=team" variant="secondary" className="mt-3">
              Open Settings → Team
            </ButtonLink>
          </div>
        ) : !teamCan(team.data.role, 'viewTeamBookings') ? (
          <p className={`${card} text-slate-700`}>
            The team view is for the team’s owners and admins. Your own bookings are under Bookings.
          </p>
        ) : (
          <>
            <TeamSchedule team={team.data} />
            <TeamBookings team={team.data} />
          </>
        )}
      </div>
    </>
  );
}

function browserToday(): string {
  return isoDateInZone(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone);
}

function TeamSchedule({ team }: { team: TeamOverview }) {
  const [view, setView] = useState<View>('day');
  const [date, setDate] = useState(browserToday);
  const [member, setMember] = useState<string | null>(null);
  const [reassigning, setReassigning] = useState<TeamBooking | null>(null);
  const { days } = VIEWS[view];
  const schedule = useTeamSchedule(date, days, member);
  const members = team.members.filter((m): m is ScheduleMember => m.agentId !== null);
  const columns = member ? members.filter((m) => m.agentId === member) : members;
  const dates = Array.from({ length: days }, (_, i) => addDaysIso(date, i));
  const unit = view === 'day' ? 'day' : 'week';
  const range =
    days === 1
      ? formatIsoDate(date, 'long')
      : `${formatIsoDate(date)} – ${formatIsoDate(dates[dates.length - 1]!, 'shortWithYear')}`;

  return (
    <section aria-labelledby="team-schedule-heading" className={card}>
      <h2 id="team-schedule-heading" className="text-base font-semibold text-slate-900">
        Schedule
      </h2>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <div role="group" aria-label="View" className="inline-flex rounded-lg border border-slate-200 p-0.5">
          {(Object.keys(VIEWS) as View[]).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              onClick={() => setView(v)}
              className={`min-h-10 rounded-md px-4 text-sm font-medium focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none ${
                view === v ? 'bg-blue-600 text-white' : 'text-slate-700 hover:bg-slate-100'
              }`}
            >
              {VIEWS[v].label}
            </button>
          ))}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => setDate(addDaysIso(date, -days))}>
            Previous {unit}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setDate(browserToday())}>
            Today
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setDate(addDaysIso(date, days))}>
            Next {unit}
          </Button>
        </div>
        <TextField
          label={view === 'day' ? 'Date' : 'Week from'}
          type="date"
          className="w-44"
          value={date}
          onChange={(e) => {
            if (isValidIsoDate(e.target.value)) setDate(e.target.value);
          }}
        />
        <SelectField
          label="Show"
          className="w-52"
          value={member ?? ''}
          onChange={(e) => setMember(e.target.value || null)}
        >
          <option value="">All members</option>
          {members.map((m) => (
            <option key={m.agentId} value={m.agentId}>
              {m.name}
            </option>
          ))}
        </SelectField>
      </div>

      {schedule.isError ? (
        <div className="mt-4">
          <ErrorAlert>{schedule.error.message}</ErrorAlert>
        </div>
      ) : null}
      {/* Wide schedules scroll sideways (at 375 px a column per member does not fit); the dates stay put. */}
      <div className="mt-4 overflow-x-auto" tabIndex={0} role="region" aria-label={`Schedule, ${range}`}>
        <table className="w-full border-separate border-spacing-0 text-sm">
          <caption className="sr-only">
            Bookings of {columns.length === 1 ? columns[0]!.name : 'every member'}, {range}
          </caption>
          <thead>
            <tr>
              <th
                scope="col"
                className="sticky left-0 z-10 w-24 border-b border-slate-200 bg-white p-2 text-left font-medium text-slate-500"
              >
                Date
              </th>
              {columns.map((m) => (
                <th
                  key={m.agentId}
                  scope="col"
                  className="min-w-44 border-b border-slate-200 p-2 text-left align-bottom"
                >
                  <span className="block font-semibold text-slate-900">{m.name}</span>
                  {m.timeZone ? (
                    <span className="block text-xs font-normal text-slate-500">
                      {timeZoneName(m.timeZone)}
                    </span>
                  ) : null}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {dates.map((d) => (
              <tr key={d}>
                <th
                  scope="row"
                  className="sticky left-0 z-10 border-b border-slate-100 bg-white p-2 text-left align-top font-medium whitespace-nowrap text-slate-700"
                >
                  {formatIsoDate(d)}
                </th>
                {columns.map((m) => (
                  <td key={m.agentId} className="border-b border-slate-100 p-2 align-top">
                    {schedule.isPending ? (
                      <span className="text-xs text-slate-400">Loading…</span>
                    ) : (
                      <DayCell
                        bookings={(schedule.data ?? []).filter(
                          (b) => b.agent_id === m.agentId && b.booking_date === d,
                        )}
                        onReassign={members.length > 1 ? setReassigning : null}
                      />
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {reassigning ? (
        <ReassignDialog booking={reassigning} members={members} onClose={() => setReassigning(null)} />
      ) : null}
    </section>
  );
}

function DayCell({
  bookings,
  onReassign,
}: {
  bookings: TeamBooking[];
  onReassign: ((booking: TeamBooking) => void) | null;
}) {
  if (bookings.length === 0) return <span className="text-xs text-slate-400">Free</span>;
  return (
    <ul className="space-y-2">
      {bookings.map((b) => (
        <li key={b.id} className="rounded-lg border border-slate-200 bg-slate-50 p-2">
          <p className="font-semibold text-slate-900">{formatTime(b.booking_time)}</p>
          <p className="text-slate-700">{b.client_name}</p>
          <p className="truncate text-xs text-slate-500">{b.property_address ?? 'Consultation'}</p>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <BookingStatusBadge status={b.status} />
            {onReassign && b.can_reschedule ? (
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Reassign ${b.client_name}, ${formatTime(b.booking_time)}`}
                onClick={() => onReassign(b)}
              >
                Reassign
              </Button>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
