import { describe, expect, it } from 'vitest';
import { isRescheduleMode, prefillFormValues, sanitizePrefill } from './prefill';

describe('sanitizePrefill (spec §5)', () => {
  it('keeps a valid yyyy-MM-dd date and a valid 24-hour HH:mm time', () => {
    expect(sanitizePrefill({ booking_date: '2025-06-02', booking_time: '14:30' })).toEqual({
      booking_date: '2025-06-02',
      booking_time: '14:30',
    });
  });

  it('ignores a date that does not match yyyy-MM-dd or does not exist', () => {
    for (const booking_date of ['02/06/2025', '2025-6-2', '2025-02-30', '2025-06-02T10:00:00Z', '']) {
      expect(sanitizePrefill({ booking_date, buyer_name: 'Sam' })).toEqual({ buyer_name: 'Sam' });
    }
  });

  it('ignores a time that is not a valid 24-hour HH:mm', () => {
    for (const booking_time of ['2:00 PM', '24:00', '9:00', '14:00:00', '14:60']) {
      expect(sanitizePrefill({ booking_time, booking_date: '2025-06-02' })).toEqual({
        booking_date: '2025-06-02',
      });
    }
  });

  it('drops a malformed field but keeps the others', () => {
    expect(
      sanitizePrefill({ buyer_type: 'tourist', buyer_email: 'sam@example.com', budget_min: 'lots' }),
    ).toEqual({
      buyer_email: 'sam@example.com',
    });
  });

  it('reads anything that is not an object as an empty prefill', () => {
    for (const raw of [null, undefined, 'token', 42]) expect(sanitizePrefill(raw)).toEqual({});
  });

  it('ignores fields that are not part of the prefill object', () => {
    expect(sanitizePrefill({ buyer_name: 'Sam', is_admin: true })).toEqual({ buyer_name: 'Sam' });
  });
});

describe('isRescheduleMode (spec §4)', () => {
  it("is on when action is 'reschedule'", () => {
    expect(isRescheduleMode({ action: 'reschedule' })).toBe(true);
  });

  it('is on when the prefill carries a booking_id', () => {
    expect(isRescheduleMode({ booking_id: 'b_42' })).toBe(true);
    expect(isRescheduleMode({ action: 'book', booking_id: 'b_42' })).toBe(true);
  });

  it('is off otherwise', () => {
    expect(isRescheduleMode({ action: 'book' })).toBe(false);
    expect(isRescheduleMode({ booking_id: '' })).toBe(false);
    expect(isRescheduleMode({})).toBe(false);
    expect(isRescheduleMode(null)).toBe(false);
  });
});

describe('prefillFormValues', () => {
  it('maps buyer fields onto the details form', () => {
    expect(
      prefillFormValues({
        buyer_name: 'Sam',
        buyer_email: 'sam@example.com',
        buyer_phone: '555',
        buyer_type: 'investor',
        income_range: '50000-75000',
        notes: 'Call first',
      }),
    ).toEqual({
      name: 'Sam',
      email: 'sam@example.com',
      phone: '555',
      buyerType: 'investor',
      incomeRange: '50000-75000',
      notes: 'Call first',
    });
  });

  it('applies a budget only by the spec §5 rule', () => {
    expect(prefillFormValues({ budget_min: 200000, budget_max: 300000 })).toEqual({
      budgetRange: '200000-300000',
    });
    expect(prefillFormValues({ budget_min: 1500000 })).toEqual({ budgetRange: '1000000+' });
    expect(prefillFormValues({ budget_min: 200000 })).toEqual({});
  });
});
