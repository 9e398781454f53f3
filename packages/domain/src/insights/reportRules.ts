// The rules the Reports page counts by (issue 13, part B). The SQL aggregates in apps/api read these lists
// as parameters, so the figures and these lists cannot disagree. "Hot" is the lead classifier's (classify.ts).
import type { BookingStatus } from '../enums';

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
 * Rule "hot" (the funnel's last step): a showing with feedback whose buyer the lead classifier (classify.ts,
 * the rules the Feedback page shows) calls hot as of the range's end — there is no second rule for "hot".
 * Rule "no-show rate": no-shows ÷ showings that had an outcome (completed + no-show).
 * Rule "cancellation rate": cancelled ÷ booked.
 */
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
