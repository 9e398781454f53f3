import type { ReactNode } from 'react';
import { BOOKING_STATUS_LABELS } from '@keyturn/domain/bookingStatus';
import type { BookingStatus } from '@keyturn/domain/enums';

const tones: Record<BookingStatus, string> = {
  pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  confirmed: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  declined: 'bg-slate-100 text-slate-700 ring-slate-200',
  cancelled: 'bg-red-50 text-red-700 ring-red-200',
  rescheduled: 'bg-violet-50 text-violet-700 ring-violet-200',
  completed: 'bg-blue-50 text-blue-700 ring-blue-200',
  no_show: 'bg-orange-50 text-orange-800 ring-orange-200',
};

/** A small coloured pill; `tone` gives its background, text and ring colours. */
export function StatusPill({ tone, children }: { tone: string; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${tone}`}
    >
      {children}
    </span>
  );
}

/** A booking's status as a small pill, with the domain's label. */
export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  return <StatusPill tone={tones[status]}>{BOOKING_STATUS_LABELS[status]}</StatusPill>;
}
