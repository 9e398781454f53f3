// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- ml-logistic-regression ships no types; every program that compiles this file (domain, api) must see them
/// <reference path="./ml-logistic-regression.d.ts" />
// Enterprise plan — predictive scoring (issue 13). A logistic regression (ml-logistic-regression) trained on
// the agent's own closed leads: an offer made or a purchase counts as won, `lost` as lost, open leads are
// what it scores. A quarter of the closed leads is held out to measure it (AUC, shown to the agent); its
// weights on standardised features explain what drives the agent's wins. With fewer than
// PREDICTIVE_MIN_OUTCOMES closed leads (or fewer than PREDICTIVE_MIN_PER_OUTCOME of either kind) it does not
// train: it says so and the Professional score stands. Server-only (the web bundle never carries it).
import LogisticRegression from 'ml-logistic-regression';
import { Matrix } from 'ml-matrix';
import type { LeadOutcome } from '../schemas/leads';
import type { LeadSignals } from './signals';

export const PREDICTIVE_MIN_OUTCOMES = 20;
export const PREDICTIVE_MIN_PER_OUTCOME = 5;
/** Every HOLDOUT_EVERY-th closed lead (in the given order) is held out of training to measure the model. */
const HOLDOUT_EVERY = 4;

/** Won = 1, lost = 0, open = not an outcome yet. */
export function outcomeTarget(outcome: LeadOutcome): 0 | 1 | null {
  return outcome === 'offer_made' || outcome === 'purchased' ? 1 : outcome === 'lost' ? 0 : null;
}

export interface PredictiveFeature {
  id: string;
  label: string;
  value: (s: LeadSignals) => number;
}

/** Behaviour only: each feature is documented in fairHousing.ts ALLOWED_FEATURES (a test keeps them equal). */
export const PREDICTIVE_FEATURES: readonly PredictiveFeature[] = [
  { id: 'rating', label: 'Rating', value: (s) => s.rating ?? 0 },
  {
    id: 'very-interested',
    label: 'Very interested',
    value: (s) => (s.interest === 'very_interested' ? 1 : 0),
  },
  { id: 'not-interested', label: 'Not interested', value: (s) => (s.interest === 'not_interested' ? 1 : 0) },
  { id: 'second-showing', label: 'Wants a second showing', value: (s) => (s.secondShowing ? 1 : 0) },
  { id: 'price-too-high', label: 'Price too high', value: (s) => (s.price === 'too_high' ? 1 : 0) },
  { id: 'showed', label: 'Showings attended', value: (s) => s.showed },
  { id: 'no-shows', label: 'No-shows', value: (s) => s.noShows },
  { id: 'sentiment', label: 'Sentiment of their words', value: (s) => s.sentimentScore },
  { id: 'answered', label: 'Answered the feedback', value: (s) => (s.feedbackCount > 0 ? 1 : 0) },
];

export interface TrainingExample {
  signals: LeadSignals;
  won: 0 | 1;
}

export interface FeatureWeight {
  id: string;
  label: string;
  /** Weight on the standardised feature: the change in log-odds for one standard deviation more. */
  weight: number;
  effect: string;
}

export type PredictiveModel =
  | {
      status: 'trained';
      /** Held-out area under the ROC curve, 0 … 1 (0.5 = no better than chance). */
      auc: number;
      trainedOn: number;
      heldOut: number;
      /** Features by the size of their weight, largest first. */
      features: FeatureWeight[];
      /** Chance (0 … 1) that a lead with these signals makes an offer or buys. */
      predict: (s: LeadSignals) => number;
      /** The features that pushed this lead's chance most, signed. */
      explain: (s: LeadSignals) => { id: string; label: string; effect: number }[];
    }
  | { status: 'insufficient'; outcomes: number; needed: number; message: string };

export function insufficientMessage(outcomes: number, won: number, lost: number): string {
  return (
    `Predictive scoring needs at least ${PREDICTIVE_MIN_OUTCOMES} closed leads, ${PREDICTIVE_MIN_PER_OUTCOME} ` +
    `of them won (offer made or purchased) and ${PREDICTIVE_MIN_PER_OUTCOME} lost; you have ${outcomes} ` +
    `(${won} won, ${lost} lost). Until then the lead score is the Professional score.`
  );
}

