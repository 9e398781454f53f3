// Sign-up, sign-in and the signed-in user's own profile (spec §2.1, §3 "Authenticated user").
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants';
import { emailSchema, requiredText } from './common';

export const NAME_MAX_LENGTH = 60;
export const PASSWORD_MAX_LENGTH = 128;

export const firstNameSchema = requiredText('First name is required').max(
  NAME_MAX_LENGTH,
  `First name must be at most ${NAME_MAX_LENGTH} characters`,
);
export const lastNameSchema = requiredText('Last name is required').max(
  NAME_MAX_LENGTH,
  `Last name must be at most ${NAME_MAX_LENGTH} characters`,
);

// Not trimmed: a space is a character the user typed on purpose.
export const newPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const signUpSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  email: emailSchema,
  password: newPasswordSchema,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** Body of PUT /api/auth/profile. */
export const profileUpdateSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
});
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

/** Response of GET /api/auth/profile, shaped like the authentication provider's user (spec §3). */
export const authProfileSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  emailAddresses: z.array(z.object({ emailAddress: z.string() })),
  imageUrl: z.string().nullable(),
});
export type AuthProfile = z.infer<typeof authProfileSchema>;
