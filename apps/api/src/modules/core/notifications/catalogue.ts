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
  /** Issue 33: the second text to a buyer who has not confirmed, and the agent's alert when still not. */
  'reconfirm',
  'unconfirmed_alert',
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
  /**
   * Quiet hours (issue 33): a reminder, re-confirmation or feedback ask whose text fell in them is two jobs —
   * 'email' at the due time and 'sms' at 8 AM — or one with `textByEmail` (the morning is too late).
   */
  channel?: 'email' | 'sms';
  textByEmail?: boolean;
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
  agent: ['new_booking', 'approval_needed', 'rescheduled', 'cancelled', 'unconfirmed'],
} as const;
export type BuyerEmailTemplate = (typeof EMAIL_TEMPLATES.buyer)[number];
export type AgentEmailTemplate = (typeof EMAIL_TEMPLATES.agent)[number];
export const SMS_TEMPLATES = [
  'confirmation',
  'rescheduled',
  'cancelled',
  /** Issue 39: the seller (or the agent) declined the request. */
  'declined',
  'reminder',
  'reconfirm',
  'feedback_ask',
] as const;
export type SmsTemplate = (typeof SMS_TEMPLATES)[number];

export type PlannedMessage =
  | { audience: 'buyer'; channel: 'email'; template: BuyerEmailTemplate }
  | { audience: 'agent'; channel: 'email'; template: AgentEmailTemplate }
  | { audience: 'buyer'; channel: 'sms'; template: SmsTemplate }
  /** Issue 32 §5 / issue 39: the buyer's agent who booked for their client gets the buyer's e-mails too. */
  | { audience: 'buyer_agent'; channel: 'email'; template: BuyerEmailTemplate };

export type PlanInput = {
  data: NotificationJobData;
  booking: { status: string; startsAt: Date };
  settings: {
    buyer_confirmation_email: boolean;
    agent_new_booking_email: boolean;
    reminder_emails: boolean;
    reminder_offsets_minutes: number[];
    feedback_request_email: boolean;
    reconfirm_minutes_before: number;
  };
  feedbackEnabled: boolean;
  hasFeedback: boolean;
  /** The agent's plan includes SMS and the agent has texts switched on. */
  textsOn: boolean;
  /** The buyer confirmed the showing (a Y reply or the manage page). */
  buyerConfirmed: boolean;
  /** `now` falls in the recipient's quiet hours (texts/quietHours.ts). */
  quietNow: boolean;
  /** Issue 32 §5: the booking names a buyer's agent with an e-mail address. */
  buyerAgentEmail?: boolean;
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
  const plan = eventPlan(input);
  return withBuyerAgent(QUIET_EVENTS.has(input.data.event) ? quietRules(plan, input) : plan, input);
}

/**
 * Issue 39: a buyer's agent who booked for their client (and gave an e-mail address) gets each of the buyer's
 * e-mails about the showing as well — confirmed, waiting, declined, moved, cancelled, reminded.
 */
function withBuyerAgent(plan: Plan, input: PlanInput): Plan {
  if (plan.skipped || !input.buyerAgentEmail) return plan;
  const copies = plan.messages.flatMap((m): PlannedMessage[] =>
    m.audience === 'buyer' &&
    m.channel === 'email' &&
    !plan.messages.some((o) => o.audience === 'buyer_agent' && o.template === m.template)
      ? [{ audience: 'buyer_agent', channel: 'email', template: m.template }]
      : [],
  );
  return { messages: [...plan.messages, ...copies] };
}

