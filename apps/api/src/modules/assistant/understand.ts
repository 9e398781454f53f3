// Offline understanding of a buyer's message (issue 17, decision 023): the dates and times meant, relative to
// the agent's today in the agent's zone (chrono-node), the property meant among the agent's public ones, the
// purpose, the constraints ("after 5", "not Monday", "this weekend") and contact details. Pure: the
// conversation (conversation.ts) turns this into real slots through the slot engine.
//
// Dates are computed on the agent's WALL CLOCK: chrono parses against a reference "noon of the agent's today"
// expressed in UTC with timezone 0, so day arithmetic never meets a DST jump; the slot engine alone turns an
// agent-zone date and time into an instant.
import { distance } from 'fastest-levenshtein';
import type { BookingPurpose, BuyerType } from '@keyturn/domain/enums';
import { detectLanguage, spanishToEnglish, type Detected, type Language } from './language';
import { correctTypos, tokens, type PropertyFacts } from './typos';

export type { PropertyFacts };
import { datesOf, WEEKDAY_SHORT, windowOf, type TimeWindow } from './when';

export type Understanding = {
  /** Agent-zone dates the buyer named, in order; null when the message names none. */
  dates: string[] | null;
  /** Weekdays the buyer ruled out (0 = Sunday). */
  excludedWeekdays: number[];
  /** A wall-clock range the buyer wants ('HH:mm', `to` exclusive); null when none. */
  window: TimeWindow | null;
  /** An exact wall-clock start time ('HH:mm'); null when none. */
  time: string | null;
  /** The properties the message points at, best first: one = understood, several = which one? */
  propertyIds: number[];
  purpose: BookingPurpose | null;
  /** "the second one" → 2. */
  choice: number | null;
  yes: boolean;
  no: boolean;
  name: string | null;
  email: string | null;
  phone: string | null;
  buyerType: BuyerType | null;
  /** The language the message is written in (null: too short to tell). */
  language: Detected;
  /** "Friday" said on a Friday: today, or next Friday when today has no time left. */
  weekdayIsToday: boolean;
  /** "hi", "hola": answered with what the assistant needs, not "I didn't catch that". */
  greeting: boolean;
};

/** Whether the message said anything the conversation can use. */
export function understoodAnything(u: Understanding): boolean {
  return (
    u.dates !== null ||
    u.window !== null ||
    u.time !== null ||
    u.excludedWeekdays.length > 0 ||
    u.propertyIds.length > 0 ||
    u.purpose !== null ||
    u.choice !== null ||
    u.yes ||
    u.no ||
    u.name !== null ||
    u.email !== null ||
    u.phone !== null ||
    u.buyerType !== null ||
    u.greeting
  );
}

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
/** Street-type words and their abbreviations, each to its full form. */
export const STREET_WORDS: Record<string, string> = {
  st: 'street',
  street: 'street',
  ave: 'avenue',
  av: 'avenue',
  avenue: 'avenue',
  rd: 'road',
  road: 'road',
  dr: 'drive',
  drive: 'drive',
  ln: 'lane',
  lane: 'lane',
  blvd: 'boulevard',
  boulevard: 'boulevard',
  ct: 'court',
  court: 'court',
  pl: 'place',
  place: 'place',
  way: 'way',
  ter: 'terrace',
  terrace: 'terrace',
  cir: 'circle',
  circle: 'circle',
  pkwy: 'parkway',
  parkway: 'parkway',
};
const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
};
const TYPE_WORDS: Record<string, string> = {
  condo: 'Condo',
  condominium: 'Condo',
  apartment: 'Condo',
  flat: 'Condo',
  townhouse: 'Townhouse',
  townhome: 'Townhouse',
  duplex: 'Multi-family',
  triplex: 'Multi-family',
  'multi-family': 'Multi-family',
  multifamily: 'Multi-family',
  commercial: 'Commercial',
  office: 'Commercial',
  land: 'Land',
  lot: 'Land',
  plot: 'Land',
  house: 'Residential',
  home: 'Residential',
};

const EMAIL = /[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}/i;
const PHONE = /(?:\+\d{1,3}[\s.-]?)?(?:\(\d{3}\)|\d{3})[\s.-]?\d{3}[\s.-]?\d{4}\b/;

