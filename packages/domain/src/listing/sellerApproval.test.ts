// Issue 32 §2: the approval chain's times, named rule by rule, across both DST changes of New York.
import { describe, expect, it } from 'vitest';
import { approvalTimeline, eveningBefore, firstApprover, sellerAfterAgent } from './sellerApproval';
import { answerSummary, spentLinkNote } from './sellerApprovalTexts';

const NY = 'America/New_York';
const z = (iso: string) => new Date(iso);

describe('approval chain: who answers first', () => {
  it('seller instead of the agent; the agent first, then the seller; nobody for instant and instructions', () => {
    expect(firstApprover('seller')).toBe('seller');
    expect(firstApprover('agent_then_seller')).toBe('agent');
    expect(firstApprover('agent')).toBe('agent');
    expect(firstApprover('instant')).toBe('none');
    expect(firstApprover('instructions')).toBe('none');
    expect(sellerAfterAgent('agent_then_seller')).toBe(true);
    expect(sellerAfterAgent('seller')).toBe(false);
    expect(sellerAfterAgent('agent')).toBe(false);
  });
});

describe('approval chain: reminder, escalation and expiry times', () => {
  it('same-day request: at once, again 2 h before the start (escalated to the agent then), expires at the start', () => {
    const created = z('2026-06-10T13:00:00Z'); // 9:00 EDT
    const starts = z('2026-06-10T21:00:00Z'); // 17:00 EDT
    const t = approvalTimeline(created, starts, NY);
    expect(t.kind).toBe('same-day');
    expect(t.requestAt).toEqual(created);
    expect(t.reminderAt).toEqual(z('2026-06-10T19:00:00Z'));
    expect(t.escalateAt).toEqual(z('2026-06-10T19:00:00Z'));
    expect(t.expiresAt).toEqual(starts);
  });

  it('same-day request made less than 2 h before: no late reminder or escalation, still expires at the start', () => {
    const t = approvalTimeline(z('2026-06-10T20:00:00Z'), z('2026-06-10T21:00:00Z'), NY);
    expect(t.reminderAt).toBeNull();
    expect(t.escalateAt).toBeNull();
    expect(t.expiresAt).toEqual(z('2026-06-10T21:00:00Z'));
  });

  it('next-day request: again by 7 PM the day before, escalated 2 h before the start', () => {
    const t = approvalTimeline(z('2026-06-10T13:00:00Z'), z('2026-06-11T14:00:00Z'), NY);
    expect(t.kind).toBe('later');
    expect(t.reminderAt).toEqual(z('2026-06-10T23:00:00Z')); // 19:00 EDT
    expect(t.escalateAt).toEqual(z('2026-06-11T12:00:00Z'));
  });

  it('next-day request made after 7 PM: no reminder that evening, the escalation stays', () => {
    const t = approvalTimeline(z('2026-06-11T00:30:00Z'), z('2026-06-11T14:00:00Z'), NY); // 20:30 EDT
    expect(t.reminderAt).toBeNull();
    expect(t.escalateAt).toEqual(z('2026-06-11T12:00:00Z'));
  });

  it('DST starts overnight (Sunday 8 March 2026): 7 PM the day before is on the old offset (EST)', () => {
    // Showing Sunday 8 March, 10:00 EDT; the day before is Saturday 7 March, 19:00 EST = 00:00Z.
    expect(eveningBefore(z('2026-03-08T14:00:00Z'), NY)).toEqual(z('2026-03-08T00:00:00Z'));
    // Showing Monday 9 March, 10:00 EDT; 7 PM on Sunday is already EDT = 23:00Z.
    const t = approvalTimeline(z('2026-03-06T17:00:00Z'), z('2026-03-09T14:00:00Z'), NY);
    expect(t.reminderAt).toEqual(z('2026-03-08T23:00:00Z'));
    expect(t.escalateAt).toEqual(z('2026-03-09T12:00:00Z'));
  });

  it('DST ends (Sunday 1 November 2026): "2 h before" is two real hours, through the repeated hour', () => {
    // Created 00:30 EDT; the showing at 03:00 EST = 08:00Z; two real hours before is 06:00Z (1:00 EST, the
    // second pass of the repeated hour).
    const t = approvalTimeline(z('2026-11-01T04:30:00Z'), z('2026-11-01T08:00:00Z'), NY);
    expect(t.kind).toBe('same-day');
    expect(t.reminderAt).toEqual(z('2026-11-01T06:00:00Z'));
    // The evening before a Monday showing after the change is 19:00 EST = 00:00Z.
    expect(eveningBefore(z('2026-11-02T15:00:00Z'), NY)).toEqual(z('2026-11-02T00:00:00Z'));
  });

  it('the day before at the start of a month is the previous month’s last day', () => {
    expect(eveningBefore(z('2026-07-01T14:00:00Z'), NY)).toEqual(z('2026-06-30T23:00:00Z'));
  });

  it("the agent's view of who answered", () => {
    expect(answerSummary('approved', 'Pat Seller')).toBe('Pat Seller approved');
    expect(answerSummary('open', null)).toBe('Waiting for the seller');
    expect(answerSummary('expired', null)).toBe('Expired without an answer');
  });
});

describe("a seller's spent link on a cancelled showing (issue 39 §10)", () => {
  const state = {
    action: 'approve' as const,
    status: 'withdrawn' as const,
    linkUsed: false,
    answeredBy: null,
  };
  it('says who cancelled it when that was recorded', () => {
    expect(spentLinkNote({ ...state, bookingStatus: 'cancelled', cancelledBy: 'buyer' })).toBe(
      'The buyer cancelled this showing request: there is nothing to answer.',
    );
    expect(spentLinkNote({ ...state, bookingStatus: 'cancelled', cancelledBy: 'agent' })).toBe(
      'The agent cancelled this showing request: there is nothing to answer.',
    );
    expect(spentLinkNote({ ...state, bookingStatus: 'cancelled', cancelledBy: null })).toBe(
      'This showing request was cancelled: there is nothing to answer.',
    );
  });
});
