// The prefill object of spec §3, returned by GET /booking/prefill?token=... to fill the booking form
// (and to switch it to reschedule mode). Every field may be missing.
import { z } from 'zod';
import { BOOKING_PURPOSES, BUYER_TYPES, INCOME_RANGES } from '../enums';

/**
 * The shape as sent. Dates and times are plain strings here on purpose: a malformed one is ignored by
 * sanitizePrefill (spec §5), not a reason to throw the whole prefill away.
 */
export const prefillSchema = z.object({
  buyer_name: z.string().nullish(),
  buyer_email: z.string().nullish(),
  buyer_phone: z.string().nullish(),
  buyer_type: z.enum(BUYER_TYPES).nullish(),
  budget_min: z.number().nullish(),
  budget_max: z.number().nullish(),
  income_range: z.enum(INCOME_RANGES).nullish(),
  booking_purpose: z.enum(BOOKING_PURPOSES).nullish(),
  custom_purpose: z.string().nullish(),
  notes: z.string().nullish(),
  action: z.string().nullish(),
  booking_id: z.string().nullish(),
  booking_date: z.string().nullish(),
  booking_time: z.string().nullish(),
  /**
   * A reschedule of a CONFIRMED booking with an agent who approves each booking (issue 29, WCAG 3.3.7): the
   * confirmed time is given up when the new one is requested, and the new one waits for the agent. The page
   * says so before the buyer sends it.
   */
  gives_up_confirmed: z.boolean().nullish(),
});
export type Prefill = z.infer<typeof prefillSchema>;
