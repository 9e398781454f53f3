// The buyer-message corpus of issue 17: what each message means, written by hand. Two "todays": Tuesday
// 2030-01-29 (the coming Saturday is across the month end) and Thursday 2030-03-07 (the US clocks go forward
// on Sunday 2030-03-10). "next <weekday>" is the weekday of NEXT week (chrono-node's reading, decision 023);
// "<weekday>" and "this <weekday>" the coming one.
import { understand, understoodAnything, type PropertyFacts } from '../../src/modules/assistant/understand';
import { AFTERNOON, BUYER_CORPUS, EVENING, MORNING, V } from './corpus-buyers';

export const PROPERTIES: PropertyFacts[] = [
  {
    id: 1,
    address: '12 Maple Street',
    city: 'Springfield',
    state: 'IL',
    zip_code: '62701',
    price: 350000,
    bedrooms: 3,
    bathrooms: 2,
    property_type: 'Residential',
  },
  {
    id: 2,
    address: '12 Maple Avenue',
    city: 'Springfield',
    state: 'IL',
    zip_code: '62702',
    price: 280000,
    bedrooms: 2,
    bathrooms: 1,
    property_type: 'Condo',
  },
  {
    id: 3,
    address: '48 Oak Lane',
    city: 'Shelbyville',
    state: 'IL',
    zip_code: '62565',
    price: 520000,
    bedrooms: 4,
    bathrooms: 3,
    property_type: 'Residential',
  },
  {
    id: 4,
    address: '7 Harbor View Drive',
    city: 'Capital City',
    state: 'IL',
    zip_code: '62703',
    price: 410000,
    bedrooms: 2,
    bathrooms: 2,
    property_type: 'Townhouse',
  },
  {
    id: 5,
    address: '150 Maplewood Road',
    city: 'Springfield',
    state: 'IL',
    zip_code: '62704',
    price: 750000,
    bedrooms: 5,
    bathrooms: 4,
    property_type: 'Residential',
  },
];

export type Expected = {
  dates?: string[] | null;
  window?: { from: string; to: string } | null;
  time?: string | null;
  properties?: number[];
  purpose?: string | null;
  excluded?: number[];
  /** false: the assistant must say it did not understand (issue 31). */
  understood?: boolean;
  /** Checked when given: 'es' is answered in Spanish, 'other' gets the languages it speaks. */
  language?: 'en' | 'es' | 'other';
};

/** `category` groups the accuracy printed (issue 31); the issue-17 messages are 'issue 17'. */
export type CorpusEntry = { today: string; text: string; expect: Expected; category?: string };

const JAN = '2030-01-29';
const MAR = '2030-03-07';
const AFTER5 = { from: '17:00', to: '24:00' };

