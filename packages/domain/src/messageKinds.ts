// Every kind of message the server sends, named once (issue 39 §15): what Settings → Messages calls it and who
// it went to. A kind is `{family}` or `{family}.{detail}` — `booking_created.buyer.email`,
// `seller.approval.reminder`, `seller.notice.moved`, `time.proposal.sms` — and is named by the longest family
// in MESSAGE_KINDS it starts with. A family's `to` is its fixed recipient; without one the recipient is the
// message's stored audience (a booking's messages go to the buyer, the buyer's agent or the agent).

export type MessageAudience = 'buyer' | 'agent' | 'buyer_agent' | 'seller';

export type MessageKindName = {
  label: string;
  /** Who the message goes to when the family alone says it (an invited team member is not "you"). */
  to?: string;
};

/** The recipient of a message by its stored audience. */
export const AUDIENCE_LABELS: Record<MessageAudience, string> = {
  buyer: 'to the buyer',
  buyer_agent: "to the buyer's agent",
  seller: 'to the seller or occupant',
  agent: 'to you',
};

export const MESSAGE_KINDS: Record<string, MessageKindName> = {
  // A booking's messages: `{event}.{audience}.{channel}` (notifications/catalogue.ts).
  booking_created: { label: 'Booking made' },
  booking_approved: { label: 'Request approved' },
  booking_declined: { label: 'Request declined' },
  booking_rescheduled: { label: 'Showing moved' },
  booking_cancelled: { label: 'Showing cancelled' },
  booking_reassigned: { label: 'Showing handed over' },
  reminder: { label: 'Reminder' },
  feedback_request: { label: 'Feedback request' },
  reconfirm: { label: 'Please confirm the showing' },
  unconfirmed_alert: { label: 'Buyer has not confirmed' },
  // Messages that are not one of a booking's events.
  'tour.invitation': { label: 'Tour invitation' },
  'time.proposal': { label: 'New time proposed' },
  'team.invitation': { label: 'Team invitation', to: 'to the person invited' },
  'access.release': { label: 'How to get in' },
  'texts.forward': { label: "Buyer's text passed on", to: 'to you' },
  'texts.agent_reply': { label: 'Your reply by text', to: 'to the buyer' },
  // A property's sellers and occupants (issue 39).
  'seller.approval.request': { label: 'Approval request' },
  'seller.approval.text': { label: 'Approval request (text)' },
  'seller.approval.reminder': { label: 'Approval reminder' },
  'seller.approval.escalation': { label: 'Seller did not answer', to: 'to you' },
  'seller.approval.expiry': { label: 'Request not confirmed in time' },
  'seller.notice.booked': { label: 'Showing booked' },
  'seller.notice.moved': { label: 'Showing moved' },
  'seller.notice.cancelled': { label: 'Showing cancelled' },
  'seller.notice.feedback': { label: 'Buyer feedback' },
  'seller.weekly_digest': { label: 'Weekly report' },
  // Issue 44: the waiting list (the buyer's place, and a time offered to them).
  'waitlist.joined': { label: 'On the waiting list' },
  'waitlist.offer': { label: 'Time offered from the waiting list' },
  // Issue 45: a showing's conversation, a listing's documents, a buyer's agent's tour.
  'thread.message': { label: 'Message in a showing conversation' },
  'thread.message.sms': { label: 'Message in a showing conversation (text)' },
  'documents.confirmation': { label: 'Documents for the viewing' },
  'documents.after_showing': { label: 'Documents after the viewing' },
  'documents.approved': { label: 'Requested document' },
  'documents.requested': { label: 'Document asked for', to: 'to you' },
  'network.tour.replan': { label: 'Tour re-planned', to: 'to you' },
  // Issue 46: a buyer asked for their details to be deleted.
  'privacy.request': { label: 'Privacy request', to: 'to you' },
};

/** The table's entry for `kind` (its longest family), or null when the kind is not one the table names. */
export function messageKindName(kind: string): MessageKindName | null {
  const parts = kind.split('.');
  for (let n = parts.length; n > 0; n -= 1) {
    const found = MESSAGE_KINDS[parts.slice(0, n).join('.')];
    if (found) return found;
  }
  return null;
}

/** 'Booking made': what the message was. An unnamed kind is shown as "Message", never as its code. */
export function messageKindLabel(kind: string): string {
  return messageKindName(kind)?.label ?? 'Message';
}

/** 'to the buyer', "to the buyer's agent", 'to the seller or occupant', 'to you', 'to the person invited'. */
export function messageRecipientLabel(message: { kind: string; audience: MessageAudience }): string {
  return messageKindName(message.kind)?.to ?? AUDIENCE_LABELS[message.audience];
}

/** 'Booking made — to the buyer': what the message was and who it went to. */
export function messageTitle(message: { kind: string; audience: MessageAudience }): string {
  return `${messageKindLabel(message.kind)} — ${messageRecipientLabel(message)}`;
}
