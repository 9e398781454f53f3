// Phone numbers on the booking form, the agent's profile and the API (issue 19, decision 016): digits and
// the usual separators only (no letters: "call me" is not a number), a number the country's numbering plan
// can hold (libphonenumber-js, the small `min` metadata so the booking page stays light), and stored in one
// international form. A number without + is read as a US number; other countries start with + and the code.
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { CountryCode } from 'libphonenumber-js/min';

export const PHONE_DEFAULT_COUNTRY: CountryCode = 'US';

export const PHONE_CHARACTERS_MESSAGE =
  'Phone number can only contain digits, spaces, +, -, dots and parentheses';
export const PHONE_INVALID_MESSAGE =
  'Enter a full phone number: 10 digits for a US number, or + and the country code for another country';

const PHONE_CHARACTERS = /^\+?[0-9\s().-]+$/;

export function hasPhoneCharactersOnly(raw: string): boolean {
  return PHONE_CHARACTERS.test(raw.trim());
}

/**
 * The number in international form ('+1 555 010 0199', '+44 20 7946 0958') when it has only phone
 * characters and a length its country's plan allows; null otherwise. Whether the range is assigned is not
 * checked (the plans change more often than the metadata; demo and test numbers use the fictional 555-01xx).
 */
export function normalizePhone(raw: string, country: CountryCode = PHONE_DEFAULT_COUNTRY): string | null {
  if (!hasPhoneCharactersOnly(raw)) return null;
  const parsed = parsePhoneNumberFromString(raw.trim(), country);
  return parsed?.isPossible() ? parsed.formatInternational() : null;
}
