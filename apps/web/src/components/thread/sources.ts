// Issue 45: where a showing's conversation is read and written from — the listing agent's booking, the buyer's
// agent's request, the buyer's manage link, a seller's link. The panel takes one of these.
import type { Thread, ThreadStatus } from '@keyturn/domain/listing/threads';
import { api } from '@/lib/api';

type Answer = { success: true; data: Thread };

export type ThreadSource = {
  /** The query key of this conversation. */
  key: readonly unknown[];
  load: () => Promise<Thread>;
  send: (body: string) => Promise<Thread>;
  /** Quick statuses, where this reader may post them. */
  status?: (status: ThreadStatus) => Promise<Thread>;
};

const data = (p: Promise<Answer>) => p.then((a) => a.data);

/** The listing agent's (`/api/bookings/:id/thread`) or the buyer's agent's (`/api/network/requests/:id/thread`). */
export function accountThread(kind: 'booking' | 'request', bookingId: string): ThreadSource {
  const base = `${kind === 'booking' ? '/bookings' : '/network/requests'}/${encodeURIComponent(bookingId)}/thread`;
  return {
    key: ['thread', kind, bookingId],
    load: () => data(api.get<Answer>(base)),
    send: (body) => data(api.post<Answer>(base, { body })),
    status: (status) => data(api.post<Answer>(`${base}/status`, { status })),
  };
}

/** The buyer's manage page: the manage link's token. */
export function manageThread(token: string): ThreadSource {
  return {
    key: ['thread', 'manage', token],
    load: () => data(api.get<Answer>(`/booking/manage/thread?token=${encodeURIComponent(token)}`)),
    send: (body) => data(api.post<Answer>('/booking/manage/thread', { token, body })),
    status: (status) => data(api.post<Answer>('/booking/manage/thread/status', { token, status })),
  };
}

/** A seller contact's link: one showing of their listing (sellers post no quick statuses). */
export function sellerThread(token: string, bookingId: string): ThreadSource {
  const base = `/seller/${encodeURIComponent(token)}/showings/${encodeURIComponent(bookingId)}/thread`;
  return {
    key: ['thread', 'seller', token, bookingId],
    load: () => data(api.get<Answer>(base)),
    send: (body) => data(api.post<Answer>(base, { body })),
  };
}

/** Where a conversation is opened from, as the pages that show it name it (the lazy panel builds the source). */
export type ThreadWhere =
  | { kind: 'booking' | 'request'; bookingId: string }
  | { kind: 'manage'; token: string }
  | { kind: 'seller'; token: string; bookingId: string };

export function sourceFor(where: ThreadWhere): ThreadSource {
  switch (where.kind) {
    case 'manage':
      return manageThread(where.token);
    case 'seller':
      return sellerThread(where.token, where.bookingId);
    default:
      return accountThread(where.kind, where.bookingId);
  }
}
