// Buyer tours on My day (issue 16): the agent picks several properties for one buyer on the day shown; the
// server proposes the order and consecutive times with the drives between them; saving answers the ONE
// invitation link the buyer books the whole tour from (/tour/:token). Times are the server's instants.
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ROUTE_MESSAGES } from '@keyturn/domain/messages';
import type { Property } from '@keyturn/domain/schemas/property';
import type { SavedTour, Tour } from '@keyturn/domain/schemas/tours';
import { clockLabel } from '@keyturn/domain/time';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { api } from '@/lib/api';
import { TourInviteEmail } from './tour-invite-email';

export function TourBuilder({ date }: { date: string }) {
  const properties = useQuery({
    queryKey: ['routes', 'tour-properties'],
    queryFn: () => api.get<{ data: Property[] }>('/properties').then((r) => r.data),
  });
  const [picked, setPicked] = useState<number[]>([]);
  const propose = useMutation({
    mutationFn: (ids: number[]) =>
      api.post<{ data: Tour }>('/tours/propose', { date, property_ids: ids }).then((r) => r.data),
  });
  const save = useMutation({
    mutationFn: (tour: Tour) =>
      api
        .post<{ data: SavedTour }>('/tours', {
          date,
          stops: tour.stops.map((s) => ({ property_id: s.property_id, starts_at: s.starts_at })),
        })
        .then((r) => r.data),
  });
  const tour = propose.data;
  const toggle = (id: number, on: boolean) => {
    setPicked((ids) => (on ? [...ids, id] : ids.filter((x) => x !== id)));
    propose.reset();
    save.reset();
  };

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
        tour.feasible ? (
          <div className="space-y-3" data-testid="tour-proposal">
            <ol aria-label="Proposed tour" className="space-y-1 text-sm text-slate-800">
              {tour.stops.map((s, k) => (
                <li key={s.property_id}>
                  {k + 1}. {clockLabel(s.starts_at, tour.time_zone)} · {s.address}
                  {s.drive_minutes === null ? '' : ` (${s.drive_minutes} min drive before)`}
                </li>
              ))}
            </ol>
            <p className="text-sm text-slate-600">
              Total drive {tour.total_drive_minutes} min
              {tour.drive_source === 'estimated' ? ` (${ROUTE_MESSAGES.estimatedLabel})` : ''}.
            </p>
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
              <Button onClick={() => save.mutate(tour)} disabled={save.isPending}>
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
