import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { PHONE_CHARACTERS_MESSAGE, PHONE_INVALID_MESSAGE, normalizePhone } from './phone';
import { phoneSchema } from './schemas/phone';

function messages(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('phone numbers (issue 19, decision 016)', () => {
  it('accepts national US and international formats, stored in international form', () => {
    expect(phoneSchema.parse('+1 (555) 010-2030')).toBe('+1 555 010 2030');
    expect(phoneSchema.parse('5550102030')).toBe('+1 555 010 2030');
    expect(phoneSchema.parse('(617) 555-0123')).toBe('+1 617 555 0123');
    expect(phoneSchema.parse('+44.20.7946.0958')).toBe('+44 20 7946 0958');
  });

  it("missing gives 'Phone number is required' (spec §5)", () => {
    expect(messages(phoneSchema, '')).toEqual(['Phone number is required']);
    expect(messages(phoneSchema, '   ')).toEqual(['Phone number is required']);
    expect(messages(phoneSchema, undefined)).toEqual(['Phone number is required']);
  });

  it('letters are refused ("call me" is not a number), vanity letters too', () => {
    expect(messages(phoneSchema, 'call me')).toEqual([PHONE_CHARACTERS_MESSAGE]);
    expect(messages(phoneSchema, '1-800-FLOWERS')).toEqual([PHONE_CHARACTERS_MESSAGE]);
    expect(normalizePhone('555 010 2030 ext 4')).toBeNull();
  });

  it('too few or too many digits for the country are refused', () => {
    expect(messages(phoneSchema, '123-45')).toEqual([PHONE_INVALID_MESSAGE]);
    expect(messages(phoneSchema, '1'.repeat(16))).toEqual([PHONE_INVALID_MESSAGE]);
    // Without + a number is read as a US number: a UK national number is not one.
    expect(messages(phoneSchema, '020 7946 0958')).toEqual([PHONE_INVALID_MESSAGE]);
  });
});
