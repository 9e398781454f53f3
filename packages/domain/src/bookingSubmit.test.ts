import { describe, expect, it } from 'vitest';
import { buildBookingRequest, buildRescheduleRequest, submittedToast } from './bookingSubmit';
import type { BookingPageState } from './bookingSubmit';
import { bookingRequestSchema, rescheduleRequestSchema } from './schemas/booking';

const state: BookingPageState = {
  form: {
    name: 'Sam Buyer',
    email: 'sam@example.com',
    phone: '555 010 2030',
    buyerType: 'investor',
    budgetRange: '300000-400000',
    incomeRange: '75000-100000',
    notes: 'Parking?',
    rescheduleReason: '',
    smsConsent: true,
  },
  hasPropertyId: false,
  property: { id: 12 },
  agentId: 'agent_1',
  date: '2025-06-02',
  timeSlot: '2:00 PM',
  purpose: 'open_house',
  customPurpose: '',
};

describe('buildBookingRequest (spec §5 on submit)', () => {
  it('builds the spec §3 payload, which the server schema accepts', () => {
    const result = buildBookingRequest(state);
    expect(result).toEqual({
      ok: true,
      request: {
        property_id: 12,
        agent_id: 'agent_1',
        client_name: 'Sam Buyer',
        client_email: 'sam@example.com',
        client_phone: '555 010 2030',
        buyer_type: 'investor',
        budget_min: 300000,
        budget_max: 400000,
        income_range: '75000-100000',
        booking_purpose: 'open_house',
        custom_purpose: null,
        booking_date: '2025-06-02',
        booking_time: '14:00',
        message: 'Parking?',
        sms_consent: true,
      },
    });
    if (result.ok) expect(bookingRequestSchema.safeParse(result.request).success).toBe(true);
  });

  it("carries the buyer's agent booking for their client (issue 32 §5), and the server schema accepts it", () => {
    const buyerAgent = {
      name: 'Robin Realtor',
      brokerage: 'Harbor Homes',
      licence_number: 'NY-10492',
      phone: '+1 212 555 0142',
      email: null,
    };
    const result = buildBookingRequest({ ...state, form: { ...state.form, buyerAgent } });
    expect(result.ok && result.request.buyer_agent).toEqual(buyerAgent);
    expect(result.ok && result.request.client_name).toBe('Sam Buyer');
    if (result.ok) expect(bookingRequestSchema.parse(result.request).buyer_agent).toEqual(buyerAgent);
  });

  it("converts a 12-hour slot to 24-hour HH:mm: '12:30 PM' stays 12:30, '12:00 AM' becomes 00:00", () => {
    const at = (timeSlot: string) => {
      const result = buildBookingRequest({ ...state, timeSlot });
      return result.ok ? result.request.booking_time : result.error;
    };
    expect(at('12:30 PM')).toBe('12:30');
    expect(at('12:00 AM')).toBe('00:00');
    expect(at('09:30:00')).toBe('09:30');
  });

  it("budget '1000000+' gives min 1,000,000 and max null; no budget gives nulls", () => {
    const open = buildBookingRequest({ ...state, form: { ...state.form, budgetRange: '1000000+' } });
    expect(open.ok && [open.request.budget_min, open.request.budget_max]).toEqual([1000000, null]);
    const none = buildBookingRequest({
      ...state,
      form: { ...state.form, budgetRange: '', incomeRange: '', notes: ' ' },
    });
    expect(none.ok && none.request).toMatchObject({
      budget_min: null,
      budget_max: null,
      income_range: null,
      message: null,
    });
  });

  it("missing property, agent, date or time gives 'Please complete all required fields'", () => {
    const missing = [
      { property: null },
      { agentId: '' },
      { date: null },
      { date: '2025-02-30' },
      { timeSlot: '' },
      { timeSlot: 'noon' },
    ];
    for (const gap of missing) {
      expect(buildBookingRequest({ ...state, ...gap })).toEqual({
        ok: false,
        error: 'Please complete all required fields',
      });
    }
  });

  it("no purpose without a propertyId gives 'Please select a booking purpose'", () => {
    expect(buildBookingRequest({ ...state, purpose: '' })).toEqual({
      ok: false,
      error: 'Please select a booking purpose',
    });
    expect(buildBookingRequest({ ...state, purpose: null })).toEqual({
      ok: false,
      error: 'Please select a booking purpose',
    });
  });

  it('with a propertyId the skipped purpose step means a property viewing', () => {
    const result = buildBookingRequest({ ...state, hasPropertyId: true, purpose: '' });
    expect(result.ok && result.request.booking_purpose).toBe('property_viewing');
  });

  it('the placeholder property (id 0) is sent as property_id null', () => {
    const result = buildBookingRequest({ ...state, property: { id: 0 }, purpose: 'property_valuation' });
    expect(result.ok && result.request.property_id).toBeNull();
  });

  it('sends the custom purpose text only for the custom purpose', () => {
    const custom = buildBookingRequest({ ...state, purpose: 'custom', customPurpose: ' Home Inspection ' });
    expect(custom.ok && custom.request.custom_purpose).toBe('Home Inspection');
    const other = buildBookingRequest({ ...state, purpose: 'open_house', customPurpose: 'leftover' });
    expect(other.ok && other.request.custom_purpose).toBeNull();
  });
});

describe('buildRescheduleRequest', () => {
  it('adds original_booking_id and the trimmed reason, and the server schema accepts it', () => {
    const result = buildRescheduleRequest(
      { ...state, form: { ...state.form, rescheduleReason: ' Work trip ' } },
      'b_42',
    );
    expect(result.ok && result.request).toMatchObject({
      original_booking_id: 'b_42',
      reschedule_reason: 'Work trip',
    });
    if (result.ok) expect(rescheduleRequestSchema.safeParse(result.request).success).toBe(true);
  });

  it("a blank reason gives 'Please provide a reason for rescheduling'", () => {
    expect(
      buildRescheduleRequest({ ...state, form: { ...state.form, rescheduleReason: '  ' } }, 'b_42'),
    ).toEqual({
      ok: false,
      error: 'Please provide a reason for rescheduling',
    });
  });

  it('the booking rules come first', () => {
    expect(buildRescheduleRequest({ ...state, agentId: null }, 'b_42')).toEqual({
      ok: false,
      error: 'Please complete all required fields',
    });
  });
});

describe('submittedToast (issue 32)', () => {
  it('a request on a listing the seller approves names the seller, not the agent', () => {
    expect(submittedToast(true, false, 'seller')).toBe(
      'Request sent. It is not booked until the seller confirms it.',
    );
    expect(submittedToast(true, false)).toBe('Request sent. It is not booked until the agent confirms it.');
    expect(submittedToast(true, true, 'agent')).toBe(
      'New time requested. It is not booked until the agent confirms it.',
    );
  });
});
