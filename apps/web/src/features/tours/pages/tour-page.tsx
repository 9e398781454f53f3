// /tour/:token (issue 16): a buyer tour an agent's ONE invitation opens — the stops and their times (the
// server's instants shown in the agent's zone); the buyer enters their details once (the booking form's
// fields; the server validates with the same messages) and books the whole tour. If a stop was taken since,
// nothing is booked and the page says which stop, and asks the buyer to contact the agent. Issue 44: when the
// buyer starts filling in their details every stop's time is held for them (all or none, the agent's hold minutes,
// the countdown the booking page shows); a reload keeps that hold, and booking the tour uses it up.
import { useRef, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { BUYER_TYPES, BUYER_TYPE_LABELS } from '@keyturn/domain/enums';
import type { PublicTour, TourBookingInput, TourHold } from '@keyturn/domain/schemas/tours';
import { heldTimesLabel } from '@keyturn/domain/slots/holds';
import { clockLabel, timeZoneName } from '@keyturn/domain/time';
import { BrandedPage } from '@/components/branded-page';
import { HoldNotice } from '@/components/hold-notice';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { formatIsoDate } from '@/components/ui/format';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { SelectField, TextField } from '@/components/ui/text-field';
import { api, ApiError } from '@/lib/api';
import { readSession, removeSession, writeSession } from '@/lib/session-store';

/** The buyer's contact fields, as the booking form names them. */
const DETAIL_FIELDS = [
  ['client_name', 'Full name', 'text'],
  ['client_email', 'Email', 'email'],
  ['client_phone', 'Phone', 'tel'],
] as const;
const AUTOCOMPLETE = { text: 'name', email: 'email', tel: 'tel' } as const;

export function TourPage() {
  const token = useParams().token ?? '';
  const tour = useQuery({
    queryKey: ['tour', token],
    queryFn: () => api.get<{ data: PublicTour }>(`/tour/${encodeURIComponent(token)}`).then((r) => r.data),
  });
  const agent = tour.data?.agent;
  return (
    <BrandedPage
      wide
      brand={
        agent
          ? {
              name: agent.company_name ?? agent.name,
              logoUrl: agent.logo_url,
              primaryColor: agent.primary_color,
              onPrimaryColor: agent.on_primary_color,
            }
          : null
      }
    >
      <title>Your tour · Keyturn</title>
      {tour.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Loading your tour" />
        </div>
      ) : tour.isError ? (
        <ErrorAlert>{tour.error.message}</ErrorAlert>
      ) : (
        <TourView token={token} tour={tour.data} />
      )}
    </BrandedPage>
  );
}

