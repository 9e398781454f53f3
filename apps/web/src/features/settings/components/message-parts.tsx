// How a sent message is named on screen: its status as a pill, what it was and who it went to, the channel,
// and whether it was only saved as a file. Shared by the list and the message dialog.
import { MESSAGE_STATUSES, messageEventLabel } from '@keyturn/domain/schemas/notifications';
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

/** 'to the buyer', "to the buyer's agent" (issue 32 §5), 'to the seller or occupant' (issue 39) or 'to you'. */
export function audienceLabel(message: Pick<SentMessage, 'audience'>): string {
  if (message.audience === 'buyer_agent') return "to the buyer's agent";
  if (message.audience === 'seller') return 'to the seller or occupant';
  return message.audience === 'buyer' ? 'to the buyer' : 'to you';
}

/** 'Booking made — to the buyer': what the message was and who it went to. */
export function messageTitle(message: Pick<SentMessage, 'kind' | 'audience'>): string {
  return `${messageEventLabel(message.kind)} — ${audienceLabel(message)}`;
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
