// Issue 44 "Held times": what the booking page sends to hold a time (POST /api/booking/holds) and what it gets
// back, and the agent's hold minutes (GET/PUT /api/agents/hold-minutes). The rule and its words: slots/holds.ts.
import { z } from 'zod';
import { HOLD_MINUTES_MAX } from '../slots/holds';
import { bookingRequestShape } from './booking';

export const holdTokenSchema = z.string().min(10).max(100);

const booking = bookingRequestShape();
/** The time as a booking names it (the same fields, the same messages). */
export const holdRequestSchema = z.object({
  agent_id: booking.agent_id,
  property_id: booking.property_id,
  booking_date: booking.booking_date,
  booking_time: booking.booking_time,
  starts_at: booking.starts_at,
  /** The buyer's earlier hold (another time chosen): released in the same step. */
  replaces: holdTokenSchema.nullish(),
  /** Rescheduling: the booking's manage token — its own time does not count against the new one. */
  reschedule_token: z.string().max(100).nullish(),
});
export type HoldRequest = z.infer<typeof holdRequestSchema>;

/**
 * The team page's hold (POST /api/public/teams/{slug}/holds): the time alone — the server picks the member as a
 * booking would and holds that member's time.
 */
export const teamHoldRequestSchema = holdRequestSchema.pick({
  booking_date: true,
  booking_time: true,
  starts_at: true,
  replaces: true,
});
export type TeamHoldRequest = z.infer<typeof teamHoldRequestSchema>;

export const slotHoldSchema = z.object({
  token: holdTokenSchema,
  starts_at: z.string(),
  expires_at: z.string(),
  minutes: z.number().int(),
});
export type SlotHold = z.infer<typeof slotHoldSchema>;
export const holdResponseSchema = z.object({ success: z.literal(true), hold: slotHoldSchema });

export const agentHoldMinutesSchema = z.object({
  minutes: z
    .number({ error: 'The hold must be a number of minutes' })
    .int('The hold must be a whole number of minutes')
    .min(1, 'The hold must be at least 1 minute')
    .max(HOLD_MINUTES_MAX, `The hold can be at most ${HOLD_MINUTES_MAX} minutes`),
});
export const agentHoldMinutesResponseSchema = z.object({
  success: z.literal(true),
  data: agentHoldMinutesSchema,
});

/** GET /api/agents/held-times: the agent's live holds (issue 44), soonest first. */
export const heldTimeViewSchema = z.object({
  starts_at: z.string(),
  ends_at: z.string(),
  expires_at: z.string(),
  property: z.object({ id: z.number().int(), address: z.string() }).nullable(),
});
export type HeldTimeView = z.infer<typeof heldTimeViewSchema>;
export const heldTimesResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(heldTimeViewSchema),
});
