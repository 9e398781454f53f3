// Sentiment of a lead's words (issue 13, Professional): wink-nlp with its English model, which ships inside
// the npm package (nothing is downloaded; the model loads once per process, server-side only). wink scores
// each clause −1 … 1; the domain's rules (packages/domain/src/insights/sentiment.ts) turn the clauses into a
// label and the phrases that carried it. Sentences naming a protected class are never scored (decision 090).
import winkNLP, { type ItemSentence, type ItemToken } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import {
  summarizeSentiment,
  type LeadSentiment,
  type ScoredClause,
  type SentimentSource,
} from '@keyturn/domain/insights/sentiment';
import { mentionsProtectedClass } from '@keyturn/domain/insights/protectedTerms';

const nlp = winkNLP(model);
const its = nlp.its;

/**
 * Words that turn a sentence: what comes after them is a clause of its own, so "great location, but the road
 * is noisy" carries both a positive and a negative phrase instead of one averaged score.
 */
const CONTRAST = new Set(['but', 'however', 'although', 'though', 'unfortunately', 'yet', 'whereas']);

function clausesOf(text: string): string[] {
  const clauses: string[] = [];
  nlp
    .readDoc(text)
    .sentences()
    .each((sentence: ItemSentence) => {
      // Fair housing (decision 090): a sentence naming a protected class is left out whole — its other
      // clauses are about the same person ("Single mom, very stressed") — so it never reaches the insights.
      if (mentionsProtectedClass(sentence.out())) return;
      let current: string[] = [];
      const flush = () => {
        const clause = current
          .join('')
          .trim()
          .replace(/^[,;:–—-]\s*/, '')
          .replace(/[,;:.!?–—-]+$/, '')
          .trim();
        if (/\w/.test(clause)) clauses.push(clause);
        current = [];
      };
      sentence.tokens().each((token: ItemToken) => {
        const value = token.out();
        if (CONTRAST.has(value.toLowerCase()) || value === ';' || value === ',') flush();
        current.push(`${token.out(its.precedingSpaces)}${value}`);
      });
      flush();
    });
  return clauses;
}

function scoreOf(clause: string): number {
  return nlp.readDoc(clause).out(its.sentiment) as number;
}

export function analyzeSentiment(
  texts: readonly { source: SentimentSource; text: string | null }[],
): LeadSentiment {
  const scored: ScoredClause[] = texts.flatMap(({ source, text }) =>
    text ? clausesOf(text).map((clause) => ({ text: clause, source, score: scoreOf(clause) })) : [],
  );
  return summarizeSentiment(scored);
}
