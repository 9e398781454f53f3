// Reports (issue 13 part B): the date range the agent asks for and the figures the server answers, each
// computed by SQL in the agent's time zone (a day is the agent's day).
import { z } from 'zod';
import { BOOKING_STATUSES } from '../enums';
import { LEAD_TIME_BUCKETS } from '../insights/reportRules';
import { isoDateSchema } from './common';

/** The longest range one report covers, in days (both ends included). */
export const REPORT_MAX_DAYS = 366;

export const REPORT_MESSAGES = {
  rangeOrder: 'The start date must be on or before the end date',
  rangeTooLong: `Please choose at most ${REPORT_MAX_DAYS} days`,
} as const;

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** ?from=yyyy-MM-dd&to=yyyy-MM-dd, both in the agent's time zone, both included. */
export const reportRangeSchema = z
  .object({ from: isoDateSchema, to: isoDateSchema })
  .superRefine((range, ctx) => {
    const span = daysBetween(range.from, range.to);
    if (span < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES.rangeOrder });
    else if (span + 1 > REPORT_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES.rangeTooLong });
  });
export type ReportRange = z.infer<typeof reportRangeSchema>;

const count = z.number().int().nonnegative();
/** A fraction 0–1, or null when there was nothing to divide by. */
const fraction = z.number().min(0).max(1).nullable();
const statusCounts = Object.fromEntries(BOOKING_STATUSES.map((s) => [s, count])) as Record<
  (typeof BOOKING_STATUSES)[number],
  typeof count
>;

export const reportRangeEchoSchema = z.object({
  from: z.string(),
  to: z.string(),
  time_zone: z.string(),
});

export const coreReportSchema = z.object({
  success: z.literal(true),
  range: reportRangeEchoSchema,
  /** One row per day of the range (days without bookings are zeros), by the showing's day. */
  bookings_by_day: z.array(z.object({ date: z.string(), total: count, ...statusCounts })),
  showings_by_property: z.array(
    z.object({
      property_id: z.number().int().nullable(),
      /** null for bookings without a property (consultations). */
      address: z.string().nullable(),
      bookings: count,
      completed: count,
      no_show: count,
      cancelled: count,
    }),
  ),
  funnel: z.object({ booked: count, showed: count, feedback: count, hot: count }),
  rates: z.object({
    no_show: z.object({ count, of: count, rate: fraction }),
    cancellation: z.object({ count, of: count, rate: fraction }),
    /**
     * Issue 33: the no-show rate of the range's showings by how the buyer confirmed — by a text reply, on the
     * manage page, or not at all (bookings.buyer_confirmed_via); each no-shows ÷ completed or no-show.
     */
    no_show_by_confirmation: z.object({
      text: z.object({ count, of: count, rate: fraction }),
      page: z.object({ count, of: count, rate: fraction }),
      none: z.object({ count, of: count, rate: fraction }),
    }),
  }),
  /** The reasons buyers or the agent gave; null = none given. */
  cancellation_reasons: z.array(z.object({ reason: z.string().nullable(), count })),
  /** 0 = Sunday … 6 = Saturday, all seven. */
  weekdays: z.array(z.object({ day: z.number().int().min(0).max(6), count })),
  /** 0–23, all twenty-four. */
  hours: z.array(z.object({ hour: z.number().int().min(0).max(23), count })),
  /**
   * Per week of the range (Monday–Sunday in the agent's zone, the first and last cut to the range; yyyy-MM-dd,
   * both included): the leads whose first booked showing in the range started by the week's end, each in its
   * class (classify.ts) as of the week's end — by its latest answers on showings up to then.
   */
  lead_classes_by_week: z.array(
    z.object({ week_start: z.string(), week_end: z.string(), hot: count, potential: count, cold: count }),
  ),
});
export type CoreReport = z.infer<typeof coreReportSchema>;

const breakdownRow = z.object({ key: z.string().nullable(), booked: count, showed: count, hot: count });
export const reportBreakdownsSchema = z.object({
  success: z.literal(true),
  range: reportRangeEchoSchema,
  by_buyer_type: z.array(breakdownRow),
  by_purpose: z.array(breakdownRow),
  /** Keyed by the budget range ('300000-400000', '1000000+'); null = not given. */
  by_budget: z.array(breakdownRow),
  lead_time: z.array(
    z.object({ bucket: z.enum(LEAD_TIME_BUCKETS.map((b) => b.key) as [string, ...string[]]), count }),
  ),
});
export type ReportBreakdowns = z.infer<typeof reportBreakdownsSchema>;

/** The range the Reports page opens with: the agent's last 30 days, today included. */
export const DEFAULT_REPORT_DAYS = 30;

/** yyyy-MM-dd plus `days` (negative goes back), by the calendar. */
export function addDaysIso(date: string, days: number): string {
  const t = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

export function defaultReportRange(today: string, days = DEFAULT_REPORT_DAYS): ReportRange {
  return { from: addDaysIso(today, -(days - 1)), to: today };
}

export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** 0 → '12 AM', 13 → '1 PM'. */
export function hourLabel(hour: number): string {
  return `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? 'AM' : 'PM'}`;
}

const measures = z.object({
  conversion: z.number().nullable(),
  no_show_rate: z.number().nullable(),
  feedback_rate: z.number().nullable(),
  lead_time_days: z.number().nullable(),
});
export const benchmarksSchema = z.object({
  success: z.literal(true),
  range: reportRangeEchoSchema,
  /** Agents with at least one booked showing in the range (the caller included). */
  contributors: z.number().int().nonnegative(),
  minimum: z.number().int(),
  /** The caller's own measures (null where there was nothing to divide). */
  agent: measures,
  /** The median of every contributing agent's measure; null below the minimum of contributors. */
  installation: measures.nullable(),
});
export type Benchmarks = z.infer<typeof benchmarksSchema>;
