import { describe, expect, it } from 'vitest';
import { bookingListFiltersSchema, bookingRequestSchema } from './booking';
import { isoDateSchema } from './common';
import { halfSteps, INT4_MAX, int4, queryInt4 } from './numbers';
import { propertyInputSchema } from './property';

describe('numbers bounded by their PostgreSQL column', () => {
  it('int4 accepts 2,147,483,647 and refuses 2,147,483,648, fractions and negatives', () => {
    const schema = int4('Budget');
    expect(schema.parse(INT4_MAX)).toBe(INT4_MAX);
    expect(schema.safeParse(INT4_MAX + 1).error?.issues[0]?.message).toBe(
      'Budget must be at most 2,147,483,647',
    );
    expect(schema.safeParse(1.5).error?.issues[0]?.message).toBe('Budget must be a whole number');
    expect(schema.safeParse(-1).error?.issues[0]?.message).toBe('Budget must not be negative');
  });

  it('query integers are plain numerals within the column', () => {
    const schema = queryInt4('Property id', { min: 1 });
    expect(schema.parse('42')).toBe(42);
    expect(schema.safeParse('2147483648').success).toBe(false);
    expect(schema.safeParse('0x10').success).toBe(false);
    expect(schema.safeParse('1e3').success).toBe(false);
    expect(schema.safeParse('0').error?.issues[0]?.message).toBe('Property id must be positive');
    expect(bookingListFiltersSchema.safeParse({ property_id: '2147483648' }).success).toBe(false);
  });

  it('halves only: 5e-324 bathrooms is not a half', () => {
    const schema = halfSteps('Bathrooms', 100);
    expect(schema.parse(2.5)).toBe(2.5);
    expect(schema.safeParse(5e-324).success).toBe(false);
    expect(schema.safeParse(2.25).success).toBe(false);
    const property = { address: 'a', city: 'b', state: 'MA', zip_code: '02139', price: 1, bedrooms: 1 };
    expect(
      propertyInputSchema.safeParse({ ...property, bathrooms: 5e-324, property_type: 'Condo' }).success,
    ).toBe(false);
    // The price column is an int4 too: a fraction is refused by the schema, not by the database.
    expect(
      propertyInputSchema.safeParse({ ...property, price: 1.5, bathrooms: 1, property_type: 'Condo' }).error
        ?.issues[0]?.message,
    ).toBe('Price must be a whole number');
  });

  it('a booking refuses a property id or budget past int4 and a non-whole budget', () => {
    const booking = {
      agent_id: 'a',
      client_name: 'Ann',
      client_email: 'ann@example.com',
      client_phone: '+1 617 555 0123',
      buyer_type: 'first_time_buyer',
      booking_purpose: 'property_viewing',
      booking_date: '2030-01-01',
      booking_time: '10:00',
    };
    const fields = (extra: object) =>
      bookingRequestSchema.safeParse({ ...booking, ...extra }).error?.issues.map((i) => i.path.join('.'));
    expect(fields({ property_id: 12 })).toBeUndefined();
    expect(fields({ property_id: 2147483648 })).toEqual(['property_id']);
    expect(fields({ budget_max: 2147483648 })).toContain('budget_max');
    expect(fields({ budget_min: 1.5 })).toContain('budget_min');
  });

  it('dates stay between 1970 and 2199 (9999-12-31 is refused, not a 500)', () => {
    expect(isoDateSchema.safeParse('9999-12-31').error?.issues[0]?.message).toBe(
      'Enter a date between 1970-01-01 and 2199-12-31',
    );
    expect(isoDateSchema.parse('2199-12-31')).toBe('2199-12-31');
  });
});
