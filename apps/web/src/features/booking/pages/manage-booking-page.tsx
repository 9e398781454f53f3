// /booking/manage?token=… (spec §2.1): the buyer's booking as stored, with Reschedule and Cancel while the
// booking still allows them. Cancelling asks for an optional reason in a dialog, then shows /booking/cancelled.
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from '@/lib/router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { DEFAULT_PRIMARY_COLOR } from '@keyturn/domain/constants';
import { CANCEL_REASON_MAX_LENGTH } from '@keyturn/domain/schemas/publicBooking';
import type { ManagedBooking } from '@keyturn/domain/schemas/publicBooking';
import { formatClock, to12Hour } from '@keyturn/domain/time';
import { useLocale, useT, useTranslate } from '@/lib/i18n';
import { Dialog } from '@/components/ui/dialog';
import { SpinnerCircle } from '@/components/ui/spinner';
import { TextAreaField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api';
import { trackBooking, trackCancellation } from '@/lib/analytics';
import { cancelBooking, fetchManagedBooking } from '../api';
import { AccessPanel } from '../components/access-panel';
import { LazyThreadPanel } from '@/components/thread/lazy-thread-panel';
import { LazyBuyerDocuments } from '@/components/documents/lazy-documents';
import { BookingSummary } from '../components/booking-summary';
import { BrandButton } from '../components/brand-button';
import { ConfirmAttendance } from '../components/confirm-attendance';
import { browserTimeZone, formatLongDate, safeColor } from '../format';
import { BOOKING } from '../texts';
import { AgentBrand, ManageLayout, managedBookingRows } from '../components/managed-booking-layout';
import { MANAGE, marks, splitMarks } from '../manage-texts';
import { bookingKeys } from '../hooks/use-booking-setup';
import { LocaleProvider } from '@/lib/locale';

function ManageBookingPageInLocale() {
  const t = useT(MANAGE);
  const bt = useT(BOOKING);
  const [search] = useSearchParams();
  const token = search.get('token')?.trim() || null;
  const query = useQuery({
    queryKey: bookingKeys.manage(token ?? ''),
    queryFn: () => fetchManagedBooking(token ?? ''),
    enabled: token !== null,
    staleTime: 0,
  });

  if (token === null) {
    return (
      <ManageLayout>
        <Notice>{t('missingToken')}</Notice>
      </ManageLayout>
    );
  }
  if (query.isPending) {
    return (
      <ManageLayout>
        <div role="status" className="flex items-center gap-3 py-6 text-sm text-slate-500">
          <SpinnerCircle size="sm" />
          {bt('loading')}
        </div>
      </ManageLayout>
    );
  }
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <ManageLayout>
        {notFound ? (
          <Notice title={t('notFoundTitle')}>{t('notFound')}</Notice>
        ) : (
          <Notice title={t('errorTitle')}>
            {t('loadError')}{' '}
            <button
              type="button"
              onClick={() => void query.refetch()}
              className="font-medium text-slate-900 underline underline-offset-2"
            >
              {t('tryAgain')}
            </button>
          </Notice>
        )}
      </ManageLayout>
    );
  }
  return <ManagedBookingView booking={query.data} token={token} onChanged={() => void query.refetch()} />;
}

