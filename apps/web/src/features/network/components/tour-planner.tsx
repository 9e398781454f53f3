// Issue 45 "Cross-agent tours": the planner. The homes picked on Find homes to show (?homes=1,2,3) are listed with
// remove buttons; a day is chosen and "Plan the day" asks the API for the order and times that fit each listing's
// open times and drive least. A feasible plan is sent with the client and the buyer's agent's details (one
// request per home); if a time was taken meanwhile (TOUR_CHANGED) the message shows with "Plan again".
import { useState, type FormEvent } from 'react';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from '@/lib/router';
import { NETWORK_TEXTS as T } from '@keyturn/domain/listing/network';
import { NETWORK_TOUR_TEXTS, tourStopCountOk } from '@keyturn/domain/routes/networkTour';
import { TOUR_STOPS_MESSAGE } from '@keyturn/domain/schemas/tours';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api';
import { fetchListing, fetchRequests, networkKeys, planTour, sendTour, type TourSend } from '../api';
import { EMPTY_CLIENT, TourClientFields, type TourClient } from './tour-client-form';
import { TourCard, TourStops } from './tour-view';

const P = NETWORK_TOUR_TEXTS.page;

/** '7,8,9' → [7, 8, 9]: positive whole numbers, each once, in order. */
export function parseHomes(value: string | null): number[] {
  const ids = (value ?? '')
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
  return [...new Set(ids)];
}

