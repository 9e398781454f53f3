// Typos in buyer messages (issue 17, split out in issue 31): "tomorow mornin" → "tomorrow morning" by
// Levenshtein distance to a small vocabulary; street names and cities of the agent's listings stay as written.
import { distance } from 'fastest-levenshtein';

/** What the assistant knows of a listing to recognise it in a message. */
export type PropertyFacts = {
  id: number;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  price: number;
  bedrooms: number;
  bathrooms: number;
  property_type: string;
};

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
/** Words a typo is corrected to (tokens of four letters or more, one or two edits away). */
const VOCABULARY = [
  ...WEEKDAYS,
  ...MONTHS,
  'tomorrow',
  'today',
  'weekend',
  'morning',
  'afternoon',
  'evening',
  'tonight',
  'next',
  'this',
  'after',
  'before',
  'between',
  'viewing',
  'showing',
  'bedroom',
  'bedrooms',
  'valuation',
  'consultation',
];
/** Common words a typo correction must leave alone ("meaning" is not "morning", "monkey" not "monday"). */
const NOT_TYPOS = new Set([
  'meaning',
  'nothing',
  'something',
  'anything',
  'meeting',
  'weekday',
  'weekdays',
  'moving',
  'thanks',
  'monkey',
  'money',
  'mostly',
  'someday',
  'sundae',
  'turning',
  'warning',
]);
const ABBREVIATIONS: Record<string, string> = {
  tmrw: 'tomorrow',
  tmr: 'tomorrow',
  tmw: 'tomorrow',
  tmrow: 'tomorrow',
  tomoz: 'tomorrow',
  wknd: 'weekend',
  wkend: 'weekend',
  mornin: 'morning',
  arvo: 'afternoon',
  aft: 'afternoon',
  eve: 'evening',
  nxt: 'next',
  thx: 'thanks',
};

export function tokens(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9$'-]+/g) ?? [];
}

function propertyWords(properties: readonly PropertyFacts[]): Set<string> {
  const words = new Set<string>();
  for (const p of properties) for (const w of tokens(`${p.address} ${p.city}`)) words.add(w);
  return words;
}

/** "tomorow mornin" → "tomorrow morning"; street names and cities of the agent's listings stay as written. */
export function correctTypos(text: string, properties: readonly PropertyFacts[]): string {
  const keep = propertyWords(properties);
  return text.replace(/[a-z]+/g, (word) => {
    if (ABBREVIATIONS[word]) return ABBREVIATIONS[word];
    if (word.length < 4 || keep.has(word) || VOCABULARY.includes(word) || NOT_TYPOS.has(word)) return word;
    const allowed = word.length >= 7 ? 2 : 1;
    let best: string | null = null;
    let bestDistance = allowed + 1;
    for (const candidate of VOCABULARY) {
      if (Math.abs(candidate.length - word.length) > allowed) continue;
      const d = distance(word, candidate);
      if (d < bestDistance) {
        best = candidate;
        bestDistance = d;
      }
    }
    return best ?? word;
  });
}
