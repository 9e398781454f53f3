// Issue 46 "Buyers' own data" (decision 091): every e-mail to a buyer links to "Your data" — what their agent
// holds about them, a download (JSON, CSV) and a deletion request. The agent sees each request with its legal
// clock (GDPR's one calendar month, stricter than CCPA's 45 days) and completes it: the buyer is anonymised
// everywhere while counts for reports stay. A retention setting deletes buyers whose last showing ended more
// than N months ago. Pure: the clock, the retention bounds and every sentence buyers and agents read about it.

export const PRIVACY_REQUEST_SOURCES = ['buyer', 'agent', 'retention'] as const;
export type PrivacyRequestSource = (typeof PRIVACY_REQUEST_SOURCES)[number];
export const PRIVACY_REQUEST_STATUSES = ['open', 'completed'] as const;
export type PrivacyRequestStatus = (typeof PRIVACY_REQUEST_STATUSES)[number];

/** The retention setting's bounds, in months (null keeps buyers' details). */
export const RETENTION_MIN_MONTHS = 6;
export const RETENTION_MAX_MONTHS = 120;
/** The choices the settings offer (any whole number in the bounds is accepted by the API). */
export const RETENTION_CHOICES = [6, 12, 18, 24, 36, 60, 120] as const;

/** What a deleted buyer's name becomes, and the text that replaces what they wrote. */
export const DELETED_BUYER_NAME = 'Deleted buyer';
export const DELETED_TEXT = '[deleted at the buyer’s request]';
/** The address a deleted buyer's rows carry: unique per request, never derived from their address. */
export function deletedBuyerEmail(requestId: string): string {
  return `deleted-${requestId}@deleted.invalid`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The instant a request received at `receivedAt` is due: the same day and time one calendar month later (UTC
 * calendar), or the month's last day when it has no such day (31 January → 28/29 February) — GDPR art. 12(3).
 */
export function privacyDueAt(receivedAt: Date): Date {
  const y = receivedAt.getUTCFullYear();
  const m = receivedAt.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const day = Math.min(receivedAt.getUTCDate(), lastDay);
  return new Date(
    Date.UTC(
      y,
      m,
      day,
      receivedAt.getUTCHours(),
      receivedAt.getUTCMinutes(),
      receivedAt.getUTCSeconds(),
      receivedAt.getUTCMilliseconds(),
    ),
  );
}

/** Whole days left until `dueAt` (rounded up; 0 on the day it falls due), negative once overdue. */
export function privacyDaysLeft(dueAt: Date, now: Date): number {
  const ms = dueAt.getTime() - now.getTime();
  return ms >= 0 ? Math.ceil(ms / DAY_MS) : -Math.ceil(-ms / DAY_MS);
}

/** The instant before which a buyer's last showing must have ended for the retention to delete them. */
export function retentionCutoff(now: Date, months: number): Date {
  const d = new Date(now.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const PRIVACY_TEXTS = {
  /** The link's label at the foot of every e-mail to a buyer. */
  linkLabel: 'Your data',
  linkNote: 'See, download or delete what we hold about you',
  page: {
    title: 'Your data',
    intro: (agent: string) =>
      `${agent} uses Keyturn to schedule showings. This is everything ${agent} holds about you in Keyturn.`,
    forAddress: (email: string) => `For ${email}`,
    badToken: 'This link is not valid. Open the “Your data” link from one of your e-mails again.',
    loading: 'Loading your data…',
    bookings: 'Showings',
    feedback: 'Feedback',
    messages: 'Messages',
    consents: 'Text consents',
    lead: 'Lead record',
    waitlist: 'Waiting lists',
    documents: 'Document requests',
    nothing: 'Nothing kept.',
    fromYou: 'From you',
    toYou: 'To you',
    name: 'Name',
    email: 'E-mail',
    phone: 'Phone',
    notes: 'Your notes',
    status: 'Status',
    leadClass: 'Class',
    leadOutcome: 'Outcome',
    agentNotes: 'Agent’s notes about you',
    download: 'Download your data',
    downloadJson: 'Download as JSON',
    downloadCsv: 'Download as CSV',
    deleteHeading: 'Delete your details',
    deleteBody: (agent: string) =>
      `You can ask ${agent} to delete your details. Your name, e-mail, phone number, notes and messages are removed everywhere Keyturn keeps them; only anonymous counts stay (that a showing took place).`,
    deleteAction: 'Ask to delete my details',
    confirmTitle: 'Ask to delete your details?',
    confirmBody: (agent: string) =>
      `${agent} will be told at once. After the deletion this page will show nothing about you.`,
    confirmAction: 'Yes, ask to delete',
    cancel: 'Cancel',
    requested: (agent: string, date: string) =>
      `${agent} has your request and will delete your details by ${date}.`,
    completed: (date: string) => `Your details were deleted on ${date}.`,
    failed: 'Your request could not be sent. Try again in a moment.',
  },
  dashboard: {
    title: 'Privacy requests',
    intro:
      'Buyers can see, download and ask to delete what you hold about them from the “Your data” link in every e-mail they get. The law gives you one month (GDPR; CCPA allows 45 days) to delete their details.',
    empty: 'No privacy requests.',
    buyer: 'Buyer',
    deleted: 'Details deleted',
    received: (date: string) => `Received ${date}`,
    due: (date: string, days: number) =>
      days === 0 ? `Due ${date} (today)` : `Due ${date} (${plural(days, 'day', 'days')} left)`,
    overdue: (date: string, days: number) => `Overdue: was due ${date} (${plural(days, 'day', 'days')} ago)`,
    completed: (date: string) => `Completed ${date}`,
    sources: {
      buyer: 'Asked on their page',
      agent: 'Started by you',
      retention: 'Retention setting',
    } as Record<PrivacyRequestSource, string>,
    deleteAction: 'Delete this buyer’s data',
    confirmTitle: 'Delete this buyer’s data?',
    confirmBody: (email: string) =>
      `Everything you hold about ${email} is anonymised: name, e-mail, phone, notes, feedback comments, messages, message copies and calendar events. Showings stay in your reports as anonymous counts. This cannot be undone.`,
    confirmAction: 'Delete the data',
    cancel: 'Cancel',
    done: 'The buyer’s data was deleted.',
    startHeading: 'Start a deletion',
    startBody: 'A buyer asked you another way (by phone, in person)? Start their request here.',
    startLabel: 'Buyer’s e-mail',
    startAction: 'Start the request',
    started: 'Request started. Complete it before its due date.',
    retentionHeading: 'Retention',
    retentionBody:
      'Delete the details of buyers whose last showing ended longer ago than this, every day. Counts for reports stay.',
    retentionLabel: 'Delete buyer details older than',
    retentionKeep: 'Keep them (no automatic deletion)',
    retentionMonths: (n: number) => `${n} months`,
    retentionSave: 'Save retention',
    retentionSaved: 'Retention saved.',
  },
  mail: {
    agentSubject: 'A buyer asked you to delete their details',
    agentHeading: 'Privacy request: delete a buyer’s details',
    agentLine: (email: string) =>
      `${email} asked you, from the “Your data” link in their e-mails, to delete the details you hold about them.`,
    agentDue: (date: string) =>
      `The law gives you until ${date} (one calendar month). Open Privacy requests to complete it.`,
    agentAction: 'Open privacy requests',
  },
  errors: {
    notFound: 'Not found',
    retention: `Choose between ${RETENTION_MIN_MONTHS} and ${RETENTION_MAX_MONTHS} months, or keep buyers’ details`,
    noBuyer: 'You hold nothing about this e-mail address',
  },
  nav: 'Privacy requests',
  /** The privacy policy's section (apps/web marketing/pages/privacy-policy-page.tsx). */
  policy: {
    heading: 'Buyers: see, download or delete your data',
    intro:
      'Every e-mail a buyer gets from an agent through Keyturn ends with a “Your data” link, made for that agent and that e-mail address only: it cannot be guessed, and a changed link does not open.',
    items: [
      'What the agent keeps about you: your showings (the property, the time, the status and the details you gave — name, e-mail, phone, budget, income range, notes), your feedback, your messages in the showing’s conversation and your text replies, the e-mails and texts sent to you, your text consents, the agent’s lead record and notes about you, waiting lists you joined and documents you asked for.',
      'The page shows all of it and downloads it as a JSON or CSV file.',
      'You can ask the agent to delete your details from the same page. The agent is told at once and has one calendar month to do it (the GDPR’s limit; the CCPA allows 45 days); the page tells you the date. An agent can also start the request for you when you ask by phone.',
      'Deletion replaces your name, e-mail and phone number everywhere Keyturn keeps them, deletes what you wrote (notes, feedback comments, messages), the stored copies of the messages sent to you and the events in the agent’s calendar, and removes you from waiting lists. What stays is anonymous: that a showing took place at a property, its status and your ratings, so the agent’s reports still count it. For text consents we keep only a one-way hash of the number, the time, the consent wording and the page — what proves a consent was given — never the number itself.',
      'Agents can also set a retention period (6 to 120 months): buyers whose last showing ended longer ago than that are deleted automatically, the same way.',
    ],
  },
} as const;
