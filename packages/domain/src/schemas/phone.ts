// The phone number field of the booking payloads, the booking form and the agent profile (decision 016). Kept
// apart from common.ts so only the screens with a phone field load libphonenumber-js's metadata.
import { z } from 'zod';
import { MESSAGES } from '../messages';
import {
  PHONE_CHARACTERS_MESSAGE,
  PHONE_INVALID_MESSAGE,
  hasPhoneCharactersOnly,
  normalizePhone,
} from '../phone';

export const PHONE_MAX_LENGTH = 40;

/** A phone number (decision 016): phone characters only, a possible number, stored in international form. */
export const phoneSchema = z
  .string({ error: MESSAGES.phoneRequired })
  .trim()
  .min(1, { error: MESSAGES.phoneRequired, abort: true })
  .max(PHONE_MAX_LENGTH, {
    error: `Phone number must be at most ${PHONE_MAX_LENGTH} characters`,
    abort: true,
  })
  .refine(hasPhoneCharactersOnly, { error: PHONE_CHARACTERS_MESSAGE, abort: true })
  .transform((phone, ctx) => {
    const normalized = normalizePhone(phone);
    if (normalized === null) {
      ctx.addIssue({ code: 'custom', message: PHONE_INVALID_MESSAGE });
      return z.NEVER;
    }
    return normalized;
  });
