// The rules the Reports page counts by (issue 13, part B). The SQL aggregates in apps/api read these lists
// as parameters, so the figures and these functions cannot disagree. The full lead classification
// (hot / potential / cold from every answer) lives next to this file; the funnel's "hot" step is its simplest
// reading: a buyer who said so.
import type { BookingStatus } from '../enums';
import type { InterestLevel } from '../schemas/feedback';

/** Interest answers that make a feedback "hot" on their own. */
export const HOT_INTEREST_LEVELS = ['very_interested'] as const satisfies readonly InterestLevel[];

export const HOT_FEEDBACK_RULE = 'Hot: very interested, or wants a second showing';

/** Rule "hot feedback": the buyer answered very interested, or asked for a second showing. */
export function isHotFeedback(answers: {
  interest_level: InterestLevel;
  second_showing: boolean | null;
}): boolean {
  return (
    (HOT_INTEREST_LEVELS as readonly InterestLevel[]).includes(answers.interest_level) ||
    answers.second_showing === true
  );
}

/**
 * Statuses that count as "booked" in the funnel. A rescheduled booking was replaced by a new one (which is
 * counted), and a declined request never became a showing.
 */
export const BOOKED_STATUSES = [
  'pending',
  'confirmed',
  'completed',
  'no_show',
  'cancelled',
] as const satisfies readonly BookingStatus[];

/** Statuses whose time slot was, or still is, taken: the busiest weekdays and hours count these. */
export const HELD_STATUSES = [
  'pending',
  'confirmed',
  'completed',
  'no_show',
] as const satisfies readonly BookingStatus[];

/**
 * Rule "showed": the showing is marked completed, or the buyer gave feedback on it (they were there).
 * Rule "no-show rate": no-shows ÷ showings that had an outcome (completed + no-show).
 * Rule "cancellation rate": cancelled ÷ booked.
 */
export type FunnelBooking = {
  status: BookingStatus;
  feedback: { interest_level: InterestLevel; second_showing: boolean | null } | null;
};

export type Funnel = { booked: number; showed: number; feedback: number; hot: number };

/** The funnel booked → showed → feedback → hot over a list of bookings (the SQL computes the same). */
export function funnelOf(list: readonly FunnelBooking[]): Funnel {
  const funnel: Funnel = { booked: 0, showed: 0, feedback: 0, hot: 0 };
  for (const b of list) {
    if (!(BOOKED_STATUSES as readonly BookingStatus[]).includes(b.status)) continue;
    funnel.booked += 1;
    if (b.status === 'completed' || b.feedback) funnel.showed += 1;
    if (b.feedback) funnel.feedback += 1;
    if (b.feedback && isHotFeedback(b.feedback)) funnel.hot += 1;
  }
  return funnel;
}

/** count ÷ of as a fraction rounded to 4 places; null when there is nothing to divide by. */
export function rate(count: number, of: number): number | null {
  return of > 0 ? Math.round((count / of) * 10_000) / 10_000 : null;
}

/** How far ahead buyers book (showing start − booking time), in the buckets the breakdown shows. */
export const LEAD_TIME_BUCKETS = [
  { key: 'same_day', label: 'Same day', maxDays: 1 },
  { key: 'one_to_three', label: '1–3 days', maxDays: 3 },
  { key: 'four_to_seven', label: '4–7 days', maxDays: 7 },
  { key: 'one_to_two_weeks', label: '1–2 weeks', maxDays: 14 },
  { key: 'over_two_weeks', label: 'Over 2 weeks', maxDays: null },
] as const;
export type LeadTimeBucket = (typeof LEAD_TIME_BUCKETS)[number]['key'];

/** The bucket of a lead time in days: below `maxDays` of the first bucket that fits. */
export function leadTimeBucket(days: number): LeadTimeBucket {
  for (const bucket of LEAD_TIME_BUCKETS) {
    if (bucket.maxDays === null || days < bucket.maxDays) return bucket.key;
  }
  return 'over_two_weeks';
}

/** Benchmarks are shown only when at least this many agents contribute figures (anonymity). */
export const BENCHMARK_MIN_AGENTS = 5;

/**
 * The benchmark measures, per agent over the range:
 * conversion = hot ÷ booked (the funnel end to end); no-show rate = no-shows ÷ (completed + no-shows);
 * feedback response rate = feedback ÷ showed; lead time = median days from booking to showing.
 * An agent contributes when they have at least one booked showing in the range.
 */
export const BENCHMARK_MEASURES = [
  { key: 'conversion', label: 'Conversion (booked → hot)', unit: 'percent' },
  { key: 'no_show_rate', label: 'No-show rate', unit: 'percent' },
  { key: 'feedback_rate', label: 'Feedback response rate', unit: 'percent' },
  { key: 'lead_time_days', label: 'Lead time to showing (days, median)', unit: 'days' },
] as const;
export type BenchmarkMeasure = (typeof BENCHMARK_MEASURES)[number]['key'];

/** Whether the installation's figures may be shown. */
export function benchmarksAvailable(contributors: number): boolean {
  return contributors >= BENCHMARK_MIN_AGENTS;
}
