import { describe, expect, it } from 'vitest';
import { propertyInputSchema } from './schemas/property';
import { US_STATE_MESSAGE, US_ZIP_MESSAGE, isUsZip, usStateCode } from './usAddress';

const property = {
  address: '1 Beacon St',
  city: 'Boston',
  state: 'MA',
  zip_code: '02108',
  price: 500000,
  bedrooms: 2,
  bathrooms: 1,
  property_type: 'Residential',
};

function fieldMessages(input: unknown): Record<string, string> {
  const result = propertyInputSchema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('US property addresses (issue 19, decision 016)', () => {
  it('state: a 2-letter USPS code in any case, stored upper-case', () => {
    expect(usStateCode(' ma ')).toBe('MA');
    expect(usStateCode('DC')).toBe('DC');
    expect(usStateCode('Massachusetts USA')).toBeNull();
    expect(usStateCode('XX')).toBeNull();
    expect(propertyInputSchema.parse({ ...property, state: 'ma' }).state).toBe('MA');
    expect(fieldMessages({ ...property, state: 'Massachusetts USA' })).toEqual({ state: US_STATE_MESSAGE });
  });

  it('ZIP: 5 digits or ZIP+4', () => {
    expect(isUsZip('02108')).toBe(true);
    expect(isUsZip('02108-1234')).toBe(true);
    for (const zip of ['abcde', '0210', '021081', '02108-12', '02108 1234']) expect(isUsZip(zip)).toBe(false);
    expect(fieldMessages({ ...property, zip_code: 'abcde' })).toEqual({ zip_code: US_ZIP_MESSAGE });
  });
});
