import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES, type BookingStatus } from './enums';
import {
  BOOKING_ACTIONS,
  agentBookingStatusFor,
  allowedActions,
  canReschedule,
  transition,
} from './bookingStatus';

const now = new Date('2030-05-01T12:00:00Z');
const future = new Date('2030-05-02T12:00:00Z');
const past = new Date('2030-04-30T12:00:00Z');

describe('booking state machine', () => {
  it('a pending request can be confirmed or declined before it starts', () => {
    expect(transition('pending', 'confirm', future, now)).toEqual({ ok: true, status: 'confirmed' });
    expect(transition('pending', 'decline', future, now)).toEqual({ ok: true, status: 'declined' });
    expect(allowedActions('pending', future, now)).toEqual(['confirm', 'decline', 'cancel']);
  });

  it('a confirmed future booking can be cancelled or rescheduled, not completed', () => {
    expect(allowedActions('confirmed', future, now)).toEqual(['cancel']);
    expect(canReschedule('confirmed', future, now)).toBe(true);
    expect(transition('confirmed', 'complete', future, now)).toEqual({
      ok: false,
      reason: "This showing hasn't happened yet.",
    });
  });

  it('after the start a confirmed booking is marked completed or no-show, and can no longer be cancelled', () => {
    expect(allowedActions('confirmed', past, now)).toEqual(['complete', 'no_show']);
    expect(transition('confirmed', 'no_show', past, now)).toEqual({ ok: true, status: 'no_show' });
    expect(transition('confirmed', 'cancel', past, now)).toEqual({
      ok: false,
      reason: 'This showing has already started.',
    });
    expect(canReschedule('confirmed', past, now)).toBe(false);
  });

  it('a completed showing may still turn out a no-show, and its buyer be asked for feedback again (issue 29)', () => {
    expect(allowedActions('completed', past, now)).toEqual(['no_show', 'request_feedback']);
    expect(transition('completed', 'request_feedback', past, now)).toEqual({ ok: true, status: 'completed' });
    expect(transition('completed', 'no_show', past, now)).toEqual({ ok: true, status: 'no_show' });
    expect(transition('confirmed', 'request_feedback', past, now).ok).toBe(false);
  });

  it('terminal statuses allow nothing', () => {
    for (const status of ['declined', 'cancelled', 'rescheduled', 'no_show'] as BookingStatus[]) {
      for (const when of [past, future]) expect(allowedActions(status, when, now), status).toEqual([]);
    }
  });

  it('every refused transition says why in words', () => {
    for (const status of BOOKING_STATUSES) {
      for (const action of BOOKING_ACTIONS) {
        const r = transition(status, action, future, now);
        if (!r.ok) expect(r.reason.length).toBeGreaterThan(10);
      }
    }
    expect(transition('cancelled', 'confirm', future, now)).toEqual({
      ok: false,
      reason: 'A cancelled booking can\'t be changed with "Confirm".',
    });
  });
});

describe('agentBookingStatusFor: a booking the agent records', () => {
  const now = new Date('2030-01-07T15:00:00Z');
  it('is confirmed when it starts later (even later today) or right now', () => {
    expect(agentBookingStatusFor(new Date('2030-01-07T15:30:00Z'), now)).toBe('confirmed');
    expect(agentBookingStatusFor(now, now)).toBe('confirmed');
  });
  it('past times are saved as completed: it already started (earlier today or a past date)', () => {
    expect(agentBookingStatusFor(new Date('2030-01-07T13:00:00Z'), now)).toBe('completed');
    expect(agentBookingStatusFor(new Date('2030-01-07T14:59:59Z'), now)).toBe('completed');
    expect(agentBookingStatusFor(new Date('2029-12-20T13:00:00Z'), now)).toBe('completed');
  });
});
