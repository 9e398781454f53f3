// Using the prefill object (spec §3) on the booking page: spec §5 says a malformed date or time is
// ignored, and spec §4 says when the page is in reschedule mode.
import { budgetRangeFromPrefill } from './budget';
import { prefillSchema } from './schemas/prefill';
import type { Prefill } from './schemas/prefill';
import type { BookingDetailsFormInput } from './schemas/booking';
import { isValidIsoDate, isValidTime24 } from './time';

/**
 * Reads whatever GET /booking/prefill returned, keeping each field that is well formed and dropping the rest,
 * so one bad field never costs the buyer the others. booking_date must be a real yyyy-MM-dd date and
 * booking_time a valid 24-hour HH:mm (spec §5).
 */
export function sanitizePrefill(raw: unknown): Prefill {
  if (typeof raw !== 'object' || raw === null) return {};
  const source = raw as Record<string, unknown>;
  const clean: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(prefillSchema.shape)) {
    const parsed = schema.safeParse(source[key]);
    if (parsed.success && parsed.data !== undefined) clean[key] = parsed.data;
  }
  if (!isValidIsoDate(clean.booking_date)) delete clean.booking_date;
  if (!isValidTime24(clean.booking_time)) delete clean.booking_time;
  return prefillSchema.parse(clean);
}

/** Reschedule mode is on when the prefill's action is 'reschedule' or it carries a booking_id (spec §4). */
export function isRescheduleMode(
  prefill: Pick<Prefill, 'action' | 'booking_id'> | null | undefined,
): boolean {
  if (!prefill) return false;
  return prefill.action === 'reschedule' || Boolean(prefill.booking_id);
}

/** The details-form values a prefill supplies; fields it does not carry are left out for the form's defaults. */
export function prefillFormValues(prefill: Prefill): Partial<BookingDetailsFormInput> {
  const values: Partial<BookingDetailsFormInput> = {};
  if (prefill.buyer_name) values.name = prefill.buyer_name;
  if (prefill.buyer_email) values.email = prefill.buyer_email;
  if (prefill.buyer_phone) values.phone = prefill.buyer_phone;
  if (prefill.buyer_type) values.buyerType = prefill.buyer_type;
  const budgetRange = budgetRangeFromPrefill(prefill.budget_min, prefill.budget_max);
  if (budgetRange) values.budgetRange = budgetRange;
  if (prefill.income_range) values.incomeRange = prefill.income_range;
  if (prefill.notes) values.notes = prefill.notes;
  return values;
}
