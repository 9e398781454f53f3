import { describe, expect, it } from 'vitest';
import { recommendFor, type RecommendationInput } from './recommend';
import { answered, signals } from './fixtures';

const ids = (input: Partial<RecommendationInput> & Pick<RecommendationInput, 'signals'>) =>
  recommendFor({ class: 'potential', negativePhrases: [], outcome: 'open', ...input }).map((r) => r.id);

describe('recommendation rules (Professional)', () => {
  it('call-within-24h: a hot lead active in the last week', () => {
    const [first] = recommendFor({
      signals: answered({ rating: 5 }),
      class: 'hot',
      negativePhrases: [],
      outcome: 'open',
    });
    expect(first).toEqual({
      id: 'call-within-24h',
      action: 'Call within 24 hours',
      reason: 'A hot lead who rated the property 5/5: buyers this keen decide within days',
    });
    expect(ids({ signals: answered({ idleDays: 8 }), class: 'hot' })).not.toContain('call-within-24h');
    expect(ids({ signals: answered() })).not.toContain('call-within-24h');
  });

  it('offer-second-showing: asked for one and has none booked', () => {
    expect(ids({ signals: answered({ secondShowing: true }) })).toContain('offer-second-showing');
    expect(ids({ signals: answered({ secondShowing: true, upcoming: 1 }) })).not.toContain(
      'offer-second-showing',
    );
  });

  it('pass-price-feedback: interested but finds the price too high', () => {
    expect(ids({ signals: answered({ price: 'too_high' }) })).toContain('pass-price-feedback');
    expect(ids({ signals: answered({ price: 'too_high', interest: 'not_interested' }) })).not.toContain(
      'pass-price-feedback',
    );
  });

  it('answer-concerns: quotes the negative phrases', () => {
    const recs = recommendFor({
      signals: answered(),
      class: 'potential',
      negativePhrases: ['the basement smelled damp', 'the road is noisy', 'a third'],
      outcome: 'open',
    });
    expect(recs.find((r) => r.id === 'answer-concerns')?.reason).toBe(
      'They wrote “the basement smelled damp”, “the road is noisy”',
    );
  });

  it('send-similar-properties: not interested, rated 3 or less, or price too high', () => {
    expect(ids({ signals: answered({ interest: 'not_interested', rating: 4 }) })).toContain(
      'send-similar-properties',
    );
    expect(ids({ signals: answered({ rating: 3 }) })).toContain('send-similar-properties');
    expect(ids({ signals: answered({ rating: 4 }) })).not.toContain('send-similar-properties');
  });

  it('ask-for-feedback: came to a showing without answering', () => {
    expect(ids({ signals: signals({ showed: 1, showedWithoutFeedback: 1 }) })).toEqual(['ask-for-feedback']);
  });

  it('offer-new-time: missed the showing with nothing booked', () => {
    expect(ids({ signals: signals({ noShows: 1 }), class: 'cold' })).toEqual(['offer-new-time']);
    expect(ids({ signals: signals({ noShows: 1, upcoming: 1 }) })).toEqual([]);
  });

  it('last-check-in: cold and quiet for over 30 days', () => {
    expect(ids({ signals: signals({ noShows: 1, idleDays: 45 }), class: 'cold' })).toEqual([
      'offer-new-time',
      'last-check-in',
    ]);
  });

  it('closed leads: a purchased or lost lead gets no next step; an offer made still does', () => {
    const keen = { signals: answered({ rating: 5, secondShowing: true }), class: 'hot' as const };
    expect(ids({ ...keen, outcome: 'purchased' })).toEqual([]);
    expect(ids({ ...keen, outcome: 'lost' })).toEqual([]);
    expect(ids({ ...keen, outcome: 'offer_made' })).toContain('call-within-24h');
  });
});

describe('urgency needs recent answers', () => {
  it('a hot lead whose answers are weeks old is not "call within 24 hours", even after a new booking', () => {
    const stale = answered({ rating: 5, interest: 'very_interested', answersAgeDays: 70, idleDays: 2 });
    const recs = recommendFor({ signals: stale, class: 'hot', negativePhrases: [], outcome: 'open' });
    expect(recs.map((r) => r.id)).not.toContain('call-within-24h');
    expect(recs[0]).toEqual({
      id: 'check-in-hot',
      action: 'Check they are still looking',
      reason: 'Keen when they answered 70 days ago: ask whether they are still looking before anything else',
    });
    expect(ids({ signals: answered({ answersAgeDays: 7, rating: 5 }), class: 'hot' })).toContain(
      'call-within-24h',
    );
    expect(ids({ signals: answered({ answersAgeDays: 8, rating: 5 }), class: 'hot' })).not.toContain(
      'call-within-24h',
    );
  });
});
