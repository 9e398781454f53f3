// Buyer tours (issue 16, Professional): POST /api/tours/propose (the server's order and times) and
// POST /api/tours/check (an adjusted tour re-validated). Times are the server's instants.
import { z } from 'zod';
import { isoDateSchema } from './common';

export const TOUR_MIN_STOPS = 2;
export const TOUR_MAX_STOPS = 8;
export const TOUR_STOPS_MESSAGE = `Pick ${TOUR_MIN_STOPS} to ${TOUR_MAX_STOPS} different properties`;

const propertyIds = z
  .array(z.number({ error: 'Pick a property' }).int().positive(), { error: TOUR_STOPS_MESSAGE })
  .min(TOUR_MIN_STOPS, TOUR_STOPS_MESSAGE)
  .max(TOUR_MAX_STOPS, TOUR_STOPS_MESSAGE)
  .refine((ids) => new Set(ids).size === ids.length, TOUR_STOPS_MESSAGE);

export const tourProposeSchema = z.object({
  date: isoDateSchema,
  property_ids: propertyIds,
  /** The buyer, when the tour starts from a lead (their details prefill the invitation). */
  lead_id: z.string().nullable().default(null),
});

export const tourCheckSchema = z.object({
  date: isoDateSchema,
  lead_id: z.string().nullable().default(null),
  /** In visiting order. */
  stops: z
    .array(
      z.object({ property_id: z.number().int().positive(), starts_at: z.iso.datetime({ offset: true }) }),
    )
    .min(TOUR_MIN_STOPS, TOUR_STOPS_MESSAGE)
    .max(TOUR_MAX_STOPS, TOUR_STOPS_MESSAGE)
    .refine((stops) => new Set(stops.map((s) => s.property_id)).size === stops.length, TOUR_STOPS_MESSAGE),
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
  total_drive_minutes: z.number(),
  drive_source: z.enum(['routed', 'estimated']),
  note: z.string().nullable(),
});
export type Tour = z.infer<typeof tourSchema>;
export const tourResponseSchema = z.object({ success: z.literal(true), data: tourSchema });