export function TourPlanner() {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const homes = parseHomes(params.get('homes'));
  const [date, setDate] = useState('');
  const [client, setClient] = useState<TourClient>(EMPTY_CLIENT);
  const [touchedFirm, setTouchedFirm] = useState(false);
  const listings = useQueries({
    queries: homes.map((id) => ({ queryKey: networkKeys.listing(id), queryFn: () => fetchListing(id) })),
  });
  const mine = useQuery({ queryKey: networkKeys.requests, queryFn: fetchRequests });
  const plan = useMutation({ mutationFn: planTour });
  const send = useMutation({
    mutationFn: (body: TourSend) => sendTour(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: networkKeys.tours }),
  });

  const last = mine.data?.last_used ?? null;
  const shown: TourClient = touchedFirm
    ? client
    : {
        ...client,
        brokerage: client.brokerage || last?.brokerage || '',
        licence: client.licence || last?.licence_number || '',
      };
  const setFields = (update: Partial<TourClient>) => {
    const firm = 'brokerage' in update || 'licence' in update;
    if (firm) setTouchedFirm(true);
    setClient((c) => ({
      ...c,
      ...(firm ? { brokerage: shown.brokerage, licence: shown.licence } : {}),
      ...update,
    }));
  };
  // Texts are offered when any of the day's listings sends them (the consent is the buyer's agent's own).
  const textsOffered = listings.every((l) => l.data)
    ? listings.some((l) => l.data?.texts_offered)
    : undefined;
  const ownPhone = mine.data ? mine.data.own_phone : undefined;

  const changed = () => {
    plan.reset();
    send.reset();
  };
  const remove = (id: number) => {
    changed();
    const rest = homes.filter((h) => h !== id);
    setParams(rest.length > 0 ? { homes: rest.join(',') } : {}, { replace: true });
  };
  const runPlan = () => {
    send.reset();
    plan.mutate({ date, property_ids: homes });
  };
  const submitPlan = (event: FormEvent) => {
    event.preventDefault();
    runPlan();
  };
  const answer = plan.data;
  const submitSend = (event: FormEvent) => {
    event.preventDefault();
    if (!answer?.feasible) return;
    send.mutate({
      date: answer.date,
      stops: answer.stops.flatMap((s) =>
        s.starts_at ? [{ property_id: s.property_id, starts_at: s.starts_at }] : [],
      ),
      client: { name: shown.name, email: shown.email, phone: shown.phone },
      brokerage: shown.brokerage,
      licence_number: shown.licence,
      sms_consent: Boolean(ownPhone && textsOffered && shown.consent),
    });
  };

  if (send.data) {
    return (
      <section className="space-y-4">
        <p
          role="status"
          className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900 ring-1 ring-emerald-200"
        >
          {P.sent}
        </p>
        <TourCard tour={send.data} link />
      </section>
    );
  }

  const planFields = plan.error instanceof ApiError ? plan.error.fields : {};
  const sendError = send.error instanceof ApiError ? send.error : null;
  const sendFields = sendError?.fields ?? {};
  const stale = sendError?.code === 'TOUR_CHANGED';
  const countOk = tourStopCountOk(homes.length);
  return (
    <section className="space-y-6">
      <form
        onSubmit={submitPlan}
        className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
        noValidate
      >
        <h2 className="text-base font-semibold text-slate-900">{P.homesHeading}</h2>
        {homes.length === 0 ? <p className="text-sm text-slate-600">{P.noHomes}</p> : null}
        {homes.length > 0 ? (
          <ul className="divide-y divide-slate-200">
            {homes.map((id, i) => {
              const listing = listings[i];
              const address = listing?.data ? `${listing.data.address}, ${listing.data.city}` : `#${id}`;
              return (
                <li key={id} className="flex items-center justify-between gap-3 py-2">
                  <div className="min-w-0">
                    <p className="text-sm font-medium break-words text-slate-900">{address}</p>
                    {listing?.data ? (
                      <p className="text-xs text-slate-500">
                        {T.listedBy(listing.data.agent.name, listing.data.agent.company)}
                      </p>
                    ) : null}
                    {listing?.error ? <p className="text-xs text-red-600">{listing.error.message}</p> : null}
                  </div>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={P.removeHome(address)}
                    onClick={() => remove(id)}
                  >
                    {P.remove}
                  </Button>
                </li>
              );
            })}
          </ul>
        ) : null}
        {homes.length > 0 && !countOk ? <p className="text-sm text-amber-800">{TOUR_STOPS_MESSAGE}</p> : null}
        {planFields.property_ids ? <p className="text-sm text-red-600">{planFields.property_ids}</p> : null}
        <TextField
          label={P.date}
          type="date"
          required
          className="sm:max-w-xs"
          value={date}
          error={planFields.date ?? sendFields.date}
          onChange={(e) => {
            changed();
            setDate(e.target.value);
          }}
        />
        {plan.error && !Object.values(planFields).includes(plan.error.message) ? (
          <ErrorAlert>{plan.error.message}</ErrorAlert>
        ) : null}
        <Button type="submit" disabled={!countOk || !date || plan.isPending}>
          {P.plan}
        </Button>
      </form>

      {plan.isPending ? <Spinner /> : null}
      {answer ? (
        <section aria-labelledby="tour-plan-heading" className="space-y-3">
          <h2 id="tour-plan-heading" className="text-base font-semibold text-slate-900">
            {P.planHeading}
          </h2>
          {!answer.feasible ? (
            <ErrorAlert>{answer.note ?? NETWORK_TOUR_TEXTS.infeasible}</ErrorAlert>
          ) : answer.note ? (
            <p className="text-sm text-slate-700">{answer.note}</p>
          ) : null}
          <TourStops stops={answer.stops} />
          {answer.feasible ? (
            <p className="text-sm font-medium text-slate-900">{P.total(answer.total_drive_minutes)}</p>
          ) : null}
          {answer.drive_source === 'estimated' ? (
            <p className="text-xs text-slate-500">{P.estimated}</p>
          ) : null}
        </section>
      ) : null}

      {answer?.feasible ? (
        <form
          onSubmit={submitSend}
          className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
          noValidate
        >
          {send.error ? (
            <div className="space-y-2">
              <ErrorAlert>{send.error.message}</ErrorAlert>
              {stale ? (
                <Button variant="secondary" onClick={runPlan}>
                  {P.planAgain}
                </Button>
              ) : null}
            </div>
          ) : null}
          <TourClientFields
            form={shown}
            set={setFields}
            fields={sendFields}
            ownPhone={ownPhone}
            textsOffered={textsOffered}
          />
          <Button type="submit" disabled={send.isPending || stale}>
            {send.isPending ? P.sending : P.send}
          </Button>
        </form>
      ) : null}
    </section>
  );
}
