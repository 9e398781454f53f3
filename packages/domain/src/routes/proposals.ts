// Optimise's time proposals (issue 29, decision 042): a pending showing is never moved by the agent's Apply —
// its buyer is offered the new time (accept / keep my time / pick another). The states the agent sees on My
// day and the buyer on the proposal page, and every text of both, live here.
import manage from '../i18n/en/manage.json' with { type: 'json' };
import { english } from '../i18n/icu-english';

/** Stored states: proposed (waiting), accepted (the booking moved), kept (the buyer kept their time),
 * withdrawn (a newer proposal replaced it). `changed` is read, never stored: the booking changed since. */
export const TIME_PROPOSAL_STATUSES = ['proposed', 'accepted', 'kept', 'withdrawn', 'changed'] as const;
export type TimeProposalStatus = (typeof TIME_PROPOSAL_STATUSES)[number];

/** What the agent reads on My day for each state. */
export const TIME_PROPOSAL_STATUS_LABELS: Record<TimeProposalStatus, string> = {
  proposed: 'Proposed, waiting for the buyer',
  accepted: 'Accepted: moved to the new time',
  kept: 'Kept their time',
  withdrawn: 'Replaced by a newer proposal',
  changed: 'The booking changed since (not moved)',
};

/**
 * A proposal's state as of now: a stored `proposed` whose booking is no longer the pending request at the
 * time it was made (cancelled, confirmed, moved another way) reads `changed`.
 */
export function proposalState(
  stored: Exclude<TimeProposalStatus, 'changed'>,
  booking: { status: string; startsAt: number } | null,
  fromStartsAt: number,
): TimeProposalStatus {
  if (stored !== 'proposed') return stored;
  if (!booking || booking.status !== 'pending' || booking.startsAt !== fromStartsAt) return 'changed';
  return 'proposed';
}

export const TIME_PROPOSAL_MESSAGES = {
  /** My day, under the Apply button. */
  applyNote:
    'Confirmed showings stay as they are. Each buyer below gets an e-mail proposing the new time: their booking moves only if they accept.',
  applyButton: 'Propose new times to buyers',
  applied: (n: number) => (n === 1 ? 'New time proposed to 1 buyer.' : `New times proposed to ${n} buyers.`),
  stays: 'stays',
  proposedTo: 'proposed to the buyer',
  listHeading: 'Times proposed to buyers',
  /** The buyer's page. */
  // The buyer's page's words: one English copy in the manage catalogue, which the page reads in its language.
  pageTitle: english(manage.proposalTitle),
  intro: (agent: string) => english(manage.proposalIntro, { agent }),
  /** Issue 39 §7: a time the seller proposed from their approval request says it is the seller's. */
  introSeller: english(manage.proposalIntroSeller),
  subjectSeller: (date: string) => `The seller proposes another time for your showing on ${date}`,
  accept: english(manage.proposalAccept),
  keep: english(manage.proposalKeep),
  pickAnother: english(manage.pickAnother),
  accepted: english(manage.proposalAccepted),
  kept: english(manage.proposalKept),
  withdrawn: english(manage.proposalWithdrawn),
  changed: english(manage.proposalChanged),
  notFound: english(manage.proposalNotFound),
  /** 409s of accept. */
  staleError:
    'Your booking changed since this proposal was sent, so the new time was not applied. Your booking is as shown below.',
  takenError:
    'The proposed time is no longer free, so your booking was not moved: it stays at its current time. You can keep it or pick another time.',
  alreadyKept: 'You already chose to keep your time.',
  alreadyAccepted: 'You already accepted the new time.',
  /** The reschedule reason on the moved booking. */
  reason: "You accepted your agent's proposed time.",
  /** Apply's refusals. */
  applyStale: 'A showing of this plan was just changed. Reload and optimise again.',
  applyTaken: 'A time of this plan is no longer free. Optimise again.',
  /** Settings → Messages: a failed proposal e-mail is proposed again from My day. */
  retry: 'Propose the time again from My day (Optimise): a new proposal sends a new e-mail.',
} as const;
