import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { PROPERTY_TYPES, propertyInputSchema, propertySchema } from './property';

function fieldMessages(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

const validInput = {
  address: '12 Oak Street',
  city: 'Springfield',
  state: 'IL',
  zip_code: '62701',
  price: 350000,
  bedrooms: 3,
  bathrooms: 2.5,
  property_type: 'Residential',
};

describe('propertyInputSchema', () => {
  it('accepts a property, defaulting images to none and visibility to public', () => {
    expect(propertyInputSchema.parse(validInput)).toMatchObject({ images: [], is_public: true });
  });

  it('address, city, state and ZIP code are required', () => {
    expect(
      fieldMessages(propertyInputSchema, { ...validInput, address: ' ', city: '', state: '', zip_code: '' }),
    ).toEqual({
      address: 'Address is required',
      city: 'City is required',
      state: 'State is required',
      zip_code: 'ZIP code is required',
    });
  });

  it('price, bedrooms and bathrooms are required numbers', () => {
    const { price: _p, bedrooms: _b, bathrooms: _ba, ...rest } = validInput;
    expect(fieldMessages(propertyInputSchema, rest)).toEqual({
      price: 'Price is required',
      bedrooms: 'Bedrooms is required',
      bathrooms: 'Bathrooms is required',
    });
  });

  it('price cannot be negative and bedrooms must be whole', () => {
    expect(fieldMessages(propertyInputSchema, { ...validInput, price: -1, bedrooms: 2.5 })).toEqual({
      price: 'Price cannot be negative',
      bedrooms: 'Bedrooms must be a whole number',
    });
  });

  it('bathrooms allow halves but not quarters', () => {
    expect(propertyInputSchema.safeParse({ ...validInput, bathrooms: 1.5 }).success).toBe(true);
    expect(fieldMessages(propertyInputSchema, { ...validInput, bathrooms: 1.25 })).toEqual({
      bathrooms: 'Bathrooms must be a whole or half number (e.g. 2.5)',
    });
  });

  it('property type is one of the six types', () => {
    expect(PROPERTY_TYPES).toEqual([
      'Residential',
      'Condo',
      'Townhouse',
      'Multi-family',
      'Commercial',
      'Land',
    ]);
    expect(fieldMessages(propertyInputSchema, { ...validInput, property_type: 'Castle' })).toEqual({
      property_type: 'Choose a property type',
    });
  });

  it('images are http(s) URLs or root-relative paths', () => {
    const images = ['https://cdn.example.com/a.jpg', 'http://example.com/b.png', '/uploads/c.webp'];
    expect(propertyInputSchema.parse({ ...validInput, images }).images).toEqual(images);
    for (const bad of [
      'javascript:alert(1)',
      '//evil.example.com/x.jpg',
      'uploads/c.webp',
      'ftp://x/y.jpg',
      'https://',
    ]) {
      expect(fieldMessages(propertyInputSchema, { ...validInput, images: [bad] })).toEqual({
        'images.0': 'Each image must be a web address (https://...) or a path starting with /',
      });
    }
  });

  it('at most 20 images', () => {
    expect(fieldMessages(propertyInputSchema, { ...validInput, images: Array(21).fill('/a.jpg') })).toEqual({
      images: 'At most 20 images per property',
    });
  });
});

describe('propertySchema', () => {
  it('reads a stored property with id, agent_id and visibility', () => {
    const property = {
      ...validInput,
      id: 7,
      agent_id: 'agent_1',
      images: ['/a.jpg'],
      is_public: false,
      public_id: '5f0c3b8e9a7d4e21b6c0f18a2d3e4f5a',
    };
    expect(propertySchema.parse(property)).toEqual(property);
    expect(propertySchema.safeParse({ ...property, id: '7' }).success).toBe(false);
  });
});
