// Issue 45: a conversation per showing between the listing agent, the buyer's agent (or the buyer when there is
// none) and, where the listing agent allows it, the property's sellers. Pure: who may write, the quick statuses'
// exact words, the message's limits, the request and answer shapes and every sentence people read about it.
import { z } from 'zod';
import { PLAN_ORDER } from '../plans';
import manage from '../i18n/en/manage.json' with { type: 'json' };
import { english } from '../i18n/icu-english';

export const THREAD_AUTHOR_ROLES = ['agent', 'buyer', 'buyer_agent', 'seller'] as const;
export type ThreadAuthorRole = (typeof THREAD_AUTHOR_ROLES)[number];

export const THREAD_MESSAGE_KINDS = ['message', 'status'] as const;
export type ThreadMessageKind = (typeof THREAD_MESSAGE_KINDS)[number];

export const THREAD_VIA = ['web', 'text', 'email'] as const;
export type ThreadVia = (typeof THREAD_VIA)[number];

export const THREAD_STATUSES = ['late_10', 'late_20', 'arrived', 'finished', 'reschedule'] as const;
export type ThreadStatus = (typeof THREAD_STATUSES)[number];

/** A message's longest body, in characters (after trimming). */
export const THREAD_MESSAGE_MAX = 2000;

export const THREAD_TEXTS = {
  /** The quick statuses' exact words: the message's body and what the other side reads. */
  statuses: {
    // One English copy: the buyer's and seller's pages read the same keys in their language (issue 43).
    late_10: english(manage.late10),
    late_20: english(manage.late20),
    arrived: english(manage.arrived),
    finished: english(manage.finished),
    reschedule: english(manage.needReschedule),
  } satisfies Record<ThreadStatus, string>,
  roles: {
    agent: english(manage.roleAgent),
    buyer: english(manage.roleBuyer),
    buyer_agent: english(manage.roleBuyerAgent),
    seller: english(manage.roleSeller),
  } satisfies Record<ThreadAuthorRole, string>,
  via: { web: '', text: english(manage.viaText), email: english(manage.viaEmail) } satisfies Record<
    ThreadVia,
    string
  >,
  panel: {
    title: english(manage.threadTitle),
    empty: english(manage.threadEmpty),
    label: english(manage.threadLabel),
    send: english(manage.send),
    sending: english(manage.sending),
    quick: english(manage.quickStatus),
    loadError: english(manage.threadLoadError),
    sendError: english(manage.threadSendError),
    readOnly: 'You can read this conversation; the listing agent has not opened it to sellers’ messages.',
    timesIn: (zone: string) => `Times in ${zone}`,
    showing: english(manage.showing),
    quickFor: (client: string) => `Quick status for ${client}`,
    sent: (status: string) => `Sent: ${status}`,
    count: (n: number) => english(manage.messageCount, { count: n }),
  },
  search: {
    path: '/dashboard/conversations',
    title: 'Conversations',
    description: 'Search what you, buyers, their agents and sellers wrote about your showings.',
    label: 'Search messages',
    submit: 'Search',
    empty: 'No messages match.',
    hint: 'Type at least 2 characters.',
    open: 'Open the booking',
    all: 'Search all conversations',
    showing: (client: string, where: string, when: string) => `${client} · ${where} · ${when}`,
    noProperty: 'Consultation',
  },
  sellersToggle: {
    label: 'Sellers may write in showing conversations',
    hint: 'Seller contacts read and write in each showing’s conversation from their seller link.',
  },
  errors: {
    empty: english(manage.writeMessage),
    tooLong: english(manage.tooLong, { max: THREAD_MESSAGE_MAX }),
    status: 'Choose a status',
    query: 'Enter at least 2 characters',
  },
  mail: {
    subject: (address: string) => `New message about the showing at ${address}`,
    statusSubject: (status: string, address: string) => `${status}: showing at ${address}`,
    heading: 'New message about a showing',
    wrote: (name: string, role: string) => `${name} (${role}) wrote:`,
    action: 'Open the conversation',
    property: 'Property',
    time: 'Showing',
    text: (name: string, address: string, body: string, link: string) =>
      `${name} about ${address}: ${body} Reply to this text, or open ${link}`,
  },
} as const;

/** How long a thread message's text to the listing agent quotes it (the rest is on the thread's page). */
export const AGENT_TEXT_QUOTE = 100;

/**
 * Issue 45: the listing agent's own texts of new thread messages (Settings → Notifications). Their consent is for
 * their own number, recorded in the consent ledger like a buyer's agent's.
 */
export const AGENT_OWN_TEXTS = {
  heading: 'Texts to your own phone',
  label: 'Text me new messages about my showings',
  consent: (phone: string) =>
    `I agree to receive texts at ${phone} when a buyer, buyer’s agent or seller writes about one of my showings. Message and data rates may apply. Reply STOP to stop.`,
  noPhone: 'Add your mobile number in Profile first: the texts go to your own number.',
  /** Why these texts would not go out now, and who can change it (the switch waits until they would). */
  notSent: {
    server:
      'Texts are not set up on this server yet: its administrator can set them up on Server settings. Until then new messages reach you by e-mail.',
    plan: (plans: string) =>
      `Your plan does not include texts: they come with the ${plans} plans (Billing). Until then new messages reach you by e-mail.`,
    setting:
      'Your texts are switched off: turn on “SMS reminders” under Notifications to get new messages by text too.',
  },
  saved: (on: boolean) =>
    on ? 'You will get new messages by text.' : 'You will no longer get new messages by text.',
  text: (name: string, address: string, body: string, link: string) =>
    `${name} about ${address}: ${
      body.length > AGENT_TEXT_QUOTE ? `${body.slice(0, AGENT_TEXT_QUOTE - 1).trimEnd()}…` : body
    } Open ${link}`,
} as const;

