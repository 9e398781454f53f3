// Bookings as the agent sees and moves them in the dashboard (spec §3, §7 "Bookings"), and the agent's
// booking links / invitations.
import { z } from 'zod';
import { int4 } from './numbers';
import { BOOKING_ACTIONS } from '../bookingStatus';
import { BOOKING_PURPOSES, BOOKING_STATUSES, CANCELLED_BY } from '../enums';
import { MESSAGES } from '../messages';
import { isoDateSchema, requiredText, time24Schema } from './common';
import { bookingRequestShape, checkBudgetOrder, RESCHEDULE_REASON_MAX_LENGTH } from './booking';
import { prefillSchema } from './prefill';
import { CANCEL_REASON_MAX_LENGTH } from './publicBooking';

export const agentBookingSchema = z.object({
  id: z.string(),
  status: z.enum(BOOKING_STATUSES),
  booking_date: isoDateSchema,
  booking_time: z.string(),
  time_zone: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  property: z.object({ id: z.number(), address: z.string(), city: z.string() }).nullable(),
  /** For the analytics event of spec §3 (booking: id, property_address, appointment_date, status). */
  property_address: z.string().nullable(),
  client_name: z.string(),
  client_email: z.string(),
  client_phone: z.string(),
  buyer_type: z.string(),
  budget_min: z.number().nullable(),
  budget_max: z.number().nullable(),
  income_range: z.string().nullable(),
  booking_purpose: z.enum(BOOKING_PURPOSES),
  custom_purpose: z.string().nullable(),
  message: z.string().nullable(),
  reschedule_reason: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  /** Issue 39: who cancelled the showing (null when it is not cancelled, or was before this was recorded). */
  cancelled_by: z.enum(CANCELLED_BY).nullable(),
  rescheduled_from_id: z.string().nullable(),
  /** Issue 33: when the buyer confirmed the showing themselves, and how ('text': replied Y; 'page'). */
  buyer_confirmed_at: z.string().nullable(),
  buyer_confirmed_via: z.enum(['text', 'page']).nullable(),
  /** Issue 33: the buyer ticked "Text me about this showing" when booking (else e-mail only). */
  sms_consent: z.boolean(),
  /** Issue 32 §5: the buyer's agent who booked for the client above (null when the buyer booked themselves). */
  buyer_agent: z
    .object({
      name: z.string(),
      brokerage: z.string(),
      licence_number: z.string(),
      phone: z.string(),
      email: z.string().nullable(),
    })
    .nullable(),
  created_at: z.string(),
  allowed_actions: z.array(z.enum(BOOKING_ACTIONS)),
  can_reschedule: z.boolean(),
  /**
   * Issue 33 (decision 056): the buyer was texted twice and had not confirmed 2 hours before, so the agent was
   * alerted — the "Not confirmed" badge — and has not confirmed since (texts/reconfirm.ts showsNotConfirmed).
   */
  not_confirmed: z.boolean().optional(),
});
export type AgentBooking = z.infer<typeof agentBookingSchema>;

export const agentBookingResponseSchema = z.object({ success: z.literal(true), data: agentBookingSchema });

/** The buyer tour a booking was booked with (issue 16): every stop of it, this one included, in time order. */
export const bookingTourSchema = z.object({
  id: z.string(),
  stops: z.array(
    z.object({
      booking_id: z.string(),
      property_address: z.string().nullable(),
      starts_at: z.string(),
      /** The wall-clock start in the agent's zone (the server's, for display only). */
      booking_time: z.string(),
    }),
  ),
});
export type BookingTour = z.infer<typeof bookingTourSchema>;
/** GET /api/bookings/{id}: the booking, and the tour it is part of (null when it is not). */
export const agentBookingDetailSchema = agentBookingSchema.extend({ tour: bookingTourSchema.nullable() });
export type AgentBookingDetail = z.infer<typeof agentBookingDetailSchema>;
export const agentBookingDetailResponseSchema = z.object({
  success: z.literal(true),
  data: agentBookingDetailSchema,
});
export const agentBookingListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(agentBookingSchema),
});

/** PUT /api/bookings/{id}: move a booking along its life (bookingStatus.ts decides what is allowed). */
export const bookingActionSchema = z.object({
  action: z.enum(BOOKING_ACTIONS, { error: 'Choose what to do with this booking' }),
  reason: z
    .string()
    .trim()
    .max(CANCEL_REASON_MAX_LENGTH, `Reason must be at most ${CANCEL_REASON_MAX_LENGTH} characters`)
    .nullish()
    .transform((r) => r || null),
});
export type BookingActionInput = z.input<typeof bookingActionSchema>;

/** PUT /api/bookings/{id}/reschedule: another free time, agent-zone wall clock. */
export const agentRescheduleSchema = z.object({
  booking_date: isoDateSchema,
  booking_time: time24Schema,
  reschedule_reason: requiredText(MESSAGES.rescheduleReasonRequired).max(
    RESCHEDULE_REASON_MAX_LENGTH,
    `Reason must be at most ${RESCHEDULE_REASON_MAX_LENGTH} characters`,
  ),
});
export type AgentRescheduleInput = z.input<typeof agentRescheduleSchema>;

/**
 * POST /api/bookings: the agent books a buyer in; the agent is the caller, so no agent_id. The agent names a
 * wall time (any time, not only offered slots), so no slot instant either: the server places it.
 */
export const agentBookingCreateSchema = z
  .object((({ agent_id: _agentId, starts_at: _startsAt, ...rest }) => rest)(bookingRequestShape()))
  .superRefine(checkBudgetOrder);
export type AgentBookingCreateInput = z.input<typeof agentBookingCreateSchema>;

/** A booking link: the agent's own, optionally for one property, optionally an invitation with a prefill. */
export const bookingLinkSchema = z.object({
  id: z.string(),
  url: z.string(),
  label: z.string().nullable(),
  property_id: z.number().nullable(),
  prefill: prefillSchema.nullable(),
  is_active: z.boolean(),
  created_at: z.string(),
});
export type BookingLink = z.infer<typeof bookingLinkSchema>;

export const bookingLinkCreateSchema = z.object({
  label: z
    .string()
    .trim()
    .max(120, 'Label must be at most 120 characters')
    .nullish()
    .transform((v) => v || null),
  property_id: int4('Property id', { min: 1 })
    .nullish()
    .transform((v) => v ?? null),
  prefill: prefillSchema.nullish().transform((v) => v ?? null),
});
export type BookingLinkCreateInput = z.input<typeof bookingLinkCreateSchema>;
