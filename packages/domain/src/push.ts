// Issue 47: push notifications on the agent's devices (decision 093). The events an agent can be told of on a
// phone, and every word a push or its settings show — the same words as the agent's e-mails for those events.

/** What a push tells the agent about; each is on by default once the agent turns push on for a device. */
export const PUSH_EVENTS = [
  'new_request',
  'seller_answer',
  'cancelled',
  'not_confirmed',
  'buyer_message',
  'access_released',
] as const;
export type PushEvent = (typeof PUSH_EVENTS)[number];

export type PushPreferences = Record<PushEvent, boolean>;

export const DEFAULT_PUSH_PREFERENCES: PushPreferences = {
  new_request: true,
  seller_answer: true,
  cancelled: true,
  not_confirmed: true,
  buyer_message: true,
  access_released: true,
};

/** The showing a push is about, as its words need it (the time already in the agent's zone). */
export type PushFacts = {
  client: string;
  /** "Tue, Dec 8 at 2:00 PM" */
  when: string;
  /** The property's address, or the appointment's noun when there is none. */
  what: string;
};

/** How long a push service keeps a push for a device that is offline (seconds), and how urgent it is. */
export const PUSH_DELIVERY: Record<PushEvent, { ttlSeconds: number; urgency: 'normal' | 'high' }> = {
  new_request: { ttlSeconds: 24 * 3600, urgency: 'high' },
  seller_answer: { ttlSeconds: 24 * 3600, urgency: 'normal' },
  cancelled: { ttlSeconds: 24 * 3600, urgency: 'high' },
  not_confirmed: { ttlSeconds: 2 * 3600, urgency: 'high' },
  buyer_message: { ttlSeconds: 24 * 3600, urgency: 'normal' },
  access_released: { ttlSeconds: 2 * 3600, urgency: 'normal' },
};

export const PUSH_TEXTS = {
  /** The titles are the subjects of the agent's e-mails for the same events. */
  title: {
    new_request: (f: PushFacts) => `Approval needed: ${f.client} — ${f.when}`,
    seller_answer: (f: PushFacts) => `Seller answered: ${f.client} — ${f.when}`,
    cancelled: (f: PushFacts) => `Cancelled: ${f.client} — ${f.when}`,
    not_confirmed: (f: PushFacts) => `Not confirmed: ${f.client} — ${f.when}`,
    buyer_message: (f: PushFacts) => `New message about ${f.what}`,
    access_released: (f: PushFacts) => `Getting in: ${f.what} — ${f.when}`,
  } satisfies Record<PushEvent, (f: PushFacts) => string>,
  body: {
    new_request: (f: PushFacts) => `${f.client} asked for ${f.what}. Approve or decline it.`,
    /** `answer` is the seller-approval wording the agent sees: "Pat Seller approved". */
    seller_answer: (f: PushFacts, answer: string) => `${answer} — ${f.what}.`,
    cancelled: (f: PushFacts) => `${f.client} cancelled ${f.what}. The time is free again.`,
    not_confirmed: (f: PushFacts) => `${f.client} has not confirmed ${f.what}.`,
    buyer_message: (f: PushFacts, excerpt: string) => `${f.client}: ${excerpt}`,
    access_released: (f: PushFacts) => `The access details for ${f.what} went to ${f.client}.`,
  },
  actions: { approve: 'Approve', decline: 'Decline', open: 'Open' },
  /** The booking a notification's Approve / Decline opened was answered meanwhile: nothing was sent. */
  alreadyAnswered: (status: string) => `Nothing was changed: this booking is already ${status}.`,
  /** Settings → Notifications: the section for this device. */
  settings: {
    heading: 'Push notifications on this device',
    intro: 'Get a notification on this phone or computer when something needs you, even with Keyturn closed.',
    turnOn: 'Turn on push notifications',
    turnOff: 'Turn off on this device',
    on: 'Push notifications are on for this device.',
    unsupported:
      'This browser cannot receive push notifications. On an iPhone, add Keyturn to the Home Screen first.',
    denied:
      'Notifications are blocked for Keyturn in this browser. Allow them in the browser’s site settings, then try again.',
    unavailable: 'Push notifications are not available on this server.',
    failed: 'Push notifications could not be turned on. Please try again.',
    saved: 'Saved',
    eventsHeading: 'Notify me about',
    events: {
      new_request: 'New requests waiting for your approval',
      seller_answer: 'A seller’s answer',
      cancelled: 'Cancellations',
      not_confirmed: 'Showings the buyer has not confirmed',
      buyer_message: 'Messages from buyers',
      access_released: 'Access details released',
    } satisfies Record<PushEvent, string>,
  },
  install: {
    title: 'Install Keyturn',
    body: 'Keep My day on your home screen: it opens like an app and tells you when a buyer asks for a time.',
    install: 'Install',
    dismiss: 'Not now',
  },
  errors: {
    endpoint: 'A push subscription needs an https address from the browser’s push service.',
    keys: 'A push subscription needs the browser’s p256dh and auth keys.',
    notFound: 'This device is not subscribed.',
  },
} as const;

/** The dashboard's booking details (the same page the agent's e-mails link to), with an action to offer. */
/** The answer a notification's action asks the dashboard to give (`?action=` on the booking's address). */
export type PushIntent = 'approve' | 'decline';
export const PUSH_INTENTS: readonly PushIntent[] = ['approve', 'decline'];

export function pushBookingPath(bookingId: string, action?: PushIntent): string {
  const base = `/dashboard/bookings?booking=${encodeURIComponent(bookingId)}`;
  return action ? `${base}&action=${action}` : base;
}

/** What a push carries (JSON, encrypted for the device): the service worker shows it. */
export type PushPayload = {
  title: string;
  body: string;
  url: string;
  tag: string;
  event: PushEvent;
  actions?: { action: 'approve' | 'decline'; title: string; url: string }[];
};