function ManagedBookingView({
  booking,
  token,
  onChanged,
}: {
  booking: ManagedBooking;
  token: string;
  onChanged: () => void;
}) {
  const t = useT(MANAGE);
  const bt = useT(BOOKING);
  const translate = useTranslate();
  const { intlLocale } = useLocale();
  const navigate = useNavigate();
  const [cancelOpen, setCancelOpen] = useState(false);
  const [reason, setReason] = useState('');
  const cancelFormId = useId();
  const { agent } = booking;
  const cancelled = booking.status === 'cancelled';
  // Issue 39 §6: whose answer a request waits for, in the one wording (domain whoDecides.ts).
  const awaiting = booking.awaiting === 'seller' ? 'seller' : 'agent';
  const buyerZone = browserTimeZone();
  const time24 = booking.booking_time.slice(0, 5);

  const cancelMutation = useMutation({ mutationFn: () => cancelBooking(token, reason) });

  async function confirmCancel() {
    try {
      await cancelMutation.mutateAsync();
      trackBooking('booking_cancelled', {
        id: booking.id,
        property_address: booking.property?.address ?? '',
        appointment_date: booking.booking_date,
        status: 'cancelled',
      });
      trackCancellation(reason.trim() || undefined);
      // The cancelled page reads the booking again by its token: the agent's branding and what was cancelled.
      await navigate(`/booking/cancelled?token=${encodeURIComponent(token)}`);
    } catch (error) {
      toast.error(
        error instanceof ApiError && error.status > 0 && !error.code.startsWith('HTTP_')
          ? error.message
          : t('cancelFailed'),
      );
      setCancelOpen(false);
      // Already cancelled elsewhere (409 BOOKING_NOT_ACTIVE): show the booking as it now is.
      if (error instanceof ApiError && error.status === 409) onChanged();
    }
  }

  const rows = managedBookingRows(booking, buyerZone, t, intlLocale, bt);
  const contact = agent.phone && agent.email ? 'both' : agent.phone ? 'phone' : 'email';
  const link = (href: string, text: string) => (
    <a key={href} href={href} className="font-medium text-slate-900 underline underline-offset-2">
      {text}
    </a>
  );

  return (
    <ManageLayout
      primaryColor={safeColor(agent.primaryColor, DEFAULT_PRIMARY_COLOR)}
      brand={<AgentBrand agent={agent} />}
    >
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <span className="text-sm text-slate-600">{t('status')}</span>
        <StatusBadge status={booking.status} />
      </div>

      {cancelled ? (
        <p className="mb-4 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700">{t('cancelledNote')}</p>
      ) : booking.status === 'pending' ? (
        <p className="mb-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800">
          {translate('email.waitingFor', { awaiting, agentName: agent.name })}.{' '}
          {translate('email.waitingDetail', { awaiting, agentName: agent.name })}
        </p>
      ) : booking.status === 'rescheduled' ? (
        <p className="mb-4 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700">
          {t('movedNote')}{' '}
          {booking.rescheduled_to_token ? (
            <Link
              to={`/booking/manage?token=${encodeURIComponent(booking.rescheduled_to_token)}`}
              className="font-medium text-slate-900 underline underline-offset-2"
            >
              {t('seeNew')}
            </Link>
          ) : null}
        </p>
      ) : null}

      <ConfirmAttendance booking={booking} token={token} buyerZone={buyerZone} onChanged={onChanged} />

      <BookingSummary rows={rows} />

      {/* Issue 45: the booking's documents (links, requests), loaded on their own. */}
      <LazyBuyerDocuments token={token} />

      {booking.status === 'confirmed' ? (
        <AccessPanel token={token} agentZone={booking.time_zone} buyerZone={buyerZone} />
      ) : null}

      {/* Issue 45: the showing's conversation with the listing agent, loaded on its own. */}
      <div className="mt-6">
        <LazyThreadPanel where={{ kind: 'manage', token }} />
      </div>

      {!cancelled && booking.changes_closed ? (
        <p className="mt-6 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t('changesClosed', { hours: booking.changes_closed.hours, agent: agent.name })}
        </p>
      ) : null}

      {!cancelled && (booking.can_reschedule || booking.can_cancel) ? (
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          {booking.can_reschedule ? (
            <Link
              to={`/booking/reschedule?token=${encodeURIComponent(token)}`}
              className="inline-flex min-h-11 items-center justify-center rounded-lg bg-[var(--kt-primary)] px-5 text-sm font-semibold text-[var(--kt-on-primary)] shadow-sm hover:brightness-95 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--kt-primary)] focus-visible:ring-offset-2"
            >
              {t('reschedule')}
            </Link>
          ) : null}
          {booking.can_cancel ? (
            <button
              type="button"
              onClick={() => setCancelOpen(true)}
              className="inline-flex min-h-11 items-center justify-center rounded-lg border border-red-200 bg-white px-5 text-sm font-semibold text-red-700 hover:bg-red-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-red-500 focus-visible:ring-offset-2"
            >
              {t('cancelBooking')}
            </button>
          ) : null}
        </div>
      ) : null}

      {agent.phone || agent.email ? (
        <p className="mt-6 text-sm text-slate-600">
          {splitMarks(t('questions', { contact, agent: agent.name, ...marks(['phone', 'email']) }), {
            phone: agent.phone ? link(`tel:${agent.phone}`, agent.phone) : null,
            email: agent.email ? link(`mailto:${agent.email}`, agent.email) : null,
          })}
        </p>
      ) : null}

      <Dialog
        open={cancelOpen}
        onClose={() => setCancelOpen(false)}
        title={t('cancelTitle')}
        size="sm"
        dismissible={!cancelMutation.isPending}
        footer={
          <>
            <BrandButton
              variant="outline"
              onClick={() => setCancelOpen(false)}
              disabled={cancelMutation.isPending}
            >
              {t('keepBooking')}
            </BrandButton>
            <button
              type="submit"
              form={cancelFormId}
              disabled={cancelMutation.isPending}
              className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-red-600 px-5 text-sm font-semibold text-white shadow-sm hover:bg-red-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-red-500 focus-visible:ring-offset-2 disabled:opacity-60"
            >
              {cancelMutation.isPending ? <SpinnerCircle size="sm" /> : null}
              {t('cancelBooking')}
            </button>
          </>
        }
      >
        <form
          id={cancelFormId}
          onSubmit={(event) => {
            event.preventDefault();
            void confirmCancel();
          }}
        >
          <p className="text-sm text-slate-600">
            {t('cancelBody', {
              date: formatLongDate(booking.booking_date, intlLocale),
              time:
                intlLocale === 'en-US'
                  ? to12Hour(time24)
                  : formatClock(booking.starts_at, booking.time_zone, { locale: intlLocale }),
            })}
          </p>
          <TextAreaField
            className="mt-4"
            label={t('reason')}
            value={reason}
            maxLength={CANCEL_REASON_MAX_LENGTH}
            onChange={(event) => setReason(event.target.value)}
          />
        </form>
      </Dialog>
    </ManageLayout>
  );
}