/** Understands one message against today (the agent's date, 'yyyy-MM-dd') and the agent's public properties. */
export function understand(
  original: string,
  today: string,
  properties: readonly PropertyFacts[],
  conversationLanguage: Language = 'en',
): Understanding {
  const language = detectLanguage(original);
  // A short answer ("la primera", "sí") in a Spanish conversation is read as Spanish.
  const spanish = language === 'es' || (language === null && conversationLanguage === 'es');
  const text = spanish ? spanishToEnglish(original) : original;
  const email = text.match(EMAIL)?.[0] ?? null;
  const phone = text.match(PHONE)?.[0]?.trim() ?? null;
  let rest = text;
  if (email) rest = rest.replace(email, ' ');
  if (phone) rest = rest.replace(phone, ' ');
  // "Casey Buyer, casey@example.com, 646 555 0199, first time buyer": the name is the list's name-like part.
  const name = nameIn(rest) ?? (email || phone ? listedName(rest) : null);
  const lower = correctTypos(
    rest.toLowerCase().replace(/\b2mor+ow?\b|\b2day\b/g, (w) => (w === '2day' ? 'today' : 'tomorrow')),
    properties,
  );

  const propertyIds = matchProperties(lower, properties);
  const purpose = purposeOf(lower, propertyIds.length > 0);
  const buyerType = buyerTypeOf(lower);

  // What is not about dates leaves the text before chrono reads it.
  let dateText = stripPropertyNumbers(lower, properties);
  const excludedWeekdays: number[] = [];
  dateText = dateText.replace(
    /\b(?:not|except|but not|no|never|can'?t do|cannot do|can'?t make|unavailable|busy)\s+(?:on\s+)?(?:a\s+)?((?:[a-z]+)(?:\s*(?:,|or|and|nor|&)\s*(?:on\s+)?[a-z]+)*)/g,
    (whole, list: string) => {
      // The longest run of weekdays from the start: "friday, afternoons" rules out Friday only.
      const days: number[] = [];
      let consumed = '';
      for (const part of list.match(/(?:^|\s*(?:,|\bor\b|\band\b|\bnor\b|&)\s*(?:on\s+)?)[a-z]+/g) ?? []) {
        const word = part.replace(/^[\s,&]*(?:or|and|nor)?\s*(?:on\s+)?/, '');
        const found = /^weekends?$/.test(word) ? [6, 0] : [weekdayOf(word)];
        if (found.some((d) => d === null)) break;
        days.push(...(found as number[]));
        consumed += part;
      }
      if (days.length === 0) return whole;
      for (const d of days) if (!excludedWeekdays.includes(d)) excludedWeekdays.push(d);
      return ` ${list.slice(consumed.length)}`;
    },
  );
  // "any weekday", "on weekdays": Monday to Friday.
  dateText = dateText.replace(/\b(?:any\s+|on\s+)?week\s?days?\b/, () => {
    for (const d of [6, 0]) if (!excludedWeekdays.includes(d)) excludedWeekdays.push(d);
    return ' ';
  });
  const { window, text: withoutWindow } = windowOf(dateText);
  dateText = withoutWindow;
  const read = datesOf(dateText, today, spanish ? original.toLowerCase() : null);
  // Spanish "la 1" / "la 2, por favor" answers a numbered list of times: option 1, not 1 o'clock (issue 39 §13).
  const option = spanish ? spanishOption(original) : null;
  const { dates, time, weekdayIsToday } = option ? { dates: null, time: null, weekdayIsToday: false } : read;

  return {
    dates,
    excludedWeekdays,
    window,
    time,
    propertyIds,
    purpose,
    choice: option ?? choiceOf(lower),
    yes: /^\s*(?:y|yes|yep|yeah|yup|sure|ok|okay|confirm(?:ed)?|correct|perfect|great|please do|go ahead|book it|sounds good|that works|do it)\b/.test(
      lower,
    ),
    no: /^\s*(?:n|no|nope|nah|not really|wrong|cancel|change|different|another)\b/.test(lower),
    name,
    email,
    phone,
    buyerType,
    language,
    weekdayIsToday,
    greeting:
      /^\W*(?:hi+|hello|hey|hiya|hola|buenas|buenos d[ií]as|good (?:morning|afternoon|evening))\W*$/iu.test(
        original,
      ),
  };
}

// ---- words ----

function weekdayOf(word: string): number | null {
  const full = WEEKDAYS.indexOf(word.replace(/s$/, ''));
  if (full >= 0) return full;
  return WEEKDAY_SHORT[word] ?? null;
}

// ---- the property ----

