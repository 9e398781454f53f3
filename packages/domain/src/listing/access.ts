// Access to a listing (issue 32 §3): the lockbox or keypad code, the alarm, parking, pets and entry notes. The
// API stores them sealed (the calendar tokens' AES-GCM box) and releases them only to a confirmed showing's
// buyer — and the buyer's agent when the booking has one — from `accessReleaseMinutes` before the showing
// until it ends. Pure: the window and the shapes, shared by the API and the web app.
import { z } from 'zod';

const field = z.string().trim().max(500).nullable().default(null);

/** What the agent stores for a property. Every field optional: null = nothing to say. */
export const accessDetailsSchema = z.object({
  lockboxCode: z.string().trim().max(50).nullable().default(null),
  alarm: field,
  parking: field,
  pets: field,
  entryNotes: z.string().trim().max(2000).nullable().default(null),
});
export type AccessDetails = z.infer<typeof accessDetailsSchema>;

/** The labels a buyer and an agent read next to each field, in this order. */
export const ACCESS_FIELD_LABELS: readonly [keyof AccessDetails, string][] = [
  ['lockboxCode', 'Lockbox or keypad code'],
  ['alarm', 'Alarm'],
  ['parking', 'Parking'],
  ['pets', 'Pets'],
  ['entryNotes', 'Entry notes'],
];

/** Whether any field has something to release. */
export function hasAccessDetails(details: AccessDetails): boolean {
  return ACCESS_FIELD_LABELS.some(([key]) => Boolean(details[key]));
}

/** The agent's PUT: the details and the release time (minutes before the showing). */
export const accessInputSchema = accessDetailsSchema.extend({
  releaseMinutes: z
    .number()
    .int()
    .min(5)
    .max(60 * 24)
    .default(60),
});
export type AccessInput = z.infer<typeof accessInputSchema>;

/** Where a showing stands against its access window. */
export type AccessWindowState = 'before' | 'open' | 'closed';

/**
 * The access window of a showing: open from `releaseMinutes` before its start until its end (both instants),
 * closed afterwards. Only a confirmed showing has one; anything else is `closed`.
 */
export function accessWindow(
  showing: { status: string; startsAt: Date; endsAt: Date },
  releaseMinutes: number,
  now: Date,
): AccessWindowState {
  if (showing.status !== 'confirmed') return 'closed';
  const opens = releaseAt(showing.startsAt, releaseMinutes).getTime();
  if (now.getTime() < opens) return 'before';
  return now.getTime() < showing.endsAt.getTime() ? 'open' : 'closed';
}

/** The instant the access details of a showing starting at `startsAt` are released. */
export function releaseAt(startsAt: Date, releaseMinutes: number): Date {
  return new Date(startsAt.getTime() - releaseMinutes * 60_000);
}

/** Who receives a release: the buyer, or the buyer's agent booking for them. */
export type AccessRecipientRole = 'buyer' | 'buyer_agent';
export const ACCESS_CHANNELS = ['email', 'sms', 'page'] as const;
export type AccessChannel = (typeof ACCESS_CHANNELS)[number];

/** One logged release, as the agent reads it on the booking. */
export const accessReleaseSchema = z.object({
  recipient: z.string(),
  role: z.enum(['buyer', 'buyer_agent']),
  channel: z.enum(ACCESS_CHANNELS),
  released_at: z.string(),
});
export type AccessRelease = z.infer<typeof accessReleaseSchema>;

export const ACCESS_TEXTS = {
  manageHeading: 'Getting in',
  manageIntro: 'For your showing only. Please keep these details to yourself.',
  availableFrom: (when: string) =>
    `How to get in (lockbox code, parking and so on) will appear here on ${when}, before your showing.`,
  agentHeading: 'Access',
  agentIntro:
    'Sent only to the confirmed buyer (and their agent) before the showing, and shown on their booking page until it ends.',
  releaseLabel: 'Release before the showing (minutes)',
  releasesHeading: 'Access released',
  noReleases: 'Not released yet.',
  channel: { email: 'E-mail', sms: 'Text', page: 'Booking page' } satisfies Record<AccessChannel, string>,
} as const;
