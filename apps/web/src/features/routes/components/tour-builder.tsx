// Buyer tours on My day (issue 16): the agent picks several properties for one buyer on the day shown (a
// lead's tour when opened from the lead, ?lead=<id>); the server proposes the order and consecutive times with
// the drives between them; the agent moves stops up or down and picks another of the day's open times (the
// server's instants, never a label turned back into one), every change re-checked by POST /api/tours/check
// with the refusal shown at the stop; saving answers the ONE invitation link (/tour/:token).
import { useRef, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ROUTE_MESSAGES } from '@keyturn/domain/routes/messages';
import type { Property } from '@keyturn/domain/schemas/property';
import type { SavedTour, Tour } from '@keyturn/domain/schemas/tours';
import { clockLabel } from '@keyturn/domain/time';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/text-field';
import { api } from '@/lib/api';
import { TourInviteEmail } from './tour-invite-email';

type Stop = { property_id: number; starts_at: string };

export function TourBuilder({ date, leadId = null }: { date: string; leadId?: string | null }) {
  const properties = useQuery({
    queryKey: ['routes', 'tour-properties'],
    queryFn: () => api.get<{ data: Property[] }>('/properties').then((r) => r.data),
  });
  const [picked, setPicked] = useState<number[]>([]);
  // The tour on screen: the proposal, then the server's answer to each adjustment.
  const [tour, setTour] = useState<Tour | null>(null);
  const stopsOf = (t: Tour): Stop[] =>
    t.stops.map((s) => ({ property_id: s.property_id, starts_at: s.starts_at }));
  const propose = useMutation({
    mutationFn: (ids: number[]) =>
      api
        .post<{ data: Tour }>('/tours/propose', { date, property_ids: ids, lead_id: leadId })
        .then((r) => r.data),
    onSuccess: setTour,
  });
  // Only the answer to the latest adjustment is shown (an earlier one may arrive after it).
  const latest = useRef<Stop[] | null>(null);
  const check = useMutation({
    mutationFn: (stops: Stop[]) =>
      api.post<{ data: Tour }>('/tours/check', { date, stops, lead_id: leadId }).then((r) => r.data),
    onSuccess: (checked, stops) => {
      if (stops === latest.current) setTour(checked);
    },
  });
  const save = useMutation({
    mutationFn: (stops: Stop[]) =>
      api.post<{ data: SavedTour }>('/tours', { date, stops, lead_id: leadId }).then((r) => r.data),
  });
  const toggle = (id: number, on: boolean) => {
    setPicked((ids) => (on ? [...ids, id] : ids.filter((x) => x !== id)));
    setTour(null);
    propose.reset();
    check.reset();
    save.reset();
  };
  /** An adjustment: shown at once (its problems unknown), then re-checked by the server. */
  const adjust = (stops: Stop[]) => {
    if (!tour) return;
    setTour({
      ...tour,
      feasible: false,
      stops: stops.map((s) => ({
        ...tour.stops.find((t) => t.property_id === s.property_id)!,
        starts_at: s.starts_at,
        problem: null,
      })),
    });
    save.reset();
    latest.current = stops;
    check.mutate(stops);
  };
  /** Swaps the stop at k with its neighbour; the times stay in their places, in order. */
  const move = (k: number, by: -1 | 1) => {
    if (!tour) return;
    const stops = stopsOf(tour);
    const order = stops.map((s) => s.property_id);
    [order[k], order[k + by]] = [order[k + by]!, order[k]!];
    adjust(order.map((id, i) => ({ property_id: id, starts_at: stops[i]!.starts_at })));
  };
  const retime = (k: number, startsAt: string) => {
    if (!tour) return;
    adjust(stopsOf(tour).map((s, i) => (i === k ? { ...s, starts_at: startsAt } : s)));
  };
  const valid = tour !== null && tour.feasible && !check.isPending && !check.isError;

  return (
    <section
      aria-labelledby="tour-heading"
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="tour-heading" className="font-semibold text-slate-900">
        Buyer tour
      </h2>
      <p className="text-sm text-slate-600">
        Pick the properties one buyer wants to see on this day: the order and times come with the drives
        between them, and one link lets the buyer book the whole tour.
        {leadId ? ' The tour is for the lead you opened it from: their details prefill the invitation.' : ''}
      </p>
      <fieldset className="grid gap-2 sm:grid-cols-2">
        <legend className="sr-only">Properties for the tour</legend>
        {(properties.data ?? []).map((p) => (
          <label key={p.id} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              checked={picked.includes(p.id)}
              onChange={(e) => toggle(p.id, e.target.checked)}
              className="h-4 w-4 rounded border-slate-300 focus-visible:outline-2 focus-visible:outline-blue-600"
            />
            {p.address}
          </label>
        ))}
      </fieldset>
      <Button
        variant="secondary"
        disabled={picked.length < 2 || propose.isPending}
        onClick={() => propose.mutate(picked)}
      >
        {propose.isPending ? 'Proposing…' : 'Propose tour'}
      </Button>
      {propose.isError ? <ErrorAlert>{propose.error.message}</ErrorAlert> : null}
      {tour ? (
        tour.stops.length > 0 ? (
          <div className="space-y-3" data-testid="tour-proposal">
            {tour.buyer ? (
              <p className="text-sm text-slate-700">
                For {tour.buyer.name || tour.buyer.email} ({tour.buyer.email})
              </p>
            ) : null}
            <ol aria-label="Proposed tour" className="space-y-3 text-sm text-slate-800">
              {tour.stops.map((s, k) => (
                <li
                  key={s.property_id}
                  className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3 sm:flex-row sm:items-start"
                >
                  <div className="min-w-0 flex-1">
                    <p className="font-medium text-slate-900">
                      {k + 1}. {clockLabel(s.starts_at, tour.time_zone)} · {s.address}
                    </p>
                    {s.drive_minutes === null ? null : (
                      <p className="text-slate-600">{s.drive_minutes} min drive before</p>
                    )}
                  </div>
                  <SelectField
                    label={`Time at ${s.address}`}
                    className="sm:w-56"
                    value={s.starts_at}
                    error={s.problem ?? undefined}
                    onChange={(e) => retime(k, e.target.value)}
                  >
                    {(tour.open_times.includes(s.starts_at)
                      ? tour.open_times
                      : [s.starts_at, ...tour.open_times]
                    ).map((t) => (
                      <option key={t} value={t}>
                        {clockLabel(t, tour.time_zone)}
                      </option>
                    ))}
                  </SelectField>
                  <div className="flex gap-2 sm:pt-6">
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={k === 0}
                      aria-label={`Move ${s.address} earlier`}
                      onClick={() => move(k, -1)}
                    >
                      ↑ Earlier
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={k === tour.stops.length - 1}
                      aria-label={`Move ${s.address} later`}
                      onClick={() => move(k, 1)}
                    >
                      ↓ Later
                    </Button>
                  </div>
                </li>
              ))}
            </ol>
            <p className="text-sm text-slate-600" aria-live="polite">
              {check.isPending
                ? 'Checking the tour…'
                : `Total drive ${tour.total_drive_minutes} min${
                    tour.drive_source === 'estimated' ? ` (${ROUTE_MESSAGES.estimatedLabel})` : ''
                  }.`}
            </p>
            {check.isError ? <ErrorAlert>{check.error.message}</ErrorAlert> : null}
            {save.data ? (
              <>
                <TextField
                  label="Invitation link"
                  readOnly
                  value={save.data.invite_url}
                  onFocus={(e) => e.target.select()}
                />
                <TourInviteEmail tourId={save.data.id} sentTo={save.data.invitation_sent_to} />
              </>
            ) : (
              <Button onClick={() => save.mutate(stopsOf(tour))} disabled={!valid || save.isPending}>
                {save.isPending ? 'Saving…' : 'Save and get the invitation link'}
              </Button>
            )}
            {save.isError ? <ErrorAlert>{save.error.message}</ErrorAlert> : null}
          </div>
        ) : (
          <p className="text-sm text-slate-700">{tour.note}</p>
        )
      ) : null}
    </section>
  );
}
