import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@keyturn/domain/schemas/agentSettings';
import { planMessages, type NotificationJobData, type PlanInput } from './catalogue';

const start = new Date('2030-01-08T15:00:00Z');
const base: PlanInput = {
  data: { bookingId: 'b1', event: 'booking_created', scheduledFor: '2030-01-01T00:00:00Z', actor: 'buyer' },
  booking: { status: 'confirmed', startsAt: start },
  settings: DEFAULT_NOTIFICATION_SETTINGS,
  feedbackEnabled: true,
  hasFeedback: false,
  textsOn: false,
  buyerConfirmed: false,
  quietNow: false,
  now: new Date('2030-01-07T15:00:00Z'),
};
const plan = (over: Omit<Partial<PlanInput>, 'data'> & { data?: Partial<NotificationJobData> }) =>
  planMessages({ ...base, ...over, data: { ...base.data, ...over.data } });
const names = (p: ReturnType<typeof planMessages>) =>
  p.messages.map((m) => `${m.audience}.${m.channel}.${m.template}`);

describe('the message catalogue (issue 39)', () => {
  it("a decline is texted when texts are on; a buyer's agent gets each of the buyer's e-mails, once", () => {
    const declined = { data: { event: 'booking_declined' as const, actor: 'agent' as const } };
    expect(names(plan(declined))).toEqual(['buyer.email.declined']);
    expect(names(plan({ ...declined, textsOn: true }))).toEqual([
      'buyer.email.declined',
      'buyer.sms.declined',
    ]);
    expect(names(plan({ buyerAgentEmail: true, textsOn: true }))).toEqual([
      'buyer.email.confirmation',
      'buyer.sms.confirmation',
      'agent.email.new_booking',
      'buyer_agent.email.confirmation',
    ]);
    const feedback = plan({
      buyerAgentEmail: true,
      data: { event: 'feedback_request' },
      now: new Date('2030-01-08T17:00:00Z'),
    });
    expect(names(feedback).filter((n) => n.startsWith('buyer_agent'))).toEqual([
      'buyer_agent.email.feedback_request',
    ]);
  });
});

describe('the message catalogue', () => {
  it('a new booking: buyer confirmation (+ text when on), agent notice only when the buyer booked', () => {
    expect(names(plan({}))).toEqual(['buyer.email.confirmation', 'agent.email.new_booking']);
    expect(names(plan({ textsOn: true }))).toEqual([
      'buyer.email.confirmation',
      'buyer.sms.confirmation',
      'agent.email.new_booking',
    ]);
    expect(names(plan({ data: { actor: 'agent' } }))).toEqual(['buyer.email.confirmation']);
    expect(
      names(plan({ settings: { ...DEFAULT_NOTIFICATION_SETTINGS, agent_new_booking_email: false } })),
    ).toEqual(['buyer.email.confirmation']);
  });

  it('a request awaiting approval: the pending notice and the approval request; its outcome later', () => {
    expect(
      names(plan({ data: { status: 'pending' }, booking: { status: 'pending', startsAt: start } })),
    ).toEqual(['buyer.email.request_received', 'agent.email.approval_needed']);
    // Approved before the request's job ran: no "received", no "needs your approval" after the answer.
    expect(
      names(plan({ data: { status: 'pending' }, booking: { status: 'confirmed', startsAt: start } })),
    ).toEqual(['agent.email.new_booking']);
    expect(
      plan({
        data: { status: 'pending', actor: 'agent' },
        booking: { status: 'confirmed', startsAt: start },
      }),
    ).toMatchObject({ messages: [], skipped: 'the request was answered before its notice went out' });
    expect(names(plan({ data: { event: 'booking_approved', actor: 'agent' } }))).toEqual([
      'buyer.email.approved',
    ]);
    expect(
      names(
        plan({
          data: { event: 'booking_declined', actor: 'agent' },
          booking: { status: 'declined', startsAt: start },
        }),
      ),
    ).toEqual(['buyer.email.declined']);
  });

  it('a booking that was cancelled or moved before its confirmation went out gets none', () => {
    for (const status of ['cancelled', 'rescheduled', 'declined']) {
      expect(plan({ booking: { status, startsAt: start } })).toMatchObject({ messages: [] });
    }
  });

  it('cancellation and reschedule reach both sides when the buyer acted, the buyer alone when the agent did', () => {
    const cancelled = { status: 'cancelled', startsAt: start };
    expect(names(plan({ data: { event: 'booking_cancelled' }, booking: cancelled }))).toEqual([
      'buyer.email.cancelled',
      'agent.email.cancelled',
    ]);
    expect(names(plan({ data: { event: 'booking_cancelled', actor: 'agent' }, booking: cancelled }))).toEqual(
      ['buyer.email.cancelled'],
    );
    expect(names(plan({ data: { event: 'booking_rescheduled' }, textsOn: true }))).toEqual([
      'buyer.email.rescheduled',
      'buyer.sms.rescheduled',
      'agent.email.rescheduled',
    ]);
  });

  it('a reminder goes out only for a confirmed showing that has not started, at an offset still chosen', () => {
    const reminder = { event: 'reminder' as const, offsetMinutes: 60, startsAt: start.toISOString() };
    expect(names(plan({ data: reminder, textsOn: true }))).toEqual([
      'buyer.email.reminder',
      'buyer.sms.reminder',
    ]);
    expect(plan({ data: reminder, booking: { status: 'pending', startsAt: start } }).skipped).toBe(
      'the booking is pending',
    );
    expect(plan({ data: reminder, now: start }).skipped).toBe('the showing has already started');
    expect(plan({ data: { ...reminder, startsAt: '2030-01-09T15:00:00.000Z' } }).skipped).toBe(
      'the showing has moved',
    );
    expect(plan({ data: { ...reminder, offsetMinutes: 120 } }).skipped).toBe(
      'the agent no longer sends this reminder',
    );
    expect(
      names(plan({ data: reminder, settings: { ...DEFAULT_NOTIFICATION_SETTINGS, reminder_emails: false } })),
    ).toEqual([]);
  });

  it('the feedback request: once, for a showing that happened, when the agent asks for feedback', () => {
    const request = { event: 'feedback_request' as const };
    expect(names(plan({ data: request }))).toEqual(['buyer.email.feedback_request']);
    expect(names(plan({ data: request, booking: { status: 'completed', startsAt: start } }))).toEqual([
      'buyer.email.feedback_request',
    ]);
    expect(plan({ data: request, booking: { status: 'no_show', startsAt: start } }).skipped).toBe(
      'the booking is no_show',
    );
    expect(plan({ data: request, hasFeedback: true }).skipped).toBe('the buyer has already given feedback');
    expect(plan({ data: request, feedbackEnabled: false }).skipped).toBe(
      'the agent does not ask for feedback',
    );
  });

  it("the feedback request goes to the buyer's agent too when they gave an e-mail (issue 32 §5)", () => {
    const request = { event: 'feedback_request' as const };
    expect(names(plan({ data: request, buyerAgentEmail: true }))).toEqual([
      'buyer.email.feedback_request',
      'buyer_agent.email.feedback_request',
    ]);
    expect(names(plan({ data: request, buyerAgentEmail: false }))).toEqual(['buyer.email.feedback_request']);
    expect(plan({ data: request, buyerAgentEmail: true, hasFeedback: true }).messages).toEqual([]);
  });
});

