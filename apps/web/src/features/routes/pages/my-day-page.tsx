// My day (issue 16, Professional and above): the day's showings in time order on a map with the route, the
// drive between each pair and in all, warnings where a drive is longer than the gap, and Optimise — the order
// and times of the pending showings that drive least, with the saving, each stop naming its buyer; applying
// proposes the new times to those buyers (issue 29: nothing moves until a buyer accepts), and the proposals'
// states are listed. Times are the server's instants shown in the agent's zone.
import { lazy, Suspense, useState } from 'react';
import { THREAD_TEXTS } from '@keyturn/domain/listing/threads';
import { QuickStatus } from '@/components/thread/quick-status';
import { useSearchParams } from '@/lib/router';
import { planAllows } from '@keyturn/domain/planGates';
import { ROUTE_MESSAGES } from '@keyturn/domain/routes/messages';
import type { AgentDay, RouteProposal } from '@keyturn/domain/schemas/routes';
import { formatClock, isValidIsoDate, timeZoneName } from '@keyturn/domain/time';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { UpgradeHint } from '@/components/ui/upgrade-hint';
import { usePlan } from '@/lib/plan';
import { useAgentDay, useApplyRoute, useOptimise, useRouteSettings, useSaveRouteSettings } from '../api';
import { SwitchField } from '@/components/ui/switch-field';
import { OfficeSetting } from '../components/office-setting';
import { TourBuilder } from '../components/tour-builder';
import { DayProposals, ProposalStops } from '../components/proposal-stops';
import { TIME_PROPOSAL_MESSAGES } from '@keyturn/domain/routes/proposals';

const DayMap = lazy(() => import('../components/day-map'));

export function MyDayPage() {
  const { plan } = usePlan(true);
  const allowed = planAllows(plan, 'routeOptimisation');
  const [search, setSearch] = useSearchParams();
  const asked = search.get('date');
  const date = asked && isValidIsoDate(asked) ? asked : null;
  // A tour started from a lead ("Plan a tour" in the lead's details): the builder sends it, the server prefills
  // the buyer (and answers 404 for a lead that is not the agent's).
  const leadId = search.get('lead') || null;
  const day = useAgentDay(date, allowed);

  return (
    <>
      <title>My day · Keyturn</title>
      <PageHeader
        title="My day"
        description="Your showings in time order on the map, the drive between them, and the order that drives least."
      />
      <div className="mt-6 space-y-6">
        {!allowed ? (
          <UpgradeHint feature="routeOptimisation">
            See your day on a map with drive times between showings, warnings where a drive is longer than the
            gap, and the order that drives least — applied in one click.
          </UpgradeHint>
        ) : day.isError ? (
          <ErrorAlert>Your day could not be loaded. Please reload the page.</ErrorAlert>
        ) : !day.data ? (
          <Spinner label="Loading your day" />
        ) : (
          <>
            <ClusterSetting />
            <DayView
              key={day.data.date}
              day={day.data}
              leadId={leadId}
              onDate={(d) =>
                setSearch(
                  { ...(d ? { date: d } : {}), ...(leadId ? { lead: leadId } : {}) },
                  { replace: true },
                )
              }
            />
          </>
        )}
      </div>
    </>
  );
}

/** The agent's "cluster showings by area": travel-aware public slots. */
function ClusterSetting() {
  const settings = useRouteSettings(true);
  const save = useSaveRouteSettings();
  // Shown at once; put back if the server refuses.
  const [chosen, setChosen] = useState<boolean | null>(null);
  if (!settings.data) return null;
  return (
    <>
      <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <SwitchField
          label="Cluster showings by area"
          description="Buyers are not offered times you cannot reach from your showing before (or leave in time for the one after); times next to a showing nearby are marked recommended on your booking page. Drive times are estimated from distance."
          checked={chosen ?? settings.data.cluster_by_area}
          onChange={(e) => {
            const on = e.target.checked;
            setChosen(on);
            save.mutate({ cluster_by_area: on }, { onError: () => setChosen(null) });
          }}
        />
        {save.isError ? <ErrorAlert>{save.error.message}</ErrorAlert> : null}
      </div>
      <OfficeSetting settings={settings.data} />
    </>
  );
}