function streetParts(address: string): { number: string | null; names: string[]; suffix: string | null } {
  const words = tokens(address.split(',')[0] ?? address);
  const number = words[0] && /^\d+[a-z]?$/.test(words[0]) ? words[0] : null;
  const rest = number ? words.slice(1) : words;
  let suffix: string | null = null;
  const names: string[] = [];
  for (const w of rest) {
    if (STREET_WORDS[w] && names.length > 0) suffix = STREET_WORDS[w];
    else if (!/^(unit|apt|suite|#?\d+[a-z]?)$/.test(w) && w.length > 1) names.push(w);
  }
  return { number, names, suffix };
}

/** Scores each property against the message; the best-scoring ones (ties: several) are returned. */
export function matchProperties(text: string, properties: readonly PropertyFacts[]): number[] {
  const words = tokens(text);
  const wordSet = new Set(words);
  const suffixes = new Set(words.map((w) => STREET_WORDS[w]).filter(Boolean));
  const bedrooms = bedroomsOf(text);
  const type = typeOf(words);
  const price = priceOf(text);
  const scored = properties.map((p) => {
    const street = streetParts(p.address);
    let score = 0;
    let named = false;
    const nameHits = street.names.filter((n) =>
      words.some((w) => w === n || (n.length >= 5 && w.length >= 5 && distance(w, n) <= 1)),
    );
    // A house number names a home next to its street ("12 maple", "maple 12") or before a word that is no
    // time ("12 the one…"); "feb 12", "between 10 and 12" are no homes.
    if (
      street.number &&
      wordSet.has(street.number) &&
      (nameHits.length > 0 ||
        new RegExp(
          String.raw`\b${street.number}\s+(?!(?:am|pm|o'?clock|noon|on|at|or|and|to|ish|please|pls)\b)[a-z]`,
        ).test(text))
    ) {
      score += 4;
      named = true;
    }
    if (nameHits.length > 0) {
      score += 3 * nameHits.length;
      named = true;
      if (street.suffix && suffixes.has(street.suffix)) score += 1;
      else if (suffixes.size > 0) score -= 1;
    }
    const cityWords = tokens(p.city);
    if (cityWords.length > 0 && cityWords.every((c) => wordSet.has(c))) {
      score += 1;
      named = true;
    }
    if (bedrooms !== null) {
      if (bedrooms === p.bedrooms) {
        score += 2;
        named = true;
      } else score -= 5;
    }
    if (type !== null) {
      if (type === p.property_type) {
        score += 2;
        named = true;
      } else if (type !== 'Residential') score -= 3;
    }
    if (price) {
      const fits =
        price.kind === 'max'
          ? p.price <= price.amount
          : price.kind === 'min'
            ? p.price >= price.amount
            : Math.abs(p.price - price.amount) <= price.amount * 0.1;
      if (fits) {
        score += 2;
        named = true;
      } else score -= 5;
    }
    return { id: p.id, score, named };
  });
  const best = Math.max(0, ...scored.filter((s) => s.named).map((s) => s.score));
  if (best <= 0) return [];
  return scored.filter((s) => s.named && s.score === best).map((s) => s.id);
}

function bedroomsOf(text: string): number | null {
  const m = text.match(/\b(\d|one|two|three|four|five|six)\s*-?\s*(?:bed(?:room)?s?|br|bd|bdr|bdrm)\b/);
  if (!m?.[1]) return null;
  return NUMBER_WORDS[m[1]] ?? Number(m[1]);
}

function typeOf(words: readonly string[]): string | null {
  for (const w of words) if (TYPE_WORDS[w] && w !== 'home' && w !== 'house') return TYPE_WORDS[w];
  return null;
}

function priceOf(text: string): { kind: 'max' | 'min' | 'about'; amount: number } | null {
  const m = text.match(
    /\b(under|below|less than|max(?:imum)?|up to|over|above|more than|at least|around|about|~)?\s*\$\s?(\d[\d,.]*)\s*(k|m|million)?\b|\b(under|below|less than|up to|over|above|around|about)\s+(\d[\d,.]*)\s*(k|m|million)\b/,
  );
  if (!m) return null;
  const word = m[1] ?? m[4];
  const digits = (m[2] ?? m[5] ?? '').replace(/,/g, '');
  const unit = m[3] ?? m[6];
  let amount = Number(digits);
  if (!Number.isFinite(amount) || amount <= 0) return null;
  if (unit === 'k') amount *= 1000;
  if (unit === 'm' || unit === 'million') amount *= 1_000_000;
  const kind =
    word && /under|below|less|max|up to/.test(word)
      ? 'max'
      : word && /over|above|more|least/.test(word)
        ? 'min'
        : 'about';
  return { kind, amount };
}

/** House numbers, bedrooms and prices are no dates: they leave the text chrono reads. */
function stripPropertyNumbers(text: string, properties: readonly PropertyFacts[]): string {
  let out = text
    .replace(
      /\b(\d|one|two|three|four|five|six)\s*-?\s*(?:bed(?:room)?s?|br|bd|bdr|bdrm|bath(?:room)?s?|ba)\b/g,
      ' ',
    )
    .replace(/\$\s?\d[\d,.]*\s*(k|m|million)?\b/g, ' ')
    .replace(/\b\d[\d,.]*\s*(k|million)\b/g, ' ');
  for (const p of properties) {
    const { number, names } = streetParts(p.address);
    if (!number) continue;
    out = out.replace(new RegExp(`\\b${number}\\s+(?=[a-z])`, 'g'), ' ');
    // "calle maple 12" (the Spanish order): the number after the street name.
    for (const name of names)
      out = out.replace(new RegExp(`\\b(${name}(?:\\s+[a-z]+)?)\\s+${number}\\b`, 'g'), '$1 ');
  }
  return out;
}

// ---- purpose, buyer type, name, choice ----

function purposeOf(text: string, namedProperty: boolean): BookingPurpose | null {
  if (/\bopen[\s-]?house\b/.test(text)) return 'open_house';
  if (/\bprivate\s+(?:showing|viewing|tour)\b/.test(text)) return 'private_showing';
  if (
    /\b(valuation|valuate|appraisal|apprais\w*|what (?:my|our) (?:house|home|place|condo|property) is worth|what'?s (?:my|our) (?:house|home|place|condo|property) worth|how much (?:is )?(?:my|our) \w+ (?:is )?worth|value (?:of )?(?:my|our)|sell(?:ing)? (?:my|our))\b/.test(
      text,
    )
  )
    return 'property_valuation';
  if (
    /\b(consultation|consult|advice|talk|chat|discuss|questions?|meet(?:ing)?)\b/.test(text) &&
    !namedProperty
  )
    return 'custom';
  if (/\b(see|view|viewing|tour|visit|look at|showing|check out|walk ?through|come by|show me)\b/.test(text))
    return 'property_viewing';
  return namedProperty ? 'property_viewing' : null;
}

function buyerTypeOf(text: string): BuyerType | null {
  if (/\bfirst[\s-]?time\b|\bfirst (?:home|house|place)\b/.test(text)) return 'first_time_buyer';
  if (/\binvest(?:or|ment|ing)\b/.test(text)) return 'investor';
  if (/\bhome ?owner\b|\b(?:already )?own (?:a|my|our) (?:home|house)\b/.test(text)) return 'home_owner';
  return null;
}

function nameIn(text: string): string | null {
  const m = text.match(
    /\b(?:my name is|my name's|name is|i am|i'm|im|this is|it's|call me)\s+([A-Za-z][A-Za-z'-]+(?:\s+[A-Za-z][A-Za-z'-]+){0,2})/i,
  );
  if (!m?.[1]) return null;
  const words = m[1]
    .split(/\s+/)
    .filter((w) => !/^(and|a|an|the|looking|interested|free|available|at|on)$/i.test(w));
  if (words.length === 0 || !/^[A-Z]/.test(words[0] ?? '')) return null;
  const name = words.filter((w) => /^[A-Z]/.test(w)).join(' ');
  return name || null;
}

/** A message that is only a name-like list item ("Casey Buyer") among contact details, else null. */
function listedName(text: string): string | null {
  for (const part of text.split(/[,;\n]/)) {
    const item = part.trim();
    if (!/^\p{Lu}[\p{L}'.-]*(?:\s+\p{Lu}[\p{L}'.-]*){1,3}$/u.test(item)) continue;
    if (weekdayOf(item.split(/\s+/)[0]!.toLowerCase()) !== null) continue;
    return item;
  }
  return null;
}

/** "la 1", "el 2", "opción 3", "número 1, por favor" → that option; anything more → null. */
function spanishOption(text: string): number | null {
  const m = text
    .trim()
    .toLowerCase()
    .match(/^(?:la|el|opci[oó]n|n[uú]mero)\s*#?([1-3])[\s,.!]*(?:por favor)?[\s.!]*$/u);
  return m ? Number(m[1]) : null;
}

function choiceOf(text: string): number | null {
  const m = text.match(
    /\b(?:(first|1st)|(second|2nd)|(third|3rd)|(?:option|number|no\.?|#)\s*([1-3])|the\s+([1-3])(?:st|nd|rd)?\s+one)\b/,
  );
  if (m) {
    if (m[1]) return 1;
    if (m[2]) return 2;
    if (m[3]) return 3;
    return Number(m[4] ?? m[5]);
  }
  const bare = text.trim().match(/(?:^|[\s,])([1-3])[.)]?$/);
  return bare ? Number(bare[1]) : null;
}
