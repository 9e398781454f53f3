// Building blocks shared by the payload schemas: the one error shape of the API, dates, times, e-mail.
import { z } from 'zod';
import { MESSAGES } from '../messages';
import { ISO_DATE_PATTERN, TIME_24_PATTERN, TIME_WITH_SECONDS_PATTERN, isValidIsoDate } from '../time';

/** The one error body every API failure answers with (architecture guide). */
export const errorResponseSchema = z.object({
  error: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof errorResponseSchema>;

export const ISO_DATE_MESSAGE = 'Enter a date as yyyy-MM-dd';
export const TIME_24_MESSAGE = 'Enter a time as HH:mm (24-hour)';
export const TIME_WITH_SECONDS_MESSAGE = 'Enter a time as HH:mm:ss (24-hour)';

/** The "standard e-mail pattern" of spec §5: something@something.something, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A calendar date written yyyy-MM-dd; 2025-02-30 is refused although it has the right shape. */
export const isoDateSchema = z
  .string({ error: ISO_DATE_MESSAGE })
  .regex(ISO_DATE_PATTERN, { error: ISO_DATE_MESSAGE, abort: true })
  .refine(isValidIsoDate, ISO_DATE_MESSAGE);

/** 24-hour wall time HH:mm, 00:00 to 23:59. */
export const time24Schema = z.string({ error: TIME_24_MESSAGE }).regex(TIME_24_PATTERN, TIME_24_MESSAGE);

/** 24-hour wall time HH:mm:ss, as the availability endpoint returns slots (spec §3). */
export const timeWithSecondsSchema = z
  .string({ error: TIME_WITH_SECONDS_MESSAGE })
  .regex(TIME_WITH_SECONDS_PATTERN, TIME_WITH_SECONDS_MESSAGE);

export const emailSchema = requiredText(MESSAGES.emailRequired)
  .max(254, 'Email must be at most 254 characters')
  .regex(EMAIL_PATTERN, MESSAGES.emailInvalid);

/**
 * A trimmed string that must not be empty. `message` is given for a missing value, a non-string and a
 * blank string alike: to the person filling the form they are the same mistake.
 */
export function requiredText(message: string) {
  return z.string({ error: message }).trim().min(1, { error: message, abort: true });
}
