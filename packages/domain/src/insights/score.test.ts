import { describe, expect, it } from 'vitest';
import { SCORE_BASE, scoreLead } from './score';
import { answered, signals } from './fixtures';

const pointsOf = (s: Parameters<typeof scoreLead>[0], id: string) =>
  scoreLead(s).factors.find((f) => f.id === id)?.points ?? 0;

describe('lead score factors (Professional)', () => {
  it('starts at the base with nothing known', () => {
    expect(scoreLead(signals())).toEqual({ score: SCORE_BASE, base: SCORE_BASE, factors: [] });
  });

  it('interest: very +20, somewhat +5, not −30', () => {
    expect(pointsOf(answered({ interest: 'very_interested' }), 'interest')).toBe(20);
    expect(pointsOf(answered({ interest: 'somewhat_interested' }), 'interest')).toBe(5);
    expect(pointsOf(answered({ interest: 'not_interested' }), 'interest')).toBe(-30);
  });

  it('rating: 8 points per star above or below 3', () => {
    expect(pointsOf(answered({ rating: 5 }), 'rating')).toBe(16);
    expect(pointsOf(answered({ rating: 3 }), 'rating')).toBe(0);
    expect(pointsOf(answered({ rating: 1 }), 'rating')).toBe(-16);
  });

  it('second showing: wanted +15, declined −10', () => {
    expect(pointsOf(answered({ secondShowing: true }), 'second-showing')).toBe(15);
    expect(pointsOf(answered({ secondShowing: false }), 'second-showing')).toBe(-10);
    expect(pointsOf(answered({ secondShowing: null }), 'second-showing')).toBe(0);
  });

  it('price: good value +8, fair +3, too high −8', () => {
    expect(pointsOf(answered({ price: 'good_value' }), 'price')).toBe(8);
    expect(pointsOf(answered({ price: 'fair' }), 'price')).toBe(3);
    expect(pointsOf(answered({ price: 'too_high' }), 'price')).toBe(-8);
  });

  it('showed: one showing +5, two or more +10', () => {
    expect(pointsOf(signals({ showed: 1 }), 'showed')).toBe(5);
    expect(pointsOf(signals({ showed: 3 }), 'showed')).toBe(10);
  });

  it('upcoming: a showing ahead +6', () => {
    expect(pointsOf(signals({ upcoming: 2 }), 'upcoming')).toBe(6);
  });

  it('no-shows: −12 each, at most two counted', () => {
    expect(pointsOf(signals({ noShows: 1 }), 'no-shows')).toBe(-12);
    expect(pointsOf(signals({ noShows: 5 }), 'no-shows')).toBe(-24);
  });

  it('cancellations: −5 each, at most two counted', () => {
    expect(pointsOf(signals({ cancelled: 1 }), 'cancellations')).toBe(-5);
    expect(pointsOf(signals({ cancelled: 4 }), 'cancellations')).toBe(-10);
  });

  it('sentiment: positive +8, mixed −2, negative −10, neutral 0', () => {
    expect(pointsOf(signals({ sentiment: 'positive' }), 'sentiment')).toBe(8);
    expect(pointsOf(signals({ sentiment: 'mixed' }), 'sentiment')).toBe(-2);
    expect(pointsOf(signals({ sentiment: 'negative' }), 'sentiment')).toBe(-10);
    expect(pointsOf(signals({ sentiment: 'neutral' }), 'sentiment')).toBe(0);
  });

  it('idle: quiet for over 30 days −10, over 60 days −20', () => {
    expect(pointsOf(signals({ idleDays: 30 }), 'idle')).toBe(0);
    expect(pointsOf(signals({ idleDays: 31 }), 'idle')).toBe(-10);
    expect(pointsOf(signals({ idleDays: 61 }), 'idle')).toBe(-20);
  });

  it('the score is the base plus the signed factors, explained, largest first, kept within 0–100', () => {
    const keen = scoreLead(
      answered({
        interest: 'very_interested',
        rating: 5,
        secondShowing: true,
        price: 'good_value',
        sentiment: 'positive',
      }),
    );
    expect(keen.score).toBe(100);
    expect(keen.factors[0]).toEqual({ id: 'interest', points: 20, reason: 'Said they are very interested' });
    expect(keen.factors.map((f) => f.id)).toEqual([
      'interest',
      'rating',
      'second-showing',
      'price',
      'sentiment',
      'showed',
    ]);

    const lukewarm = scoreLead(answered({ rating: 4, price: 'too_high' }));
    // 50 + 5 (somewhat) + 8 (rating 4) − 8 (price) + 5 (showed)
    expect(lukewarm.score).toBe(60);
    expect(lukewarm.factors.find((f) => f.id === 'price')).toEqual({
      id: 'price',
      points: -8,
      reason: 'Thinks the price is too high',
    });

    const gone = scoreLead(
      answered({ interest: 'not_interested', rating: 1, secondShowing: false, noShows: 2, idleDays: 90 }),
    );
    expect(gone.score).toBe(0);
  });
});

describe('the score weighs answers by their age and is 100 only with nothing against the lead', () => {
  const keen = { interest: 'very_interested', rating: 5, secondShowing: true, price: 'good_value' } as const;

  it('answers of the last two weeks count in full; older ones less, down to a quarter after 90 days', () => {
    expect(pointsOf(answered({ ...keen, answersAgeDays: 14 }), 'interest')).toBe(20);
    const old = scoreLead(answered({ ...keen, answersAgeDays: 90, idleDays: 5 }));
    expect(old.factors.find((f) => f.id === 'interest')).toEqual({
      id: 'interest',
      points: 5,
      reason: 'Said they are very interested (answered 12 weeks ago)',
    });
    expect(pointsOf(answered({ ...keen, answersAgeDays: 200 }), 'rating')).toBe(4);
    // Halfway between: 14 + 38 days → 0.625 of the points.
    expect(pointsOf(answered({ ...keen, answersAgeDays: 52 }), 'second-showing')).toBe(9);
    expect(old.score).toBeLessThan(scoreLead(answered({ ...keen, answersAgeDays: 2 })).score);
    // Facts that are not answers keep their points whatever the answers' age.
    expect(pointsOf(answered({ ...keen, answersAgeDays: 200, upcoming: 1 }), 'upcoming')).toBe(6);
  });

  it('mixed words keep a lead whose good signals overflow below 100, by their own points', () => {
    const all = { ...keen, showed: 2, upcoming: 1 };
    expect(scoreLead(answered({ ...all, sentiment: 'positive' })).score).toBe(100);
    const mixed = scoreLead(answered({ ...all, sentiment: 'mixed' }));
    expect(mixed.score).toBe(98);
    expect(mixed.factors.find((f) => f.id === 'sentiment')?.points).toBe(-2);
    expect(scoreLead(answered({ ...all, sentiment: 'positive', cancelled: 1 })).score).toBe(95);
  });
});
