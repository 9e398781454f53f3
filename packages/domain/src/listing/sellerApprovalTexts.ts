// The texts and states of the seller's approval requests (issue 32 §2, decision 053): what the seller's page, the
// buyer's page and the agent's booking details say. No date library here: the seller's page loads it.
import type { CancelledBy } from '../enums';
import { WHO_DECIDES } from './whoDecides';

/** The states of one approval request. */
export const APPROVAL_REQUEST_STATUSES = [
  'open',
  'approved',
  'declined',
  'proposed',
  'expired',
  'withdrawn',
] as const;
export type ApprovalRequestStatus = (typeof APPROVAL_REQUEST_STATUSES)[number];

/** What one signed link of the request does (one link per action, each used once). */
export const APPROVAL_ACTIONS = ['approve', 'decline', 'propose', 'block'] as const;
export type ApprovalAction = (typeof APPROVAL_ACTIONS)[number];

/** The longest a seller may block from their link in one go ("not tonight" … a few hours on a date). */
export const SELLER_BLOCK_MAX_HOURS = 14;

/** Every text of the seller's pages and messages (spec texts, word for word where the issue gives them). */
export const SELLER_APPROVAL_MESSAGES = {
  /** Issue 39 §6: the one wording of who decides (whoDecides.ts). */
  buyerWaiting: WHO_DECIDES.waiting('seller', ''),
  pageTitle: 'A showing request for your home',
  approve: 'Approve',
  decline: 'Decline',
  propose: 'Propose another time',
  block: 'Block times',
  notTonight: 'Not tonight',
  reasonLabel: 'Reason (optional)',
  /** Issue 39 §8: said on the page before the seller sends it. */
  reasonHint:
    'The buyer reads this reason as you write it, as the seller’s. Leave it empty to decline without one.',
  /** The buyer's e-mail when the seller declined. */
  buyerDeclineReason: (reason: string) => `The seller’s reason: “${reason}”`,
  buyerDeclinedLines: (when: string, reason: string | null) => [
    `The seller cannot take your request for ${when}.`,
    ...(reason ? [SELLER_APPROVAL_MESSAGES.buyerDeclineReason(reason)] : []),
  ],
  approved: 'Thank you. The showing is confirmed and the buyer has been told.',
  declined: 'Thank you. The buyer has been told this time does not work.',
  proposed: 'Thank you. The buyer has been offered the time you proposed.',
  blocked: 'Thank you. These times are no longer offered to buyers.',
  blockedAndDeclined:
    'Thank you. These times are no longer offered to buyers, and the buyer has been told this time does not work.',
  linkUsed: 'This link has already been used.',
  linkInvalid: 'This link is not valid. Please use the link in your most recent e-mail.',
  /** Issue 39 §10: "Not tonight" declines the request it came from; the buyer reads this as the reason. */
  notTonightReason: 'The seller is not available that evening.',
  blockedReason: 'The seller is not available at that time.',
  expired: 'This request has expired: the showing time has passed.',
  noOpenTimes: 'There are no other open times in the next two weeks.',
  timeNotOpen: 'This time is no longer open. Please pick another time.',
  blockTooLong: `Block at most ${SELLER_BLOCK_MAX_HOURS} hours at a time.`,
  contactNeedsReach: 'Give an e-mail address or a phone number.',
  /** One person, one contact per listing: a second copy would get every message twice. */
  contactEmailTaken: (name: string) =>
    `${name} already has this e-mail address on this listing: change that contact instead.`,
  contactPhoneTaken: (name: string) =>
    `${name} already has this phone number on this listing: change that contact instead.`,
  smsNeedsConsent: 'Texts need the contact’s consent: tick the consent box first.',
  smsNeedsPhone: 'Texts need a phone number.',
  emailChannelNeedsEmail: 'E-mail needs an e-mail address.',
  expiredBuyer:
    'The seller could not confirm your requested time before it started. Please pick another time: the open times are on the booking page.',
  escalation: (name: string) =>
    `Nobody has answered the seller's approval request for ${name}'s showing yet.`,
} as const;

/**
 * What a spent link says (issue 39 §10): what the answer was and who gave it, or that the showing was cancelled
 * or moved — never a bare "someone has already answered". Null when the link can still be used.
 */
export function spentLinkNote(state: {
  action: ApprovalAction;
  status: ApprovalRequestStatus;
  linkUsed: boolean;
  answeredBy: string | null;
  /** The booking's own state: a cancelled or moved request was not answered by anyone. */
  bookingStatus: string;
  /** Who cancelled it, when it was cancelled (null: not recorded). */
  cancelledBy?: CancelledBy | null;
}): string | null {
  const who = state.answeredBy ?? 'The seller';
  switch (state.status) {
    case 'approved':
      return `${who} approved this request: the showing is confirmed.`;
    case 'declined':
      return `${who} declined this request: the buyer has been told.`;
    case 'proposed':
      return `${who} proposed another time: the buyer has been asked.`;
    case 'expired':
      return SELLER_APPROVAL_MESSAGES.expired;
    case 'withdrawn':
      if (state.bookingStatus === 'cancelled')
        return state.cancelledBy === 'buyer'
          ? 'The buyer cancelled this showing request: there is nothing to answer.'
          : state.cancelledBy === 'agent'
            ? 'The agent cancelled this showing request: there is nothing to answer.'
            : 'This showing request was cancelled: there is nothing to answer.';
      if (state.bookingStatus === 'rescheduled')
        return 'The buyer moved this request to another time: there is nothing to answer here.';
      return `${state.answeredBy ? `${state.answeredBy} answered` : 'The agent answered'} this request: there is nothing to answer.`;
    case 'open':
      // A block link may be used while the request is open; once used, it is spent.
      return state.linkUsed ? SELLER_APPROVAL_MESSAGES.linkUsed : null;
  }
}

/** Who answered, as the agent sees it: "Pat Seller approved", "Waiting for Pat Seller". */
export function answerSummary(status: ApprovalRequestStatus, who: string | null): string {
  switch (status) {
    case 'open':
      return 'Waiting for the seller';
    case 'approved':
      return `${who ?? 'The seller'} approved`;
    case 'declined':
      return `${who ?? 'The seller'} declined`;
    case 'proposed':
      return `${who ?? 'The seller'} proposed another time`;
    case 'expired':
      return 'Expired without an answer';
    case 'withdrawn':
      return 'Withdrawn';
  }
}
