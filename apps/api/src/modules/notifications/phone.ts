// Phone numbers for texts: normalised to E.164 (+12125550100) so an opt-out matches however the buyer typed
// the number on the booking form.
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

export function toE164(raw: string, defaultCountry: string): string | null {
  const parsed = parsePhoneNumberFromString(raw.trim(), defaultCountry as CountryCode);
  return parsed?.isValid() ? parsed.number : null;
}

const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT']);
const START_WORDS = new Set(['START', 'UNSTOP', 'YES', 'OPTIN']);

/** What a buyer's reply asks for, by the carriers' keywords (the whole message, any case). */
export function replyIntent(body: string): 'stop' | 'start' | null {
  const word = body
    .trim()
    .toUpperCase()
    .replace(/[^A-Z]/g, '');
  if (STOP_WORDS.has(word)) return 'stop';
  if (START_WORDS.has(word)) return 'start';
  return null;
}
