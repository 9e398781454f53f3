// Fair-housing-safe insights (issue 46, decision 090). The class, score, recommendations and predictive model
// read behaviour only — bookings, attendance, feedback answers, the words of those answers, timing. This file
// is the documented list of what they may read (ALLOWED_SIGNALS: every LeadSignals field; ALLOWED_FEATURES:
// every PREDICTIVE_FEATURES id) and of what they must never read (FORBIDDEN_INPUTS); tests hold the code to
// it. It also builds "Why this class" (the rule that decided a lead's class and the signals it read) and
// holds every text of the feature. The protected-terms lexicon is protectedTerms.ts, steering steering.ts.
import { INTEREST_LEVEL_LABELS } from '../schemas/feedback';
import type { Classification } from './classify';
import type { LeadSignals } from './signals';

export { mentionsProtectedClass, protectedMentions, PROTECTED_CLASSES } from './protectedTerms';
export { isSteeringRequest } from './steering';

export interface AllowedInput {
  /** The behaviour it stands for, in the agent's words. */
  behaviour: string;
}

/** Every field of LeadSignals and the behaviour it stands for: the only inputs of class, score and advice. */
export const ALLOWED_SIGNALS: Record<keyof LeadSignals, AllowedInput> = {
  feedbackCount: { behaviour: 'How many feedback forms the buyer answered' },
  rating: { behaviour: 'The rating (1–5) in their latest feedback' },
  interest: { behaviour: 'How interested they said they are in their latest feedback' },
  secondShowing: { behaviour: 'Whether their latest feedback asked for a second showing' },
  price: { behaviour: 'What their latest feedback thought of the price' },
  showed: { behaviour: 'Showings they came to' },
  noShows: { behaviour: 'Showings they missed' },
  cancelled: { behaviour: 'Bookings they cancelled' },
  upcoming: { behaviour: 'Showings they have booked ahead' },
  showedWithoutFeedback: { behaviour: 'Showings they came to and have not answered about yet' },
  sentiment: {
    behaviour:
      'How their feedback words and the agent’s notes read (positive, neutral, negative, mixed), clauses naming a protected class left out',
  },
  sentimentScore: { behaviour: 'The same, as a number from −1 to 1' },
  idleDays: { behaviour: 'Days since anything last happened with the lead' },
  answersAgeDays: { behaviour: 'Days since their latest feedback was given' },
};

/** Every feature of the predictive model (predictive.ts PREDICTIVE_FEATURES) and what it reads. */
export const ALLOWED_FEATURES: Record<string, AllowedInput & { signals: readonly (keyof LeadSignals)[] }> = {
  rating: { behaviour: 'The latest rating', signals: ['rating'] },
  'very-interested': { behaviour: 'Said they are very interested', signals: ['interest'] },
  'not-interested': { behaviour: 'Said they are not interested', signals: ['interest'] },
  'second-showing': { behaviour: 'Asked for a second showing', signals: ['secondShowing'] },
  'price-too-high': { behaviour: 'Thinks the price is too high', signals: ['price'] },
  showed: { behaviour: 'Showings attended', signals: ['showed'] },
  'no-shows': { behaviour: 'Showings missed', signals: ['noShows'] },
  sentiment: { behaviour: 'How their words read, −1 to 1', signals: ['sentimentScore'] },
  answered: { behaviour: 'Answered the feedback at all', signals: ['feedbackCount'] },
};

export interface ForbiddenInput {
  id: string;
  /** What it is and where Keyturn holds it. */
  what: string;
}

/** What never feeds class, score, recommendations or the model (the booking and lead still hold them). */
export const FORBIDDEN_INPUTS: readonly ForbiddenInput[] = [
  { id: 'income_range', what: 'The income range the buyer chose on the booking form' },
  { id: 'budget', what: 'The budget (budget_min, budget_max) the buyer gave' },
  { id: 'buyer_type', what: 'First-time buyer, investor or home owner' },
  { id: 'address', what: 'The buyer’s own address, ZIP code or where they live now' },
  { id: 'name', what: 'The buyer’s name, e-mail address and phone' },
  {
    id: 'protected_terms',
    what: 'Words in feedback or notes about race, colour, religion, sex, national origin, family, disability, age, sexual orientation, gender identity, marital status, source of income or military status',
  },
];

/** Every text of the feature, shown by the API and the web app. */
export const FAIR_HOUSING_TEXTS = {
  whyTitle: 'Why this class',
  decidedBy: 'Decided by',
  signalsUsed: 'Signals used',
  neverUsed: 'Income, budget, address and names are never used to class, score or advise on a lead.',
  signal: {
    rating: 'Latest rating',
    interest: 'Interest',
    secondShowing: 'Wants a second showing',
    showed: 'Showings attended',
    noShows: 'No-shows',
    upcoming: 'Showings booked ahead',
    feedbackCount: 'Feedback answers',
    sentiment: 'Sentiment of their words',
  },
  none: 'none yet',
  notAsked: 'not asked',
  yes: 'yes',
  no: 'no',
  includeIncomeLabel: 'Include income in CRM exports and webhooks',
  includeIncomeWarning:
    'Income is sensitive: sending it to another system can expose your buyers and invites fair-housing questions. Only turn this on if your CRM needs it.',
  includeIncomeOn: 'Income is included in exports and webhooks.',
  includeIncomeOff: 'Income is left out of exports and webhooks.',
  includeIncomeSaved: 'Saved',
  includeIncomeInvalid: 'Choose on or off',
  steering: {
    en: 'I can’t suggest homes or areas based on who lives there. I can help you book a showing of any listed home — which would you like to see?',
    es: 'No puedo sugerir propiedades ni zonas según quién vive en ellas. Puedo ayudarle a reservar una visita de cualquier propiedad publicada: ¿cuál le gustaría ver?',
  },
} as const;

/** The signals "Why this class" lists, in its order. */
export const WHY_SIGNAL_IDS = [
  'rating',
  'interest',
  'secondShowing',
  'showed',
  'noShows',
  'upcoming',
  'feedbackCount',
  'sentiment',
] as const satisfies readonly (keyof typeof FAIR_HOUSING_TEXTS.signal)[];

export interface WhySignal {
  id: (typeof WHY_SIGNAL_IDS)[number];
  label: string;
  value: string;
}

export interface WhyThisClass {
  /** The text of the rule that decided the class. */
  rule: string;
  /** The allowed signals the rules read, with this lead's values. */
  signals: WhySignal[];
}

const T = FAIR_HOUSING_TEXTS;
const yesNo = (v: boolean | null) => (v === null ? T.notAsked : v ? T.yes : T.no);

/**
 * "Why this class": the deciding rule's text and the signals the classification rules read (plus the
 * sentiment when the plan computes it: the score reads it). Only allowed signals, by construction.
 */
export function whyThisClass(signals: LeadSignals, classification: Classification): WhyThisClass {
  const s = signals;
  const values: [WhySignal['id'], string][] = [
    ['rating', s.rating === null ? T.none : `${s.rating}/5`],
    ['interest', s.interest === null ? T.none : INTEREST_LEVEL_LABELS[s.interest]],
    ['secondShowing', yesNo(s.secondShowing)],
    ['showed', String(s.showed)],
    ['noShows', String(s.noShows)],
    ['upcoming', String(s.upcoming)],
    ['feedbackCount', String(s.feedbackCount)],
    ...(s.sentiment === null ? [] : ([['sentiment', s.sentiment]] as [WhySignal['id'], string][])),
  ];
  return {
    rule: classification.rule.text,
    signals: values.map(([id, value]) => ({ id, label: T.signal[id], value })),
  };
}
