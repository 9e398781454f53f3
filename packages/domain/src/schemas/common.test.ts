import { describe, expect, it } from 'vitest';
import {
  emailSchema,
  errorResponseSchema,
  isoDateSchema,
  requiredText,
  time24Schema,
  timeWithSecondsSchema,
} from './common';
import type { z } from 'zod';

function messages(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('errorResponseSchema', () => {
  it('accepts { error, code } with optional per-field messages', () => {
    expect(errorResponseSchema.parse({ error: 'Bad', code: 'VALIDATION' })).toEqual({
      error: 'Bad',
      code: 'VALIDATION',
    });
    expect(
      errorResponseSchema.parse({
        error: 'Bad',
        code: 'VALIDATION',
        fields: { client_name: 'Full name is required' },
      }),
    ).toHaveProperty('fields.client_name', 'Full name is required');
  });

  it('refuses a body without a code', () => {
    expect(errorResponseSchema.safeParse({ error: 'Bad' }).success).toBe(false);
  });
});

describe('isoDateSchema', () => {
  it('accepts real yyyy-MM-dd dates, including 29 February of a leap year', () => {
    for (const date of ['2025-01-31', '2024-02-29', '2000-12-01'])
      expect(isoDateSchema.parse(date)).toBe(date);
  });

  it('refuses dates that do not exist with one message', () => {
    expect(messages(isoDateSchema, '2025-02-29')).toEqual(['Enter a date as yyyy-MM-dd']);
    expect(messages(isoDateSchema, '2025-04-31')).toEqual(['Enter a date as yyyy-MM-dd']);
  });

  it('refuses other shapes with one message', () => {
    for (const bad of ['2025-1-05', '05/01/2025', '2025-13-01', '2025-01-00', '2025-01-05T00:00', '', 42]) {
      expect(messages(isoDateSchema, bad)).toEqual(['Enter a date as yyyy-MM-dd']);
    }
  });
});

describe('time24Schema', () => {
  it('accepts 00:00 to 23:59', () => {
    for (const time of ['00:00', '09:30', '12:00', '23:59']) expect(time24Schema.parse(time)).toBe(time);
  });

  it('refuses 24:00, single-digit hours, seconds and 12-hour text', () => {
    for (const bad of ['24:00', '9:30', '09:60', '09:30:00', '1:00 PM', undefined]) {
      expect(messages(time24Schema, bad)).toEqual(['Enter a time as HH:mm (24-hour)']);
    }
  });
});

describe('timeWithSecondsSchema', () => {
  it('accepts HH:mm:ss and refuses HH:mm', () => {
    expect(timeWithSecondsSchema.parse('13:30:00')).toBe('13:30:00');
    expect(messages(timeWithSecondsSchema, '13:30')).toEqual(['Enter a time as HH:mm:ss (24-hour)']);
  });
});

describe('emailSchema', () => {
  it("missing or blank gives 'Email is required' (spec §5)", () => {
    expect(messages(emailSchema, '')).toEqual(['Email is required']);
    expect(messages(emailSchema, '   ')).toEqual(['Email is required']);
    expect(messages(emailSchema, undefined)).toEqual(['Email is required']);
  });

  it("a malformed address gives 'Please enter a valid email address' (spec §5)", () => {
    for (const bad of ['jane', 'jane@', 'jane@example', 'jane doe@example.com', '@example.com']) {
      expect(messages(emailSchema, bad)).toEqual(['Please enter a valid email address']);
    }
  });

  it('accepts a standard address and trims surrounding spaces', () => {
    expect(emailSchema.parse('  jane.doe+homes@example.co.uk ')).toBe('jane.doe+homes@example.co.uk');
  });
});

describe('requiredText', () => {
  it('gives the one message for missing, non-string and blank values, and trims', () => {
    const name = requiredText('Name please');
    for (const bad of [undefined, null, 7, '', '  ']) expect(messages(name, bad)).toEqual(['Name please']);
    expect(name.parse('  Ann ')).toBe('Ann');
  });
});