export const CORPUS: CorpusEntry[] = [
  // relative dates across the month end (today Tuesday 29 January)
  {
    today: JAN,
    text: 'can I see the 3-bed on Maple Saturday morning?',
    expect: { dates: ['2030-02-02'], window: MORNING, properties: [1], purpose: V },
  },
  {
    today: JAN,
    text: 'Could I view 12 Maple Street this Saturday?',
    expect: { dates: ['2030-02-02'], properties: [1], purpose: V },
  },
  {
    today: JAN,
    text: 'next saturday for the oak lane house please',
    expect: { dates: ['2030-02-09'], properties: [3], purpose: V },
  },
  {
    today: JAN,
    text: 'Is friday afternoon free to tour 48 Oak Lane?',
    expect: { dates: ['2030-02-01'], window: AFTERNOON, properties: [3], purpose: V },
  },
  {
    today: JAN,
    text: 'tomorow mornin for the condo on maple ave',
    expect: { dates: ['2030-01-30'], window: MORNING, properties: [2], purpose: V },
  },
  { today: JAN, text: 'tmrw after 5 works for me', expect: { dates: ['2030-01-30'], window: AFTER5 } },
  {
    today: JAN,
    text: 'this weekend, the townhouse',
    expect: { dates: ['2030-02-02', '2030-02-03'], properties: [4], purpose: V },
  },
  { today: JAN, text: 'any time this wknd?', expect: { dates: ['2030-02-02', '2030-02-03'] } },
  {
    today: JAN,
    text: 'Thursday at 3pm to see Harbor View',
    expect: { dates: ['2030-01-31'], time: '15:00', properties: [4], purpose: V },
  },
  { today: JAN, text: 'thursday at 3 please', expect: { dates: ['2030-01-31'], time: '15:00' } },
  { today: JAN, text: 'Feb 4 at 10:30am', expect: { dates: ['2030-02-04'], time: '10:30' } },
  { today: JAN, text: 'February 6th in the evening', expect: { dates: ['2030-02-06'], window: EVENING } },
  {
    today: JAN,
    text: 'on the 1st, before noon',
    expect: { dates: ['2030-02-01'], window: { from: '00:00', to: '12:00' } },
  },
  {
    today: JAN,
    text: 'next week but not monday',
    expect: {
      dates: [
        '2030-02-04',
        '2030-02-05',
        '2030-02-06',
        '2030-02-07',
        '2030-02-08',
        '2030-02-09',
        '2030-02-10',
      ],
      excluded: [1],
    },
  },
  { today: JAN, text: 'any day except friday, afternoons', expect: { excluded: [5], window: AFTERNOON } },
  { today: JAN, text: 'wendesday at noon?', expect: { dates: ['2030-01-30'], time: '12:00' } },
  { today: JAN, text: 'satruday mroning', expect: { dates: ['2030-02-02'], window: MORNING } },
  { today: JAN, text: 'in 3 days', expect: { dates: ['2030-02-01'] } },
  {
    today: JAN,
    text: 'what about Friday between 2 and 4',
    expect: { dates: ['2030-02-01'], window: { from: '14:00', to: '16:00' } },
  },
  {
    today: JAN,
    text: 'Monday after 4:30pm',
    expect: { dates: ['2030-02-04'], window: { from: '16:30', to: '24:00' } },
  },
  { today: JAN, text: 'sat or sun', expect: { dates: ['2030-02-02', '2030-02-03'] } },
  {
    today: JAN,
    text: 'next friday morning, the 5 bedroom',
    expect: { dates: ['2030-02-08'], window: MORNING, properties: [5], purpose: V },
  },
  { today: JAN, text: 'I want to see the place on Maplewood', expect: { properties: [5], purpose: V } },
  { today: JAN, text: 'the one on maple', expect: { properties: [1, 2], purpose: V } },
  { today: JAN, text: '12 maple', expect: { properties: [1, 2], purpose: V } },
  {
    today: JAN,
    text: '12 Maple St, saturday',
    expect: { dates: ['2030-02-02'], properties: [1], purpose: V },
  },
  {
    today: JAN,
    text: '12 Maple Ave on sunday',
    expect: { dates: ['2030-02-03'], properties: [2], purpose: V },
  },
  { today: JAN, text: 'the condo', expect: { properties: [2], purpose: V } },
  { today: JAN, text: 'something under $400k in Springfield', expect: { properties: [1, 2], purpose: V } },
  { today: JAN, text: 'the $520,000 one', expect: { properties: [3], purpose: V } },
  { today: JAN, text: 'the 2 bed in Capital City', expect: { properties: [4], purpose: V } },
  {
    today: JAN,
    text: 'Can I tour the Shelbyville listing Wednesday?',
    expect: { dates: ['2030-01-30'], properties: [3], purpose: V },
  },
  {
    today: JAN,
    text: 'the 4br on oak ln, fri evening',
    expect: { dates: ['2030-02-01'], window: EVENING, properties: [3], purpose: V },
  },
  {
    today: JAN,
    text: 'harbour view drive tomorrow',
    expect: { dates: ['2030-01-30'], properties: [4], purpose: V },
  },
  { today: JAN, text: 'three bedroom on maple street', expect: { properties: [1], purpose: V } },
  {
    today: JAN,
    text: 'I would like a valuation of my house next week',
    expect: {
      dates: [
        '2030-02-04',
        '2030-02-05',
        '2030-02-06',
        '2030-02-07',
        '2030-02-08',
        '2030-02-09',
        '2030-02-10',
      ],
      purpose: 'property_valuation',
    },
  },
  {
    today: JAN,
    text: "what's my home worth? can we meet thursday",
    expect: { dates: ['2030-01-31'], purpose: 'property_valuation' },
  },
  {
    today: JAN,
    text: 'I am thinking of selling my condo, can you come value it friday',
    expect: { dates: ['2030-02-01'], purpose: 'property_valuation', properties: [2] },
  },
  {
    today: JAN,
    text: 'is there an open house at 48 Oak Lane this weekend',
    expect: { dates: ['2030-02-02', '2030-02-03'], properties: [3], purpose: 'open_house' },
  },
  {
    today: JAN,
    text: 'private showing of the townhouse on monday',
    expect: { dates: ['2030-02-04'], properties: [4], purpose: 'private_showing' },
  },
  {
    today: JAN,
    text: 'I need some advice about buying, can we chat on friday',
    expect: { dates: ['2030-02-01'], purpose: 'custom' },
  },
  {
    today: JAN,
    text: 'could we have a consultation tomorrow at 11',
    expect: { dates: ['2030-01-30'], time: '11:00', purpose: 'custom' },
  },
  { today: JAN, text: 'hi!', expect: {} },
  { today: JAN, text: 'yes please', expect: {} },
  {
    today: JAN,
    text: 'today after 6',
    expect: { dates: ['2030-01-29'], window: { from: '18:00', to: '24:00' } },
  },
  { today: JAN, text: 'not on monday or tuesday, mornings', expect: { excluded: [1, 2], window: MORNING } },
  { today: JAN, text: 'Jan 31 at 9', expect: { dates: ['2030-01-31'], time: '09:00' } },
  {
    today: JAN,
    text: 'friday 2/1 at 1pm, the maple street house',
    expect: { dates: ['2030-02-01'], time: '13:00', properties: [1], purpose: V },
  },
  {
    today: JAN,
    text: 'can i come by the 5-bed on maplewood rd this saturday afternoon?',
    expect: { dates: ['2030-02-02'], window: AFTERNOON, properties: [5], purpose: V },
  },
  {
    today: JAN,
    text: 'do you have anything in the evening on thursdy',
    expect: { dates: ['2030-01-31'], window: EVENING },
  },
  // the DST week (today Thursday 7 March; the clocks go forward on Sunday 10 March)
  {
    today: MAR,
    text: 'Sunday morning for 48 Oak Lane',
    expect: { dates: ['2030-03-10'], window: MORNING, properties: [3], purpose: V },
  },
  { today: MAR, text: 'next monday at 9am', expect: { dates: ['2030-03-11'], time: '09:00' } },
  { today: MAR, text: 'this weekend', expect: { dates: ['2030-03-09', '2030-03-10'] } },
  { today: MAR, text: 'saturday after 5pm please', expect: { dates: ['2030-03-09'], window: AFTER5 } },
  { today: MAR, text: 'tomorrow at 2:30', expect: { dates: ['2030-03-08'], time: '14:30' } },
  {
    today: MAR,
    text: 'next week, not monday',
    expect: {
      dates: [
        '2030-03-11',
        '2030-03-12',
        '2030-03-13',
        '2030-03-14',
        '2030-03-15',
        '2030-03-16',
        '2030-03-17',
      ],
      excluded: [1],
    },
  },
  {
    today: MAR,
    text: 'tuesday the 12th, afternoon, the condo on Maple Avenue',
    expect: { dates: ['2030-03-12'], window: AFTERNOON, properties: [2], purpose: V },
  },
  { today: MAR, text: 'March 10 at 10', expect: { dates: ['2030-03-10'], time: '10:00' } },
  {
    today: MAR,
    text: 'sunday 3pm to view harbor view',
    expect: { dates: ['2030-03-10'], time: '15:00', properties: [4], purpose: V },
  },
  { today: MAR, text: 'in two days in the afternoon', expect: { dates: ['2030-03-09'], window: AFTERNOON } },
  {
    today: MAR,
    text: 'the 3 bedroom maple st house, monday evening',
    expect: { dates: ['2030-03-11'], window: EVENING, properties: [1], purpose: V },
  },
  {
    today: MAR,
    text: 'Can I see the Maplewood property on Wed before 11am',
    expect: { dates: ['2030-03-13'], window: { from: '00:00', to: '11:00' }, properties: [5], purpose: V },
  },
  { today: MAR, text: 'fri morning plz', expect: { dates: ['2030-03-08'], window: MORNING } },
  { today: MAR, text: 'next sunday', expect: { dates: ['2030-03-17'] } },
  { today: MAR, text: 'whenever, but not on weekends... I mean not saturday', expect: { excluded: [6] } },
];

