// The sentiment analyser (wink-nlp + the domain's summary rules) on real-sounding feedback: no database.
import { describe, expect, it } from 'vitest';
import { analyzeSentiment } from '../src/modules/leads/sentiment';
import { SENTIMENT_CASES } from './fixtures/feedback-sentiment';

describe('sentiment of feedback texts', () => {
  it(`labels the ${SENTIMENT_CASES.length}-text fixture with at least 85 % accuracy`, () => {
    expect(SENTIMENT_CASES.length).toBeGreaterThanOrEqual(40);
    const wrong = SENTIMENT_CASES.map((c) => ({ ...c, got: analyzeSentiment(c.texts).label })).filter(
      (c) => c.got !== c.expected,
    );
    const accuracy = 1 - wrong.length / SENTIMENT_CASES.length;
    console.info(
      `sentiment accuracy ${(accuracy * 100).toFixed(1)} % (${SENTIMENT_CASES.length - wrong.length}/${SENTIMENT_CASES.length})`,
      wrong.map((w) => `${w.expected}→${w.got}: ${w.texts.map((t) => t.text).join(' | ')}`),
    );
    expect(accuracy).toBeGreaterThanOrEqual(0.85);
  });

  it('names the phrases that carried a mixed label, split at the contrast', () => {
    const s = analyzeSentiment([
      { source: 'comments', text: 'Beautiful views, however the road noise was awful.' },
    ]);
    expect(s.label).toBe('mixed');
    expect(s.positive).toEqual(['Beautiful views']);
    expect(s.negative).toEqual(['however the road noise was awful']);
  });

  it('no text reads neutral', () => {
    expect(analyzeSentiment([{ source: 'comments', text: null }])).toEqual({
      label: 'neutral',
      score: 0,
      positive: [],
      negative: [],
    });
  });
});
