import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  AVAILABILITY_MESSAGES,
  DEFAULT_AVAILABILITY,
  agentAvailabilitySchema,
  availabilityEntrySchema,
  availabilityOverrideSchema,
  availabilityForDateResponseSchema,
  publicAvailabilityResponseSchema,
  timeIntervalSchema,
  toAvailabilityEntries,
  weeklyDaySchema,
} from './availability';

function fieldMessages(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('availabilityEntrySchema', () => {
  it('day_of_week is a whole number 0 (Sunday) to 6 (Saturday)', () => {
    expect(availabilityEntrySchema.parse({ day_of_week: 0, is_available: false })).toEqual({
      day_of_week: 0,
      is_available: false,
    });
    for (const day of [-1, 7, 1.5, '1']) {
      expect(fieldMessages(availabilityEntrySchema, { day_of_week: day, is_available: true })).toEqual({
        day_of_week: 'Day of week must be a number from 0 (Sunday) to 6 (Saturday)',
      });
    }
  });
});

describe('timeIntervalSchema', () => {
  it('accepts a range whose end is after its start', () => {
    expect(timeIntervalSchema.parse({ start: '09:00', end: '17:00' })).toEqual({
      start: '09:00',
      end: '17:00',
    });
  });

  it("'End time must be after start time' when end equals or precedes start", () => {
    for (const end of ['09:00', '08:59']) {
      expect(fieldMessages(timeIntervalSchema, { start: '09:00', end })).toEqual({
        end: 'End time must be after start time',
      });
    }
  });
});

describe('weeklyDaySchema', () => {
  it('ranges of one day may touch but not overlap', () => {
    const touching = [
      { start: '09:00', end: '12:00' },
      { start: '12:00', end: '17:00' },
    ];
    expect(
      weeklyDaySchema.safeParse({ day_of_week: 1, is_available: true, intervals: touching }).success,
    ).toBe(true);
    expect(
      fieldMessages(weeklyDaySchema, {
        day_of_week: 1,
        is_available: true,
        intervals: [
          { start: '13:00', end: '14:00' },
          { start: '09:00', end: '13:30' },
        ],
      }),
    ).toEqual({ 'intervals.0': 'Time ranges on the same day must not overlap' });
  });

  it('catches a range inside an earlier long range even when a shorter one sits between them', () => {
    expect(
      fieldMessages(weeklyDaySchema, {
        day_of_week: 1,
        is_available: true,
        intervals: [
          { start: '09:00', end: '17:00' },
          { start: '10:00', end: '11:00' },
          { start: '12:00', end: '13:00' },
        ],
      }),
    ).toEqual({
      'intervals.1': 'Time ranges on the same day must not overlap',
      'intervals.2': 'Time ranges on the same day must not overlap',
    });
  });

  it('an available day needs at least one range; an unavailable day may keep its ranges', () => {
    expect(fieldMessages(weeklyDaySchema, { day_of_week: 2, is_available: true, intervals: [] })).toEqual({
      intervals: 'Add at least one time range or mark the day as unavailable',
    });
    expect(
      weeklyDaySchema.safeParse({
        day_of_week: 2,
        is_available: false,
        intervals: [{ start: '09:00', end: '10:00' }],
      }).success,
    ).toBe(true);
  });
});

describe('agentAvailabilitySchema', () => {
  it('DEFAULT_AVAILABILITY is Monday to Friday 09:00–17:00, weekends off, and valid', () => {
    expect(agentAvailabilitySchema.parse(DEFAULT_AVAILABILITY)).toEqual(DEFAULT_AVAILABILITY);
    const open = DEFAULT_AVAILABILITY.days.filter((d) => d.is_available);
    expect(open.map((d) => d.day_of_week)).toEqual([1, 2, 3, 4, 5]);
    for (const day of open) expect(day.intervals).toEqual([{ start: '09:00', end: '17:00' }]);
  });

  it('defaults overrides, notice, buffer and approval', () => {
    expect(agentAvailabilitySchema.parse({ days: DEFAULT_AVAILABILITY.days })).toMatchObject({
      overrides: [],
      minimum_notice_minutes: 0,
      buffer_minutes: 0,
      requires_approval: false,
    });
  });

  it('needs all seven days, each once', () => {
    const message = 'Give all seven days of the week, Sunday to Saturday, once each';
    expect(fieldMessages(agentAvailabilitySchema, { days: DEFAULT_AVAILABILITY.days.slice(1) })).toEqual({
      days: message,
    });
    const mondayTwice = DEFAULT_AVAILABILITY.days.map((d) =>
      d.day_of_week === 0 ? { ...d, day_of_week: 1 } : d,
    );
    expect(fieldMessages(agentAvailabilitySchema, { days: mondayTwice })).toEqual({ days: message });
  });

  it('an override date appears once', () => {
    const dayOff = { date: '2025-12-25', is_available: false, intervals: [] };
    expect(
      fieldMessages(agentAvailabilitySchema, {
        days: DEFAULT_AVAILABILITY.days,
        overrides: [dayOff, dayOff],
      }),
    ).toEqual({ 'overrides.1.date': 'There is already an exception for this date' });
  });

  it('override dates must be real dates and their ranges follow the day rules', () => {
    expect(
      fieldMessages(agentAvailabilitySchema, {
        days: DEFAULT_AVAILABILITY.days,
        overrides: [
          { date: '2025-02-30', is_available: false, intervals: [] },
          { date: '2025-12-24', is_available: true, intervals: [] },
        ],
      }),
    ).toEqual({
      'overrides.0.date': AVAILABILITY_MESSAGES.overrideDate,
      'overrides.1.intervals': 'Add at least one time range or mark the day as unavailable',
    });
  });

  it('minimum notice is 0 to 10080 minutes and buffer 0 to 240 minutes, whole numbers', () => {
    const base = { days: DEFAULT_AVAILABILITY.days };
    expect(
      fieldMessages(agentAvailabilitySchema, { ...base, minimum_notice_minutes: 10081, buffer_minutes: 241 }),
    ).toEqual({
      minimum_notice_minutes: 'Minimum notice can be at most one week (10080 minutes)',
      buffer_minutes: 'Buffer can be at most 240 minutes',
    });
    expect(
      fieldMessages(agentAvailabilitySchema, { ...base, minimum_notice_minutes: -1, buffer_minutes: 2.5 }),
    ).toEqual({
      minimum_notice_minutes: 'Minimum notice cannot be negative',
      buffer_minutes: 'Buffer must be a whole number of minutes',
    });
    expect(
      agentAvailabilitySchema.safeParse({ ...base, minimum_notice_minutes: 10080, buffer_minutes: 240 })
        .success,
    ).toBe(true);
  });
});

describe('toAvailabilityEntries', () => {
  it('lists Sunday to Saturday; a day is available only when marked so and it has hours', () => {
    const days = [...DEFAULT_AVAILABILITY.days]
      .reverse()
      .map((d) => (d.day_of_week === 3 ? { ...d, is_available: false } : d));
    expect(toAvailabilityEntries({ days })).toEqual([
      { day_of_week: 0, is_available: false },
      { day_of_week: 1, is_available: true },
      { day_of_week: 2, is_available: true },
      { day_of_week: 3, is_available: false },
      { day_of_week: 4, is_available: true },
      { day_of_week: 5, is_available: true },
      { day_of_week: 6, is_available: false },
    ]);
  });
});

describe('response schemas', () => {
  it('availability for a date carries HH:mm:ss slots and agentAvailability.isAvailable (spec §3)', () => {
    const body = {
      availableSlots: ['09:00:00', '13:30:00'],
      agentAvailability: { isAvailable: true },
      time_zone: 'America/New_York',
      slots: [
        { time: '09:00:00', starts_at: '2030-01-08T09:00:00-05:00', label: '9:00 AM' },
        { time: '13:30:00', starts_at: '2030-01-08T13:30:00-05:00', label: '1:30 PM' },
      ],
    };
    expect(availabilityForDateResponseSchema.parse(body)).toEqual(body);
    expect(availabilityForDateResponseSchema.safeParse({ ...body, availableSlots: ['09:00'] }).success).toBe(
      false,
    );
  });

  it('public availability is { success, availability: entries }', () => {
    const body = { success: true, availability: [{ day_of_week: 1, is_available: true }] };
    expect(publicAvailabilityResponseSchema.parse(body)).toEqual(body);
  });
});

describe('date exceptions: the message says what to do, not a format (issue 19)', () => {
  it("an empty or malformed exception date gives 'Choose a date for this exception' (no yyyy-MM-dd)", () => {
    for (const date of ['', '2030-02-30', '12/25/2030']) {
      const result = availabilityOverrideSchema.safeParse({ date, is_available: false, intervals: [] });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([
        AVAILABILITY_MESSAGES.overrideDate,
      ]);
    }
    expect(
      availabilityOverrideSchema.safeParse({ date: '2030-12-25', is_available: false, intervals: [] })
        .success,
    ).toBe(true);
  });
});
