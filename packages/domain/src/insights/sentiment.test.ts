import { describe, expect, it } from 'vitest';
import { QUESTION_LEAN, summarizeSentiment, type ScoredClause } from './sentiment';

const clause = (text: string, score: number, source: ScoredClause['source'] = 'comments'): ScoredClause => ({
  text,
  score,
  source,
});

describe('sentiment summary rules', () => {
  it('no clause past the threshold reads neutral', () => {
    expect(summarizeSentiment([clause('It was on a Tuesday', 0), clause('ok', 0.1)])).toMatchObject({
      label: 'neutral',
      positive: [],
      negative: [],
    });
    expect(summarizeSentiment([]).label).toBe('neutral');
  });

  it('positive clauses only read positive, strongest phrase first', () => {
    expect(summarizeSentiment([clause('nice garden', 0.4), clause('loved the kitchen', 0.8)])).toEqual({
      label: 'positive',
      score: 0.6,
      positive: ['loved the kitchen', 'nice garden'],
      negative: [],
    });
  });

  it('negative clauses only read negative', () => {
    expect(summarizeSentiment([clause('terrible smell', -0.6)])).toMatchObject({
      label: 'negative',
      negative: ['terrible smell'],
    });
  });

  it('both sides read mixed, with the phrases of each', () => {
    expect(
      summarizeSentiment([clause('great location', 0.6), clause('awful road noise', -0.5)]),
    ).toMatchObject({
      label: 'mixed',
      positive: ['great location'],
      negative: ['awful road noise'],
    });
  });

  it('question lean: a neutral clause under "didn\'t like" is a dislike, under "liked" a like', () => {
    expect(summarizeSentiment([clause('the size of the garden', 0, 'disliked')])).toMatchObject({
      label: 'negative',
      score: -QUESTION_LEAN,
    });
    expect(summarizeSentiment([clause('the open kitchen', 0, 'liked')]).label).toBe('positive');
    // The library's own verdict wins over the lean.
    expect(summarizeSentiment([clause('nothing, it was lovely', 0.5, 'disliked')]).label).toBe('positive');
  });

  it('keeps at most three phrases a side', () => {
    const s = summarizeSentiment([0.2, 0.3, 0.4, 0.5].map((v) => clause(`p${v}`, v)));
    expect(s.positive).toEqual(['p0.5', 'p0.4', 'p0.3']);
  });
});
