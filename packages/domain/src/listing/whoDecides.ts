// Who decides whether a requested showing happens (issue 39 §6): the one wording of it for the booking page (the
// form before "Confirm Booking", the toast, the confirmation step), the manage page and the buyer's and agent's
// e-mails. A request is never described as agreed before the one who decides has said yes.
import type { ApprovalMode } from './showingRules';

/** Who has the last word on a request: nobody (booked at once), the agent, the seller, or the agent then the seller. */
export const DECIDERS = ['instant', 'agent', 'seller', 'agent_then_seller'] as const;
export type Decider = (typeof DECIDERS)[number];

/** The decider of a listing's approval mode; `instructions` takes no bookings (null). */
export function deciderOf(mode: ApprovalMode): Decider | null {
  return mode === 'instructions' ? null : mode;
}

/** Whose answer a pending request waits for now. */
export type Awaiting = 'agent' | 'seller';

const whoWord = (awaiting: Awaiting, agentName: string) => (awaiting === 'seller' ? 'the seller' : agentName);

export const WHO_DECIDES = {
  /** The details step, above "Confirm Booking": who must say yes before the time is booked. */
  beforeBooking: (decider: Decider, agentName: string): string | null => {
    switch (decider) {
      case 'instant':
        return null;
      case 'agent':
        return `${agentName} approves each request: this time is not booked until they confirm it. We will e-mail you their answer.`;
      case 'seller':
        return 'The seller must approve this time: it is not booked until they do. We will e-mail you their answer.';
      case 'agent_then_seller':
        return `${agentName}, then the seller, must approve this time: it is not booked until both do. We will e-mail you their answer.`;
    }
  },
  /** Heading of the confirmation step's note, the manage page and the buyer's request e-mail. */
  waiting: (awaiting: Awaiting, agentName: string) =>
    `Waiting for ${awaiting === 'seller' ? 'the seller' : agentName}'s confirmation`,
  /** The sentence under it: the time is a request until the one who decides answers. */
  waitingDetail: (awaiting: Awaiting, agentName: string) =>
    `This time is a request: ${whoWord(awaiting, agentName)} has not confirmed it yet. We will e-mail you as soon as they answer.`,
  /** The buyer's request e-mail when the agent decides: what they asked for, in their words. */
  agentWillConfirm: (agentName: string, what: string) =>
    `${agentName} will confirm your ${what} shortly. You will get another e-mail once it is confirmed.`,
  /** The buyer's request e-mail: the seller's request, or what they asked the agent for. */
  requestLine: (awaiting: Awaiting, agentName: string, what: string) =>
    awaiting === 'seller'
      ? WHO_DECIDES.waitingDetail('seller', agentName)
      : WHO_DECIDES.agentWillConfirm(agentName, what),
  /** The toast after submitting. */
  toast: (awaiting: Awaiting, agentName: string, rescheduled: boolean) =>
    `${rescheduled ? 'New time requested' : 'Request sent'}. It is not booked until ${whoWord(awaiting, agentName)} confirms it.`,
  /** The agent's e-mail of a request the seller decides: not "booked". */
  agentSubject: (client: string, when: string) => `Waiting for the seller: ${client} — ${when}`,
  agentHeading: 'A request is waiting for the seller',
  agentLine: (client: string, what: string) =>
    `${client} asked for ${what}. The seller has been asked to approve it: it is not booked until they do. You will see their answer in your bookings; you can also confirm or decline it yourself.`,
} as const;

/**
 * Issue 39 §9: a buyer's new time for a confirmed showing that someone must approve is a request; the confirmed
 * time stays booked until the one who decides says yes (then the showing moves), and stays if they say no.
 */
export const RESCHEDULE_REQUEST = {
  subject: (what: string, when: string) => `New time requested: ${what} on ${when}`,
  heading: 'Your new time is a request',
  /** The buyer's e-mail: what they asked, who decides, and that the confirmed time stands meanwhile. */
  lines: (awaiting: Awaiting, agentName: string, before: string) => [
    `You asked to move your showing from ${before} to the time below.`,
    WHO_DECIDES.waitingDetail(awaiting, agentName),
    RESCHEDULE_REQUEST.keptLine(before, 'until then'),
  ],
  /** The buyer's text. */
  text: (p: {
    brand: string;
    what: string;
    at: string;
    before: string;
    awaiting: Awaiting;
    agentName: string;
  }) =>
    `${p.brand}: Your new time for ${p.what}, ${p.at}, is a request: ${whoWord(p.awaiting, p.agentName)} has not confirmed it yet. Your showing stays booked for ${p.before}.`,
  /** The confirmed time that stands: while the request waits, and after a no. */
  keptLine: (before: string, when: 'until then' | 'declined') =>
    when === 'declined'
      ? `Your showing stays booked for ${before}, as before.`
      : `Until then your showing stays booked for ${before}.`,
  /** The 409 when the new time overlaps the confirmed one (both cannot be held while the request waits). */
  overlaps:
    'The new time overlaps your confirmed showing, which stays booked until the new time is approved. Please choose a time that does not overlap it.',
  /** The 409 when another new time for the same showing already waits for an answer. */
  alreadyRequested:
    'A new time for this showing is already waiting for approval. Cancel that request (the link in its e-mail) before asking for another.',
  /** The requested new time was cancelled (the buyer withdrew it) while the confirmed showing stands. */
  cancelled: {
    subject: (what: string, when: string) => `New time cancelled: ${what} on ${when}`,
    heading: 'Your request for a new time is cancelled',
    line: (when: string) => `Your request to move your showing to ${when} has been cancelled.`,
    agentLine: (client: string, when: string, before: string) =>
      `${client} cancelled their request to move their showing to ${when}. It stays booked for ${before}.`,
    text: (p: { brand: string; whose: string; what: string; at: string; kept: string }) =>
      `${p.brand}: The new time requested for ${p.whose} viewing of ${p.what}, ${p.at}, has been cancelled. ${p.kept}`,
  },
  /** The agent's e-mail: the buyer asked; nothing moved yet. */
  agentLine: (client: string, before: string) =>
    `${client} asked to move their showing from ${before} to the time below. It stays booked for ${before} until the new time is approved.`,
} as const;
