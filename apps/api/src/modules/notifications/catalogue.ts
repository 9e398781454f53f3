// The message catalogue of issue 6: which events a booking's life puts on the queue, and which messages
// (audience × channel × template) each event becomes when its job runs.

/** A job on the notifications queue is one of these events of one booking. */
export const NOTIFICATION_EVENTS = [
  'booking_created',
  'booking_approved',
  'booking_declined',
  'booking_rescheduled',
  'booking_cancelled',
  'booking_reassigned',
  'reminder',
  'feedback_request',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/** Who made the change: the agent is not e-mailed about what they did themselves. */
export type Actor = 'buyer' | 'agent';

/** The job's payload. `scheduledFor` is part of every message's idempotency key. */
export type NotificationJobData = {
  bookingId: string;
  event: NotificationEvent;
  /** ISO instant the event is due (the change itself, a reminder time, the feedback time). */
  scheduledFor: string;
  actor: Actor;
  /** booking_created: the status the booking was made with (a pending request gets the pending notice). */
  status?: string;
  /** reminder: minutes before the showing, and the start it was computed from. */
  offsetMinutes?: number;
  startsAt?: string;
  /** booking_rescheduled: the booking it replaced. */
  previousBookingId?: string;
  /** booking_reassigned (issue 15): the team member's agent the booking was with before. */
  previousAgentId?: string;
};

/** The templates (templates.ts renders each for its audience and channel). */
export const EMAIL_TEMPLATES = {
  buyer: [
    'confirmation',
    'request_received',
    'approved',
    'declined',
    'rescheduled',
    'cancelled',
    'reassigned',
    'reminder',
    'feedback_request',
  ],
  agent: ['new_booking', 'approval_needed', 'rescheduled', 'cancelled'],
} as const;
export type BuyerEmailTemplate = (typeof EMAIL_TEMPLATES.buyer)[number];
export type AgentEmailTemplate = (typeof EMAIL_TEMPLATES.agent)[number];
export const SMS_TEMPLATES = ['confirmation', 'rescheduled', 'cancelled', 'reminder'] as const;
export type SmsTemplate = (typeof SMS_TEMPLATES)[number];

export type PlannedMessage =
  | { audience: 'buyer'; channel: 'email'; template: BuyerEmailTemplate }
  | { audience: 'agent'; channel: 'email'; template: AgentEmailTemplate }
  | { audience: 'buyer'; channel: 'sms'; template: SmsTemplate };

export type PlanInput = {
  data: NotificationJobData;
  booking: { status: string; startsAt: Date };
  settings: {
    buyer_confirmation_email: boolean;
    agent_new_booking_email: boolean;
    reminder_emails: boolean;
    reminder_offsets_minutes: number[];
    feedback_request_email: boolean;
  };
  feedbackEnabled: boolean;
  hasFeedback: boolean;
  /** The agent's plan includes SMS and the agent has texts switched on. */
  textsOn: boolean;
  /** Issue 32: the booking waits for the seller's answer (their request is open), not the agent's. */
  awaitingSeller?: boolean;
  now: Date;
};

export type Plan = { messages: PlannedMessage[]; skipped?: string };

/**
 * Decides, when the job runs, what its event still means: the booking may have been cancelled, moved or
 * approved since, and the agent's settings are read as they are now.
 */
export function planMessages(input: PlanInput): Plan {
  const { data, booking, settings, textsOn } = input;
  const active = booking.status === 'pending' || booking.status === 'confirmed';
  const buyerEmail = (template: BuyerEmailTemplate): PlannedMessage => ({
    audience: 'buyer',
    channel: 'email',
    template,
  });
  const agentEmail = (template: AgentEmailTemplate): PlannedMessage => ({
    audience: 'agent',
    channel: 'email',
    template,
  });
  const text = (template: SmsTemplate): PlannedMessage[] =>
    textsOn ? [{ audience: 'buyer', channel: 'sms', template }] : [];
  const byBuyer = data.actor === 'buyer';

  switch (data.event) {
    case 'booking_created': {
      if (!active) return skip(`the booking is ${booking.status}`);
      if (data.status === 'pending' && input.awaitingSeller) {
        // The seller answers, not the agent: the agent is told of the booking like of any other.
        return {
          messages: [
            ...(settings.buyer_confirmation_email ? [buyerEmail('request_received')] : []),
            ...(settings.agent_new_booking_email ? [agentEmail('new_booking')] : []),
          ],
        };
      }
      if (data.status === 'pending') {
        return {
          messages: [
            ...(settings.buyer_confirmation_email ? [buyerEmail('request_received')] : []),
            // The agent must act on a request, so this one is not optional.
            agentEmail('approval_needed'),
          ],
        };
      }
      return {
        messages: [
          ...(settings.buyer_confirmation_email ? [buyerEmail('confirmation')] : []),
          ...text('confirmation'),
          ...(byBuyer && settings.agent_new_booking_email ? [agentEmail('new_booking')] : []),
        ],
      };
    }
    case 'booking_approved':
      if (booking.status !== 'confirmed') return skip(`the booking is ${booking.status}`);
      return {
        messages: [
          ...(settings.buyer_confirmation_email ? [buyerEmail('approved')] : []),
          ...text('confirmation'),
        ],
      };
    case 'booking_declined':
      return { messages: [buyerEmail('declined')] };
    case 'booking_rescheduled':
      if (!active) return skip(`the new booking is ${booking.status}`);
      return {
        messages: [
          buyerEmail('rescheduled'),
          ...text('rescheduled'),
          ...(byBuyer && settings.agent_new_booking_email ? [agentEmail('rescheduled')] : []),
        ],
      };
    case 'booking_cancelled':
      return {
        messages: [
          buyerEmail('cancelled'),
          ...text('cancelled'),
          ...(byBuyer && settings.agent_new_booking_email ? [agentEmail('cancelled')] : []),
        ],
      };
    case 'booking_reassigned':
      // A team owner or admin handed the booking to another member: the buyer learns who they will meet.
      if (!active) return skip(`the booking is ${booking.status}`);
      return { messages: [buyerEmail('reassigned')] };
    case 'reminder': {
      if (booking.status !== 'confirmed') return skip(`the booking is ${booking.status}`);
      if (data.startsAt && Date.parse(data.startsAt) !== booking.startsAt.getTime())
        return skip('the showing has moved');
      if (booking.startsAt.getTime() <= input.now.getTime()) return skip('the showing has already started');
      if (data.offsetMinutes !== undefined && !settings.reminder_offsets_minutes.includes(data.offsetMinutes))
        return skip('the agent no longer sends this reminder');
      return {
        messages: [...(settings.reminder_emails ? [buyerEmail('reminder')] : []), ...text('reminder')],
      };
    }
    case 'feedback_request':
      if (booking.status !== 'confirmed' && booking.status !== 'completed')
        return skip(`the booking is ${booking.status}`);
      if (!input.feedbackEnabled || !settings.feedback_request_email)
        return skip('the agent does not ask for feedback');
      if (input.hasFeedback) return skip('the buyer has already given feedback');
      return { messages: [buyerEmail('feedback_request')] };
  }
}

function skip(reason: string): Plan {
  return { messages: [], skipped: reason };
}

/** `reminder.buyer.email`: the kind recorded with each message and used in its idempotency key. */
export function messageKind(event: NotificationEvent, message: PlannedMessage): string {
  return `${event}.${message.audience}.${message.channel}`;
}
