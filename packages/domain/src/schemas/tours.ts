// Buyer tours (issue 16, Professional): POST /api/tours/propose (the server's order and times) and
// POST /api/tours/check (an adjusted tour re-validated). Times are the server's instants.
import { z } from 'zod';
import { bookingLocaleField, bookingRequestShape, checkBudgetOrder } from './booking';
import { emailSchema, isoDateSchema } from './common';

export const TOUR_MIN_STOPS = 2;
export const TOUR_MAX_STOPS = 8;
export const TOUR_STOPS_MESSAGE = `Pick ${TOUR_MIN_STOPS} to ${TOUR_MAX_STOPS} different properties`;

export const tourPropertyIdsSchema = z
  .array(z.number({ error: 'Pick a property' }).int().positive(), { error: TOUR_STOPS_MESSAGE })
  .min(TOUR_MIN_STOPS, TOUR_STOPS_MESSAGE)
  .max(TOUR_MAX_STOPS, TOUR_STOPS_MESSAGE)
  .refine((ids) => new Set(ids).size === ids.length, TOUR_STOPS_MESSAGE);

export const tourProposeSchema = z.object({
  date: isoDateSchema,
  property_ids: tourPropertyIdsSchema,
  /** The buyer, when the tour starts from a lead (their details prefill the invitation). */
  lead_id: z.string().nullable().default(null),
});

/** A tour's stops as sent back by the browser, in visiting order (an adjusted or accepted plan). */
export const tourStopsInputSchema = z
  .array(z.object({ property_id: z.number().int().positive(), starts_at: z.iso.datetime({ offset: true }) }))
  .min(TOUR_MIN_STOPS, TOUR_STOPS_MESSAGE)
  .max(TOUR_MAX_STOPS, TOUR_STOPS_MESSAGE)
  .refine((stops) => new Set(stops.map((s) => s.property_id)).size === stops.length, TOUR_STOPS_MESSAGE);

export const tourCheckSchema = z.object({
  date: isoDateSchema,
  lead_id: z.string().nullable().default(null),
  /** In visiting order. */
  stops: tourStopsInputSchema,
});

export const tourStopSchema = z.object({
  property_id: z.number(),
  address: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  /** The drive from the stop before (null for the first). */
  drive_minutes: z.number().nullable(),
  /** What is wrong with this stop's time (an adjusted tour), null when it holds. */
  problem: z.string().nullable(),
});

export const tourSchema = z.object({
  date: isoDateSchema,
  time_zone: z.string(),
  /** The lead's details, when the tour is for a lead. */
  buyer: z.object({ name: z.string(), email: z.string(), phone: z.string() }).nullable(),
  /** false: no order fits the day's open times (stops empty), or an adjusted time does not hold. */
  feasible: z.boolean(),
  stops: z.array(tourStopSchema),
  /** The day's open slot starts (the server's instants): the times the agent may move a stop to. */
  open_times: z.array(z.string()),
  total_drive_minutes: z.number(),
  drive_source: z.enum(['routed', 'estimated']),
  note: z.string().nullable(),
});
export type Tour = z.infer<typeof tourSchema>;
export const tourResponseSchema = z.object({ success: z.literal(true), data: tourSchema });

/** POST /api/tours: save an (adjusted) tour; the server re-checks it and answers the ONE invitation. */
export const tourSaveSchema = tourCheckSchema.extend({
  /**
   * Where the invitation is e-mailed (through the notification queue, with the tour). Without it, the lead's
   * e-mail when the tour is for a lead; without either, nothing is sent and the agent copies the link.
   */
  invite_email: emailSchema.nullable().default(null),
});
/** POST /api/tours/:id/invite: e-mail the invitation now (to this address, else the tour's buyer). */
export const tourInviteSchema = z.object({ email: emailSchema.nullable().default(null) });
export const tourInviteResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ invitation_sent_to: z.string() }),
});
export const savedTourResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    id: z.string(),
    invite_url: z.string(),
    /** The address the invitation e-mail was queued for, null when no e-mail is known (copy the link). */
    invitation_sent_to: z.string().nullable(),
    tour: tourSchema,
  }),
});

const shape = bookingRequestShape();
/** POST /api/tour/{token}/book: the buyer's details once, validated as the booking form's. */
export const tourBookingSchema = z
  .object({
    client_name: shape.client_name,
    client_email: shape.client_email,
    client_phone: shape.client_phone,
    buyer_type: shape.buyer_type,
    budget_min: shape.budget_min,
    budget_max: shape.budget_max,
    income_range: shape.income_range,
    message: shape.message,
    /** Issue 43: the buyer's language (else the request's, else the agent's default). */
    locale: bookingLocaleField,
  })
  .superRefine(checkBudgetOrder);
export type TourBookingInput = z.input<typeof tourBookingSchema>;

/** GET /api/tour/{token}: what the buyer's tour page shows (the server's instants, the agent's zone). */
export const publicTourSchema = z.object({
  agent: z.object({
    name: z.string(),
    company_name: z.string().nullable(),
    phone: z.string().nullable(),
    primary_color: z.string(),
    /** The text colour on primary_color (contrast.ts). */
    on_primary_color: z.string(),
    logo_url: z.string().nullable(),
  }),
  date: isoDateSchema,
  time_zone: z.string(),
  stops: z.array(
    z.object({
      property_id: z.number(),
      address: z.string(),
      city: z.string(),
      starts_at: z.string(),
      ends_at: z.string(),
    }),
  ),
  buyer: z.object({ name: z.string(), email: z.string(), phone: z.string() }).nullable(),
  booked: z.boolean(),
});
export type PublicTour = z.infer<typeof publicTourSchema>;
export const publicTourResponseSchema = z.object({ success: z.literal(true), data: publicTourSchema });
export const tourBookedResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ booking_ids: z.array(z.string()), manage_urls: z.array(z.string()) }),
});
/**
 * POST /api/tour/{token}/holds (issue 44): every stop's time held for the tour's buyer while they fill in their
 * details, until `expires_at` (the agent's hold minutes); booking the tour uses the holds up.
 */
export const tourHoldSchema = z.object({ expires_at: z.string(), minutes: z.number().int() });
export type TourHold = z.infer<typeof tourHoldSchema>;
export const tourHoldResponseSchema = z.object({ success: z.literal(true), hold: tourHoldSchema });
export type SavedTour = z.infer<typeof savedTourResponseSchema>['data'];
