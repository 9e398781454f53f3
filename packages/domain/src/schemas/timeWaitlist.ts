// Issue 44 "Waitlist" (decision 085): joining a property's waiting list for a date (POST /api/booking/waitlist),
// the buyer's link (GET|DELETE /api/booking/waitlist/:token, POST …/:token/book) and the agent's lists
// (GET /api/waitlist-entries, DELETE /api/waitlist-entries/:id). The rule and its words: slots/waitlist.ts.
// (The product's launch waiting list is schemas/waitlist.ts — another thing.)
import { z } from 'zod';
import { DAY_PARTS, WAITLIST_STATUSES, WAITLIST_TEXTS } from '../slots/waitlist';
import { bookingLocaleField, bookingRequestShape, smsConsentField } from './booking';

const booking = bookingRequestShape();

export const waitlistJoinSchema = z.object({
  agent_id: booking.agent_id,
  property_id: z
    .number({ error: 'Choose the property to wait for' })
    .int('Choose the property to wait for')
    .positive('Choose the property to wait for')
    .max(2_147_483_647, 'Choose the property to wait for'),
  date: booking.booking_date,
  part: z.enum(DAY_PARTS, { error: 'Choose a part of the day from the list' }).default('any'),
  client_name: booking.client_name,
  client_email: booking.client_email,
  client_phone: booking.client_phone,
  buyer_type: booking.buyer_type,
  contact_consent: z.literal(true, { error: WAITLIST_TEXTS.join.consentRequired }),
  sms_consent: smsConsentField,
  /** Issue 43: the buyer's language (else the request's, else the agent's default). */
  locale: bookingLocaleField,
});
export type WaitlistJoinInput = z.input<typeof waitlistJoinSchema>;
export type WaitlistJoin = z.output<typeof waitlistJoinSchema>;

export const waitlistJoinedSchema = z.object({
  /** The buyer's own link token (the link page: their place, an offer, leaving). */
  token: z.string(),
  date: z.string(),
  part: z.enum(DAY_PARTS),
  place: z.number().int(),
  /** They were already in this line (same e-mail, property and date): nothing changed. */
  already: z.boolean(),
});
export const waitlistJoinResponseSchema = z.object({ success: z.literal(true), data: waitlistJoinedSchema });
export type WaitlistJoined = z.infer<typeof waitlistJoinedSchema>;

/** GET /api/booking/waitlist/:token — what the buyer's link page shows. */
export const waitlistLinkSchema = z.object({
  status: z.enum(WAITLIST_STATUSES),
  date: z.string(),
  part: z.enum(DAY_PARTS),
  place: z.number().int().nullable(),
  time_zone: z.string(),
  property: z.object({ address: z.string(), city: z.string(), state: z.string(), zip_code: z.string() }),
  agent: z.object({ name: z.string(), company: z.string().nullable() }),
  /** The time held for them while the status is 'offered'. */
  offer: z.object({ starts_at: z.string(), expires_at: z.string() }).nullable(),
  /** Once booked: the showing's state and its manage link's token. */
  booking: z.object({ status: z.string(), manage_token: z.string() }).nullable(),
});
export type WaitlistLink = z.infer<typeof waitlistLinkSchema>;
export const waitlistLinkResponseSchema = z.object({ success: z.literal(true), data: waitlistLinkSchema });

/** GET /api/waitlist-entries — the agent's lines, in the order buyers are offered times. */
export const waitlistEntryViewSchema = z.object({
  id: z.string(),
  status: z.enum(WAITLIST_STATUSES),
  date: z.string(),
  part: z.enum(DAY_PARTS),
  place: z.number().int().nullable(),
  client_name: z.string(),
  client_email: z.string(),
  client_phone: z.string(),
  joined_at: z.string(),
  offer: z.object({ starts_at: z.string(), expires_at: z.string() }).nullable(),
  property: z.object({ id: z.number().int(), address: z.string() }),
});
export type WaitlistEntryView = z.infer<typeof waitlistEntryViewSchema>;
export const waitlistEntriesResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(waitlistEntryViewSchema),
});
