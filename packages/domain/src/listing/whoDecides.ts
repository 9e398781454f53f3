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
