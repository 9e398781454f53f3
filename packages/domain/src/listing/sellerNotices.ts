// What a property's sellers and occupants are told besides approval requests (issue 39 §2): every stored choice
// of a contact's `gets` has a reader. `approvals` → the approval request (sellers/approval.ts); `notices` →
// booked, moved and cancelled showings; `feedback` → each buyer's feedback, without the buyer's name;
// `weeklyReport` → the weekly digest (seller-report/digest.ts). The labels the agent ticks and the texts of the
// notices live here, once.
import { contactGetsSchema, type ContactGets } from './showingRules';

export type ContactGetsKind = keyof ContactGets;

/** Every kind of message a contact can be ticked for, in the form's order. */
export const CONTACT_GETS_KINDS = Object.keys(contactGetsSchema.shape) as ContactGetsKind[];

/** The "Sellers and occupants" form's boxes. */
export const CONTACT_GETS_LABELS: Record<ContactGetsKind, string> = {
  approvals: 'Approval requests',
  notices: 'Booked and cancelled showings',
  feedback: 'Feedback',
  weeklyReport: 'A weekly report',
};

/** The notices of a showing a contact ticked "Booked and cancelled showings" or "Feedback" for. */
export const SELLER_NOTICE_EVENTS = ['booked', 'moved', 'cancelled', 'feedback'] as const;
export type SellerNoticeEvent = (typeof SELLER_NOTICE_EVENTS)[number];

/** The stored preference each notice reads. */
export const SELLER_NOTICE_PREFERENCE: Record<SellerNoticeEvent, ContactGetsKind> = {
  booked: 'notices',
  moved: 'notices',
  cancelled: 'notices',
  feedback: 'feedback',
};

type When = { date: string; time: string; zone: string; shortDate: string };

/** Subjects, headings and lines of the notices: e-mail and text say the same. */
export const SELLER_NOTICE_TEXTS = {
  booked: {
    subject: (address: string, w: When) => `Showing booked: ${address}, ${w.shortDate} at ${w.time}`,
    heading: 'A showing of your home is booked',
    line: (address: string, w: When) =>
      `A showing of ${address} is booked for ${w.date} at ${w.time} ${w.zone}.`,
  },
  moved: {
    subject: (address: string, w: When) => `Showing moved: ${address}, now ${w.shortDate} at ${w.time}`,
    heading: 'A showing of your home has moved',
    line: (address: string, from: When, to: When) =>
      `The showing of ${address} on ${from.date} at ${from.time} ${from.zone} has moved to ${to.date} at ${to.time} ${to.zone}.`,
  },
  cancelled: {
    subject: (address: string, w: When) => `Showing cancelled: ${address}, ${w.shortDate} at ${w.time}`,
    heading: 'A showing of your home is cancelled',
    /** Who cancelled: the buyer, or the agent. */
    line: (address: string, w: When, by: 'buyer' | 'agent', agentName: string) =>
      `${by === 'buyer' ? 'The buyer' : agentName} cancelled the showing of ${address} on ${w.date} at ${w.time} ${w.zone}. Nothing is needed from you.`,
  },
  feedback: {
    subject: (address: string, w: When) => `Feedback from a showing of ${address} on ${w.shortDate}`,
    heading: 'Feedback from a showing of your home',
    line: (address: string, w: When) =>
      `A buyer who saw ${address} on ${w.date} at ${w.time} ${w.zone} gave this feedback. Buyers' names are not shared.`,
  },
  /** Why the contact gets this message, under every notice. */
  why: (agentName: string, label: string) =>
    `You get this because ${agentName} ticked "${label}" for you. Ask them to change it at any time.`,
  contactAgent: (agentName: string) => `Contact ${agentName}`,
  stopLine: 'Reply STOP to opt out.',
} as const;
