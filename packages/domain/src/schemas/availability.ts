// The agent's weekly availability (spec §3: one object, read and replaced whole by GET/PUT /api/availability),
// its public summary per weekday, and the per-date slot answer of the booking page.
import { z } from 'zod';
import {
  DATE_MAX,
  DATE_MIN,
  DATE_RANGE_MESSAGE,
  isoDateSchema,
  time24Schema,
  timeWithSecondsSchema,
} from './common';

export const MINIMUM_NOTICE_MAX_MINUTES = 10_080; // one week
export const BUFFER_MAX_MINUTES = 240;

export const AVAILABILITY_MESSAGES = {
  endAfterStart: 'End time must be after start time',
  overlap: 'Time ranges on the same day must not overlap',
  needsInterval: 'Add at least one time range or mark the day as unavailable',
  sevenDays: 'Give all seven days of the week, Sunday to Saturday, once each',
  duplicateOverride: 'There is already an exception for this date',
  // Says what to do, not a format: the date picker shows dates in the browser's own format (issue 19).
  overrideDate: 'Choose a date for this exception',
} as const;

export const DAY_OF_WEEK_MESSAGE = 'Day of week must be a number from 0 (Sunday) to 6 (Saturday)';

/** Sunday = 0, as Date#getDay (spec §3). */
export const dayOfWeekSchema = z
  .number({ error: DAY_OF_WEEK_MESSAGE })
  .int(DAY_OF_WEEK_MESSAGE)
  .min(0, DAY_OF_WEEK_MESSAGE)
  .max(6, DAY_OF_WEEK_MESSAGE);

/** The public per-weekday summary (spec §3 "Agent availability entry"). */
export const availabilityEntrySchema = z.object({
  day_of_week: dayOfWeekSchema,
  is_available: z.boolean(),
});
export type AvailabilityEntry = z.infer<typeof availabilityEntrySchema>;

/** Half-open wall-time range [start, end) in the agent's time zone; 'HH:mm' strings compare in time order. */
export const timeIntervalSchema = z
  .object({ start: time24Schema, end: time24Schema })
  .refine((interval) => interval.start < interval.end, {
    path: ['end'],
    message: AVAILABILITY_MESSAGES.endAfterStart,
  });
export type TimeInterval = z.infer<typeof timeIntervalSchema>;

export const weeklyDaySchema = availabilityEntrySchema
  .extend({ intervals: z.array(timeIntervalSchema).max(24, 'At most 24 time ranges per day') })
  .superRefine(checkIntervals);
export type WeeklyDay = z.infer<typeof weeklyDaySchema>;

/** A specific date that differs from the weekly pattern (a day off, or different hours). */
export const availabilityOverrideSchema = z
  .object({
    date: z
      .string({ error: AVAILABILITY_MESSAGES.overrideDate })
      .refine((date) => isoDateSchema.safeParse(date).success, AVAILABILITY_MESSAGES.overrideDate),
    is_available: z.boolean(),
    intervals: z.array(timeIntervalSchema).max(24, 'At most 24 time ranges per day'),
  })
  .superRefine(checkIntervals);
export type AvailabilityOverride = z.infer<typeof availabilityOverrideSchema>;

export const agentAvailabilitySchema = z.object({
  days: z
    .array(weeklyDaySchema)
    .length(7, AVAILABILITY_MESSAGES.sevenDays)
    .refine(
      (days) => new Set(days.map((day) => day.day_of_week)).size === 7,
      AVAILABILITY_MESSAGES.sevenDays,
    ),
  overrides: z
    .array(availabilityOverrideSchema)
    .max(400, 'At most 400 date exceptions')
    .default([])
    .superRefine((overrides, ctx) => {
      const seen = new Set<string>();
      overrides.forEach((override, index) => {
        if (seen.has(override.date)) {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'date'],
            message: AVAILABILITY_MESSAGES.duplicateOverride,
          });
        }
        seen.add(override.date);
      });
    }),
  minimum_notice_minutes: z
    .number({ error: 'Minimum notice must be a number of minutes' })
    .int('Minimum notice must be a whole number of minutes')
    .min(0, 'Minimum notice cannot be negative')
    .max(MINIMUM_NOTICE_MAX_MINUTES, 'Minimum notice can be at most one week (10080 minutes)')
    .default(0),
  buffer_minutes: z
    .number({ error: 'Buffer must be a number of minutes' })
    .int('Buffer must be a whole number of minutes')
    .min(0, 'Buffer cannot be negative')
    .max(BUFFER_MAX_MINUTES, 'Buffer can be at most 240 minutes')
    .default(0),
  requires_approval: z.boolean().default(false),
});
export type AgentAvailabilityInput = z.input<typeof agentAvailabilitySchema>;
export type AgentAvailability = z.output<typeof agentAvailabilitySchema>;

