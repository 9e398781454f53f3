// Turning the booking page's state into the payload of spec §3, by the "On submit" rules of spec §5.
import { splitBudgetRange } from './budget';
import type { BookingPurpose } from './enums';
import { WHO_DECIDES } from './listing/whoDecides';
import { MESSAGES } from './messages';
import type { BookingDetailsForm, BookingRequestInput, RescheduleRequestInput } from './schemas/booking';
import { isValidIsoDate, to24Hour } from './time';

export interface BookingPageState {
  /** The validated details form. */
  form: BookingDetailsForm;
  /** Whether the route named a property. */
  hasPropertyId: boolean;
  /** The property shown: the chosen one, or the placeholder (id 0) for a consultation; null if none. */
  property: { id: number } | null;
  agentId: string | null | undefined;
  /** yyyy-MM-dd */
  date: string | null | undefined;
  /** The slot as shown, 12-hour ('2:00 PM') or 24-hour. */
  timeSlot: string | null | undefined;
  purpose: BookingPurpose | '' | null;
  customPurpose: string | null | undefined;
}

export type SubmitResult<T> = { ok: true; request: T } | { ok: false; error: string };

/**
 * The booking request for POST /booking, or the message to show instead (spec §5): missing property, agent,
 * date or time → 'Please complete all required fields'; no purpose without a propertyId → 'Please select a
 * booking purpose'. With a propertyId and no purpose chosen, the purpose step was skipped, so it is a viewing.
 */
export function buildBookingRequest(state: BookingPageState): SubmitResult<BookingRequestInput> {
  const { form, property, agentId, date, timeSlot } = state;
  const time = timeSlot ? tryTo24Hour(timeSlot) : null;
  if (!property || !agentId || !date || !isValidIsoDate(date) || !time) {
    return { ok: false, error: MESSAGES.requiredFieldsMissing };
  }
  const purpose = state.purpose || (state.hasPropertyId ? 'property_viewing' : null);
  if (!purpose) return { ok: false, error: MESSAGES.purposeRequired };
  return {
    ok: true,
    request: {
      property_id: property.id === 0 ? null : property.id,
      agent_id: agentId,
      client_name: form.name,
      client_email: form.email,
      client_phone: form.phone,
      buyer_type: form.buyerType,
      ...splitBudgetRange(form.budgetRange),
      income_range: form.incomeRange || null,
      booking_purpose: purpose,
      custom_purpose: purpose === 'custom' ? state.customPurpose?.trim() || null : null,
      booking_date: date,
      booking_time: time,
      message: form.notes.trim() || null,
      sms_consent: form.smsConsent,
      ...(form.buyerAgent ? { buyer_agent: form.buyerAgent } : {}),
    },
  };
}

/** The reschedule request for POST /booking/reschedule: the booking request plus the original id and reason. */
export function buildRescheduleRequest(
  state: BookingPageState,
  originalBookingId: string,
): SubmitResult<RescheduleRequestInput> {
  const built = buildBookingRequest(state);
  if (!built.ok) return built;
  const reason = state.form.rescheduleReason.trim();
  if (!reason) return { ok: false, error: MESSAGES.rescheduleReasonRequired };
  return {
    ok: true,
    request: { ...built.request, original_booking_id: originalBookingId, reschedule_reason: reason },
  };
}

function tryTo24Hour(slot: string): string | null {
  try {
    return to24Hour(slot);
  } catch {
    return null;
  }
}

/**
 * What the toast after a submit says happened (issue 29): a request that awaits the agent is "requested",
 * never "successfully rescheduled" over a page that says it is not booked yet. Here, with the builder the
 * booking page loads lazily, so its texts are not on the page's first load.
 */
export function submittedToast(
  pending: boolean,
  rescheduled: boolean,
  awaiting: 'agent' | 'seller' | null = 'agent',
): string {
  if (!pending) return rescheduled ? MESSAGES.bookingRescheduled : MESSAGES.bookingSubmitted;
  // Issue 32: a listing the seller approves waits for the seller, not the agent (issue 39 §6: one wording).
  return WHO_DECIDES.toast(awaiting ?? 'agent', 'the agent', rescheduled);
}
