// Test helper: lead signals with neutral defaults, so each test names only what its rule reads.
import type { LeadSignals } from './signals';

export function signals(overrides: Partial<LeadSignals> = {}): LeadSignals {
  return {
    feedbackCount: 0,
    rating: null,
    interest: null,
    secondShowing: null,
    price: null,
    showed: 0,
    noShows: 0,
    cancelled: 0,
    upcoming: 0,
    showedWithoutFeedback: 0,
    sentiment: null,
    sentimentScore: 0,
    idleDays: 0,
    answersAgeDays: null,
    ...overrides,
  };
}

/** Answers as a lead who came to one showing and answered. */
export function answered(overrides: Partial<LeadSignals> = {}): LeadSignals {
  return signals({
    feedbackCount: 1,
    showed: 1,
    rating: 3,
    interest: 'somewhat_interested',
    answersAgeDays: 1,
    ...overrides,
  });
}
