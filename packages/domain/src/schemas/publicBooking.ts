// Answers of the public booking API (spec §7, no account): the agent and property as a buyer sees them,
// a stored booking as returned to its buyer, prefill, manage and cancel. Web and API share these shapes.
import { LOCALES } from '../i18n/locales';
import { z } from 'zod';
import { BOOKING_PURPOSES, BOOKING_STATUSES } from '../enums';
import { DECIDERS } from '../listing/whoDecides';
import { agentPublicProfileSchema } from './agent';
import { isoDateSchema, requiredText } from './common';
import { prefillSchema } from './prefill';
import { propertySchema } from './property';
import { rescheduleRequestSchema } from './booking';
import type { ConsultationPlace } from '../teamPlace';

export const CANCEL_REASON_MAX_LENGTH = 1000;

/** GET /api/agents/id/{agentId}: the agent's public profile (§3 fields), no account internals. */
/** E-mail and phone are null where the agent chose not to show them (branding's showEmail / showPhone). */
export const publicAgentSchema = agentPublicProfileSchema.extend({
  id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type PublicAgent = z.infer<typeof publicAgentSchema>;
export const publicAgentResponseSchema = z.object({ success: z.literal(true), data: publicAgentSchema });

/**
 * GET /api/booking/texts/{agentId} (issue 39): whether a buyer booking with this agent is offered "Text me about
 * this showing" — the server's texts are set up and the agent texts buyers (plan and Notifications setting).
 * The booking form shows the box only then; a tick sent anyway is not recorded as consent.
 */
export const textsOfferedResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ offered: z.boolean() }),
});

/** GET /api/properties/public/{agentId}. */
/**
 * How a property is shown (issue 32; the domain's showingAnswer, issue 39 §4). `instructions_only`: no calendar —
 * the page shows the instructions and the agent's contact; `notice_note`: the suggested notice ("The seller
 * prefers 24 hours' notice").
 */
export const propertyShowingSchema = z.object({
  instructions_only: z.boolean(),
  instructions: z.string().nullable(),
  notice_note: z.string().nullable(),
  contact: z.object({ phone: z.string().nullable(), email: z.string() }).nullable(),
  /** Issue 39 §6: who decides a request — said before "Confirm Booking" (listing/whoDecides.ts). */
  decides: z.enum(DECIDERS).nullable(),
});

/** GET /api/properties/public/{agentId}: each property with how it is shown (issue 39 §4). */
export const publicPropertiesResponseSchema = z.object({
  properties: z.array(propertySchema.extend({ showing: propertyShowingSchema.optional() })),
});

