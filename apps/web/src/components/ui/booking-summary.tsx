// One booking in a line or a card: when, who, where and its status. The overview and the bookings list both
// show bookings this way.
import { MESSAGES } from '@keyturn/domain/messages';
import { BOOKING_PURPOSE_LABELS } from '@keyturn/domain/enums';
import type { AgentBooking } from '@keyturn/domain/schemas/agentBooking';
import { formatInstant, formatIsoDate, formatTime } from './format';
import { NOT_CONFIRMED_BADGE } from '@keyturn/domain/texts/reconfirm';
import { BUYER_CONFIRMED_LABELS } from '@keyturn/domain/texts/replies';
import { BookingStatusBadge, StatusPill } from './status-badge';

/** What the showing is for: the purpose's label, or the buyer's own words for "Other". */
export function purposeLabel(booking: Pick<AgentBooking, 'booking_purpose' | 'custom_purpose'>): string {
  if (booking.booking_purpose === 'custom' && booking.custom_purpose) return booking.custom_purpose;
  return BOOKING_PURPOSE_LABELS[booking.booking_purpose];
}

/** Where it happens: the property's address, or a consultation when there is none. */
export function placeLabel(booking: Pick<AgentBooking, 'property' | 'property_address'>): string {
  return booking.property?.address ?? booking.property_address ?? MESSAGES.consultationWithAgent;
}

export function BookingSummary({
  booking,
  showDate = true,
}: {
  booking: AgentBooking;
  /** Off where the date is already the heading (today's schedule). */
  showDate?: boolean;
}) {
  // A phone stacks when (with the status beside it) over who and where; wider screens use three columns.
  return (
    <div className="grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)_auto] items-start gap-x-3 gap-y-1 sm:grid-cols-[6.5rem_minmax(0,1fr)_auto]">
      <p className="col-start-1 row-start-1 text-sm">
        {showDate ? (
          <>
            <span className="font-medium text-slate-500 sm:block">{formatIsoDate(booking.booking_date)}</span>
            <span aria-hidden="true" className="text-slate-400 sm:hidden">
              {' · '}
            </span>
          </>
        ) : null}
        <span className="font-semibold text-slate-900 tabular-nums">{formatTime(booking.booking_time)}</span>
      </p>
      <div className="col-span-2 row-start-2 min-w-0 sm:col-span-1 sm:col-start-2 sm:row-start-1">
        <p className="truncate font-semibold text-slate-900">{booking.client_name}</p>
        <p className="truncate text-sm text-slate-600">{placeLabel(booking)}</p>
        <p className="truncate text-xs text-slate-500">{purposeLabel(booking)}</p>
        <BuyerConfirmedMark booking={booking} compact />
      </div>
      <div className="col-start-2 row-start-1 flex flex-col items-end gap-1 justify-self-end sm:col-start-3">
        <BookingStatusBadge status={booking.status} />
        {booking.not_confirmed ? (
          <StatusPill tone="bg-red-50 text-red-800 ring-red-300">{NOT_CONFIRMED_BADGE}</StatusPill>
        ) : null}
      </div>
    </div>
  );
}

/**
 * Issue 33: the buyer confirmed the showing themselves — "Confirmed by text" and when (in the agent's zone).
 * Nothing when they have not.
 */
export function BuyerConfirmedMark({
  booking,
  compact = false,
}: {
  booking: Pick<AgentBooking, 'buyer_confirmed_at' | 'buyer_confirmed_via' | 'time_zone'>;
  /** In a list line: the smaller type. */
  compact?: boolean;
}) {
  if (!booking.buyer_confirmed_at || !booking.buyer_confirmed_via) return null;
  const when = formatInstant(booking.buyer_confirmed_at, booking.time_zone);
  return (
    <p
      className={`mt-1 inline-flex max-w-full items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 font-medium text-emerald-800 ring-1 ring-emerald-200 ${compact ? 'text-xs' : 'text-sm'}`}
    >
      <span aria-hidden="true">✓</span>
      <span>
        {BUYER_CONFIRMED_LABELS[booking.buyer_confirmed_via]}
        <span className="font-normal"> · {when}</span>
      </span>
    </p>
  );
}