/** What the offline understanding made of a corpus message (the parts the corpus checks). Used by the corpus
 * test and by `npm run bench` (bench/assistant.ts). */
export function interpretation(entry: CorpusEntry) {
  const u = understand(entry.text, entry.today, PROPERTIES);
  return {
    dates: u.dates,
    window: u.window,
    time: u.time,
    properties: u.propertyIds,
    purpose: u.purpose,
    excluded: u.excludedWeekdays,
    understood: understoodAnything(u),
    ...(entry.expect.language ? { language: u.language } : {}),
  };
}

/** The corpus's expected interpretation in the same shape. */
export function expected(entry: CorpusEntry) {
  return {
    dates: entry.expect.dates ?? null,
    window: entry.expect.window ?? null,
    time: entry.expect.time ?? null,
    properties: entry.expect.properties ?? [],
    purpose: entry.expect.purpose ?? null,
    excluded: entry.expect.excluded ?? [],
    understood: entry.expect.understood ?? true,
    ...(entry.expect.language ? { language: entry.expect.language } : {}),
  };
}

/** Every message: the issue-17 corpus and the buyers' corpus of issue 31. */
export const ALL_CORPUS: CorpusEntry[] = [
  ...CORPUS.map((entry) => ({ ...entry, category: entry.category ?? 'issue 17' })),
  ...BUYER_CORPUS,
];

/** Accuracy per category and overall, and the misses, for the test and the bench. */
export function corpusAccuracy(entries: CorpusEntry[] = ALL_CORPUS) {
  const byCategory = new Map<string, { total: number; correct: number }>();
  const misses: string[] = [];
  for (const entry of entries) {
    const got = interpretation(entry);
    const want = expected(entry);
    const category = entry.category ?? 'issue 17';
    const c = byCategory.get(category) ?? { total: 0, correct: 0 };
    c.total += 1;
    if (JSON.stringify(got) === JSON.stringify(want)) c.correct += 1;
    else
      misses.push(
        `[${category}] ${entry.today} "${entry.text}"\n   got  ${JSON.stringify(got)}\n   want ${JSON.stringify(want)}`,
      );
    byCategory.set(category, c);
  }
  const correct = [...byCategory.values()].reduce((n, c) => n + c.correct, 0);
  return { total: entries.length, correct, accuracy: correct / entries.length, byCategory, misses };
}