function DayView({
  day,
  leadId,
  onDate,
}: {
  day: AgentDay;
  leadId: string | null;
  onDate: (date: string) => void;
}) {
  const clock = (iso: string) => formatClock(iso, day.time_zone).toLowerCase();
  const optimise = useOptimise();
  const apply = useApplyRoute();
  const [proposal, setProposal] = useState<RouteProposal | null>(null);
  const warned = new Set(day.warnings.map((w) => w.to_booking_id));
  const located = day.showings.flatMap((s) =>
    s.property && s.property.lat !== null && s.property.lng !== null
      ? [
          {
            id: s.booking_id,
            label: s.property.address,
            lat: s.property.lat,
            lng: s.property.lng,
            warn: warned.has(s.booking_id),
          },
        ]
      : [],
  );
  const estimated = day.legs.some((l) => l.source === 'estimated');

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end gap-3">
        <label className="text-sm font-medium text-slate-700">
          Date
          <input
            type="date"
            value={day.date}
            onChange={(e) => e.target.value && onDate(e.target.value)}
            className="mt-1 block rounded-lg border border-slate-300 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-blue-600"
          />
        </label>
        <p className="text-sm text-slate-600">
          Times in {timeZoneName(day.time_zone)}. Total drive:{' '}
          <strong data-testid="total-drive">{day.total_drive_minutes} min</strong>
          {estimated ? ` (${ROUTE_MESSAGES.estimatedLabel})` : ''}
        </p>
      </div>

      {day.warnings.length > 0 ? (
        <ul
          role="alert"
          aria-label="Warnings"
          className="space-y-1 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          {day.warnings.map((w) => (
            <li key={`${w.from_booking_id}-${w.to_booking_id}`}>{w.text}</li>
          ))}
        </ul>
      ) : null}

      {located.length > 0 ? (
        <section aria-label="Map" className="space-y-2">
          <Suspense fallback={<div className="h-72 rounded-xl bg-slate-100 sm:h-96" />}>
            <DayMap stops={located} line={day.line} map={day.map} />
          </Suspense>
          {day.map.tile_url ? null : <p className="text-sm text-slate-600">{ROUTE_MESSAGES.tilesOff}</p>}
        </section>
      ) : null}
      {day.routing_configured ? null : (
        <p className="text-sm text-slate-600">{ROUTE_MESSAGES.estimatedNote}</p>
      )}

      {day.office && day.start_leg ? (
        <p className="text-sm text-slate-600" data-testid="start-leg">
          Day starts at your office ({day.office.address.address}): {day.start_leg.minutes} min drive to the
          first showing{day.start_leg.source === 'estimated' ? ` (${ROUTE_MESSAGES.estimatedLabel})` : ''}.
        </p>
      ) : null}

      {day.showings.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-5 text-slate-600">
          No showings on this day.
        </p>
      ) : (
        <ol aria-label="Showings in time order" className="space-y-2">
          {day.showings.map((s, k) => {
            const leg = day.legs[k];
            return (
              <li key={s.booking_id} className="space-y-2">
                <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                  <p className="font-semibold text-slate-900">
                    {k + 1}. {clock(s.starts_at)} · {s.property?.address ?? 'No property'}
                  </p>
                  <p className="text-sm text-slate-600">
                    {s.client_name} · {s.status}
                    {s.property && s.property.lat === null ? ` · ${ROUTE_MESSAGES.missingPlace}` : ''}
                  </p>
                  {/* Issue 45: late, arrived, finished… told to the buyer's side at once. */}
                  {s.status === 'confirmed' || s.status === 'pending' ? (
                    <div className="mt-2">
                      <QuickStatus
                        bookingId={s.booking_id}
                        label={THREAD_TEXTS.panel.quickFor(s.client_name)}
                      />
                    </div>
                  ) : null}
                </div>
                {leg ? (
                  <p className="pl-4 text-sm text-slate-500" data-testid="leg">
                    ↓ {leg.minutes === null ? 'drive time unknown' : `${leg.minutes} min drive`}
                    {leg.source === 'estimated' ? ` (${ROUTE_MESSAGES.estimatedLabel})` : ''}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}

      <section
        aria-labelledby="optimise-heading"
        className="space-y-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id="optimise-heading" className="font-semibold text-slate-900">
          Optimise
        </h2>
        <p className="text-sm text-slate-600">
          Requested (pending) showings may get other free times of the day, proposed to their buyers;
          confirmed ones stay where they are.
        </p>
        {day.optimisable ? (
          <Button
            onClick={() => optimise.mutate(day.date, { onSuccess: setProposal })}
            disabled={optimise.isPending}
          >
            {optimise.isPending ? 'Optimising…' : 'Optimise'}
          </Button>
        ) : (
          <p className="text-sm text-slate-700">{ROUTE_MESSAGES.notInWindow}</p>
        )}
        {optimise.isError ? <ErrorAlert>{optimise.error.message}</ErrorAlert> : null}
        {proposal ? (
          <div className="space-y-2" data-testid="proposal">
            {proposal.note ? <p className="text-sm text-slate-700">{proposal.note}</p> : null}
            {proposal.moves.length > 0 ? (
              <>
                <p className="font-medium text-slate-900">
                  Saves {proposal.saving_minutes} min of driving ({proposal.saving_percent}%):{' '}
                  {proposal.booked_minutes} → {proposal.optimised_minutes} min
                </p>
                <ProposalStops proposal={proposal} clock={clock} />
                <p className="text-sm text-slate-600">{TIME_PROPOSAL_MESSAGES.applyNote}</p>
                <Button
                  onClick={() => apply.mutate(proposal, { onSuccess: () => setProposal(null) })}
                  disabled={apply.isPending}
                >
                  {apply.isPending ? 'Sending…' : TIME_PROPOSAL_MESSAGES.applyButton}
                </Button>
              </>
            ) : null}
          </div>
        ) : null}
        {apply.isError ? <ErrorAlert>{apply.error.message}</ErrorAlert> : null}
        {apply.isSuccess && !proposal ? (
          <p role="status" className="text-sm text-green-700">
            {TIME_PROPOSAL_MESSAGES.applied(apply.variables.moves.length)}
          </p>
        ) : null}
        <DayProposals proposals={day.proposals} clock={clock} />
      </section>

      {day.optimisable ? (
        <TourBuilder key={`${day.date}-${leadId ?? ''}`} date={day.date} leadId={leadId} />
      ) : null}
    </div>
  );
}