function eventPlan(input: PlanInput): Plan {
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
      if (data.status === 'pending' && booking.status !== 'pending') {
        // Answered before this job ran: "received" and "needs your approval" are no longer true; the
        // answer's own event tells the buyer. The agent still hears of the booking, as with any other.
        return byBuyer && settings.agent_new_booking_email
          ? { messages: [agentEmail('new_booking')] }
          : skip('the request was answered before its notice went out');
      }
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
      return { messages: [buyerEmail('declined'), ...text('declined')] };
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
      const ended = upcomingShowingEnded(input);
      if (ended) return ended;
      if (data.offsetMinutes !== undefined && !settings.reminder_offsets_minutes.includes(data.offsetMinutes))
        return skip('the agent no longer sends this reminder');
      return {
        messages: [...(settings.reminder_emails ? [buyerEmail('reminder')] : []), ...text('reminder')],
      };
    }
    case 'reconfirm':
    case 'unconfirmed_alert': {
      const ended = upcomingShowingEnded(input);
      if (ended) return ended;
      if (input.buyerConfirmed) return skip('the buyer has confirmed');
      if (!textsOn) return skip('the agent does not send texts');
      if (data.offsetMinutes !== undefined && data.offsetMinutes !== settings.reconfirm_minutes_before)
        return skip('the agent changed the re-confirmation time');
      return { messages: data.event === 'reconfirm' ? text('reconfirm') : [agentEmail('unconfirmed')] };
    }
    case 'feedback_request': {
      if (booking.status !== 'confirmed' && booking.status !== 'completed')
        return skip(`the booking is ${booking.status}`);
      if (!input.feedbackEnabled || (!settings.feedback_request_email && !textsOn))
        return skip('the agent does not ask for feedback');
      if (input.hasFeedback) return skip('the buyer has already given feedback');
      return {
        messages: [
          ...(settings.feedback_request_email ? [buyerEmail('feedback_request')] : []),
          // Issue 32 §5: the buyer's agent who booked for their client is asked too, by e-mail.
          ...(settings.feedback_request_email && input.buyerAgentEmail
            ? [
                {
                  audience: 'buyer_agent' as const,
                  channel: 'email' as const,
                  template: 'feedback_request' as const,
                },
              ]
            : []),
          ...text('feedback_ask'),
        ],
      };
    }
  }
}

/** A reminder's or re-confirmation's showing that is no longer ahead as it was planned: why nothing is sent. */
function upcomingShowingEnded({ data, booking, now }: PlanInput): Plan | null {
  if (booking.status !== 'confirmed') return skip(`the booking is ${booking.status}`);
  if (data.startsAt && Date.parse(data.startsAt) !== booking.startsAt.getTime())
    return skip('the showing has moved');
  if (booking.startsAt.getTime() <= now.getTime()) return skip('the showing has already started');
  return null;
}

/** The events whose texts keep quiet hours (texts/quietHours.ts); confirmations and changes do not wait. */
const QUIET_EVENTS: ReadonlySet<NotificationEvent> = new Set(['reminder', 'reconfirm', 'feedback_request']);

/**
 * Quiet hours on a planned event: a job for one channel keeps that channel's messages; a text whose morning
 * is too late (`textByEmail`), or that would go out in quiet hours anyway (a job that ran late), becomes the
 * buyer's reminder e-mail — the feedback ask has its e-mail already, and simply waits for its morning job.
 */
function quietRules(plan: Plan, { data, quietNow }: PlanInput): Plan {
  if (plan.skipped) return plan;
  let messages = plan.messages.filter((m) => !data.channel || m.channel === data.channel);
  const textHeld = messages.some((m) => m.channel === 'sms') && (data.textByEmail || quietNow);
  if (textHeld) {
    messages = messages.filter((m) => m.channel !== 'sms');
    // A morning text job held again (it ran late) is not turned into a second e-mail.
    const remindable = data.channel !== 'sms' && (data.event === 'reminder' || data.event === 'reconfirm');
    if (remindable && !messages.some((m) => m.channel === 'email' && m.audience === 'buyer'))
      messages.push({ audience: 'buyer', channel: 'email', template: 'reminder' });
  }
  return messages.length === 0 ? skip('quiet hours: nothing to send now') : { messages };
}

function skip(reason: string): Plan {
  return { messages: [], skipped: reason };
}

/** `reminder.buyer.email`: the kind recorded with each message and used in its idempotency key. */
export function messageKind(event: NotificationEvent, message: PlannedMessage): string {
  return `${event}.${message.audience}.${message.channel}`;
}
