// US addresses of properties (issue 19, decision 016): the state as its two-letter USPS code (the 50 states,
// DC, the territories and the military "states"), the ZIP code as 5 digits or ZIP+4.

export const US_STATE_CODES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
  'DC',
  'PR',
  'VI',
  'GU',
  'AS',
  'MP',
  'AA',
  'AE',
  'AP',
] as const;
export type UsStateCode = (typeof US_STATE_CODES)[number];

export const US_STATE_MESSAGE = 'Enter the state as its 2-letter code, e.g. MA';
export const US_ZIP_MESSAGE = 'Enter a 5-digit ZIP code, or ZIP+4 (e.g. 02108 or 02108-1234)';

const ZIP_PATTERN = /^\d{5}(?:-\d{4})?$/;

/** The USPS code for what was typed ('ma', ' MA ' → 'MA'); null when it is not one. */
export function usStateCode(raw: string): UsStateCode | null {
  const code = raw.trim().toUpperCase();
  return (US_STATE_CODES as readonly string[]).includes(code) ? (code as UsStateCode) : null;
}

export function isUsZip(raw: string): boolean {
  return ZIP_PATTERN.test(raw.trim());
}