/** Why the agent's own texts would not go out now (`not_sent`), in AGENT_OWN_TEXTS' words: shown and refused alike. */
export function ownTextsNotSent(reason: 'server' | 'plan' | 'setting'): string {
  if (reason !== 'plan') return AGENT_OWN_TEXTS.notSent[reason];
  const plans = PLAN_ORDER.filter((plan) => plan.features.sms).map((plan) => plan.name);
  return AGENT_OWN_TEXTS.notSent.plan(plans.join(' and '));
}

/** The words a quick status is posted with. */
export function threadStatusText(status: ThreadStatus): string {
  return THREAD_TEXTS.statuses[status];
}

const bodySchema = z
  .string({ error: THREAD_TEXTS.errors.empty })
  .trim()
  .min(1, THREAD_TEXTS.errors.empty)
  .max(THREAD_MESSAGE_MAX, THREAD_TEXTS.errors.tooLong);

export const threadMessageRequestSchema = z.object({ body: bodySchema });
export const threadStatusRequestSchema = z.object({
  status: z.enum(THREAD_STATUSES, { error: THREAD_TEXTS.errors.status }),
});
/** The buyer's manage page carries its token in the body (as its other writes do). */
export const manageThreadMessageRequestSchema = threadMessageRequestSchema.extend({
  token: z.string().min(1).max(200),
});
export const manageThreadStatusRequestSchema = threadStatusRequestSchema.extend({
  token: z.string().min(1).max(200),
});
export const threadSearchQuerySchema = z.object({
  q: z.string().trim().min(2, THREAD_TEXTS.errors.query).max(200),
});

export const threadMessageSchema = z.object({
  id: z.string(),
  author_role: z.enum(THREAD_AUTHOR_ROLES),
  author_name: z.string(),
  kind: z.enum(THREAD_MESSAGE_KINDS),
  status_code: z.enum(THREAD_STATUSES).nullable(),
  body: z.string(),
  via: z.enum(THREAD_VIA),
  created_at: z.string(),
});
export type ThreadMessage = z.infer<typeof threadMessageSchema>;

export const threadSchema = z.object({
  booking_id: z.string(),
  /** The showing's zone (the listing agent's): times are shown in it, labelled. */
  time_zone: z.string(),
  /** Who is reading: their own messages are told apart. */
  viewer_role: z.enum(THREAD_AUTHOR_ROLES),
  can_write: z.boolean(),
  can_post_status: z.boolean(),
  messages: z.array(threadMessageSchema),
});
export type Thread = z.infer<typeof threadSchema>;
export const threadResponseSchema = z.object({ success: z.literal(true), data: threadSchema });

export const threadSearchHitSchema = threadMessageSchema.extend({
  booking: z.object({
    id: z.string(),
    client_name: z.string(),
    starts_at: z.string(),
    address: z.string().nullable(),
  }),
});
export type ThreadSearchHit = z.infer<typeof threadSearchHitSchema>;
export const threadSearchResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(threadSearchHitSchema),
});

export const threadSettingsSchema = z.object({ sellers_in_thread: z.boolean() });
export const threadSettingsResponseSchema = z.object({
  success: z.literal(true),
  data: threadSettingsSchema,
});

/** A seller's link lists the listing's showings whose conversations they may open. */
export const sellerThreadsSchema = z.object({
  allowed: z.boolean(),
  time_zone: z.string(),
  showings: z.array(
    z.object({
      booking_id: z.string(),
      starts_at: z.string(),
      status: z.string(),
      messages: z.number().int(),
    }),
  ),
});
export const sellerThreadsResponseSchema = z.object({ success: z.literal(true), data: sellerThreadsSchema });

/** PUT /api/notifications/own-texts: the agent's own consent for their own number, or its withdrawal. */
export const agentOwnTextsRequestSchema = z.object({ consent: z.boolean() });
export const agentOwnTextsSchema = z.object({
  /** The agent's own number (Profile), E.164; null when none is usable for texts. */
  phone: z.string().nullable(),
  consented: z.boolean(),
  consented_at: z.string().nullable(),
  /**
   * Why no text would go out now, whatever the consent says (null: they would): this server's texts are not set
   * up (its administrator, Server settings), the agent's plan has no texts, or their own "SMS reminders" is off —
   * the same gates the sender applies (showing-threads/mail.ts).
   */
  not_sent: z.enum(['server', 'plan', 'setting']).nullable(),
});
export const agentOwnTextsResponseSchema = z.object({ success: z.literal(true), data: agentOwnTextsSchema });
export type AgentOwnTexts = z.infer<typeof agentOwnTextsSchema>;