/** A new agent's availability: Monday to Friday 09:00–17:00, weekends off. */
export const DEFAULT_AVAILABILITY: AgentAvailability = {
  days: [0, 1, 2, 3, 4, 5, 6].map((day_of_week) => {
    const weekday = day_of_week >= 1 && day_of_week <= 5;
    return {
      day_of_week,
      is_available: weekday,
      intervals: weekday ? [{ start: '09:00', end: '17:00' }] : [],
    };
  }),
  overrides: [],
  minimum_notice_minutes: 0,
  buffer_minutes: 0,
  requires_approval: false,
};

/**
 * The weekly hours from the stored rows. Hours are saved all seven days at once, so no row means never saved:
 * the default hours, even when another setting (the office, the route settings) already wrote the agent's
 * settings row (found walking issue 29's journeys: an office wiped a new agent's every time).
 */
export function weeklyOrDefault(days: readonly WeeklyDay[]): WeeklyDay[] {
  return days.length === 0 ? DEFAULT_AVAILABILITY.days : [...days];
}

/** One offered slot as an instant (decision 010): the page shows and books exactly it. */
export const offeredSlotSchema = z.object({
  /** The agent's wall time, 'HH:mm:ss' (one of availableSlots). */
  time: timeWithSecondsSchema,
  /** The instant, ISO 8601 with the agent zone's offset: '2026-11-01T01:30:00-04:00'. */
  starts_at: z.string(),
  /** As the agent's clock reads it; a repeated (fall-back) time names its pass: '1:30 AM EDT'. */
  label: z.string(),
  /** Issue 16 ("cluster showings by area"): next to one of the agent's showings nearby. */
  recommended: z.boolean().optional(),
  /** Issue 17: one of the day's best slots by the agent's learned preferences (learning/slotMarks.ts). */
  suggested: z.boolean().optional(),
  /** Issue 32: inside the property's suggested notice (allowed; the answer's notice_note says so). */
  short_notice: z.boolean().optional(),
});
export type OfferedSlot = z.infer<typeof offeredSlotSchema>;

/**
 * Answer for one property (or agent) and one date (spec §3): availableSlots as 'HH:mm:ss' labels, and the
 * same slots as instants in `slots` (both passes of a repeated hour are two slots with one label).
 */
export const availabilityForDateResponseSchema = z.object({
  availableSlots: z.array(timeWithSecondsSchema),
  agentAvailability: z.object({ isAvailable: z.boolean() }),
  time_zone: z.string(),
  slots: z.array(offeredSlotSchema),
  /** Issue 32, a property's showing rules: "The seller prefers 24 hours' notice" (only when it has one). */
  notice_note: z.string().optional(),
  /** Issue 32: why the property's rules removed times of this date, each reason once, in plain words. */
  removed_why: z.array(z.string()).optional(),
});
export type AvailabilityForDateResponse = z.infer<typeof availabilityForDateResponseSchema>;

/** Answer of GET /api/availability/public/{agentId} (spec §7). */
export const publicAvailabilityResponseSchema = z.object({
  success: z.boolean(),
  availability: z.array(availabilityEntrySchema),
});
export type PublicAvailabilityResponse = z.infer<typeof publicAvailabilityResponseSchema>;

/** The weekday summary a buyer may see: a day counts as available only if it has hours to book. */
export function toAvailabilityEntries(availability: Pick<AgentAvailability, 'days'>): AvailabilityEntry[] {
  return [...availability.days]
    .sort((a, b) => a.day_of_week - b.day_of_week)
    .map((day) => ({
      day_of_week: day.day_of_week,
      is_available: day.is_available && day.intervals.length > 0,
    }));
}

function checkIntervals(
  day: { is_available: boolean; intervals: TimeInterval[] },
  ctx: z.RefinementCtx,
): void {
  if (day.is_available && day.intervals.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['intervals'], message: AVAILABILITY_MESSAGES.needsInterval });
  }
  // Compare each range with the latest end seen so far, so a range inside an earlier long one is caught too.
  const byStart = day.intervals
    .map((interval, index) => ({ ...interval, index }))
    .sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.index - b.index));
  let latestEnd = '';
  for (const interval of byStart) {
    if (latestEnd !== '' && interval.start < latestEnd) {
      ctx.addIssue({
        code: 'custom',
        path: ['intervals', interval.index],
        message: AVAILABILITY_MESSAGES.overlap,
      });
    }
    if (interval.end > latestEnd) latestEnd = interval.end;
  }
}

/** A month of the booking calendar, yyyy-MM. */
export const monthSchema = z
  .string({ error: 'Enter a month as yyyy-MM' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Enter a month as yyyy-MM', abort: true })
  .refine((month) => month >= DATE_MIN.slice(0, 7) && month <= DATE_MAX.slice(0, 7), DATE_RANGE_MESSAGE);

/**
 * Which dates of a month have at least one free slot, after overrides, notice and bookings (the calendar
 * marks exactly these), and the agent's today (the calendar's "today" is the agent's, not the browser's).
 */
export const availableDatesResponseSchema = z.object({
  time_zone: z.string(),
  today: isoDateSchema,
  month: monthSchema,
  dates: z.array(isoDateSchema),
});
export type AvailableDatesResponse = z.infer<typeof availableDatesResponseSchema>;
