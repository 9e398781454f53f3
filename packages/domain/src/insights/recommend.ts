// Professional plan — what to do next with a lead, and why (issue 13). Each rule that applies gives one
// recommendation; they come in this order, so the first is the lead's "next step".
import type { LeadOutcome } from '../schemas/leads';
import type { LeadClass } from './classify';
import { mentionsProtectedClass } from './protectedTerms';
import type { LeadSignals } from './signals';

export interface RecommendationInput {
  signals: LeadSignals;
  class: LeadClass;
  /** The phrases that made the lead's words read negative, if any. */
  negativePhrases: readonly string[];
  /** What the agent set; a purchased or lost lead needs nothing more. */
  outcome: LeadOutcome;
}

/** Outcomes that close a lead: no next step is recommended for it. */
export const CLOSED_OUTCOMES: readonly LeadOutcome[] = ['purchased', 'lost'];

export interface RecommendationRule {
  id: string;
  action: string;
  /** The reason for this lead, or null when the rule does not apply. */
  reason: (input: RecommendationInput) => string | null;
}

export interface Recommendation {
  id: string;
  action: string;
  reason: string;
}

const answersWithin = (s: LeadSignals, days: number) => s.answersAgeDays !== null && s.answersAgeDays <= days;

const quote = (phrases: readonly string[]) => phrases.map((p) => `“${p}”`).join(', ');

/** The buyer's phrases a recommendation may quote: never one naming a protected class (decision 090). */
const quotable = (phrases: readonly string[]) => phrases.filter((p) => !mentionsProtectedClass(p));

export const RECOMMENDATION_RULES: readonly RecommendationRule[] = [
  {
    id: 'call-within-24h',
    action: 'Call within 24 hours',
    // Urgent only while it is news: answers of the last week (a booking last week does not make September's
    // answers urgent).
    reason: ({ class: cls, signals: s }) =>
      cls === 'hot' && s.idleDays <= 7 && answersWithin(s, 7)
        ? `A hot lead${s.rating ? ` who rated the property ${s.rating}/5` : ''}: buyers this keen decide within days`
        : null,
  },
  {
    id: 'check-in-hot',
    action: 'Check they are still looking',
    reason: ({ class: cls, signals: s }) =>
      cls === 'hot' && s.answersAgeDays !== null && !answersWithin(s, 7)
        ? `Keen when they answered ${s.answersAgeDays} days ago: ask whether they are still looking before anything else`
        : null,
  },
  {
    id: 'offer-second-showing',
    action: 'Offer a second showing',
    reason: ({ signals: s }) =>
      s.secondShowing === true && s.upcoming === 0
        ? 'They asked for a second showing and have none booked'
        : null,
  },
  {
    id: 'pass-price-feedback',
    action: 'Pass the price feedback to the seller',
    reason: ({ signals: s }) =>
      s.price === 'too_high' && s.interest !== 'not_interested'
        ? 'They like it but think the price is too high: the seller should hear it'
        : null,
  },
  {
    id: 'answer-concerns',
    action: 'Answer their concerns',
    reason: ({ negativePhrases }) =>
      quotable(negativePhrases).length > 0
        ? `They wrote ${quote(quotable(negativePhrases).slice(0, 2))}`
        : null,
  },
  {
    id: 'send-similar-properties',
    action: 'Send similar properties',
    reason: ({ signals: s }) =>
      s.interest === 'not_interested' || (s.rating !== null && s.rating <= 3) || s.price === 'too_high'
        ? 'This one is not the right fit, but they are looking: show them alternatives'
        : null,
  },
  {
    id: 'ask-for-feedback',
    action: 'Ask how the showing went',
    reason: ({ signals: s }) =>
      s.showedWithoutFeedback > 0
        ? 'They came to a showing and have not answered the feedback questions'
        : null,
  },
  {
    id: 'offer-new-time',
    action: 'Offer a new time',
    reason: ({ signals: s }) =>
      s.noShows > 0 && s.upcoming === 0 ? 'They missed their showing and have nothing booked' : null,
  },
  {
    id: 'last-check-in',
    action: 'Send a last check-in, then close the lead',
    reason: ({ class: cls, signals: s }) =>
      cls === 'cold' && s.idleDays > 30 ? `Cold and quiet for ${s.idleDays} days` : null,
  },
];

export function recommendFor(input: RecommendationInput): Recommendation[] {
  if (CLOSED_OUTCOMES.includes(input.outcome)) return [];
  return RECOMMENDATION_RULES.flatMap((r) => {
    const reason = r.reason(input);
    return reason === null ? [] : [{ id: r.id, action: r.action, reason }];
  });
}
