// The texts and states of the seller's approval requests (issue 32 §2, decision 053): what the seller's page, the
// buyer's page and the agent's booking details say. No date library here: the seller's page loads it.
import type { CancelledBy } from '../enums';
import { filledText, plainText } from '../i18n/english';
import type { Translate } from '../i18n/locales';
import english from '../i18n/en/seller.json' with { type: 'json' };
import { WHO_DECIDES } from './whoDecides';

/** The seller's page reads these from the `seller` catalogue in its language; the English exports are its entries. */
const EN = english as Record<keyof typeof english, unknown>;

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
  pageTitle: plainText(EN.pageTitle),
  approve: plainText(EN.approve),
  decline: plainText(EN.decline),
  propose: plainText(EN.propose),
  block: plainText(EN.block),
  notTonight: plainText(EN.notTonight),
  reasonLabel: plainText(EN.reasonLabel),
  /** Issue 39 §8: said on the page before the seller sends it. */
  reasonHint: plainText(EN.reasonHint),
  /** The buyer's e-mail when the seller declined. */
  buyerDeclineReason: (reason: string) => `The seller’s reason: “${reason}”`,
  buyerDeclinedLines: (when: string, reason: string | null) => [
    `The seller cannot take your request for ${when}.`,
    ...(reason ? [SELLER_APPROVAL_MESSAGES.buyerDeclineReason(reason)] : []),
  ],
  approved: plainText(EN.approved),
  declined: plainText(EN.declined),
  proposed: plainText(EN.proposed),
  blocked: plainText(EN.blocked),
  blockedAndDeclined: plainText(EN.blockedAndDeclined),
  linkUsed: plainText(EN.linkUsed),
  linkInvalid: plainText(EN.linkInvalid),
  /** Issue 39 §10: "Not tonight" declines the request it came from; the buyer reads this as the reason. */
  notTonightReason: 'The seller is not available that evening.',
  blockedReason: 'The seller is not available at that time.',
  expired: plainText(EN.expired),
  noOpenTimes: plainText(EN.noOpenTimes),
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
export function spentLinkNote(
  state: {
    action: ApprovalAction;
    status: ApprovalRequestStatus;
    linkUsed: boolean;
    answeredBy: string | null;
    /** The booking's own state: a cancelled or moved request was not answered by anyone. */
    bookingStatus: string;
    /** Who cancelled it, when it was cancelled (null: not recorded). */
    cancelledBy?: CancelledBy | null;
  },
  /** The page's translator (the `seller` area); English without it. */
  t?: Translate,
): string | null {
  const text = (key: keyof typeof english, values?: Record<string, string>) =>
    t ? t(`seller.${key}`, values) : filledText(EN[key], values);
  const who = state.answeredBy ?? text('theSeller');
  switch (state.status) {
    case 'approved':
      return text('noteApproved', { who });
    case 'declined':
      return text('noteDeclined', { who });
    case 'proposed':
      return text('noteProposed', { who });
    case 'expired':
      return text('expired');
    case 'withdrawn':
      if (state.bookingStatus === 'cancelled')
        return text(
          state.cancelledBy === 'buyer'
            ? 'noteCancelledBuyer'
            : state.cancelledBy === 'agent'
              ? 'noteCancelledAgent'
              : 'noteCancelled',
        );
      if (state.bookingStatus === 'rescheduled') return text('noteMoved');
      return text('noteAnswered', { who: state.answeredBy ?? text('theAgent') });
    case 'open':
      // A block link may be used while the request is open; once used, it is spent.
      return state.linkUsed ? text('linkUsed') : null;
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
