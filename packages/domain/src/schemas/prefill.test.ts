import { describe, expect, it } from 'vitest';
import { prefillSchema } from './prefill';

describe('prefillSchema (spec §3)', () => {
  it('accepts an empty prefill: every field is optional', () => {
    expect(prefillSchema.parse({})).toEqual({});
  });

  it('accepts every field of spec §3, with nulls', () => {
    const prefill = {
      buyer_name: 'Sam',
      buyer_email: 'sam@example.com',
      buyer_phone: '555',
      buyer_type: 'investor',
      budget_min: 200000,
      budget_max: 300000,
      income_range: '50000-75000',
      booking_purpose: 'open_house',
      custom_purpose: null,
      notes: 'Call first',
      action: 'reschedule',
      booking_id: 'b_1',
      booking_date: '2025-06-02',
      booking_time: '10:00',
    };
    expect(prefillSchema.parse(prefill)).toEqual(prefill);
  });

  it('keeps a malformed date or time as text so sanitizePrefill can ignore just that field', () => {
    expect(prefillSchema.parse({ booking_date: '02/06/2025', booking_time: '25:00' })).toEqual({
      booking_date: '02/06/2025',
      booking_time: '25:00',
    });
  });

  it('refuses a buyer type outside the enumeration', () => {
    expect(prefillSchema.safeParse({ buyer_type: 'tourist' }).success).toBe(false);
  });
});