/** The agent inside a property response (§3: name, logoUrl, profilePictureUrl, and what the page shows). */
export const propertyAgentSchema = z.object({
  id: z.string(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  username: z.string(),
  logoUrl: z.string().nullable(),
  profilePictureUrl: z.string().nullable(),
  companyName: z.string().nullable(),
  primaryColor: z.string(),
  timeZone: z.string(),
  defaultLanguage: z.enum(LOCALES).optional(),
});
export type PropertyAgent = z.infer<typeof propertyAgentSchema>;

/** GET /api/booking/property/{propertyId}. */
export const propertyDetailsResponseSchema = z.object({
  property: propertySchema,
  agent: propertyAgentSchema,
  /** Issue 32: how the property is shown (propertyShowingSchema). */
  showing: propertyShowingSchema.optional(),
});

/** A booking as its buyer sees it after booking or rescheduling. */
export const buyerBookingSchema = z.object({
  id: z.string(),
  status: z.enum(BOOKING_STATUSES),
  booking_date: isoDateSchema,
  booking_time: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  time_zone: z.string(),
  agent_id: z.string(),
  property_id: z.number().nullable(),
  manage_token: z.string(),
  manage_url: z.string(),
  /** A pending booking waits for the agent's or (issue 32) the seller's confirmation. */
  awaiting: z.enum(['agent', 'seller']).nullable().optional(),
});
export type BuyerBooking = z.infer<typeof buyerBookingSchema>;

/** POST /api/booking (201) and POST /api/booking/reschedule (200). */
export const bookingResultResponseSchema = z.object({
  success: z.literal(true),
  booking: buyerBookingSchema,
});

/** Body of POST /api/booking/reschedule: the §3 reschedule payload plus the buyer's manage token. */
export const rescheduleWithTokenSchema = rescheduleRequestSchema.and(
  z.object({ token: requiredText('The reschedule link is incomplete') }),
);

/** GET /api/booking/prefill?token=… */
export const prefillResponseSchema = z.object({
  success: z.literal(true),
  agent_id: z.string(),
  property_id: z.number().nullable(),
  prefill: prefillSchema,
});

/** GET /api/booking/manage?token=… */
export const managedBookingSchema = z.object({
  id: z.string(),
  status: z.enum(BOOKING_STATUSES),
  booking_date: isoDateSchema,
  booking_time: z.string(),
  time_zone: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  client_name: z.string(),
  client_email: z.string(),
  client_phone: z.string(),
  booking_purpose: z.enum(BOOKING_PURPOSES),
  custom_purpose: z.string().nullable(),
  message: z.string().nullable(),
  property: propertySchema.nullable(),
  agent: propertyAgentSchema.extend({ phone: z.string(), email: z.string() }),
  can_cancel: z.boolean(),
  can_reschedule: z.boolean(),
  /**
   * Issue 44: the showing is upcoming but inside its cut-off — the buyer can no longer cancel or reschedule it
   * themselves (the agent can): the cut-off in hours and the instant changes closed. null otherwise.
   */
  changes_closed: z.object({ hours: z.number().int(), closed_at: z.string() }).nullable().optional(),
  /** Where a rescheduled booking went: the new booking's manage token. */
  rescheduled_to_token: z.string().nullable(),
  /** Issue 33: when the buyer confirmed they are coming (a Y reply or "Confirm I'm coming"), and how. */
  buyer_confirmed_at: z.string().nullable().optional(),
  buyer_confirmed_via: z.enum(['text', 'page']).nullable().optional(),
  /** An upcoming confirmed showing the buyer has not confirmed yet: "Confirm I'm coming" is offered. */
  can_confirm: z.boolean().optional(),
  /** A pending booking waits for the agent's or (issue 32) the seller's confirmation. */
  awaiting: z.enum(['agent', 'seller']).nullable().optional(),
});
export type ManagedBooking = z.infer<typeof managedBookingSchema>;
export const manageBookingResponseSchema = z.object({
  success: z.literal(true),
  booking: managedBookingSchema,
});

/** POST /api/booking/confirm (issue 33): the buyer confirms they are coming, from the manage link. */
export const confirmAttendanceRequestSchema = z.object({
  token: requiredText('The confirmation link is incomplete'),
});

/** POST /api/booking/cancel. */
export const cancelBookingRequestSchema = z.object({
  token: requiredText('The cancellation link is incomplete'),
  reason: z
    .string()
    .trim()
    .max(CANCEL_REASON_MAX_LENGTH, `Reason must be at most ${CANCEL_REASON_MAX_LENGTH} characters`)
    .nullish()
    .transform((r) => r || null),
});

/** The team as its public page and its links show it (issue 15): name, address, logo, colour and its clock. */
export const publicTeamSchema = z.object({
  name: z.string(),
  slug: z.string(),
  logo: z.string().nullable(),
  color: z.string(),
  /** The zone of the team's dates and times (its first owner's): the consultation calendar's clock. */
  time_zone: z.string(),
  /** Where a consultation with the team happens (issue 29): the office's address, or by phone or video. */
  // The places spelled here (type-checked against teamPlace.ts) and the text given by the server, so the booking
  // page, which shares this schema, loads none of teamPlace.ts.
  consultation: z.object({
    place: z.enum(['office', 'remote'] as const satisfies readonly ConsultationPlace[]),
    address: z.string().nullable(),
    /** What the buyer reads (consultationPlaceText): the office's address, or "By phone or video". */
    text: z.string(),
  }),
});
export type PublicTeam = z.infer<typeof publicTeamSchema>;

/** GET /api/booking/links/{linkId}: where an agent's booking link points. */
export const bookingLinkResponseSchema = z.object({
  success: z.literal(true),
  agent_id: z.string(),
  property_id: z.number().nullable(),
  prefill: prefillSchema.nullable(),
  /** A team's link (issue 15): the team whose branding the page carries; without a property, a consultation
   * with the team (round robin). Absent for an agent's own link. */
  team: publicTeamSchema.nullish(),
});
