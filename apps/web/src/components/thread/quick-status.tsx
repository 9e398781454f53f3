// Issue 45: the listing agent's quick statuses for one showing (My day): one tap posts "Running 10 minutes
// late", "Arrived"… to the showing's conversation, and the buyer's side is told at once.
import { useMutation } from '@tanstack/react-query';
import { THREAD_STATUSES, THREAD_TEXTS as T, type ThreadStatus } from '@keyturn/domain/listing/threads';
import { api } from '@/lib/api';

export function QuickStatus({ bookingId, label }: { bookingId: string; label: string }) {
  const post = useMutation({
    mutationFn: (status: ThreadStatus) =>
      api.post(`/bookings/${encodeURIComponent(bookingId)}/thread/status`, { status }),
  });
  return (
    <div className="space-y-1">
      <div role="group" aria-label={label} className="flex flex-wrap gap-2">
        {THREAD_STATUSES.map((code) => (
          <button
            key={code}
            type="button"
            disabled={post.isPending}
            onClick={() => post.mutate(code)}
            className="min-h-6 min-w-6 rounded-full border border-slate-300 px-3 py-1 text-xs font-medium text-slate-700 hover:bg-slate-100 disabled:opacity-50"
          >
            {T.statuses[code]}
          </button>
        ))}
      </div>
      <p aria-live="polite" className="text-xs text-slate-500">
        {post.isSuccess && post.variables ? T.panel.sent(T.statuses[post.variables]) : ''}
        {post.isError ? T.panel.sendError : ''}
      </p>
    </div>
  );
}
