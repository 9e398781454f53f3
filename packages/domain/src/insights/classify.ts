// Basic plan — simple classification (issue 13): hot / potential / cold from the buyer's explicit answers and
// their no-shows. The rules are data: the first that matches decides, and its text is what the agent reads
// ("Hot: wants a second showing and rated 4+"). The Feedback page lists them in this order.
import type { LeadSignals } from './signals';

export const LEAD_CLASSES = ['hot', 'potential', 'cold'] as const;
export type LeadClass = (typeof LEAD_CLASSES)[number];
export const LEAD_CLASS_LABELS: Record<LeadClass, string> = {
  hot: 'Hot',
  potential: 'Potential',
  cold: 'Cold',
};

export interface ClassificationRule {
  id: string;
  class: LeadClass;
  text: string;
  matches: (s: LeadSignals) => boolean;
}

const rated = (s: LeadSignals, min: number) => s.rating !== null && s.rating >= min;

export const CLASSIFICATION_RULES: readonly ClassificationRule[] = [
  {
    id: 'hot-second-showing',
    class: 'hot',
    text: 'Hot: wants a second showing and rated 4+',
    matches: (s) => s.secondShowing === true && rated(s, 4),
  },
  {
    id: 'hot-very-interested',
    class: 'hot',
    text: 'Hot: very interested and rated 4+',
    matches: (s) => s.interest === 'very_interested' && rated(s, 4),
  },
  {
    id: 'cold-not-interested',
    class: 'cold',
    text: 'Cold: said they are not interested',
    matches: (s) => s.interest === 'not_interested',
  },
  {
    id: 'cold-low-rating',
    class: 'cold',
    text: 'Cold: rated the property 2 or less',
    matches: (s) => s.rating !== null && s.rating <= 2,
  },
  {
    id: 'cold-no-show',
    class: 'cold',
    text: 'Cold: missed their showing, never came to one and has none ahead',
    matches: (s) => s.noShows > 0 && s.showed === 0 && s.upcoming === 0 && s.feedbackCount === 0,
  },
  {
    id: 'potential-interested',
    class: 'potential',
    text: 'Potential: interested, but not yet both keen and rating it 4+',
    matches: (s) => s.interest === 'very_interested' || s.interest === 'somewhat_interested',
  },
  {
    id: 'potential-no-answers',
    class: 'potential',
    text: 'Potential: booked, no answers yet',
    matches: () => true,
  },
];

export interface Classification {
  class: LeadClass;
  rule: { id: string; text: string };
}

export function classifyLead(signals: LeadSignals): Classification {
  // The last rule matches everything, so a rule is always found.
  const rule = CLASSIFICATION_RULES.find((r) => r.matches(signals)) ?? CLASSIFICATION_RULES.at(-1)!;
  return { class: rule.class, rule: { id: rule.id, text: rule.text } };
}
