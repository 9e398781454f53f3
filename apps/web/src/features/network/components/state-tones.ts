// Issue 45: the badge colours of a showing request's state (My showing requests, a tour's stops).
import type { NetworkRequestState } from '@keyturn/domain/listing/network';

export const REQUEST_TONES: Record<NetworkRequestState, string> = {
  requested: 'bg-amber-50 text-amber-800 ring-amber-200',
  waiting_for_seller: 'bg-amber-50 text-amber-800 ring-amber-200',
  proposed: 'bg-violet-50 text-violet-700 ring-violet-200',
  confirmed: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  declined: 'bg-slate-100 text-slate-700 ring-slate-200',
  cancelled: 'bg-red-50 text-red-700 ring-red-200',
  completed: 'bg-blue-50 text-blue-700 ring-blue-200',
};

/** A tour stop's state, which may also be "not_sent" (the request could not be made). */
export const stopTone = (state: string) =>
  REQUEST_TONES[state as NetworkRequestState] ?? 'bg-red-50 text-red-700 ring-red-200';
