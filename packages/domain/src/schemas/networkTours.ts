// Issue 45 "Cross-agent tours": a buyer's agent plans a day of 2–8 homes listed by other agents on this server
// (POST /api/network/tours/plan), sends one showing request per home for their client (POST /api/network/tours)
// and follows each stop's answer (GET /api/network/tours/:id). Times are the server's instants.
import { z } from 'zod';
import { networkRequestSchema } from '../listing/network';
import { isoDateSchema } from './common';
import { tourPropertyIdsSchema, tourStopsInputSchema } from './tours';

export const networkTourPlanSchema = z.object({
  date: isoDateSchema,
  property_ids: tourPropertyIdsSchema,
});

/** A day of homes sent: the plan's stops, and the client and buyer's agent details of a single request. */
export const networkTourCreateSchema = z.object({
  date: isoDateSchema,
  stops: tourStopsInputSchema,
  client: networkRequestSchema.shape.client,
  brokerage: networkRequestSchema.shape.brokerage,
  licence_number: networkRequestSchema.shape.licence_number,
  /** The buyer's agent's own consent to texts about these showings, on their own number. */
  sms_consent: networkRequestSchema.shape.sms_consent,
});

export const networkTourStopSchema = z.object({
  property_id: z.number(),
  address: z.string(),
  city: z.string(),
  listing_agent: z.string(),
  time_zone: z.string(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  /** The drive from the stop before (null for the first). */
  drive_minutes: z.number().nullable(),
});

export const networkTourPlanAnswerSchema = z.object({
  date: isoDateSchema,
  feasible: z.boolean(),
  stops: z.array(networkTourStopSchema),
  total_drive_minutes: z.number(),
  drive_source: z.enum(['routed', 'estimated']),
  note: z.string().nullable(),
});
export type NetworkTourPlanAnswer = z.infer<typeof networkTourPlanAnswerSchema>;

export const networkTourSchema = z.object({
  id: z.string(),
  date: isoDateSchema,
  client_name: z.string(),
  stops: z.array(
    networkTourStopSchema.extend({
      /** The request's booking (null when it could not be sent). */
      booking_id: z.string().nullable(),
      /** requested, waiting for the seller, confirmed, declined, proposed, cancelled, completed or not sent. */
      state: z.string(),
      /** The time its listing's side proposed (state 'proposed'): the re-plan placed the day around it. */
      proposed_starts_at: z.string().nullable(),
      note: z.string().nullable(),
    }),
  ),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type NetworkTour = z.infer<typeof networkTourSchema>;
