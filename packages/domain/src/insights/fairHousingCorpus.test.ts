// The "Must show" corpus (issue 46, decision 090), on the domain rules: notes naming a protected class change
// nothing in sentiment, class, score or recommendations and are never quoted; steering requests are
// recognised, ordinary ones are not.
import { describe, expect, it } from 'vitest';
import { classifyLead } from './classify';
import { isSteeringRequest, mentionsProtectedClass } from './fairHousing';
import { ORDINARY_REQUESTS, PROTECTED_NOTES, STEERING_REQUESTS } from './fairHousingCorpus';
import { answered } from './fixtures';
import { recommendFor } from './recommend';
import { scoreLead } from './score';
import { summarizeSentiment, type ScoredClause } from './sentiment';

const behaviour: ScoredClause[] = [
  { text: 'Loved the kitchen', source: 'liked', score: 0.6 },
  { text: 'the garden is small', source: 'disliked', score: -0.2 },
];

function insightsOf(clauses: readonly ScoredClause[]) {
  const sentiment = summarizeSentiment(clauses);
  const signals = answered({
    sentiment: sentiment.label,
    sentimentScore: sentiment.score,
    price: 'too_high',
  });
  const classification = classifyLead(signals);
  return {
    sentiment,
    class: classification,
    score: scoreLead(signals),
    recommendations: recommendFor({
      signals,
      class: classification.class,
      negativePhrases: sentiment.negative,
      outcome: 'open',
    }),
  };
}

describe('agent notes naming a protected class', () => {
  it(`has at least 15 notes in English and Spanish`, () => {
    expect(PROTECTED_NOTES.length).toBeGreaterThanOrEqual(15);
    expect(new Set(PROTECTED_NOTES.map((n) => n.lang))).toEqual(new Set(['en', 'es']));
  });

  it.each(PROTECTED_NOTES.flatMap((n) => [0.9, -0.9].map((score) => [n.text, score] as const)))(
    'no effect on the insights, never quoted: %s (%d)',
    (text, score) => {
      const base = insightsOf(behaviour);
      const withNote = insightsOf([...behaviour, { text, source: 'note', score }]);
      expect(withNote).toEqual(base);
      const quoted = withNote.recommendations.map((r) => r.reason).join(' ');
      expect(mentionsProtectedClass(quoted)).toBe(false);
    },
  );

  it('recommendations never quote a protected phrase even if one is handed in', () => {
    const signals = answered();
    const recs = recommendFor({
      signals,
      class: classifyLead(signals).class,
      negativePhrases: ['too many kids next door', 'the roof leaks'],
      outcome: 'open',
    });
    const concerns = recs.find((r) => r.id === 'answer-concerns');
    expect(concerns?.reason).toBe('They wrote “the roof leaks”');
  });
});

describe('assistant requests', () => {
  it('has at least 15 steering requests in English and Spanish', () => {
    expect(STEERING_REQUESTS.length).toBeGreaterThanOrEqual(15);
    expect(new Set(STEERING_REQUESTS.map((n) => n.lang))).toEqual(new Set(['en', 'es']));
  });

  it.each(STEERING_REQUESTS.map((r) => r.text))('steering: %s', (text) => {
    expect(isSteeringRequest(text)).toBe(true);
  });

  it.each(ORDINARY_REQUESTS)('not steering: %s', (text) => {
    expect(isSteeringRequest(text)).toBe(false);
  });
});
