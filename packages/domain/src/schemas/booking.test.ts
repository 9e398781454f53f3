import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  bookingDetailsFormSchema,
  bookingListFiltersSchema,
  bookingRequestSchema,
  rescheduleRequestSchema,
  SLOT_INSTANT_MESSAGE,
  upcomingBookingsQuerySchema,
} from './booking';
import { PHONE_CHARACTERS_MESSAGE } from '../phone';

function fieldMessages(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

const validRequest = {
  property_id: 12,
  agent_id: 'agent_1',
  client_name: 'Sam Buyer',
  client_email: 'sam@example.com',
  client_phone: '+1 555 010 2030',
  buyer_type: 'first_time_buyer',
  budget_min: 300000,
  budget_max: 400000,
  income_range: '75000-100000',
  booking_purpose: 'property_viewing',
  custom_purpose: null,
  booking_date: '2025-06-02',
  booking_time: '14:00',
  message: null,
};

describe('bookingRequestSchema (spec §3 payload)', () => {
  it('accepts the payload of spec §3 unchanged (a phone already in international form)', () => {
    // Issue 33: without the box ticked, no consent to texts.
    expect(bookingRequestSchema.parse(validRequest)).toEqual({
      ...validRequest,
      starts_at: null,
      sms_consent: false,
    });
  });

  it('sms_consent (issue 33) is true only when the buyer ticked the box; anything but a boolean is refused', () => {
    expect(bookingRequestSchema.parse({ ...validRequest, sms_consent: true }).sms_consent).toBe(true);
    expect(bookingRequestSchema.parse({ ...validRequest, sms_consent: false }).sms_consent).toBe(false);
    expect(bookingRequestSchema.parse({ ...validRequest, sms_consent: null }).sms_consent).toBe(false);
    expect(fieldMessages(bookingRequestSchema, { ...validRequest, sms_consent: 'yes' })).toEqual({
      sms_consent: 'Text consent must be true or false',
    });
  });

  it('starts_at (the slot instant of the availability answer) is optional and must be ISO 8601 with an offset', () => {
    const instant = '2026-11-01T01:30:00-05:00';
    expect(bookingRequestSchema.parse({ ...validRequest, starts_at: instant }).starts_at).toBe(instant);
    expect(bookingRequestSchema.parse({ ...validRequest, starts_at: '2026-11-01T06:30:00Z' }).starts_at).toBe(
      '2026-11-01T06:30:00Z',
    );
    for (const bad of ['2026-11-01T01:30:00', '1:30 AM', 1762000000000]) {
      expect(fieldMessages(bookingRequestSchema, { ...validRequest, starts_at: bad })).toEqual({
        starts_at: SLOT_INSTANT_MESSAGE,
      });
    }
  });

  it('property_id may be null (a consultation); the placeholder id 0 also means none', () => {
    expect(bookingRequestSchema.parse({ ...validRequest, property_id: null }).property_id).toBeNull();
    expect(bookingRequestSchema.parse({ ...validRequest, property_id: 0 }).property_id).toBeNull();
    const { property_id: _omitted, ...withoutProperty } = validRequest;
    expect(bookingRequestSchema.parse(withoutProperty).property_id).toBeNull();
  });

  it('client name, email, phone and buyer type give the exact messages of spec §5', () => {
    expect(
      fieldMessages(bookingRequestSchema, {
        ...validRequest,
        client_name: '  ',
        client_email: '',
        client_phone: '',
        buyer_type: '',
      }),
    ).toEqual({
      client_name: 'Full name is required',
      client_email: 'Email is required',
      client_phone: 'Phone number is required',
      buyer_type: 'Buyer type is required',
    });
  });

  it("a missing buyer type is 'Buyer type is required' too", () => {
    const { buyer_type: _omitted, ...rest } = validRequest;
    expect(fieldMessages(bookingRequestSchema, rest)).toEqual({ buyer_type: 'Buyer type is required' });
  });

  it("a malformed email gives 'Please enter a valid email address'", () => {
    expect(fieldMessages(bookingRequestSchema, { ...validRequest, client_email: 'sam@' })).toEqual({
      client_email: 'Please enter a valid email address',
    });
  });

  it("missing agent, date or time gives 'Please complete all required fields' (spec §5)", () => {
    const { agent_id: _a, booking_date: _d, booking_time: _t, ...rest } = validRequest;
    expect(fieldMessages(bookingRequestSchema, rest)).toEqual({
      agent_id: 'Please complete all required fields',
      booking_date: 'Please complete all required fields',
      booking_time: 'Please complete all required fields',
    });
    expect(
      fieldMessages(bookingRequestSchema, { ...validRequest, booking_date: '', booking_time: '' }),
    ).toEqual({
      booking_date: 'Please complete all required fields',
      booking_time: 'Please complete all required fields',
    });
  });

  it('a malformed date or a 12-hour time says which format is expected', () => {
    expect(
      fieldMessages(bookingRequestSchema, {
        ...validRequest,
        booking_date: '2025-02-30',
        booking_time: '2:00 PM',
      }),
    ).toEqual({
      booking_date: 'Enter a date as yyyy-MM-dd',
      booking_time: 'Enter a time as HH:mm (24-hour)',
    });
  });

  it("no purpose gives 'Please select a booking purpose' (spec §5)", () => {
    const { booking_purpose: _omitted, ...rest } = validRequest;
    expect(fieldMessages(bookingRequestSchema, rest)).toEqual({
      booking_purpose: 'Please select a booking purpose',
    });
    expect(fieldMessages(bookingRequestSchema, { ...validRequest, booking_purpose: 'tea' })).toEqual({
      booking_purpose: 'Please select a booking purpose',
    });
  });

  it('budget fields may be null, must not be negative, and max must not be below min', () => {
    expect(
      bookingRequestSchema.parse({ ...validRequest, budget_min: 1000000, budget_max: null }).budget_max,
    ).toBeNull();
    expect(fieldMessages(bookingRequestSchema, { ...validRequest, budget_min: -5 })).toEqual({
      budget_min: 'Minimum budget must not be negative',
    });
    expect(
      fieldMessages(bookingRequestSchema, { ...validRequest, budget_min: 400000, budget_max: 300000 }),
    ).toEqual({
      budget_max: 'Maximum budget must not be below the minimum budget',
    });
  });

  it('an empty income range, custom purpose or message is stored as null', () => {
    const parsed = bookingRequestSchema.parse({
      ...validRequest,
      income_range: '',
      custom_purpose: ' ',
      message: '',
    });
    expect(parsed).toMatchObject({ income_range: null, custom_purpose: null, message: null });
  });

  it('an income range outside the list is refused', () => {
    expect(fieldMessages(bookingRequestSchema, { ...validRequest, income_range: '1-2' })).toEqual({
      income_range: 'Choose an income range from the list',
    });
  });

  it('the message is at most 2000 characters', () => {
    expect(bookingRequestSchema.safeParse({ ...validRequest, message: 'm'.repeat(2000) }).success).toBe(true);
    expect(fieldMessages(bookingRequestSchema, { ...validRequest, message: 'm'.repeat(2001) })).toEqual({
      message: 'Message must be at most 2000 characters',
    });
  });

  it('keeps a custom purpose text, trimmed', () => {
    const parsed = bookingRequestSchema.parse({
      ...validRequest,
      booking_purpose: 'custom',
      custom_purpose: ' Home Inspection ',
    });
    expect(parsed.custom_purpose).toBe('Home Inspection');
  });
});

describe('rescheduleRequestSchema', () => {
  const validReschedule = { ...validRequest, original_booking_id: 'b_42', reschedule_reason: 'Work trip' };

  it('is the booking payload plus original_booking_id and reschedule_reason', () => {
    expect(rescheduleRequestSchema.parse(validReschedule)).toEqual({ ...validReschedule, starts_at: null });
  });

  it("a blank or whitespace-only reason gives 'Please provide a reason for rescheduling' (spec §5)", () => {
    for (const reason of ['', '   ', '\n\t', undefined]) {
      expect(
        fieldMessages(rescheduleRequestSchema, { ...validReschedule, reschedule_reason: reason }),
      ).toEqual({
        reschedule_reason: 'Please provide a reason for rescheduling',
      });
    }
  });

  it('the original booking id is required', () => {
    expect(fieldMessages(rescheduleRequestSchema, { ...validReschedule, original_booking_id: '' })).toEqual({
      original_booking_id: 'Original booking id is required',
    });
  });

  it('applies the booking payload rules too', () => {
    expect(fieldMessages(rescheduleRequestSchema, { ...validReschedule, client_name: '' })).toEqual({
      client_name: 'Full name is required',
    });
  });
});

describe('bookingDetailsFormSchema', () => {
  const validForm = {
    name: 'Sam Buyer',
    email: 'sam@example.com',
    phone: '+1 555 010 2030',
    buyerType: 'investor',
  };

  it('budget range, income range and notes are optional (spec §5)', () => {
    expect(bookingDetailsFormSchema(false).parse(validForm)).toEqual({
      ...validForm,
      budgetRange: '',
      incomeRange: '',
      notes: '',
      rescheduleReason: '',
      // Issue 33: texts only when the buyer ticks the box.
      smsConsent: false,
    });
  });

  it('shows every required-field message of spec §5 at once', () => {
    expect(
      fieldMessages(bookingDetailsFormSchema(false), { name: '', email: '', phone: '', buyerType: '' }),
    ).toEqual({
      name: 'Full name is required',
      email: 'Email is required',
      phone: 'Phone number is required',
      buyerType: 'Buyer type is required',
    });
  });

  it("a malformed email gives 'Please enter a valid email address'", () => {
    expect(fieldMessages(bookingDetailsFormSchema(false), { ...validForm, email: 'sam at example' })).toEqual(
      {
        email: 'Please enter a valid email address',
      },
    );
  });

  it('budget and income ranges must come from their lists', () => {
    const parsed = bookingDetailsFormSchema(false).parse({
      ...validForm,
      budgetRange: '1000000+',
      incomeRange: '500000+',
    });
    expect(parsed).toMatchObject({ budgetRange: '1000000+', incomeRange: '500000+' });
    expect(fieldMessages(bookingDetailsFormSchema(false), { ...validForm, budgetRange: '5-10' })).toEqual({
      budgetRange: 'Choose a budget range from the list',
    });
  });

  it('the reschedule reason is ignored outside reschedule mode', () => {
    expect(bookingDetailsFormSchema(false).safeParse({ ...validForm, rescheduleReason: '' }).success).toBe(
      true,
    );
  });

  it("in reschedule mode a blank, whitespace-only or missing reason gives 'Please provide a reason for rescheduling'", () => {
    for (const rescheduleReason of ['', '   ', undefined]) {
      expect(fieldMessages(bookingDetailsFormSchema(true), { ...validForm, rescheduleReason })).toEqual({
        rescheduleReason: 'Please provide a reason for rescheduling',
      });
    }
    expect(
      bookingDetailsFormSchema(true).parse({ ...validForm, rescheduleReason: ' Sick ' }).rescheduleReason,
    ).toBe('Sick');
  });

  it('in reschedule mode the reason error appears together with the other field errors', () => {
    expect(
      Object.keys(fieldMessages(bookingDetailsFormSchema(true), { ...validForm, name: '', buyerType: '' })),
    ).toEqual(['name', 'buyerType', 'rescheduleReason']);
  });
});

describe('bookingListFiltersSchema', () => {
  it('all filters are optional', () => {
    expect(bookingListFiltersSchema.parse({})).toEqual({});
  });

  it('coerces limit and property_id from query-string text', () => {
    expect(
      bookingListFiltersSchema.parse({
        status: 'pending',
        limit: '25',
        date: '2025-06-02',
        property_id: '7',
      }),
    ).toEqual({
      status: 'pending',
      limit: 25,
      date: '2025-06-02',
      property_id: 7,
    });
  });

  it('limit is 1 to 100', () => {
    expect(fieldMessages(bookingListFiltersSchema, { limit: '0' })).toEqual({
      limit: 'Limit must be at least 1',
    });
    expect(fieldMessages(bookingListFiltersSchema, { limit: '101' })).toEqual({
      limit: 'Limit must be at most 100',
    });
    expect(fieldMessages(bookingListFiltersSchema, { limit: 'ten' })).toEqual({
      limit: 'Limit must be a number',
    });
  });

  it('refuses an unknown status and a malformed date', () => {
    expect(fieldMessages(bookingListFiltersSchema, { status: 'lost', date: '06/02/2025' })).toEqual({
      status: 'Unknown booking status',
      date: 'Enter a date as yyyy-MM-dd',
    });
  });
});

describe('upcomingBookingsQuerySchema', () => {
  it('days defaults to 3 (spec §7) and is coerced from text', () => {
    expect(upcomingBookingsQuerySchema.parse({})).toEqual({ days: 3 });
    expect(upcomingBookingsQuerySchema.parse({ days: '7' })).toEqual({ days: 7 });
    expect(fieldMessages(upcomingBookingsQuerySchema, { days: '0' })).toEqual({
      days: 'Days must be at least 1',
    });
  });
});

describe('phone on the booking payload and form (issue 19)', () => {
  it('the API refuses letters in client_phone and stores a national number in international form', () => {
    expect(fieldMessages(bookingRequestSchema, { ...validRequest, client_phone: 'call me' })).toEqual({
      client_phone: PHONE_CHARACTERS_MESSAGE,
    });
    expect(bookingRequestSchema.parse({ ...validRequest, client_phone: '(555) 010-2030' }).client_phone).toBe(
      '+1 555 010 2030',
    );
  });

  it('the form refuses letters in the phone', () => {
    const form = { name: 'Sam', email: 'sam@example.com', phone: 'call me', buyerType: 'investor' };
    expect(fieldMessages(bookingDetailsFormSchema(false), form)).toEqual({ phone: PHONE_CHARACTERS_MESSAGE });
  });
});
