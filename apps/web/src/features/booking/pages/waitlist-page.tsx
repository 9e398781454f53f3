// /booking/waitlist?token=… (issue 44 "Waitlist", decision 085): the buyer's own link to their place on a
// property's waiting list for a date. While they wait it says their place; when a time opens it is held for them
// for a few minutes (a live countdown) and one tap books it; they may leave the list. Times read off the server's
// instants in the property's zone (the agent's), with the zone named. A refusal to book (the offer ended) says
// so and shows the link as it now is.
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@keyturn/domain/messages';
import type { WaitlistLink } from '@keyturn/domain/schemas/timeWaitlist';
import { holdClock, holdSecondsLeft } from '@keyturn/domain/slots/holds';
import { DAY_PART_LABELS, WAITLIST_TEXTS } from '@keyturn/domain/slots/waitlist';
import type { WaitlistStatus } from '@keyturn/domain/slots/waitlist';
import { formatClock } from '@keyturn/domain/time';
import { BrandMark } from '@/components/branded-page';
import { SpinnerCircle } from '@/components/ui/spinner';
import { api, ApiError } from '@/lib/api';
import { BookingSummary } from '../components/booking-summary';
import { BrandButton } from '../components/brand-button';
import { ManageLayout } from '../components/managed-booking-layout';
import { formatLongDate } from '../format';

const TEXT = WAITLIST_TEXTS.page;
/** What the page says once the buyer is no longer in line (and has not booked). */
const CLOSED: Partial<Record<WaitlistStatus, string>> = {
  lapsed: TEXT.lapsed,
  left: TEXT.left,
  removed: TEXT.removed,
  ended: TEXT.ended,
};

const linkKey = (token: string) => ['booking', 'waitlist', token] as const;
const linkPath = (token: string) => `/booking/waitlist/${encodeURIComponent(token)}`;
const fetchLink = (token: string) => api.get<{ data: WaitlistLink }>(linkPath(token)).then((r) => r.data);

export function WaitlistPage() {
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
      <ManageLayout title={TEXT.title}>
        <p role="alert" className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
          {query.error instanceof ApiError && query.error.status !== 404
            ? query.error.message
            : TEXT.notFound}
        </p>
      </ManageLayout>
    );
  }
  if (query.isPending) {
    return (
      <ManageLayout title={TEXT.title}>
        <div role="status" className="flex items-center gap-3 py-6 text-sm text-slate-500">
          <SpinnerCircle size="sm" />
          {MESSAGES.loadingBooking}
        </div>
      </ManageLayout>
    );
  }
  return <WaitlistView link={query.data} token={token} />;
}

function WaitlistView({ link, token }: { link: WaitlistLink; token: string }) {
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
  const closed = CLOSED[link.status];

  return (
    <ManageLayout
      title={TEXT.title}
      brand={<BrandMark name={link.agent.company ?? link.agent.name} logoUrl={null} />}
    >
      <BookingSummary
        rows={[
          { label: TEXT.property, value: `${property.address}, ${property.city}, ${property.state}` },
          { label: TEXT.date, value: formatLongDate(link.date) },
          { label: TEXT.part, value: DAY_PART_LABELS[link.part] },
        ]}
      />
      <div ref={outcome} className="mt-4 space-y-3">
        {failed ? (
          <Said role="alert" tone="bg-red-50 text-red-800">
            {failed.message}
          </Said>
        ) : null}
        {link.status === 'waiting' && link.place !== null ? (
          <Said tone="bg-slate-100 text-slate-700">{TEXT.waiting(link.place)}</Said>
        ) : null}
        {link.status === 'offered' && offer ? (
          <div className="rounded-xl border border-sky-200 bg-sky-50 p-4 text-sky-950">
            <h2 tabIndex={-1} className="text-lg font-semibold focus:outline-none">
              {TEXT.offered}
            </h2>
            <p className="mt-1 text-sm">
              {TEXT.holding(zoneClock(offer.starts_at, zone), zoneClock(offer.expires_at, zone))}
            </p>
            <OfferClock key={offer.expires_at} expiresAt={offer.expires_at} onEnded={refetch} />
          </div>
        ) : null}
        {link.status === 'booked' && booking ? (
          <Said tone="bg-emerald-50 text-emerald-800">
            {booking.status === 'confirmed' ? TEXT.booked : TEXT.bookedPending}
          </Said>
        ) : null}
        {closed ? <Said tone="bg-slate-100 text-slate-700">{closed}</Said> : null}
      </div>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {link.status === 'offered' && offer ? (
          <BrandButton onClick={() => book.mutate()} disabled={busy} aria-busy={book.isPending || undefined}>
            {book.isPending ? <SpinnerCircle size="sm" /> : null}
            {book.isPending ? TEXT.booking : TEXT.book}
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
            {leave.isPending ? TEXT.leaving : TEXT.leave}
          </BrandButton>
        ) : null}
        {link.status === 'booked' && booking ? (
          <Link
            to={`/booking/manage?token=${encodeURIComponent(booking.manage_token)}`}
            className="inline-flex min-h-11 items-center justify-center px-2 text-sm font-medium text-slate-900 underline underline-offset-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--kt-primary)]"
          >
            {TEXT.manage}
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

/** An instant on the property's clock with the zone's short name: '2:00 PM EST'. */
function zoneClock(instant: string, zone: string): string {
  return formatClock(instant, zone, { zoneName: true });
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
