// How a sent message is shown: its status as a pill, the channel, and whether it was only saved as a file (what
// it was and who it went to: packages/domain/messageKinds.ts). Shared by the list and the message dialog.
import { MESSAGE_STATUSES } from '@keyturn/domain/schemas/notifications';
import type { MessageStatus, SentMessage } from '@keyturn/domain/schemas/notifications';
import { StatusPill } from '@/components/ui/status-badge';

export const STATUS_LABELS: Record<MessageStatus, string> = {
  sent: 'Sent',
  retrying: 'Retrying',
  failed: 'Failed',
  skipped: 'Skipped',
};

const STATUS_TONES: Record<MessageStatus, string> = {
  sent: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  retrying: 'bg-amber-50 text-amber-800 ring-amber-200',
  failed: 'bg-red-50 text-red-700 ring-red-200',
  skipped: 'bg-slate-100 text-slate-700 ring-slate-200',
};

export function isMessageStatus(value: string | null): value is MessageStatus {
  return MESSAGE_STATUSES.some((status) => status === value);
}

export function channelLabel(message: Pick<SentMessage, 'channel'>): string {
  return message.channel === 'sms' ? 'Text' : 'E-mail';
}

/** Kept as a file in the outbox (database) instead of going out: no mail server (or text provider) is set up. */
export function savedAsFile(message: Pick<SentMessage, 'transport'>): boolean {
  return message.transport === 'file' || message.transport === 'sms-file';
}

/** A message written as a file says so (not a green "Sent": nothing was delivered, issue 19). */
export function MessageStatusBadge({ message }: { message: Pick<SentMessage, 'status' | 'transport'> }) {
  if (message.status === 'sent' && savedAsFile(message))
    return <StatusPill tone={STATUS_TONES.skipped}>Saved as a file</StatusPill>;
  return <StatusPill tone={STATUS_TONES[message.status]}>{STATUS_LABELS[message.status]}</StatusPill>;
}
