// /booking/waitlist?token=… (issue 44 "Waitlist", decision 085): the buyer's own link to their place on a
// property's waiting list for a date. While they wait it says their place; when a time opens it is held for them
// for a few minutes (a live countdown) and one tap books it; they may leave the list. Times read off the server's
// instants in the property's zone (the agent's), with the zone named. A refusal to book (the offer ended) says
// so and shows the link as it now is.
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Link, useSearchParams } from '@/lib/router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WaitlistLink } from '@keyturn/domain/schemas/timeWaitlist';
import { holdClock, holdSecondsLeft } from '@keyturn/domain/slots/holds';
import { WAITLIST_OFFER_MINUTES } from '@keyturn/domain/slots/waitlist';
import type { DayPart, WaitlistStatus } from '@keyturn/domain/slots/waitlist';
import { formatClock } from '@keyturn/domain/time';
import { useLocale, useT } from '@/lib/i18n';
import { BrandMark } from '@/components/branded-page';
import { SpinnerCircle } from '@/components/ui/spinner';
import { api, ApiError } from '@/lib/api';
import { BookingSummary } from '../components/booking-summary';
import { BrandButton } from '../components/brand-button';
import { ManageLayout } from '../components/managed-booking-layout';
import { formatLongDate } from '../format';
import { BOOKING } from '../texts';
import { MANAGE } from '../manage-texts';
import { LocaleProvider } from '@/lib/locale';

/** What the page says once the buyer is no longer in line (and has not booked). */
const CLOSED = {
  lapsed: 'waitLapsed',
  left: 'waitLeft',
  removed: 'waitRemoved',
  ended: 'waitEnded',
} as const satisfies Partial<Record<WaitlistStatus, string>>;

/** The part of the day's words (the dashboard's DAY_PART_LABELS read the same English catalogue). */
export const DAY_PART_KEYS = {
  any: 'partAny',
  morning: 'partMorning',
  afternoon: 'partAfternoon',
  evening: 'partEvening',
} as const satisfies Record<DayPart, string>;

const linkKey = (token: string) => ['booking', 'waitlist', token] as const;
const linkPath = (token: string) => `/booking/waitlist/${encodeURIComponent(token)}`;
const fetchLink = (token: string) => api.get<{ data: WaitlistLink }>(linkPath(token)).then((r) => r.data);

function WaitlistPageInLocale() {
  const t = useT(MANAGE);
  const bt = useT(BOOKING);
  const [search] = useSearchParams();
  const token = search.get('token')?.trim() || null;
  const query = useQuery({
    queryKey: linkKey(token ?? ''),
    queryFn: () => fetchLink(token ?? ''),
    enabled: token !== null,
    staleTime: 0,
    retry: false,
  });
  if (token === null || query.isError) {
    return (
      <ManageLayout title={t('waitTitle')}>
        <p role="alert" className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
          {query.error instanceof ApiError && query.error.status !== 404
            ? query.error.message
            : t('waitNotFound')}
        </p>
      </ManageLayout>
    );
  }
  if (query.isPending) {
    return (
      <ManageLayout title={t('waitTitle')}>
        <div role="status" className="flex items-center gap-3 py-6 text-sm text-slate-500">
          <SpinnerCircle size="sm" />
          {bt('loading')}
        </div>
      </ManageLayout>
    );
  }
  return <WaitlistView link={query.data} token={token} />;
}

