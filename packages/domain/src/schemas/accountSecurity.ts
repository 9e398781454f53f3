// Issue 41 (decision 067): the bodies of the account-security calls under /api/auth, as the server accepts them
// (anything else in a body is dropped before better-auth sees it) and as the forms check them.
import { z } from 'zod';
import { ACCOUNT_TEXTS } from '../accountTexts';
import { MESSAGES } from '../messages';
import { emailSchema } from './common';
import { newPasswordSchema, PASSWORD_MAX_LENGTH } from './auth';

const tokenSchema = z
  .string({ error: ACCOUNT_TEXTS.linkInvalid })
  .min(1, ACCOUNT_TEXTS.linkInvalid)
  .max(4096, ACCOUNT_TEXTS.linkInvalid);

/** POST /api/auth/request-password-reset */
export const forgotPasswordSchema = z.object({ email: emailSchema });

/** POST /api/auth/reset-password (the token from the e-mail's link). */
export const resetPasswordSchema = z.object({ token: tokenSchema, newPassword: newPasswordSchema });

/** The reset page's form: the new password typed twice. */
export const resetPasswordFormSchema = z
  .object({
    newPassword: newPasswordSchema,
    confirmPassword: z
      .string({ error: MESSAGES.newPasswordConfirmRequired })
      .min(1, MESSAGES.newPasswordConfirmRequired),
  })
  .refine((f) => f.confirmPassword === f.newPassword, {
    path: ['confirmPassword'],
    message: MESSAGES.passwordsDoNotMatch,
  });

/** GET /api/auth/verify-email?token= */
export const verifyEmailQuerySchema = z.object({ token: tokenSchema });

/** POST /api/auth/change-email */
export const changeEmailSchema = z.object({ newEmail: emailSchema });

/** POST /api/auth/two-factor/enable, /disable, /generate-backup-codes: the account's password. */
export const twoFactorPasswordSchema = z.object({
  password: z
    .string({ error: MESSAGES.currentPasswordRequired })
    .min(1, MESSAGES.currentPasswordRequired)
    .max(PASSWORD_MAX_LENGTH, MESSAGES.currentPasswordIncorrect),
});

/** POST /api/auth/two-factor/verify-totp: six digits from the app. */
export const totpCodeSchema = z.object({
  code: z
    .string({ error: ACCOUNT_TEXTS.twoFactorCodeWrong })
    .trim()
    .regex(/^\d{6}$/, ACCOUNT_TEXTS.twoFactorCodeWrong),
});

/** POST /api/auth/two-factor/verify-backup-code: one recovery code. */
export const recoveryCodeSchema = z.object({
  code: z
    .string({ error: ACCOUNT_TEXTS.twoFactorCodeWrong })
    .trim()
    .min(1, ACCOUNT_TEXTS.twoFactorCodeWrong)
    .max(64, ACCOUNT_TEXTS.twoFactorCodeWrong),
});

/** GET /api/auth/sessions: the caller's signed-in sessions (never their tokens). */
export const accountSessionSchema = z.object({
  id: z.string(),
  browser: z.string(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  lastActiveAt: z.string(),
  current: z.boolean(),
});
export const accountSessionsSchema = z.object({
  sessions: z.array(accountSessionSchema),
  emailVerified: z.boolean(),
  twoFactorEnabled: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
export type AccountSessions = z.infer<typeof accountSessionsSchema>;
