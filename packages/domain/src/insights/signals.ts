// What the insights rules read about one lead (issue 13): the facts the server gathers — every booking of one
// e-mail address with the agent, every feedback on them, the sentiment of their words — reduced to the few
// signals the classification, score, recommendations and predictive model are written against.
import type { BookingStatus } from '../enums';
import type { InterestLevel, PriceOpinion } from '../schemas/feedback';

export const SENTIMENT_LABELS = ['positive', 'neutral', 'negative', 'mixed'] as const;
export type SentimentLabel = (typeof SENTIMENT_LABELS)[number];

export interface LeadBookingFact {
  status: BookingStatus;
  /** ISO instant the showing starts. */
  starts_at: string;
  /** ISO instant the booking was made. */
  created_at: string;
}

export interface LeadFeedbackFact {
  rating: number;
  interest_level: InterestLevel;
  price_opinion: PriceOpinion | null;
  second_showing: boolean | null;
  /** ISO instant of the showing the answers are about. */
  showing_at: string;
  /** ISO instant the answers were last saved. */
  answered_at: string;
}

export interface LeadFacts {
  bookings: readonly LeadBookingFact[];
  feedback: readonly LeadFeedbackFact[];
  /** The sentiment of the lead's words (free-text answers and notes); null when not computed (Basic plan). */
  sentiment: { label: SentimentLabel; score: number } | null;
  /** ISO instant of the last thing that happened with the lead (booking, showing, answers, note, outcome). */
  last_activity_at: string;
}

/** Behaviour only: every field is documented in fairHousing.ts ALLOWED_SIGNALS (decision 090). */
export interface LeadSignals {
  feedbackCount: number;
  /** The latest answers: a buyer's mind after their most recent showing is what counts. */
  rating: number | null;
  interest: InterestLevel | null;
  secondShowing: boolean | null;
  price: PriceOpinion | null;
  /** Showings that took place (status completed). */
  showed: number;
  noShows: number;
  cancelled: number;
  /** Pending or confirmed showings still ahead. */
  upcoming: number;
  /** Completed showings with no answers yet. */
  showedWithoutFeedback: number;
  sentiment: SentimentLabel | null;
  sentimentScore: number;
  /** Whole days since the last activity. */
  idleDays: number;
  /**
   * Whole days since the latest answers (the ones `rating`, `interest`, `secondShowing` and `price` come from)
   * were saved; null without answers. What a buyer said in September is not what they think today: the score
   * weighs those answers by it (`answerFreshness`) and the urgent next steps need them recent.
   */
  answersAgeDays: number | null;
}

const DAY_MS = 86_400_000;

const wholeDaysSince = (iso: string, now: Date) =>
  Math.max(0, Math.floor((now.getTime() - Date.parse(iso)) / DAY_MS));

/** Answers at most this many days old count in full (the score) and can make a lead urgent (next steps). */
export const FRESH_ANSWER_DAYS = 14;

/**
 * How much the latest answers still count, by their age: in full for FRESH_ANSWER_DAYS, then less by the same
 * amount each day down to a quarter at 90 days and after. No answers → 1 (there is nothing to weigh).
 */
export function answerFreshness(s: Pick<LeadSignals, 'answersAgeDays'>): number {
  const age = s.answersAgeDays;
  if (age === null || age <= FRESH_ANSWER_DAYS) return 1;
  const t = Math.min(1, (age - FRESH_ANSWER_DAYS) / (90 - FRESH_ANSWER_DAYS));
  return 1 - 0.75 * t;
}

export function leadSignals(facts: LeadFacts, now: Date): LeadSignals {
  const answers = [...facts.feedback].sort((a, b) => Date.parse(b.showing_at) - Date.parse(a.showing_at));
  const latest = answers[0] ?? null;
  const answeredShowings = new Set(facts.feedback.map((f) => Date.parse(f.showing_at)));
  const count = (status: BookingStatus) => facts.bookings.filter((b) => b.status === status).length;
  return {
    feedbackCount: facts.feedback.length,
    rating: latest?.rating ?? null,
    interest: latest?.interest_level ?? null,
    secondShowing: latest?.second_showing ?? null,
    price: latest?.price_opinion ?? null,
    showed: count('completed'),
    noShows: count('no_show'),
    cancelled: count('cancelled'),
    upcoming: facts.bookings.filter(
      (b) => (b.status === 'pending' || b.status === 'confirmed') && Date.parse(b.starts_at) > now.getTime(),
    ).length,
    showedWithoutFeedback: facts.bookings.filter(
      (b) => b.status === 'completed' && !answeredShowings.has(Date.parse(b.starts_at)),
    ).length,
    sentiment: facts.sentiment?.label ?? null,
    sentimentScore: facts.sentiment?.score ?? 0,
    idleDays: wholeDaysSince(facts.last_activity_at, now),
    answersAgeDays: latest ? wholeDaysSince(latest.answered_at, now) : null,
  };
}
