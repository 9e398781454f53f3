import { describe, expect, it } from 'vitest';
import { guessCsvMapping, isOffMarket, normalisedAddress, propertyTypeOf } from './imports';

describe('listing import rules', () => {
  it('recognises common headings, whatever their case and punctuation; unknown ones stay unmapped', () => {
    expect(
      guessCsvMapping([
        'MLS #',
        'Street Address',
        'CITY',
        'State',
        'Postal Code',
        'List Price',
        'Beds',
        'Baths',
        'Notes',
        'Agent',
      ]),
    ).toEqual({
      mls_number: 'MLS #',
      address: 'Street Address',
      city: 'CITY',
      state: 'State',
      zip_code: 'Postal Code',
      price: 'List Price',
      bedrooms: 'Beds',
      bathrooms: 'Baths',
      remarks: 'Notes',
    });
  });

  it('places RESO types and sub-types (the sub-type first) and free text; empty is Residential, nonsense null', () => {
    expect(propertyTypeOf('Residential', 'Condominium')).toBe('Condo');
    expect(propertyTypeOf('Residential', 'Townhouse')).toBe('Townhouse');
    expect(propertyTypeOf('ResidentialIncome', 'Duplex')).toBe('Multi-family');
    expect(propertyTypeOf('CommercialSale', null)).toBe('Commercial');
    expect(propertyTypeOf('Land', null)).toBe('Land');
    expect(propertyTypeOf('Residential', 'SingleFamilyResidence')).toBe('Residential');
    expect(propertyTypeOf('single family')).toBe('Residential');
    expect(propertyTypeOf('')).toBe('Residential');
    expect(propertyTypeOf('Castle')).toBeNull();
  });

  it('one address however typed: case, punctuation, spaces and ZIP+4 do not matter', () => {
    expect(normalisedAddress('8 PINE  ROAD.', '80203-1234')).toBe(normalisedAddress('8 Pine Road', '80203'));
    expect(normalisedAddress('8 Pine Road', '80203')).not.toBe(normalisedAddress('8 Pine Road', '80204'));
  });

  it('off the market: pending, closed, withdrawn, canceled, expired; active and coming soon are not', () => {
    for (const s of ['Pending', 'Closed', 'Withdrawn', 'Canceled', 'Expired'])
      expect(isOffMarket(s)).toBe(true);
    for (const s of ['Active', 'ComingSoon', 'ActiveUnderContract', null]) expect(isOffMarket(s)).toBe(false);
  });
});
