// The booking assistant's payloads (issue 17): the public conversation calls, the agent's switch, and the
// arguments of the tools an AI provider may call (validated with these schemas before anything runs).
import { z } from 'zod';
import { ASSISTANT_TEXT_MAX_LENGTH } from '../assistant/texts';
import { BOOKING_PURPOSES } from '../enums';
import { PERIODS } from '../learning/preferences';
import { bookingLocaleField, bookingRequestShape, buyerTypeSchema } from './booking';
import { isoDateSchema, time24Schema } from './common';
import { buyerBookingSchema } from './publicBooking';

/** The agent's switch (Settings → Booking assistant); on by default. */
export const assistantSettingsSchema = z.object({
  enabled: z.boolean({ error: 'Enabled must be true or false' }),
});
export type AssistantSettings = z.infer<typeof assistantSettingsSchema>;
export const DEFAULT_ASSISTANT_SETTINGS: AssistantSettings = { enabled: true };

/** POST /api/assistant/conversations: on an agent's page, or a property's (its numeric or public id). */
export const startConversationSchema = z.object({
  agent_id: z.string({ error: 'Agent id is required' }).min(1, 'Agent id is required').max(100),
  property_id: z.union([z.number().int().positive(), z.string().max(100)]).nullish(),
  /** The buyer's time zone (the browser's): the times offered name the agent's zone when it differs. */
  time_zone: z.string().max(64).nullish(),
  /** Issue 43: the page's language ('en' | 'es'): the greeting and the conversation start in it (the buyer's
   * messages still switch it). Absent: the request's language (?lang, cookie, Accept-Language), else English. */
  locale: bookingLocaleField,
});

/** POST /api/assistant/conversations/:id/messages. */
export const assistantMessageSchema = z.object({
  text: z
    .string({ error: 'Write a message' })
    .trim()
    .min(1, 'Write a message')
    .max(ASSISTANT_TEXT_MAX_LENGTH, `A message must be at most ${ASSISTANT_TEXT_MAX_LENGTH} characters`),
});

export const conversationMessageSchema = z.object({
  role: z.enum(['buyer', 'assistant']),
  text: z.string(),
  at: z.string(),
});
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;

/** A time the assistant offers: the server's instant and its agent-zone label. */
export const proposalSchema = z.object({
  starts_at: z.string(),
  date: z.string(),
  time: z.string(),
  label: z.string(),
  suggested: z.boolean(),
});
export type Proposal = z.infer<typeof proposalSchema>;

export const conversationResponseSchema = z.object({
  conversation_id: z.string(),
  messages: z.array(conversationMessageSchema),
  proposals: z.array(proposalSchema),
  booking: buyerBookingSchema.nullable(),
  /** The normal booking form, prefilled with what was understood (offered when the assistant cannot help). */
  form_url: z.string().nullable(),
});
export type ConversationResponse = z.infer<typeof conversationResponseSchema>;

export const assistantStatusResponseSchema = z.object({ enabled: z.boolean() });

/** GET /api/bookings/:id/conversation: what the buyer and the assistant wrote before this booking. */
export const bookingConversationResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ id: z.string(), created_at: z.string(), messages: z.array(conversationMessageSchema) }),
});

// ---- the provider's tools ----

const booking = bookingRequestShape();

export const searchPropertiesArgsSchema = z
  .object({
    text: z.string().max(200).optional(),
    bedrooms: z.number().int().min(0).max(50).optional(),
    max_price: z.number().int().min(0).optional(),
    city: z.string().max(100).optional(),
  })
  .strict();

export const findSlotsArgsSchema = z
  .object({
    property_id: z.number().int().positive().nullable(),
    booking_purpose: z.enum(BOOKING_PURPOSES),
    dates: z.array(isoDateSchema).min(1).max(14),
    after: time24Schema.optional(),
    before: time24Schema.optional(),
  })
  .strict();

export const bookArgsSchema = z
  .object({
    property_id: z.number().int().positive().nullable(),
    booking_purpose: z.enum(BOOKING_PURPOSES),
    starts_at: z.iso.datetime({ offset: true }),
    client_name: booking.client_name,
    client_email: booking.client_email,
    client_phone: booking.client_phone,
    buyer_type: buyerTypeSchema,
  })
  .strict();

// ---- scheduling that learns ----

/** An area the agent shows in on a weekday (0 = Sunday), as learned or as the agent keeps it. */
export const areaDaySchema = z.object({
  weekday: z.number().int().min(0, 'Choose a weekday').max(6, 'Choose a weekday'),
  area: z.string().trim().min(1, 'Name the area').max(100, 'An area name must be at most 100 characters'),
});
export type AreaDay = z.infer<typeof areaDaySchema>;

/** The agent's correction of what was learned (Settings); null = use what was learned. */
export const schedulingPreferencesSchema = z.object({
  periods: z
    .array(z.enum(PERIODS, { error: 'Choose a time of day from the list' }))
    .min(1)
    .nullable(),
  max_per_day: z
    .number()
    .int()
    .min(1, 'At least 1 showing a day')
    .max(48, 'At most 48 showings a day')
    .nullable(),
  /** The areas per weekday to keep (learned ones the agent left ticked); [] = none; null = what was learned.
   * Left out: unchanged. */
  areas: z.array(areaDaySchema).max(14, 'At most 14 areas').nullable().optional(),
  /** Mark the best times "Suggested" on the public booking page (decision 028). Left out: unchanged. */
  suggest_on_booking_page: z.boolean({ error: 'Must be true or false' }).optional(),
});
export type SchedulingPreferencesInput = z.infer<typeof schedulingPreferencesSchema>;

/** Stored in agent_settings area 'scheduling': the correction, and when the agent last reset the learning. */
export type StoredSchedulingPreferences = Required<SchedulingPreferencesInput> & { reset_at: string | null };
export const DEFAULT_SCHEDULING_PREFERENCES: StoredSchedulingPreferences = {
  periods: null,
  max_per_day: null,
  areas: null,
  suggest_on_booking_page: true,
  reset_at: null,
};

export const schedulingPreferencesResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    /** What was learned, in plain words. */
    summary: z.array(z.string()),
    events: z.number().int(),
    periods: z.array(z.enum(PERIODS)).nullable(),
    max_per_day: z.number().int().nullable(),
    /** The agent's correction of the areas (null = what was learned), and what was learned. */
    areas: z.array(areaDaySchema).nullable(),
    learned_areas: z.array(areaDaySchema),
    suggest_on_booking_page: z.boolean(),
    reset_at: z.string().nullable(),
  }),
});
export type SchedulingPreferencesResponse = z.infer<typeof schedulingPreferencesResponseSchema>;
