// Settings → Messages: every e-mail and text Keyturn sent (or skipped, or could not send) for the agent's
// bookings, newest first, filtered by status; failed ones can be sent again, each can be opened.
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { messageKindLabel, messageRecipientLabel, messageTitle } from '@keyturn/domain/messageKinds';
import type { MessageStatus, SentMessage } from '@keyturn/domain/schemas/notifications';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { formatInstant } from '@/components/ui/format';
import { ChatIcon } from '@/components/ui/icons';
import { useRetryMessage } from '@/lib/sent-messages';
import { MessageDialog } from './message-dialog';
import { MessageStatusBadge, STATUS_LABELS, channelLabel, savedAsFile } from './message-parts';

/** The filter's order: what the agent looks for most first. */
const FILTERS: readonly { value: MessageStatus | undefined; label: string }[] = [
  { value: undefined, label: 'All' },
  { value: 'failed', label: STATUS_LABELS.failed },
  { value: 'sent', label: STATUS_LABELS.sent },
  { value: 'skipped', label: STATUS_LABELS.skipped },
  { value: 'retrying', label: STATUS_LABELS.retrying },
];

/** When it happened, by status: sent when it went out, otherwise when it last changed. */
function whenLabel(message: SentMessage, timeZone: string | undefined): string {
  const at = (iso: string) => formatInstant(iso, timeZone);
  switch (message.status) {
    case 'sent':
      return `${savedAsFile(message) ? 'Saved' : 'Sent'} ${at(message.sent_at ?? message.updated_at)}`;
    case 'failed':
      return `Failed ${at(message.updated_at)}`;
    case 'skipped':
      return `Skipped ${at(message.updated_at)}`;
    case 'retrying':
      return `Waiting to be sent again · updated ${at(message.updated_at)}`;
  }
}

const REASON_LABELS: Record<Exclude<MessageStatus, 'sent'>, string> = {
  failed: 'Why it failed',
  skipped: 'Why it was skipped',
  retrying: 'Last error',
};

/** All / Failed / Sent / Skipped / Retrying as toggle buttons; the caller keeps the choice (in the URL). */
export function MessageFilter({
  value,
  onChange,
}: {
  value: MessageStatus | undefined;
  onChange: (value: MessageStatus | undefined) => void;
}) {
  return (
    <div role="group" aria-label="Show messages" className="flex flex-wrap gap-2">
      {FILTERS.map((filter) => {
        const selected = filter.value === value;
        return (
          <button
            key={filter.label}
            type="button"
            aria-pressed={selected}
            onClick={() => onChange(filter.value)}
            className={`min-h-9 rounded-full border px-3.5 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:ring-offset-2 ${
              selected
                ? 'border-blue-600 bg-blue-600 text-white hover:bg-blue-700'
                : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
            }`}
          >
            {filter.label}
          </button>
        );
      })}
    </div>
  );
}

/** Said once above the list when some messages were only written to files. */
export function FileModeNotice({ messages }: { messages: readonly SentMessage[] }) {
  const mail = messages.some((m) => m.transport === 'file');
  const texts = messages.some((m) => m.transport === 'sms-file');
  if (!mail && !texts) return null;
  const what = mail && texts ? 'e-mails and texts' : mail ? 'e-mails' : 'texts';
  const missing =
    mail && texts ? 'mail server or text provider' : mail ? 'mail server' : 'text-message provider';
  return (
    <div
      role="note"
      className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <p>
        <span className="font-semibold">These {what} were not delivered.</span> No {missing} is set up, so
        Keyturn kept each one as a file in its outbox instead. Open one with View to see what it says.
      </p>
    </div>
  );
}

export function SentMessageList({
  messages,
  status,
  timeZone,
  onShowAll,
}: {
  messages: readonly SentMessage[];
  /** The filter in use, for the empty state. */
  status: MessageStatus | undefined;
  timeZone: string | undefined;
  onShowAll: () => void;
}) {
  const [openId, setOpenId] = useState<string | null>(null);

  if (messages.length === 0) {
    return status ? (
      <EmptyState
        icon={<ChatIcon />}
        title={`No ${STATUS_LABELS[status].toLowerCase()} messages`}
        action={
          <Button variant="secondary" size="sm" onClick={onShowAll}>
            Show all messages
          </Button>
        }
      >
        {status === 'failed' ? 'Everything Keyturn tried to send went out.' : 'Nothing matches this filter.'}
      </EmptyState>
    ) : (
      <EmptyState icon={<ChatIcon />} title="No messages yet">
        Confirmations, reminders and feedback requests Keyturn sends for your bookings appear here.
      </EmptyState>
    );
  }

  return (
    <>
      <ul
        aria-label="Sent messages"
        className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
      >
        {messages.map((message) => (
          <MessageRow
            key={message.id}
            message={message}
            timeZone={timeZone}
            onView={() => setOpenId(message.id)}
          />
        ))}
      </ul>
      {openId ? <MessageDialog id={openId} timeZone={timeZone} onClose={() => setOpenId(null)} /> : null}
    </>
  );
}

function MessageRow({
  message,
  timeZone,
  onView,
}: {
  message: SentMessage;
  timeZone: string | undefined;
  onView: () => void;
}) {
  const retry = useRetryMessage();
  const title = messageTitle(message);
  const reason = message.status !== 'sent' && message.last_error ? message.last_error : null;
  const name = message.subject ?? title;

  // The toast follows the request itself, not this row: `mutate`'s own callbacks are skipped when the row is
  // re-rendered from the refetched list before the answer arrives, and the confirmation would be lost.
  const sendAgain = () =>
    retry.mutateAsync(message.id).then(
      () => toast.success('The message is on its way again.'),
      (error: Error) => toast.error(error.message),
    );

  return (
    <li className="px-4 py-4 sm:px-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-slate-900">
            <span className="font-semibold">{messageKindLabel(message.kind)}</span>{' '}
            <span className="whitespace-nowrap text-slate-600">
              {messageRecipientLabel(message)} · {channelLabel(message)}
            </span>
          </p>
          {message.subject ? (
            <p className="mt-0.5 text-sm break-words text-slate-700">{message.subject}</p>
          ) : null}
        </div>
        <div className="shrink-0">
          <MessageStatusBadge message={message} />
        </div>
      </div>
      <p className="mt-1 text-sm text-slate-500">
        <span className="break-all text-slate-600">{message.recipient}</span>
        <span aria-hidden="true"> · </span>
        <span className="sr-only">, </span>
        <time dateTime={message.sent_at ?? message.updated_at}>{whenLabel(message, timeZone)}</time>
      </p>
      {reason ? (
        <p
          className={`mt-2 rounded-lg px-3 py-2 text-sm break-words ${
            message.status === 'failed' ? 'bg-red-50 text-red-800' : 'bg-slate-50 text-slate-700'
          }`}
        >
          <span className="font-semibold">
            {REASON_LABELS[message.status as Exclude<MessageStatus, 'sent'>]}:
          </span>{' '}
          {reason}
        </p>
      ) : null}
      {savedAsFile(message) && message.status === 'sent' ? (
        <p className="mt-2 text-sm text-amber-800">
          Saved as a file, not delivered: no{' '}
          {message.channel === 'sms' ? 'text-message provider' : 'mail server'} is set up.
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={onView}>
          View<span className="sr-only"> message: {name}</span>
        </Button>
        {message.status === 'failed' ? (
          <Button size="sm" onClick={sendAgain} disabled={retry.isPending}>
            {retry.isPending ? 'Sending…' : 'Send again'}
            <span className="sr-only"> message: {name}</span>
          </Button>
        ) : null}
      </div>
    </li>
  );
}
