// Sign-up, sign-in and the signed-in user's own profile (spec §2.1, §3 "Authenticated user").
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants';
import { MESSAGES } from '../messages';
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

/** Body of POST /api/auth/change-password as the server accepts it (other sessions always end). */
export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: MESSAGES.currentPasswordRequired })
    .min(1, MESSAGES.currentPasswordRequired)
    .max(PASSWORD_MAX_LENGTH, MESSAGES.currentPasswordIncorrect),
  newPassword: newPasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The "Change password" form in Settings → Account: the same, plus the new password typed twice. */
export const changePasswordFormSchema = changePasswordSchema
  .extend({
    confirmPassword: z
      .string({ error: MESSAGES.newPasswordConfirmRequired })
      .min(1, MESSAGES.newPasswordConfirmRequired),
  })
  .superRefine((form, ctx) => {
    if (form.confirmPassword !== form.newPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MESSAGES.passwordsDoNotMatch });
    }
    if (form.currentPassword !== '' && form.newPassword === form.currentPassword) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: MESSAGES.newPasswordSameAsCurrent });
    }
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

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

/**
 * Response of GET /api/auth/email-delivery: whether this server sends e-mail now (a mail server is set up) or
 * keeps it on the server — the verification banner says which, so it never claims a link was sent.
 */
export const emailDeliverySchema = z.object({ sends: z.boolean() });
export type EmailDelivery = z.infer<typeof emailDeliverySchema>;
