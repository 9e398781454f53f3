import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { authProfileSchema, profileUpdateSchema, signInSchema, signUpSchema } from './auth';

function fieldMessages(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

const validSignUp = {
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  password: 'correct horse',
};

describe('signUpSchema', () => {
  it('accepts a complete sign-up and trims names', () => {
    expect(signUpSchema.parse({ ...validSignUp, firstName: ' Ann ' }).firstName).toBe('Ann');
  });

  it('names are required', () => {
    expect(fieldMessages(signUpSchema, { ...validSignUp, firstName: ' ', lastName: undefined })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
    });
  });

  it('names are at most 60 characters', () => {
    expect(fieldMessages(signUpSchema, { ...validSignUp, firstName: 'a'.repeat(61) })).toEqual({
      firstName: 'First name must be at most 60 characters',
    });
    expect(signUpSchema.safeParse({ ...validSignUp, firstName: 'a'.repeat(60) }).success).toBe(true);
  });

  it('password must be at least 8 characters', () => {
    expect(fieldMessages(signUpSchema, { ...validSignUp, password: '1234567' })).toEqual({
      password: 'Password must be at least 8 characters',
    });
    expect(signUpSchema.safeParse({ ...validSignUp, password: '12345678' }).success).toBe(true);
  });

  it('password must be at most 128 characters', () => {
    expect(fieldMessages(signUpSchema, { ...validSignUp, password: 'x'.repeat(129) })).toEqual({
      password: 'Password must be at most 128 characters',
    });
  });

  it('email uses the shared e-mail messages', () => {
    expect(fieldMessages(signUpSchema, { ...validSignUp, email: 'ann' })).toEqual({
      email: 'Please enter a valid email address',
    });
  });
});

describe('signInSchema', () => {
  it("password is required: 'Password is required'", () => {
    expect(fieldMessages(signInSchema, { email: 'ann@example.com', password: '' })).toEqual({
      password: 'Password is required',
    });
    expect(fieldMessages(signInSchema, { email: 'ann@example.com' })).toEqual({
      password: 'Password is required',
    });
  });

  it('does not apply the sign-up length rule to an existing password', () => {
    expect(signInSchema.safeParse({ email: 'ann@example.com', password: 'short' }).success).toBe(true);
  });

  it("email is required: 'Email is required'", () => {
    expect(fieldMessages(signInSchema, { email: '', password: 'x' })).toEqual({ email: 'Email is required' });
  });
});

describe('profileUpdateSchema', () => {
  it('takes first and last name only', () => {
    expect(profileUpdateSchema.parse({ firstName: 'Ann', lastName: 'Lee', email: 'x' })).toEqual({
      firstName: 'Ann',
      lastName: 'Lee',
    });
  });
});

describe('authProfileSchema', () => {
  it('reads the provider-shaped user with a nullable image', () => {
    const profile = {
      id: 'user_1',
      firstName: 'Ann',
      lastName: 'Lee',
      emailAddresses: [{ emailAddress: 'ann@example.com' }],
      imageUrl: null,
    };
    expect(authProfileSchema.parse(profile)).toEqual(profile);
    expect(authProfileSchema.safeParse({ ...profile, emailAddresses: 'ann@example.com' }).success).toBe(
      false,
    );
  });
});