function Notice({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-slate-50 p-4">
      {title ? <h2 className="font-semibold text-slate-900">{title}</h2> : null}
      <p className={`text-sm text-slate-600 ${title ? 'mt-1' : ''}`}>{children}</p>
    </div>
  );
}

const STATUS_STYLES: Partial<Record<ManagedBooking['status'], string>> = {
  confirmed: 'bg-emerald-100 text-emerald-800',
  pending: 'bg-amber-100 text-amber-800',
  cancelled: 'bg-slate-200 text-slate-700',
  declined: 'bg-red-100 text-red-800',
};

/** 'Pending', 'Confirmed'… (the dashboard's words, BOOKING_STATUS_LABELS, read the same English catalogue). */
const STATUS_KEYS = {
  pending: 'statusPending',
  confirmed: 'statusConfirmed',
  declined: 'statusDeclined',
  cancelled: 'statusCancelled',
  rescheduled: 'statusRescheduled',
  completed: 'statusCompleted',
  no_show: 'statusNoShow',
} as const satisfies Record<ManagedBooking['status'], string>;

function StatusBadge({ status }: { status: ManagedBooking['status'] }) {
  const t = useT(MANAGE);
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLES[status] ?? 'bg-slate-100 text-slate-700'}`}
    >
      {t(STATUS_KEYS[status])}
    </span>
  );
}

/** The page in the buyer's language (issue 43): its own language state, so pages that are not the buyer's load none. */
export function ManageBookingPage() {
  return (
    <LocaleProvider>
      <ManageBookingPageInLocale />
    </LocaleProvider>
  );
}
