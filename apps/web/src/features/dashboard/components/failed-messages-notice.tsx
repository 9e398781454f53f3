// The overview's notice when messages failed for good (GET /api/agents/messages → failedCount): how many,
// a link to the failed ones in Settings → Messages, and "Dismiss" (they stay listed, the notice goes).
import { Link } from '@/lib/router';
import { toast } from '@/lib/toast';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useDismissFailures, useFailedMessageCount } from '@/lib/sent-messages';

export const FAILED_MESSAGES_PATH = '/dashboard/settings?tab=messages&status=failed';

export function failedMessagesText(count: number): string {
  return count === 1 ? '1 message could not be sent.' : `${count} messages could not be sent.`;
}

export function FailedMessagesNotice() {
  const failed = useFailedMessageCount();
  const dismiss = useDismissFailures();
  const count = failed.data ?? 0;
  // Nothing while loading or when the count cannot be read: the overview itself is what matters here.
  if (count === 0) return null;

  return (
    <ErrorAlert>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="font-semibold">{failedMessagesText(count)}</p>
          <p className="mt-0.5">
            {count === 1
              ? 'A buyer or you may be missing an e-mail or text.'
              : 'Buyers or you may be missing e-mails or texts.'}{' '}
            See why, and send {count === 1 ? 'it' : 'them'} again.
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap items-center gap-2">
          <Link
            to={FAILED_MESSAGES_PATH}
            className="inline-flex min-h-9 items-center rounded-lg bg-red-700 px-3 text-sm font-semibold text-white shadow-sm hover:bg-red-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:ring-offset-2"
          >
            Review messages
          </Link>
          <Button
            variant="ghost"
            size="sm"
            disabled={dismiss.isPending}
            onClick={() => dismiss.mutate(undefined, { onError: (error) => toast.error(error.message) })}
          >
            Dismiss
          </Button>
        </div>
      </div>
    </ErrorAlert>
  );
}
