// Phone numbers for texts: normalised to E.164 (+12125550100) so an opt-out matches however the buyer typed
// the number on the booking form. What a reply asks for is packages/domain/src/texts/replies.ts (issue 33).
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

export function toE164(raw: string, defaultCountry: string): string | null {
  const parsed = parsePhoneNumberFromString(raw.trim(), defaultCountry as CountryCode);
  return parsed?.isValid() ? parsed.number : null;
}
