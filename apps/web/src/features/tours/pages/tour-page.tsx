// /tour/:token (issue 16): a buyer tour an agent's ONE invitation opens — the stops and their times (the
// server's instants shown in the agent's zone); the buyer enters their details once (the booking form's
// fields; the server validates with the same messages) and books the whole tour. If a stop was taken since,
// nothing is booked and the page says which stop, and asks the buyer to contact the agent. Issue 44: when the
// buyer starts filling in their details every stop's time is held for them (all or none, the agent's hold minutes,
// the countdown the booking page shows); a reload keeps that hold, and booking the tour uses it up.
import { useRef, useState, type FormEvent } from 'react';
import { useParams } from '@/lib/router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { BUYER_TYPES, type BuyerType } from '@keyturn/domain/enums';
import type { PublicTour, TourBookingInput, TourHold } from '@keyturn/domain/schemas/tours';
import { heldTimesLabel } from '@keyturn/domain/slots/holds';
import { clockLabel, timeZoneName } from '@keyturn/domain/time';
import { BrandedPage } from '@/components/branded-page';
import { HoldNotice } from '@/components/hold-notice';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { SelectField, TextField } from '@/components/ui/text-field';
import { VISIT } from '@/lib/visit-area';
import { api, ApiError } from '@/lib/api';
import { COMMON } from '@/lib/common-area';
import { useLocale, useT } from '@/lib/i18n';
import { readSession, removeSession, writeSession } from '@/lib/session-store';
import { LocaleProvider } from '@/lib/locale';

/** The buyer's contact fields, as the booking form names them (labels: the `visit` catalogue's keys). */
const DETAIL_FIELDS = [
  ['client_name', 'fullName', 'text'],
  ['client_email', 'email', 'email'],
  ['client_phone', 'phone', 'tel'],
] as const;
const AUTOCOMPLETE = { text: 'name', email: 'email', tel: 'tel' } as const;
const BUYER_TYPE_KEYS = {
  first_time_buyer: 'buyerFirstTime',
  investor: 'buyerInvestor',
  home_owner: 'buyerHomeOwner',
} as const satisfies Record<BuyerType, string>;

/** The tour's day: 'Tuesday, March 4, 2031' / 'martes, 4 de marzo de 2031'. */
function tourDay(intlLocale: string, iso: string): string {
  return new Intl.DateTimeFormat(intlLocale, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${iso}T12:00:00Z`));
}

/** The zone by name: 'Eastern Time (New York)' / 'hora oriental (New York)'. */
function zoneName(locale: string, intlLocale: string, zone: string): string {
  if (locale === 'en') return timeZoneName(zone);
  try {
    const name = new Intl.DateTimeFormat(intlLocale, { timeZone: zone, timeZoneName: 'longGeneric' })
      .formatToParts(new Date())
      .find((part) => part.type === 'timeZoneName')?.value;
    const city = (zone.split('/').pop() ?? zone).replaceAll('_', ' ');
    return name && !name.startsWith('GMT') ? `${name} (${city})` : city;
  } catch {
    return zone;
  }
}

function TourPageInLocale() {
  const t = useT(VISIT);
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
      <title>{`${t('yourTour')} · Keyturn`}</title>
      {tour.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label={t('loadingTour')} />
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
  const t = useT(VISIT);
  const common = useT(COMMON);
  const { locale, intlLocale } = useLocale();
  // Each stop on the agent's clock in the page's language, the pass of a repeated hour named ('1:30 AM EST').
  const times = tour.stops.map((stop) => clockLabel(stop.starts_at, tour.time_zone, intlLocale));
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
        title={t(booked ? 'tourBooked' : 'propertyTour')}
        description={`${t('tourWith', {
          date: tourDay(intlLocale, tour.date),
          who: tour.agent.company_name ? `${tour.agent.name}, ${tour.agent.company_name}` : tour.agent.name,
        })} ${common('timesIn', { zone: zoneName(locale, intlLocale, tour.time_zone) })}.`}
      />
      <ol aria-label={t('tourStops')} className="space-y-2">
        {tour.stops.map((stop, k) => (
          <li key={stop.property_id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <p className="font-semibold text-slate-900">
              {k + 1}. {times[k]}
            </p>
            <p className="text-sm text-slate-700">
              {stop.address}, {stop.city}
            </p>
            {fields[`stops.${k}`] ? (
              <p className="mt-1 text-sm font-medium text-red-700">{t('noLongerFree')}</p>
            ) : null}
          </li>
        ))}
      </ol>
      {booked ? (
        <p role="status" className="rounded-lg bg-green-50 px-4 py-3 text-sm text-green-800">
          {t(book.isSuccess ? 'tourBookedAll' : 'tourAlreadyBooked')}
        </p>
      ) : (
        <form
          onSubmit={submit}
          onFocus={holdStops}
          className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
        >
          <h2 className="font-semibold text-slate-900">{t('yourDetails')}</h2>
          {hold ? (
            <HoldNotice
              key={hold.expires_at}
              expiresAt={hold.expires_at}
              time={
                locale === 'en'
                  ? heldTimesLabel(times)
                  : new Intl.ListFormat(intlLocale, { type: 'conjunction' }).format(times)
              }
            />
          ) : null}
          {DETAIL_FIELDS.map(([name, label, type]) => (
            <TextField
              key={name}
              label={t(label)}
              type={type}
              value={form[name]}
              onChange={set(name)}
              error={fields[name]}
              autoComplete={AUTOCOMPLETE[type]}
            />
          ))}
          <SelectField
            label={t('buyerType')}
            value={form.buyer_type}
            onChange={set('buyer_type')}
            error={fields.buyer_type}
          >
            <option value="">{t('select')}</option>
            {BUYER_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(BUYER_TYPE_KEYS[type])}
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
            {book.isPending ? t('booking') : t('bookAll', { count: tour.stops.length })}
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

/** The page in the buyer's language (issue 43): its own language state, so pages that are not the buyer's load none. */
export function TourPage() {
  return (
    <LocaleProvider>
      <TourPageInLocale />
    </LocaleProvider>
  );
}
