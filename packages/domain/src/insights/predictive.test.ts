import { describe, expect, it } from 'vitest';
import {
  PREDICTIVE_MIN_OUTCOMES,
  areaUnderCurve,
  outcomeTarget,
  trainPredictive,
  type TrainingExample,
} from './predictive';
import { answered } from './fixtures';
import type { LeadSignals } from './signals';

/**
 * A generated history where the outcome depends on known answers: keen, high-rating buyers who want a second
 * showing mostly make offers; the rest mostly don't — with noise, so the model has something to learn.
 */
function history(n: number, seed: number): TrainingExample[] {
  // mulberry32: a small seeded generator, so the history is the same on every run.
  let t = seed;
  const next = () => {
    t = (t + 0x6d2b79f5) | 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
  return Array.from({ length: n }, () => {
    const rating = 1 + Math.floor(next() * 5);
    const interest = (['very_interested', 'somewhat_interested', 'not_interested'] as const)[
      Math.floor(next() * 3)
    ]!;
    const secondShowing = next() < 0.4;
    const price = next() < 0.3 ? ('too_high' as const) : ('fair' as const);
    const s: LeadSignals = answered({ rating, interest, secondShowing, price });
    const logit =
      -3 +
      0.9 * (rating - 3) +
      (interest === 'very_interested' ? 2 : interest === 'not_interested' ? -2 : 0) +
      (secondShowing ? 2 : 0) +
      (price === 'too_high' ? -1 : 0) +
      1.5;
    const won = next() < 1 / (1 + Math.exp(-logit)) ? 1 : 0;
    return { signals: s, won };
  });
}

describe('predictive scoring (Enterprise)', () => {
  it('outcome targets: offer made and purchased are won, lost is lost, open is not an outcome', () => {
    expect(outcomeTarget('offer_made')).toBe(1);
    expect(outcomeTarget('purchased')).toBe(1);
    expect(outcomeTarget('lost')).toBe(0);
    expect(outcomeTarget('open')).toBeNull();
  });

  it('AUC is the chance a won lead scores above a lost one, ties half', () => {
    expect(areaUnderCurve([0.9, 0.8, 0.2, 0.1], [1, 1, 0, 0])).toBe(1);
    expect(areaUnderCurve([0.1, 0.9], [1, 0])).toBe(0);
    expect(areaUnderCurve([0.5, 0.5], [1, 0])).toBe(0.5);
    expect(areaUnderCurve([0.7, 0.4, 0.6], [1, 1, 0])).toBe(0.5);
  });

  it('learns the answers that drive outcomes: held-out AUC ≥ 0.8 on a generated history', () => {
    const model = trainPredictive(history(240, 13));
    expect(model.status).toBe('trained');
    if (model.status !== 'trained') return;
    expect(model.auc).toBeGreaterThanOrEqual(0.8);
    expect(model.trainedOn).toBe(240);
    expect(model.heldOut).toBeGreaterThanOrEqual(55);
    // The features the history was made of are the ones it explains, with the right signs.
    const top = model.features.slice(0, 4).map((f) => f.id);
    expect(top).toEqual(expect.arrayContaining(['rating', 'second-showing']));
    const weight = (id: string) => model.features.find((f) => f.id === id)!.weight;
    expect(weight('rating')).toBeGreaterThan(0);
    expect(weight('second-showing')).toBeGreaterThan(0);
    expect(weight('not-interested')).toBeLessThan(0);
    expect(model.features.find((f) => f.id === 'rating')!.effect).toBe('Raises the chance of an offer');

    const keen = answered({ rating: 5, interest: 'very_interested', secondShowing: true });
    const cold = answered({ rating: 1, interest: 'not_interested', secondShowing: false, price: 'too_high' });
    expect(model.predict(keen)).toBeGreaterThan(0.8);
    expect(model.predict(cold)).toBeLessThan(0.2);
    const drivers = model.explain(keen);
    expect(drivers.length).toBeGreaterThan(0);
    expect(drivers.length).toBeLessThanOrEqual(3);
    expect(drivers.every((d) => d.effect > 0)).toBe(true);
  });

  it('with too few outcomes it does not train and says why: the Professional score stands', () => {
    const few = history(PREDICTIVE_MIN_OUTCOMES - 1, 3);
    const won = few.filter((e) => e.won === 1).length;
    expect(trainPredictive(few)).toEqual({
      status: 'insufficient',
      outcomes: PREDICTIVE_MIN_OUTCOMES - 1,
      needed: PREDICTIVE_MIN_OUTCOMES,
      message:
        `Predictive scoring needs at least 20 closed leads, 5 of them won (offer made or purchased) and 5 lost; ` +
        `you have 19 (${won} won, ${19 - won} lost). Until then the lead score is the Professional score.`,
    });
  });

  it('with enough outcomes but too few of one kind it does not train either', () => {
    const allWon = Array.from({ length: 30 }, (_, i) => ({
      signals: answered({ rating: 1 + (i % 5) }),
      won: (i < 4 ? 0 : 1) as 0 | 1,
    }));
    const model = trainPredictive(allWon);
    expect(model.status).toBe('insufficient');
    if (model.status === 'insufficient') expect(model.message).toContain('(26 won, 4 lost)');
  });
});
