// Booking payloads of spec §3 (request, reschedule), the details form of spec §5 and the list filters of
// spec §7. The server validates with the same schemas the web form uses.
import { LOCALES } from '../i18n/locales';
import { z } from 'zod';
import { CUSTOM_PURPOSE_MAX_LENGTH, UPCOMING_DAYS_DEFAULT } from '../constants';
import { BOOKING_PURPOSES, BOOKING_STATUSES, BUDGET_RANGES, BUYER_TYPES, INCOME_RANGES } from '../enums';
import type { BookingStatus } from '../enums';
import { buyerAgentSchema, optionalBuyerAgentSchema } from '../listing/buyerAgent';
import { MESSAGES } from '../messages';
import { emailSchema, isoDateSchema, requiredText, time24Schema } from './common';
import { int4, queryInt4 } from './numbers';
import { phoneSchema } from './phone';

export const CLIENT_NAME_MAX_LENGTH = 120;
// The purpose step shows this limit before any schema loads (constants.ts holds it).
export { CUSTOM_PURPOSE_MAX_LENGTH };
export const MESSAGE_MAX_LENGTH = 2000;
export const RESCHEDULE_REASON_MAX_LENGTH = 1000;

export const SLOT_INSTANT_MESSAGE = 'Start must be an ISO 8601 date and time with an offset';

export const buyerTypeSchema = z.enum(BUYER_TYPES, { error: MESSAGES.buyerTypeRequired });

/**
 * Issue 33: the buyer ticked "Text me about this showing" (unticked by default). Only the buyer's own booking
 * form sends it; without it the buyer gets e-mail only (texts need prior express consent).
 */
export const smsConsentField = z
  .boolean({ error: 'Text consent must be true or false' })
  .nullish()
  .transform((v) => v === true);

// Issue 44: the hold the buyer's page made when they chose the time (POST /api/booking/holds, or the team page's
// POST /api/public/teams/{slug}/holds), if any — on the buyer's own booking, reschedule and team consultation.
// Absent when there is none, so a payload without a hold is the spec's.
export const holdTokenField = z
  .string({ error: 'The hold must be text' })
  .max(100, 'The hold is not valid')
  .optional();

// Issue 43 (decision 096): the language the buyer booked in — every later e-mail and text to them follows it.
// Absent: the route takes the request's (Accept-Language), else the agent's default language.
export const bookingLocaleField = z.enum(LOCALES, { error: 'Language must be en or es' }).optional();

export const bookingRequestSchema = z
  .object({
    ...bookingRequestShape(),
    sms_consent: smsConsentField,
    hold_token: holdTokenField,
    locale: bookingLocaleField,
  })
  .superRefine(checkBudgetOrder);
export type BookingRequestInput = z.input<typeof bookingRequestSchema>;
export type BookingRequest = z.output<typeof bookingRequestSchema>;

export const rescheduleRequestSchema = z
  .object({
    ...bookingRequestShape(),
    hold_token: holdTokenField,
    locale: bookingLocaleField,
    original_booking_id: requiredText('Original booking id is required'),
    reschedule_reason: requiredText(MESSAGES.rescheduleReasonRequired).max(
      RESCHEDULE_REASON_MAX_LENGTH,
      `Reason must be at most ${RESCHEDULE_REASON_MAX_LENGTH} characters`,
    ),
  })
  .superRefine(checkBudgetOrder);
export type RescheduleRequestInput = z.input<typeof rescheduleRequestSchema>;
export type RescheduleRequest = z.output<typeof rescheduleRequestSchema>;

/**
 * The buyer's details form on the public booking page (spec §5). In reschedule mode the reason is required.
 * Select fields hold '' until the buyer picks something.
 */
export function bookingDetailsFormSchema(reschedule: boolean) {
  return z.object({
    name: requiredText(MESSAGES.fullNameRequired).max(
      CLIENT_NAME_MAX_LENGTH,
      `Full name must be at most ${CLIENT_NAME_MAX_LENGTH} characters`,
    ),
    email: emailSchema,
    phone: phoneSchema,
    buyerType: buyerTypeSchema,
    budgetRange: z.enum([...BUDGET_RANGES, ''], { error: 'Choose a budget range from the list' }).default(''),
    incomeRange: z
      .enum([...INCOME_RANGES, ''], { error: 'Choose an income range from the list' })
      .default(''),
    notes: z
      .string()
      .trim()
      .max(MESSAGE_MAX_LENGTH, `Notes must be at most ${MESSAGE_MAX_LENGTH} characters`)
      .default(''),
    // A default of '' lets the check below run when the field is absent, which it must in reschedule mode.
    rescheduleReason: z
      .string()
      .trim()
      .max(RESCHEDULE_REASON_MAX_LENGTH, `Reason must be at most ${RESCHEDULE_REASON_MAX_LENGTH} characters`)
      .default('')
      .refine((reason) => !reschedule || reason.length > 0, MESSAGES.rescheduleReasonRequired),
    // Issue 33: "Text me about this showing", unticked until the buyer ticks it.
    smsConsent: z.boolean().default(false),
    // Issue 32 §5: present only when "I'm a buyer's agent booking for my client" is ticked.
    buyerAgent: buyerAgentSchema.optional(),
  });
}
export type BookingDetailsFormInput = z.input<ReturnType<typeof bookingDetailsFormSchema>>;
export type BookingDetailsForm = z.output<ReturnType<typeof bookingDetailsFormSchema>>;