describe('issue 33: reply-asking texts, quiet hours, re-confirmation, feedback by reply', () => {
  const reminder = { event: 'reminder' as const, offsetMinutes: 1440, startsAt: start.toISOString() };

  it('in quiet hours a reminder’s text is held: the e-mail goes, or the reminder e-mail replaces it', () => {
    expect(names(plan({ textsOn: true, data: reminder }))).toEqual([
      'buyer.email.reminder',
      'buyer.sms.reminder',
    ]);
    expect(names(plan({ textsOn: true, quietNow: true, data: reminder }))).toEqual(['buyer.email.reminder']);
    const noEmails = { ...DEFAULT_NOTIFICATION_SETTINGS, reminder_emails: false };
    expect(
      names(plan({ textsOn: true, settings: noEmails, data: { ...reminder, textByEmail: true } })),
    ).toEqual(['buyer.email.reminder']);
  });

  it('a job for one channel keeps only that channel (the e-mail at the due time, the text at 8 AM)', () => {
    expect(names(plan({ textsOn: true, data: { ...reminder, channel: 'email' } }))).toEqual([
      'buyer.email.reminder',
    ]);
    expect(names(plan({ textsOn: true, data: { ...reminder, channel: 'sms' } }))).toEqual([
      'buyer.sms.reminder',
    ]);
    expect(plan({ textsOn: true, quietNow: true, data: { ...reminder, channel: 'sms' } }).skipped).toBe(
      'quiet hours: nothing to send now',
    );
  });

  it('the second text and the alert: only while texts are on and the buyer has not confirmed', () => {
    const reconfirm = { event: 'reconfirm' as const, offsetMinutes: 360, startsAt: start.toISOString() };
    const alert = { event: 'unconfirmed_alert' as const, offsetMinutes: 360, startsAt: start.toISOString() };
    expect(names(plan({ textsOn: true, data: reconfirm }))).toEqual(['buyer.sms.reconfirm']);
    expect(names(plan({ textsOn: true, data: alert }))).toEqual(['agent.email.unconfirmed']);
    expect(plan({ textsOn: true, buyerConfirmed: true, data: reconfirm }).skipped).toBe(
      'the buyer has confirmed',
    );
    expect(plan({ textsOn: true, buyerConfirmed: true, data: alert }).skipped).toBe(
      'the buyer has confirmed',
    );
    expect(plan({ textsOn: false, data: alert }).skipped).toBe('the agent does not send texts');
    expect(plan({ textsOn: true, data: { ...reconfirm, offsetMinutes: 720 } }).skipped).toBe(
      'the agent changed the re-confirmation time',
    );
    expect(plan({ textsOn: true, data: { ...alert, startsAt: '2030-01-09T15:00:00Z' } }).skipped).toBe(
      'the showing has moved',
    );
    expect(names(plan({ textsOn: true, data: { ...reconfirm, textByEmail: true } }))).toEqual([
      'buyer.email.reminder',
    ]);
  });

  it('the feedback ask goes by text too when texts are on, and waits out quiet hours', () => {
    const feedback = { event: 'feedback_request' as const };
    expect(names(plan({ textsOn: true, data: feedback }))).toEqual([
      'buyer.email.feedback_request',
      'buyer.sms.feedback_ask',
    ]);
    expect(names(plan({ textsOn: true, quietNow: true, data: feedback }))).toEqual([
      'buyer.email.feedback_request',
    ]);
    const textOnly = { ...DEFAULT_NOTIFICATION_SETTINGS, feedback_request_email: false };
    expect(names(plan({ textsOn: true, settings: textOnly, data: feedback }))).toEqual([
      'buyer.sms.feedback_ask',
    ]);
    expect(plan({ textsOn: false, settings: textOnly, data: feedback }).skipped).toBe(
      'the agent does not ask for feedback',
    );
  });
});