function WaitlistView({ link, token }: { link: WaitlistLink; token: string }) {
  const t = useT(MANAGE);
  const { intlLocale } = useLocale();
  const client = useQueryClient();
  const outcome = useRef<HTMLDivElement>(null);
  const acted = useRef(false);
  const refetch = () => void client.invalidateQueries({ queryKey: linkKey(token) });
  const settle = (data: WaitlistLink) => {
    acted.current = true;
    client.setQueryData(linkKey(token), data);
  };
  const book = useMutation({
    mutationFn: () => api.post<{ data: WaitlistLink }>(`${linkPath(token)}/book`, {}).then((r) => r.data),
    onSuccess: settle,
    // 409 WAITLIST_OFFER_ENDED (or any refusal): its message, and the link as it now is.
    onError: refetch,
  });
  const leave = useMutation({
    mutationFn: () => api.delete<{ data: WaitlistLink }>(linkPath(token)).then((r) => r.data),
    onSuccess: settle,
  });
  const failed = book.error ?? leave.error;
  // After booking, leaving or a refusal the buttons may be gone: the focus goes to what the page now says.
  useEffect(() => {
    if (acted.current || failed) outcome.current?.querySelector<HTMLElement>('[tabindex="-1"]')?.focus();
  }, [link.status, failed]);

  const { property, offer, booking } = link;
  const zone = link.time_zone;
  const busy = book.isPending || leave.isPending;
  const closedKey = CLOSED[link.status as keyof typeof CLOSED] as
    (typeof CLOSED)[keyof typeof CLOSED] | undefined;
  const closed = closedKey ? t(closedKey, { minutes: WAITLIST_OFFER_MINUTES }) : null;

  return (
    <ManageLayout
      title={t('waitTitle')}
      brand={<BrandMark name={link.agent.company ?? link.agent.name} logoUrl={null} />}
    >
      <BookingSummary
        rows={[
          { label: t('property'), value: `${property.address}, ${property.city}, ${property.state}` },
          { label: t('date'), value: formatLongDate(link.date, intlLocale) },
          { label: t('partOfDay'), value: t(DAY_PART_KEYS[link.part]) },
        ]}
      />
      <div ref={outcome} className="mt-4 space-y-3">
        {failed ? (
          <Said role="alert" tone="bg-red-50 text-red-800">
            {failed.message}
          </Said>
        ) : null}
        {link.status === 'waiting' && link.place !== null ? (
          <Said tone="bg-slate-100 text-slate-700">{t('waitPlace', { place: link.place })}</Said>
        ) : null}
        {link.status === 'offered' && offer ? (
          <div className="rounded-xl border border-sky-200 bg-sky-50 p-4 text-sky-950">
            <h2 tabIndex={-1} className="text-lg font-semibold focus:outline-none">
              {t('waitOffered')}
            </h2>
            <p className="mt-1 text-sm">
              {t('waitHolding', {
                time: formatClock(offer.starts_at, zone, { zoneName: true, locale: intlLocale }),
                until: formatClock(offer.expires_at, zone, { zoneName: true, locale: intlLocale }),
              })}
            </p>
            <OfferClock key={offer.expires_at} expiresAt={offer.expires_at} onEnded={refetch} />
          </div>
        ) : null}
        {link.status === 'booked' && booking ? (
          <Said tone="bg-emerald-50 text-emerald-800">
            {booking.status === 'confirmed' ? t('waitBooked') : t('waitBookedPending')}
          </Said>
        ) : null}
        {closed ? <Said tone="bg-slate-100 text-slate-700">{closed}</Said> : null}
      </div>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {link.status === 'offered' && offer ? (
          <BrandButton onClick={() => book.mutate()} disabled={busy} aria-busy={book.isPending || undefined}>
            {book.isPending ? <SpinnerCircle size="sm" /> : null}
            {book.isPending ? t('waitBooking') : t('waitBook')}
          </BrandButton>
        ) : null}
        {link.status === 'waiting' || link.status === 'offered' ? (
          <BrandButton
            variant="outline"
            onClick={() => leave.mutate()}
            disabled={busy}
            aria-busy={leave.isPending || undefined}
          >
            {leave.isPending ? <SpinnerCircle size="sm" /> : null}
            {leave.isPending ? t('waitLeaving') : t('waitLeave')}
          </BrandButton>
        ) : null}
        {link.status === 'booked' && booking ? (
          <Link
            to={`/booking/manage?token=${encodeURIComponent(booking.manage_token)}`}
            className="inline-flex min-h-11 items-center justify-center px-2 text-sm font-medium text-slate-900 underline underline-offset-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--kt-primary)]"
          >
            {t('waitManage')}
          </Link>
        ) : null}
      </div>
    </ManageLayout>
  );
}

/** One thing the page says about the link: focusable, so the focus can land on it after an action. */
function Said({
  role = 'status',
  tone,
  children,
}: {
  role?: 'status' | 'alert';
  tone: string;
  children: string;
}) {
  return (
    <p role={role} tabIndex={-1} className={`rounded-lg px-3 py-2 text-sm focus:outline-none ${tone}`}>
      {children}
    </p>
  );
}

/**
 * The time left on the offer, 'm:ss', each second (a timer: not read out every second); when it reaches 0 the
 * page asks for the link again (the offer has gone to the next buyer).
 */
function OfferClock({ expiresAt, onEnded }: { expiresAt: string; onEnded: () => void }) {
  const [now, setNow] = useState(() => new Date());
  const left = holdSecondsLeft(expiresAt, now);
  const ended = left === 0;
  const end = useEffectEvent(onEnded);
  useEffect(() => {
    if (ended) {
      end();
      return;
    }
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, [ended]);
  return (
    <p role="timer" className="mt-3 text-3xl font-bold tabular-nums">
      {holdClock(left)}
    </p>
  );
}

/** The page in the buyer's language (issue 43): its own language state, so pages that are not the buyer's load none. */
export function WaitlistPage() {
  return (
    <LocaleProvider>
      <WaitlistPageInLocale />
    </LocaleProvider>
  );
}
