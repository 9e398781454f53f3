// The life of a stored booking, as the agent moves it along. The server enforces these transitions; the
// dashboard shows only the actions allowed from the current status.
import type { BookingStatus } from './enums';

export const BOOKING_ACTIONS = [
  'confirm',
  'decline',
  'cancel',
  'complete',
  'no_show',
  'request_feedback',
] as const;
export type BookingAction = (typeof BOOKING_ACTIONS)[number];

export const BOOKING_ACTION_LABELS: Record<BookingAction, string> = {
  confirm: 'Confirm',
  decline: 'Decline',
  cancel: 'Cancel booking',
  complete: 'Mark completed',
  no_show: 'Mark no-show',
  request_feedback: 'Ask for feedback again',
};

export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  // The buyer's manage page shows these in its language: the manage catalogue's status* entries, the same
  // English (i18n/pinned-english.test.ts).
  pending: 'Pending',
  confirmed: 'Confirmed',
  declined: 'Declined',
  cancelled: 'Cancelled',
  rescheduled: 'Rescheduled',
  completed: 'Completed',
  no_show: 'No-show',
};

type Rule = {
  from: readonly BookingStatus[];
  to: BookingStatus;
  when: 'before-start' | 'after-start' | 'any';
};

const RULES: Record<BookingAction, Rule> = {
  // A request awaiting approval is accepted or declined before it happens.
  confirm: { from: ['pending'], to: 'confirmed', when: 'before-start' },
  decline: { from: ['pending'], to: 'declined', when: 'any' },
  cancel: { from: ['pending', 'confirmed'], to: 'cancelled', when: 'before-start' },
  // What happened at a showing can only be said once it has started.
  complete: { from: ['confirmed'], to: 'completed', when: 'after-start' },
  // A completed showing (marked, or recorded afterwards) may turn out a no-show (issue 29).
  no_show: { from: ['confirmed', 'completed'], to: 'no_show', when: 'after-start' },
  // A completed showing's buyer is asked for feedback once more (the status stays; issue 29).
  request_feedback: { from: ['completed'], to: 'completed', when: 'after-start' },
};

export type TransitionResult = { ok: true; status: BookingStatus } | { ok: false; reason: string };

/** Whether `action` may move a booking in `status` that starts at `startsAt`, judged at `now`. */
export function transition(
  status: BookingStatus,
  action: BookingAction,
  startsAt: Date,
  now: Date,
): TransitionResult {
  const rule = RULES[action];
  if (!rule.from.includes(status)) {
    return {
      ok: false,
      reason: `A ${BOOKING_STATUS_LABELS[status].toLowerCase()} booking can't be changed with "${BOOKING_ACTION_LABELS[action]}".`,
    };
  }
  const started = startsAt.getTime() <= now.getTime();
  if (rule.when === 'before-start' && started) {
    return { ok: false, reason: 'This showing has already started.' };
  }
  if (rule.when === 'after-start' && !started) {
    return { ok: false, reason: "This showing hasn't happened yet." };
  }
  return { ok: true, status: rule.to };
}

/** The actions the agent may take now; reschedule is allowed exactly when cancel is. */
export function allowedActions(status: BookingStatus, startsAt: Date, now: Date): BookingAction[] {
  return BOOKING_ACTIONS.filter((a) => transition(status, a, startsAt, now).ok);
}

export function canReschedule(status: BookingStatus, startsAt: Date, now: Date): boolean {
  return transition(status, 'cancel', startsAt, now).ok;
}

/**
 * The status of a booking the agent records (POST /api/bookings, issue 19): a showing still to come (or
 * starting this very instant, like the free slot offered for it) is confirmed; one that has already started
 * (earlier today or on a past date, arranged by phone) happened, so it is recorded as completed.
 */
export function agentBookingStatusFor(startsAt: Date, now: Date): 'confirmed' | 'completed' {
  return startsAt.getTime() < now.getTime() ? 'completed' : 'confirmed';
}

/** Statuses that hold the agent's time: a new booking may not overlap any of them. */
export const TIME_HOLDING_STATUSES = ['pending', 'confirmed', 'completed', 'no_show'] as const;
