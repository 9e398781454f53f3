// Basic plan — simple classification (issue 13): hot / potential / cold from the buyer's explicit answers and
// their no-shows. The rules are data: the first that matches decides, and its text is what the agent reads
// ("Hot: wants a second showing and rated 4+"). The Feedback page lists them in this order.
import {
  leadSignals,
  type LeadBookingFact,
  type LeadFacts,
  type LeadFeedbackFact,
  type LeadSignals,
} from './signals';

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

/** A lead's facts with the instants that say what was known when (the Reports page reads a lead in the past). */
export interface DatedLeadFacts {
  bookings: readonly LeadBookingFact[];
  feedback: readonly LeadFeedbackFact[];
}

/**
 * The class of a lead as of instant `at` — the same rules as `classifyLead`, over what had happened by then:
 * the bookings made by `at` (their status as it is now: statuses keep no history) and the answers about
 * showings that started by `at`; "upcoming" is a pending or confirmed showing after `at`. Sentiment is not
 * read by the rules. Used by the Reports funnel's "hot" step and the lead classes per week.
 */
export function leadClassAsOf(facts: DatedLeadFacts, at: Date): LeadClass {
  const t = at.getTime();
  return leadClassNow(
    {
      bookings: facts.bookings.filter((b) => Date.parse(b.created_at) <= t),
      feedback: facts.feedback.filter((f) => Date.parse(f.showing_at) <= t),
    },
    at,
  );
}

/**
 * `leadClassAsOf` at each of `instants` (ascending), computed once per change: what is known at an instant is
 * the first n bookings by booking time and the first m answers by showing time, and the rest of the signals
 * depends on the instant only through the showings still ahead — so the class is recomputed only when n, m
 * or that count changed. The same answer as calling `leadClassAsOf` at each instant (tested), far cheaper
 * for a report's weeks.
 */
export function leadClassesAsOf(facts: DatedLeadFacts, instants: readonly number[]): LeadClass[] {
  const bookings = facts.bookings
    .map((b) => ({ b, made: Date.parse(b.created_at), starts: Date.parse(b.starts_at) }))
    .sort((x, y) => x.made - y.made);
  const feedback = facts.feedback
    .map((f) => ({ f, at: Date.parse(f.showing_at) }))
    .sort((x, y) => x.at - y.at);
  const out: LeadClass[] = [];
  let n = 0;
  let m = 0;
  let lastKey = '';
  let last: LeadClass = 'potential';
  for (const t of instants) {
    while (n < bookings.length && bookings[n]!.made <= t) n += 1;
    while (m < feedback.length && feedback[m]!.at <= t) m += 1;
    let ahead = 0;
    for (let i = 0; i < n; i++) {
      const x = bookings[i]!;
      if ((x.b.status === 'pending' || x.b.status === 'confirmed') && x.starts > t) ahead += 1;
    }
    const key = `${n} ${m} ${ahead}`;
    if (key !== lastKey) {
      last = leadClassNow(
        {
          bookings: bookings.slice(0, n).map((x) => x.b),
          feedback: feedback.slice(0, m).map((x) => x.f),
        },
        new Date(t),
      );
      lastKey = key;
    }
    out.push(last);
  }
  return out;
}

/** The class of a lead over all its facts, as the Feedback page shows it (`now` decides what is upcoming). */
export function leadClassNow(facts: DatedLeadFacts, now: Date): LeadClass {
  const all: LeadFacts = { ...facts, sentiment: null, last_activity_at: now.toISOString() };
  return classifyLead(leadSignals(all, now)).class;
}