/**
 * Values of GET /api/bookings `status` besides a booking status (issue 19): `current` leaves out the rows that
 * no longer hold a showing (cancelled ones and the old side of a reschedule), what the dashboard list shows by
 * default; `all` lists every booking, the same as no status (the API's answer without a status is unchanged).
 */
export const BOOKING_LIST_CURRENT = 'current';
export const BOOKING_LIST_ALL = 'all';
export const BOOKING_LIST_HIDDEN_STATUSES = [
  'cancelled',
  'rescheduled',
] as const satisfies readonly BookingStatus[];
/**
 * Orders of GET /api/bookings: `latest` (the default, as before) newest date first (earliest first within one
 * `date`); `next` the next showing first — upcoming ones earliest first, then past ones most recent first.
 */
export const BOOKING_LIST_ORDERS = ['latest', 'next'] as const;

/** Query of GET /api/bookings (spec §7); query strings arrive as text, hence the coercion. */
export const bookingListFiltersSchema = z.object({
  status: z
    .enum([...BOOKING_STATUSES, BOOKING_LIST_CURRENT, BOOKING_LIST_ALL], { error: 'Unknown booking status' })
    .optional(),
  limit: queryInt4('Limit', { min: 1, max: 100 }).optional(),
  date: isoDateSchema.optional(),
  property_id: queryInt4('Property id', { min: 1 }).optional(),
  order: z.enum(BOOKING_LIST_ORDERS, { error: 'Order is latest or next' }).optional(),
});
export type BookingListFilters = z.output<typeof bookingListFiltersSchema>;

/** Query of GET /api/bookings/upcoming?days=n (spec §7, default 3). */
export const upcomingBookingsQuerySchema = z.object({
  days: queryInt4('Days', { min: 1, max: 60 }).default(UPCOMING_DAYS_DEFAULT),
});
export type UpcomingBookingsQuery = z.output<typeof upcomingBookingsQuerySchema>;

// A function rather than a shared object so each schema gets its own field instances.
export function bookingRequestShape() {
  return {
    // Id 0 is the placeholder property of spec §3, which means "no property".
    property_id: int4('Property id')
      .nullable()
      .default(null)
      .transform((id) => (id === 0 ? null : id)),
    agent_id: requiredText(MESSAGES.requiredFieldsMissing),
    client_name: requiredText(MESSAGES.fullNameRequired).max(
      CLIENT_NAME_MAX_LENGTH,
      `Full name must be at most ${CLIENT_NAME_MAX_LENGTH} characters`,
    ),
    client_email: emailSchema,
    client_phone: phoneSchema,
    buyer_type: buyerTypeSchema,
    budget_min: budgetAmount('Minimum budget'),
    budget_max: budgetAmount('Maximum budget'),
    income_range: z
      .enum([...INCOME_RANGES, ''], { error: 'Choose an income range from the list' })
      .nullish()
      .transform((range) => range || null),
    booking_purpose: z.enum(BOOKING_PURPOSES, { error: MESSAGES.purposeRequired }),
    custom_purpose: optionalText(CUSTOM_PURPOSE_MAX_LENGTH, 'Custom purpose'),
    booking_date: requiredThen(isoDateSchema),
    booking_time: requiredThen(time24Schema),
    // The slot's instant from the availability answer (ISO 8601 with offset): which pass of a repeated wall
    // time (DST fall-back) the buyer picked. The server books exactly it; without it, the earliest open pass.
    starts_at: z.iso
      .datetime({ offset: true, error: SLOT_INSTANT_MESSAGE })
      .nullish()
      .transform((instant) => instant ?? null),
    message: optionalText(MESSAGE_MAX_LENGTH, 'Message'),
    // Issue 32 §5: "I'm a buyer's agent booking for my client" — the client is the buyer above.
    buyer_agent: optionalBuyerAgentSchema,
  };
}

/** budget_min/budget_max are whole amounts in int4 columns: 1.5 or 2,147,483,648 is refused, not a 500. */
function budgetAmount(label: string) {
  return int4(label).nullable().default(null);
}

/** Free text that may be absent; blank counts as absent so the database never stores ''. */
function optionalText(maxLength: number, label: string) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(maxLength, `${label} must be at most ${maxLength} characters`)
    .nullish()
    .transform((text) => text || null);
}

/** Spec §5: a missing date or time is "Please complete all required fields"; a malformed one says why. */
function requiredThen<T extends z.ZodType<string, string>>(format: T) {
  return z
    .string({ error: MESSAGES.requiredFieldsMissing })
    .min(1, { error: MESSAGES.requiredFieldsMissing, abort: true })
    .pipe(format);
}

export function checkBudgetOrder(
  booking: { budget_min: number | null; budget_max: number | null },
  ctx: z.RefinementCtx,
): void {
  if (booking.budget_min !== null && booking.budget_max !== null && booking.budget_max < booking.budget_min) {
    ctx.addIssue({
      code: 'custom',
      path: ['budget_max'],
      message: 'Maximum budget must not be below the minimum budget',
    });
  }
}
