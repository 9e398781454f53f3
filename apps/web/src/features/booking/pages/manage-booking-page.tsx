// /booking/manage?token=… (spec §2.1): the buyer's booking as stored, with Reschedule and Cancel while the
// booking still allows them. Cancelling asks for an optional reason in a dialog, then shows /booking/cancelled.
import { changeClosedMessage } from '@keyturn/domain/changeCutoff';
import { WHO_DECIDES } from '@keyturn/domain/listing/whoDecides';
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { BOOKING_STATUS_LABELS } from '@keyturn/domain/bookingStatus';
import { DEFAULT_PRIMARY_COLOR } from '@keyturn/domain/constants';
import { MESSAGES } from '@keyturn/domain/messages';
import { CANCEL_REASON_MAX_LENGTH } from '@keyturn/domain/schemas/publicBooking';
import type { ManagedBooking } from '@keyturn/domain/schemas/publicBooking';
import { to12Hour } from '@keyturn/domain/time';
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
import { AgentBrand, ManageLayout, managedBookingRows } from '../components/managed-booking-layout';
import { bookingKeys } from '../hooks/use-booking-setup';

export function ManageBookingPage() {
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
        <Notice>
          This link is missing its booking reference. Please use the link in your confirmation email.
        </Notice>
      </ManageLayout>
    );
  }
  if (query.isPending) {
    return (
      <ManageLayout>
        <div role="status" className="flex items-center gap-3 py-6 text-sm text-slate-500">
          <SpinnerCircle size="sm" />
          {MESSAGES.loadingBooking}
        </div>
      </ManageLayout>
    );
  }
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <ManageLayout>
        {notFound ? (
          <Notice title="Booking Not Found">
            We couldn&apos;t find this booking. The link may be incomplete or out of date; please use the link
            in your latest confirmation email.
          </Notice>
        ) : (
          <Notice title="Something went wrong">
            We couldn&apos;t load your booking.{' '}
            <button
              type="button"
              onClick={() => void query.refetch()}
              className="font-medium text-slate-900 underline underline-offset-2"
            >
              Try again
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
          : 'Failed to cancel booking',
      );
      setCancelOpen(false);
      // Already cancelled elsewhere (409 BOOKING_NOT_ACTIVE): show the booking as it now is.
      if (error instanceof ApiError && error.status === 409) onChanged();
    }
  }

  const rows = managedBookingRows(booking, buyerZone);

  return (
    <ManageLayout
      primaryColor={safeColor(agent.primaryColor, DEFAULT_PRIMARY_COLOR)}
      brand={<AgentBrand agent={agent} />}
    >
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <span className="text-sm text-slate-600">Status:</span>
        <StatusBadge status={booking.status} />
      </div>

      {cancelled ? (
        <p className="mb-4 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700">
          This booking has been cancelled.
        </p>
      ) : booking.status === 'pending' ? (
        <p className="mb-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800">
          {WHO_DECIDES.waiting(awaiting, agent.name)}. {WHO_DECIDES.waitingDetail(awaiting, agent.name)}
        </p>
      ) : booking.status === 'rescheduled' ? (
        <p className="mb-4 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700">
          This booking was moved to a new time.{' '}
          {booking.rescheduled_to_token ? (
            <Link
              to={`/booking/manage?token=${encodeURIComponent(booking.rescheduled_to_token)}`}
              className="font-medium text-slate-900 underline underline-offset-2"
            >
              See the new booking
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
          {changeClosedMessage(booking.changes_closed.hours, agent.name)}
        </p>
      ) : null}

      {!cancelled && (booking.can_reschedule || booking.can_cancel) ? (
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          {booking.can_reschedule ? (
            <Link
              to={`/booking/reschedule?token=${encodeURIComponent(token)}`}
              className="inline-flex min-h-11 items-center justify-center rounded-lg bg-[var(--kt-primary)] px-5 text-sm font-semibold text-[var(--kt-on-primary)] shadow-sm hover:brightness-95 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--kt-primary)] focus-visible:ring-offset-2"
            >
              Reschedule
            </Link>
          ) : null}
          {booking.can_cancel ? (
            <button
              type="button"
              onClick={() => setCancelOpen(true)}
              className="inline-flex min-h-11 items-center justify-center rounded-lg border border-red-200 bg-white px-5 text-sm font-semibold text-red-700 hover:bg-red-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-red-500 focus-visible:ring-offset-2"
            >
              Cancel booking
            </button>
          ) : null}
        </div>
      ) : null}

      {agent.phone || agent.email ? (
        <p className="mt-6 text-sm text-slate-600">
          Questions? Contact {agent.name}
          {agent.phone ? (
            <>
              {' '}
              at{' '}
              <a
                href={`tel:${agent.phone}`}
                className="font-medium text-slate-900 underline underline-offset-2"
              >
                {agent.phone}
              </a>
            </>
          ) : null}
          {agent.email ? (
            <>
              {agent.phone ? ' or ' : ' at '}
              <a
                href={`mailto:${agent.email}`}
                className="font-medium text-slate-900 underline underline-offset-2"
              >
                {agent.email}
              </a>
            </>
          ) : null}
          .
        </p>
      ) : null}

      <Dialog
        open={cancelOpen}
        onClose={() => setCancelOpen(false)}
        title="Cancel this booking?"
        size="sm"
        dismissible={!cancelMutation.isPending}
        footer={
          <>
            <BrandButton
              variant="outline"
              onClick={() => setCancelOpen(false)}
              disabled={cancelMutation.isPending}
            >
              Keep booking
            </BrandButton>
            <button
              type="submit"
              form={cancelFormId}
              disabled={cancelMutation.isPending}
              className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-red-600 px-5 text-sm font-semibold text-white shadow-sm hover:bg-red-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-red-500 focus-visible:ring-offset-2 disabled:opacity-60"
            >
              {cancelMutation.isPending ? <SpinnerCircle size="sm" /> : null}
              Cancel booking
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
            Your appointment on {formatLongDate(booking.booking_date)} at {to12Hour(time24)} will be cancelled
            and the time freed for others.
          </p>
          <TextAreaField
            className="mt-4"
            label="Reason (optional)"
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

function StatusBadge({ status }: { status: ManagedBooking['status'] }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLES[status] ?? 'bg-slate-100 text-slate-700'}`}
    >
      {BOOKING_STATUS_LABELS[status]}
    </span>
  );
}
