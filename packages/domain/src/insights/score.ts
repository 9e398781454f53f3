// Professional plan — the 0–100 lead score (issue 13). It starts at SCORE_BASE and each factor below that
// applies adds or takes its points; the agent sees every factor that moved the score, signed, with why.
import { answerFreshness, type LeadSignals } from './signals';

export const SCORE_BASE = 50;

export interface ScoreFactor {
  id: string;
  /** Points this factor gives for the lead, 0 when it does not apply. */
  points: (s: LeadSignals) => number;
  /** What the agent reads next to the points. */
  explain: (s: LeadSignals) => string;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The factors read from the buyer's latest answers: weighed by how recent those answers are. */
const ANSWER_FACTORS: ReadonlySet<string> = new Set(['interest', 'rating', 'second-showing', 'price']);

/** "(answered 9 weeks ago)" after the reason of an answer factor that no longer counts in full. */
function answersAge(s: LeadSignals): string {
  const days = s.answersAgeDays ?? 0;
  return days >= 14
    ? ` (answered ${plural(Math.floor(days / 7), 'week')} ago)`
    : ` (answered ${plural(days, 'day')} ago)`;
}

export const SCORE_FACTORS: readonly ScoreFactor[] = [
  {
    id: 'interest',
    points: (s) =>
      s.interest === 'very_interested' ? 20 : s.interest === 'somewhat_interested' ? 5 : s.interest ? -30 : 0,
    explain: (s) =>
      s.interest === 'very_interested'
        ? 'Said they are very interested'
        : s.interest === 'somewhat_interested'
          ? 'Said they are somewhat interested'
          : 'Said they are not interested',
  },
  {
    id: 'rating',
    points: (s) => (s.rating === null ? 0 : (s.rating - 3) * 8),
    explain: (s) => `Rated the property ${s.rating}/5`,
  },
  {
    id: 'second-showing',
    points: (s) => (s.secondShowing === true ? 15 : s.secondShowing === false ? -10 : 0),
    explain: (s) => (s.secondShowing ? 'Wants a second showing' : 'Does not want a second showing'),
  },
  {
    id: 'price',
    points: (s) => (s.price === 'good_value' ? 8 : s.price === 'fair' ? 3 : s.price === 'too_high' ? -8 : 0),
    explain: (s) =>
      s.price === 'good_value'
        ? 'Thinks the price is good value'
        : s.price === 'fair'
          ? 'Thinks the price is fair'
          : 'Thinks the price is too high',
  },
  {
    id: 'showed',
    points: (s) => (s.showed >= 2 ? 10 : s.showed === 1 ? 5 : 0),
    explain: (s) => `Came to ${plural(s.showed, 'showing')}`,
  },
  {
    id: 'upcoming',
    points: (s) => (s.upcoming > 0 ? 6 : 0),
    explain: (s) => `Has ${plural(s.upcoming, 'showing')} booked ahead`,
  },
  {
    id: 'no-shows',
    points: (s) => -12 * Math.min(s.noShows, 2),
    explain: (s) => `Missed ${plural(s.noShows, 'showing')}`,
  },
  {
    id: 'cancellations',
    points: (s) => -5 * Math.min(s.cancelled, 2),
    explain: (s) => `Cancelled ${plural(s.cancelled, 'showing')}`,
  },
  {
    id: 'sentiment',
    points: (s) =>
      s.sentiment === 'positive' ? 8 : s.sentiment === 'negative' ? -10 : s.sentiment === 'mixed' ? -2 : 0,
    explain: (s) => `Their words read ${s.sentiment}`,
  },
  {
    id: 'idle',
    points: (s) => (s.idleDays > 60 ? -20 : s.idleDays > 30 ? -10 : 0),
    explain: (s) => `Nothing has happened for ${plural(s.idleDays, 'day')}`,
  },
];

export interface ScoreContribution {
  id: string;
  points: number;
  reason: string;
}

export interface LeadScore {
  score: number;
  base: number;
  /** The factors that moved the score, largest effect first. */
  factors: ScoreContribution[];
}

/**
 * The base, then the factors. The answers' factors count by `answerFreshness` (what a buyer said months ago
 * is worth a quarter of what they said this week) and say how old the answers are. The good factors can fill
 * the score up to 100 and no further; the bad ones then take their points off, so a lead with anything
 * against it (mixed words, a price too high, a no-show) is never at 100 (decision 045).
 */
export function scoreLead(signals: LeadSignals): LeadScore {
  const freshness = answerFreshness(signals);
  const factors = SCORE_FACTORS.flatMap((f) => {
    const full = f.points(signals);
    const answer = ANSWER_FACTORS.has(f.id);
    const points = answer ? Math.round(full * freshness) : full;
    if (points === 0) return [];
    const reason = f.explain(signals) + (answer && freshness < 1 ? answersAge(signals) : '');
    return [{ id: f.id, points, reason }];
  }).sort((a, b) => Math.abs(b.points) - Math.abs(a.points));
  const sum = (sign: 1 | -1) =>
    factors.reduce((t, f) => t + (Math.sign(f.points) === sign ? f.points : 0), 0);
  const total = Math.min(100, SCORE_BASE + sum(1)) + sum(-1);
  return { score: Math.max(0, total), base: SCORE_BASE, factors };
}