/** Area under the ROC curve: the chance a random won lead scores above a random lost one (ties count half). */
export function areaUnderCurve(scores: readonly number[], won: readonly (0 | 1)[]): number {
  let pairs = 0;
  let above = 0;
  scores.forEach((p, i) => {
    if (won[i] !== 1) return;
    scores.forEach((q, j) => {
      if (won[j] !== 0) return;
      pairs += 1;
      above += p > q ? 1 : p === q ? 0.5 : 0;
    });
  });
  return pairs ? above / pairs : 0.5;
}

interface Fitted {
  means: number[];
  sds: number[];
  /** Bias first, then one weight per feature. */
  weights: number[];
}

function fit(examples: readonly TrainingExample[]): Fitted {
  const raw = examples.map((e) => PREDICTIVE_FEATURES.map((f) => f.value(e.signals)));
  const means = PREDICTIVE_FEATURES.map((_, j) => raw.reduce((s, r) => s + r[j]!, 0) / raw.length);
  const sds = PREDICTIVE_FEATURES.map((_, j) => {
    const v = raw.reduce((s, r) => s + (r[j]! - means[j]!) ** 2, 0) / raw.length;
    return Math.sqrt(v) || 1;
  });
  const X = new Matrix(raw.map((r) => [1, ...r.map((x, j) => (x - means[j]!) / sds[j]!)]));
  const Y = Matrix.columnVector(examples.map((e) => e.won));
  // The library's gradient is a sum over the examples: scale the step by their number.
  const model = new LogisticRegression({ numSteps: 1500, learningRate: 0.5 / examples.length });
  model.train(X, Y);
  // One-vs-all over classes 0 and 1: classifier 0 separates "not class 0" — i.e. won — from class 0.
  const weights = model.classifiers[0]!.weights.to1DArray();
  return { means, sds, weights };
}

function contributions(m: Fitted, s: LeadSignals): number[] {
  return PREDICTIVE_FEATURES.map((f, j) => m.weights[j + 1]! * ((f.value(s) - m.means[j]!) / m.sds[j]!));
}

function probability(m: Fitted, s: LeadSignals): number {
  const z = m.weights[0]! + contributions(m, s).reduce((a, b) => a + b, 0);
  return 1 / (1 + Math.exp(-z));
}

/** Trains on the closed leads (in a stable order, e.g. by when they closed) and measures on the held-out part. */
export function trainPredictive(examples: readonly TrainingExample[]): PredictiveModel {
  const won = examples.filter((e) => e.won === 1).length;
  const lost = examples.length - won;
  if (
    examples.length < PREDICTIVE_MIN_OUTCOMES ||
    won < PREDICTIVE_MIN_PER_OUTCOME ||
    lost < PREDICTIVE_MIN_PER_OUTCOME
  ) {
    return {
      status: 'insufficient',
      outcomes: examples.length,
      needed: PREDICTIVE_MIN_OUTCOMES,
      message: insufficientMessage(examples.length, won, lost),
    };
  }
  // Hold out every 4th example of each outcome, so both kinds are in the test set.
  const seen = { 0: 0, 1: 0 };
  const test: TrainingExample[] = [];
  const train: TrainingExample[] = [];
  for (const e of examples) {
    seen[e.won] += 1;
    (seen[e.won] % HOLDOUT_EVERY === 0 ? test : train).push(e);
  }
  const measured = fit(train);
  const auc = areaUnderCurve(
    test.map((e) => probability(measured, e.signals)),
    test.map((e) => e.won),
  );
  // The model the agent uses learns from every closed lead.
  const final = fit(examples);
  const features = PREDICTIVE_FEATURES.map((f, j) => {
    const weight = Math.round(final.weights[j + 1]! * 1000) / 1000;
    return {
      id: f.id,
      label: f.label,
      weight,
      effect: `${weight >= 0 ? 'Raises' : 'Lowers'} the chance of an offer`,
    };
  }).sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight));
  return {
    status: 'trained',
    auc: Math.round(auc * 1000) / 1000,
    trainedOn: examples.length,
    heldOut: test.length,
    features,
    predict: (s) => probability(final, s),
    explain: (s) =>
      contributions(final, s)
        .map((effect, j) => ({
          id: PREDICTIVE_FEATURES[j]!.id,
          label: PREDICTIVE_FEATURES[j]!.label,
          effect: Math.round(effect * 1000) / 1000,
        }))
        .filter((c) => c.effect !== 0)
        .sort((a, b) => Math.abs(b.effect) - Math.abs(a.effect))
        .slice(0, 3),
  };
}
