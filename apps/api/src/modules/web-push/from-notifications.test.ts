// Which notification jobs also push to the agent's devices: the moments the agent is e-mailed about.
import { describe, expect, it } from 'vitest';
import type { NotificationJobData, PlannedMessage } from '../core/notifications/catalogue';
import { pushOfNotification } from './from-notifications';

const booking = { id: 'b-1', agentId: 'a-1' };
const job = (data: Partial<NotificationJobData>): NotificationJobData => ({
  bookingId: 'b-1',
  event: 'booking_created',
  scheduledFor: '2031-03-08T18:00:00.000Z',
  actor: 'buyer',
  ...data,
});
const toAgent = (
  template: 'approval_needed' | 'new_booking' | 'unconfirmed' | 'cancelled',
): PlannedMessage => ({
  audience: 'agent',
  channel: 'email',
  template,
});

describe('pushOfNotification', () => {
  it('a request the agent must approve is new_request, keyed by the event and its time', () => {
    expect(pushOfNotification(job({ status: 'pending' }), [toAgent('approval_needed')], booking)).toEqual({
      agentId: 'a-1',
      bookingId: 'b-1',
      event: 'new_request',
      key: 'b-1:booking_created:2031-03-08T18:00:00.000Z',
    });
  });

  it('a booking the agent only hears of (or the seller decides) is not pushed', () => {
    expect(pushOfNotification(job({}), [toAgent('new_booking')], booking)).toBeNull();
    expect(pushOfNotification(job({ status: 'pending' }), [], booking)).toBeNull();
  });

  it('a buyer’s cancellation is pushed, the agent’s own is not', () => {
    expect(pushOfNotification(job({ event: 'booking_cancelled' }), [], booking)?.event).toBe('cancelled');
    expect(pushOfNotification(job({ event: 'booking_cancelled', actor: 'agent' }), [], booking)).toBeNull();
  });

  it('the "Not confirmed" alert is pushed when the agent is alerted', () => {
    const alert = job({ event: 'unconfirmed_alert', actor: 'agent' });
    expect(pushOfNotification(alert, [toAgent('unconfirmed')], booking)?.event).toBe('not_confirmed');
    expect(pushOfNotification(alert, [], booking)).toBeNull();
  });

  it('reminders and the buyer’s messages of other events push nothing', () => {
    expect(pushOfNotification(job({ event: 'reminder' }), [], booking)).toBeNull();
    expect(pushOfNotification(job({ event: 'booking_approved', actor: 'agent' }), [], booking)).toBeNull();
  });
});
