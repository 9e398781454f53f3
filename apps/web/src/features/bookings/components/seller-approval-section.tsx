// "Seller's answer" in the agent's booking details (issue 32 §2): for a booking of a listing the seller approves,
// who was asked, who answered and when — or that nobody has yet. Nothing shows for other bookings.
import { useQuery } from '@tanstack/react-query';
import type { SellerApprovalState } from '@keyturn/domain/schemas/sellerApproval';
import { api } from '@/lib/api';

export function SellerApprovalSection({ bookingId }: { bookingId: string }) {
  const query = useQuery({
    queryKey: ['bookings', bookingId, 'seller-approval'],
    queryFn: () =>
      api
        .get<{ data: SellerApprovalState | null }>(`/bookings/${bookingId}/seller-approval`)
        .then((r) => r.data),
  });
  const state = query.data;
  if (!state) return null;
  return (
    <section aria-labelledby="seller-answer-title">
      <h3
        id="seller-answer-title"
        className="mb-2 text-sm font-semibold tracking-wide text-slate-500 uppercase"
      >
        Seller&apos;s answer
      </h3>
      <div className="rounded-lg border border-slate-200 px-3 py-2.5 text-sm text-slate-800">
        <p className="font-medium">
          {state.summary}
          {state.answered_at ? (
            <span className="font-normal text-slate-500">
              {' '}
              · {new Date(state.answered_at).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' })}
            </span>
          ) : null}
        </p>
        <p className="text-slate-600">Asked: {state.asked.join(', ')}</p>
        {state.decline_reason ? <p className="text-slate-600">Reason: “{state.decline_reason}”</p> : null}
        {state.status === 'open' && state.reminders_sent > 0 ? (
          <p className="text-slate-600">Sent again once.</p>
        ) : null}
      </div>
    </section>
  );
}
