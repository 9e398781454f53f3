// The seller in the loop (issue 32 §2, decision 053): when a showing waits for a seller's or occupant's answer,
// when their request is sent, sent again, escalated to the agent and when it expires — pure functions of the
// request's creation, the showing's start and the property's zone, so the queue, the tests and the page agree.
// Every message of the chain is one job with its own time: the times below are the jobs' times.
import { wallClockInZone } from '../time';
import { TZDate } from '@date-fns/tz';
import type { ApprovalMode } from './showingRules';

const MINUTE = 60_000;

/** A same-day request is sent again (and escalated to the agent) this long before the showing. */
export const SAME_DAY_REMINDER_BEFORE_MINUTES = 120;
/** A request for a later day is sent again by this wall time the day before the showing. */
export const DAY_BEFORE_REMINDER_TIME = '19:00';

/** Whose answer the booking waits for when it is made (before anyone has answered). */
export function firstApprover(mode: ApprovalMode): 'none' | 'agent' | 'seller' {
  if (mode === 'seller') return 'seller';
  if (mode === 'agent' || mode === 'agent_then_seller') return 'agent';
  return 'none';
}

/** After the agent approves: does the seller still have to answer? */
export function sellerAfterAgent(mode: ApprovalMode): boolean {
  return mode === 'agent_then_seller';
}

/** The messages of one request, in order (each is a message kind `seller.approval.{step}`). */
export const APPROVAL_STEPS = ['request', 'reminder', 'escalation', 'expiry'] as const;
export type ApprovalStep = (typeof APPROVAL_STEPS)[number];

export type ApprovalTimeline = {
  /** The first request: at once. */
  requestAt: Date;
  /** The request sent again, or null when there is no time left for it. */
  reminderAt: Date | null;
  /** The agent is told nobody has answered yet, or null when there is no time left for it. */
  escalateAt: Date | null;
  /** The request expires when the showing would start. */
  expiresAt: Date;
  /** same-day: the showing is on the request's own date in the property's zone. */
  kind: 'same-day' | 'later';
};

/**
 * The request's times:
 * - same-day showing: sent at once, sent again 2 h before the start, escalated to the agent at that moment;
 * - later day: sent at once, sent again at 7 PM the day before (the zone's wall time, across DST), escalated
 *   2 h before the start;
 * - every request expires at the showing's start.
 * A time already past when the request is made (or not after the first request) is dropped, never sent late.
 */
export function approvalTimeline(createdAt: Date, startsAt: Date, timeZone: string): ApprovalTimeline {
  const sameDay = wallClockInZone(createdAt, timeZone).date === wallClockInZone(startsAt, timeZone).date;
  const twoHoursBefore = new Date(startsAt.getTime() - SAME_DAY_REMINDER_BEFORE_MINUTES * MINUTE);
  const ahead = (d: Date) =>
    d.getTime() > createdAt.getTime() && d.getTime() < startsAt.getTime() ? d : null;
  if (sameDay) {
    const at = ahead(twoHoursBefore);
    return { requestAt: createdAt, reminderAt: at, escalateAt: at, expiresAt: startsAt, kind: 'same-day' };
  }
  return {
    requestAt: createdAt,
    reminderAt: ahead(eveningBefore(startsAt, timeZone)),
    escalateAt: ahead(twoHoursBefore),
    expiresAt: startsAt,
    kind: 'later',
  };
}

/** 7 PM (DAY_BEFORE_REMINDER_TIME) on the day before `startsAt`, in `timeZone` (the zone's wall time, DST included). */
export function eveningBefore(startsAt: Date, timeZone: string): Date {
  const [y, m, d] = wallClockInZone(startsAt, timeZone).date.split('-').map(Number) as [
    number,
    number,
    number,
  ];
  const [hh, mm] = DAY_BEFORE_REMINDER_TIME.split(':').map(Number) as [number, number];
  // TZDate normalises day 0 to the month before's last day.
  return new Date(new TZDate(y, m - 1, d - 1, hh, mm, 0, timeZone).getTime());
}
