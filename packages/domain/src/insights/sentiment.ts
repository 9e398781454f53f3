// Professional plan — how a lead's words read (issue 13). The NLP library (wink-nlp, on the server only)
// scores each clause of the free-text answers and agent notes from −1 to 1; these rules turn the scored
// clauses into one label and the phrases that carried it.
import { mentionsProtectedClass } from './protectedTerms';
import type { SentimentLabel } from './signals';

/** Where a text came from: a "What did you like?" answer leans positive, "What didn't you like?" negative. */
export type SentimentSource = 'liked' | 'disliked' | 'comments' | 'note';

export interface ScoredClause {
  text: string;
  source: SentimentSource;
  /** The library's score, −1 … 1. */
  score: number;
}

/** A clause counts as positive or negative from this strength on. */
export const SENTIMENT_THRESHOLD = 0.15;
/**
 * A clause the library finds neutral still answers the question it was written under: what a buyer names
 * under "didn't like" is a dislike ("the small garden"), under "liked" a like ("the kitchen").
 */
export const QUESTION_LEAN = 0.3;

export interface LeadSentiment {
  label: SentimentLabel;
  /** Mean of the clauses' (leaned) scores, −1 … 1. */
  score: number;
  /** The clauses that carried the label, strongest first (at most 3 of each side). */
  positive: string[];
  negative: string[];
}

export function leanedScore(c: ScoredClause): number {
  if (Math.abs(c.score) >= SENTIMENT_THRESHOLD) return c.score;
  if (c.source === 'liked') return QUESTION_LEAN;
  if (c.source === 'disliked') return -QUESTION_LEAN;
  return c.score;
}

/**
 * Fair housing (decision 090): a clause naming a protected class ("great for our kids", "near the mosque")
 * is left out — of the label, the score and the phrases — so it reaches neither the score, the class, the
 * recommendations' quotes nor the model.
 */
export function behaviourClauses(clauses: readonly ScoredClause[]): ScoredClause[] {
  return clauses.filter((c) => !mentionsProtectedClass(c.text));
}

export function summarizeSentiment(clauses: readonly ScoredClause[]): LeadSentiment {
  const scored = behaviourClauses(clauses).map((c) => ({ text: c.text, score: leanedScore(c) }));
  const strongest = (sign: 1 | -1) =>
    scored
      .filter((c) => sign * c.score >= SENTIMENT_THRESHOLD)
      .sort((a, b) => sign * (b.score - a.score))
      .slice(0, 3)
      .map((c) => c.text);
  const positive = strongest(1);
  const negative = strongest(-1);
  const score = scored.length ? scored.reduce((s, c) => s + c.score, 0) / scored.length : 0;
  const label: SentimentLabel =
    positive.length && negative.length
      ? 'mixed'
      : positive.length
        ? 'positive'
        : negative.length
          ? 'negative'
          : 'neutral';
  return { label, score: Math.round(score * 1000) / 1000, positive, negative };
}