function TourView({ token, tour }: { token: string; tour: PublicTour }) {
  const [form, setForm] = useState({
    client_name: tour.buyer?.name ?? '',
    client_email: tour.buyer?.email ?? '',
    client_phone: tour.buyer?.phone ?? '',
    buyer_type: '',
  });
  const holdKey = `keyturn.tour.hold:${token}`;
  const [hold, setHold] = useState<TourHold | null>(() => readSession(holdKey, parseTourHold));
  const holding = useMutation({
    mutationFn: () =>
      api.post<{ hold: TourHold }>(`/tour/${encodeURIComponent(token)}/holds`, {}).then((r) => r.hold),
    onSuccess: (next) => {
      setHold(next);
      writeSession(holdKey, next);
    },
  });
  const asked = useRef(false);
  const book = useMutation({
    mutationFn: (body: TourBookingInput) => api.post(`/tour/${encodeURIComponent(token)}/book`, body),
    onSuccess: () => removeSession(holdKey),
  });
  // A stop taken before it could be held is told as a booking's would be; any other hold failure only means no
  // hold (the booking is still checked in full).
  const holdRefused =
    holding.error instanceof ApiError && holding.error.status === 409 ? holding.error : null;
  const failure = book.error ?? (book.isSuccess ? null : holdRefused);
  const fields = failure instanceof ApiError ? failure.fields : {};
  const set = (name: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [name]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    book.mutate({
      ...form,
      buyer_type: form.buyer_type as TourBookingInput['buyer_type'],
      budget_min: null,
      budget_max: null,
      income_range: null,
      message: null,
    });
  };
  const booked = tour.booked || book.isSuccess;
  /** The buyer starts filling in their details: every stop's time is held for them, once (a reload keeps it). */
  const holdStops = () => {
    if (asked.current || hold || booked) return;
    asked.current = true;
    holding.mutate();
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title={booked ? 'Your tour is booked' : 'Your property tour'}
        description={`${formatIsoDate(tour.date, 'long')}, with ${tour.agent.name}${tour.agent.company_name ? `, ${tour.agent.company_name}` : ''}. Times in ${timeZoneName(tour.time_zone)}.`}
      />
      <ol aria-label="Tour stops" className="space-y-2">
        {tour.stops.map((stop, k) => (
          <li key={stop.property_id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <p className="font-semibold text-slate-900">
              {k + 1}. {clockLabel(stop.starts_at, tour.time_zone)}
            </p>
            <p className="text-sm text-slate-700">
              {stop.address}, {stop.city}
            </p>
            {fields[`stops.${k}`] ? (
              <p className="mt-1 text-sm font-medium text-red-700">No longer free</p>
            ) : null}
          </li>
        ))}
      </ol>
      {booked ? (
        <p role="status" className="rounded-lg bg-green-50 px-4 py-3 text-sm text-green-800">
          {book.isSuccess
            ? 'Every showing of your tour is booked. Your confirmations are on their way by e-mail.'
            : 'This tour is already booked.'}
        </p>
      ) : (
        <form
          onSubmit={submit}
          onFocus={holdStops}
          className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
        >
          <h2 className="font-semibold text-slate-900">Your details</h2>
          {hold ? (
            <HoldNotice
              key={hold.expires_at}
              expiresAt={hold.expires_at}
              time={heldTimesLabel(tour.stops.map((stop) => clockLabel(stop.starts_at, tour.time_zone)))}
            />
          ) : null}
          {DETAIL_FIELDS.map(([name, label, type]) => (
            <TextField
              key={name}
              label={label}
              type={type}
              value={form[name]}
              onChange={set(name)}
              error={fields[name]}
              autoComplete={AUTOCOMPLETE[type]}
            />
          ))}
          <SelectField
            label="Buyer type"
            value={form.buyer_type}
            onChange={set('buyer_type')}
            error={fields.buyer_type}
          >
            <option value="">Select…</option>
            {BUYER_TYPES.map((type) => (
              <option key={type} value={type}>
                {BUYER_TYPE_LABELS[type]}
              </option>
            ))}
          </SelectField>
          {failure && Object.keys(fields).filter((f) => !f.startsWith('stops.')).length === 0 ? (
            <ErrorAlert>
              {failure.message}
              {failure instanceof ApiError &&
              ['TOUR_STOP_TAKEN', 'TOUR_STOP_UNREACHABLE'].includes(failure.code) &&
              tour.agent.phone
                ? ` ${tour.agent.name}: ${tour.agent.phone}.`
                : ''}
            </ErrorAlert>
          ) : null}
          <Button type="submit" variant="brand" disabled={book.isPending} className="w-full sm:w-auto">
            {book.isPending ? 'Booking…' : `Book all ${tour.stops.length} showings`}
          </Button>
        </form>
      )}
    </div>
  );
}

/** The tab's kept hold, while it lasts (an ended one is nobody's: the next focus on the form holds anew). */
function parseTourHold(value: unknown): TourHold | null {
  if (typeof value !== 'object' || value === null) return null;
  const { expires_at, minutes } = value as Record<string, unknown>;
  if (typeof expires_at !== 'string' || typeof minutes !== 'number') return null;
  return Date.parse(expires_at) > Date.now() ? { expires_at, minutes } : null;
}
