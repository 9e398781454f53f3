// Property-based checks of the slot engine (real-time rules, decision 010) against the Intl-only oracle of
// reference.ts, over zones with every kind of offset and DST rule: whole-hour and
// half-hour offsets, 30-minute DST (Lord Howe), southern-hemisphere DST, zones that dropped DST (São Paulo)
// or brought it back (Cairo), and none at all.
import { tzOffset } from '@date-fns/tz';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOOKING_WINDOW_DAYS } from '../constants';
import { bookableDates } from '../bookingWindow';
import { isoDateInZone } from '../time';
import {
  bookingWindow,
  computeDaySlots,
  computeSlots,
  daySlots,
  findOpenSlot,
  isSlotOpen,
  slotsForDate,
  type BusyInterval,
  type Slot,
  type SlotRules,
  type WallInterval,
} from './engine';
import {
  instantsShowing,
  referenceCandidates,
  referenceDaySlots,
  referenceIsBusy,
  referenceSlots,
} from './reference';

const ZONES = [
  'America/New_York',
  'America/Los_Angeles',
  'America/St_Johns',
  'Europe/London',
  'Europe/Berlin',
  'Asia/Kolkata',
  'Australia/Sydney',
  'Australia/Lord_Howe',
  'Pacific/Auckland',
  'America/Sao_Paulo',
  'Africa/Cairo',
  'UTC',
] as const;

const DAY = 86_400_000;
const MINUTE = 60_000;
const FIRST = Date.UTC(2016, 0, 1);
const LAST = Date.UTC(2032, 0, 1);

/** Days (as UTC midnights) on which each zone's offset changed, 2016–2032, found by plain daily sampling. */
const CHANGE_DAYS: Record<string, number[]> = Object.fromEntries(
  ZONES.map((zone) => {
    const days: number[] = [];
    let previous = tzOffset(zone, new Date(FIRST));
    for (let t = FIRST + DAY; t <= LAST; t += DAY) {
      const offset = tzOffset(zone, new Date(t));
      if (offset !== previous) days.push(t);
      previous = offset;
    }
    return [zone, days];
  }),
);

const RUNS = { numRuns: 60 };
const SLOW = 120_000;

// ---- generators ----

const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** Intervals biased to the small hours, where DST changes happen; they may overlap each other. */
const intervalArb: fc.Arbitrary<WallInterval> = fc
  .record({
    start: fc.oneof(
      fc.integer({ min: 0, max: 300 }),
      fc.integer({ min: 0, max: 1380 }).map((m) => m - (m % 15)),
      fc.integer({ min: 0, max: 1400 }),
    ),
    length: fc.integer({ min: 1, max: 600 }),
  })
  .map(({ start, length }) => ({ start: hhmm(start), end: hhmm(Math.min(start + length, 1439)) }));

const dayRuleArb = fc.record({
  is_available: fc.oneof(fc.constant(true), fc.boolean()),
  intervals: fc.array(intervalArb, { minLength: 0, maxLength: 3 }),
});

const nowArb = (zone: string): fc.Arbitrary<number> => {
  const anywhere = fc.integer({ min: FIRST, max: LAST - 70 * DAY });
  const changes = CHANGE_DAYS[zone] ?? [];
  if (changes.length === 0) return anywhere;
  // Up to 62 days before a change (so the window crosses it), or right on it.
  const nearChange = fc
    .record({
      change: fc.constantFrom(...changes),
      before: fc.oneof(fc.integer({ min: -2 * DAY, max: 62 * DAY }), fc.integer({ min: -DAY, max: DAY })),
    })
    .map(({ change, before }) => change - before);
  return fc.oneof(anywhere, nearChange, nearChange);
};

type Scenario = { rules: SlotRules; busy: BusyInterval[]; now: Date };

const scenarioArb: fc.Arbitrary<Scenario> = fc
  .constantFrom(...ZONES)
  .chain((timeZone) =>
    fc.record({
      timeZone: fc.constant(timeZone),
      now: nowArb(timeZone),
      weekly: fc.array(dayRuleArb, { minLength: 7, maxLength: 7 }),
      overrides: fc.array(fc.record({ day: fc.integer({ min: -1, max: 62 }), rule: dayRuleArb }), {
        maxLength: 6,
      }),
      busy: fc.array(
        fc.record({
          at: fc.integer({ min: -DAY / MINUTE, max: (62 * DAY) / MINUTE }),
          minutes: fc.oneof(fc.integer({ min: 0, max: 240 }), fc.constantFrom(30, 60, 90)),
          aligned: fc.boolean(),
          nearChange: fc.boolean(),
        }),
        { maxLength: 40 },
      ),
      minimumNoticeMinutes: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 3000 })),
      bufferMinutes: fc.oneof(fc.constant(0), fc.constantFrom(10, 15, 30), fc.integer({ min: 0, max: 240 })),
    }),
  )
  .map((g) => {
    const today = isoDateInZone(new Date(g.now), g.timeZone);
    // The first offset change after `now` (daily sampling puts it in the day before that midnight).
    const change = (CHANGE_DAYS[g.timeZone] ?? []).find((day) => day > g.now);
    const busy = g.busy.map(({ at, minutes, aligned, nearChange }) => {
      // Half the busy time, when there is a change ahead, sits within a day or two of it: the hours a DST
      // change skips or repeats, where an instant that is off by the shift would show.
      const raw =
        nearChange && change !== undefined
          ? change - 2 * DAY + (at % ((3 * DAY) / MINUTE)) * MINUTE
          : g.now + at * MINUTE;
      // Aligned to a quarter hour, busy time often touches a slot or its buffer exactly.
      const start = aligned ? raw - (raw % (15 * MINUTE)) : raw;
      return { start, end: start + minutes * MINUTE };
    });
    return {
      now: new Date(g.now),
      busy,
      rules: {
        timeZone: g.timeZone,
        weekly: g.weekly.map((rule, day_of_week) => ({ day_of_week, ...rule })),
        overrides: g.overrides.map(({ day, rule }) => ({ date: addDays(today, day), ...rule })),
        minimumNoticeMinutes: g.minimumNoticeMinutes,
        bufferMinutes: g.bufferMinutes,
      },
    };
  });

// ---- properties ----

describe('slot engine properties, across 12 zones and DST changes 2016–2032', () => {
  it(
    '(1) every slot is an instant whose wall clock reads its label; repeated passes are marked',
    () => {
      fc.assert(
        fc.property(scenarioArb, ({ rules, busy, now }) => {
          for (const [date, slots] of checkedDays(computeDaySlots(rules, busy, now), rules.timeZone)) {
            for (const slot of slots) {
              expect(wallClock(slot.startsAt, rules.timeZone)).toBe(`${date} ${slot.time}`);
              const showing = instantsShowing(date, slot.time, rules.timeZone);
              expect(showing).toContain(slot.startsAt);
              expect(slot.repeated).toBe(showing.length === 2);
            }
          }
        }),
        RUNS,
      );
    },
    SLOW,
  );

  it('(2) slots of a date are in time order and never overlap; labels are sorted, no duplicates', () => {
    fc.assert(
      fc.property(scenarioArb, ({ rules, busy, now }) => {
        for (const slots of computeDaySlots(rules, busy, now).values()) {
          slots.forEach((slot, i) => {
            if (i > 0) expect(slot.startsAt >= (slots[i - 1]?.startsAt ?? 0) + 30 * MINUTE).toBe(true);
          });
        }
        for (const labels of computeSlots(rules, busy, now).values()) {
          labels.forEach((label, i) => {
            if (i > 0) expect(label > (labels[i - 1] ?? '')).toBe(true);
          });
        }
      }),
      RUNS,
    );
  });

  it(
    '(3) every slot satisfies every rule: window, a working period of its day rule, notice, buffered busy time',
    () => {
      fc.assert(
        fc.property(scenarioArb, ({ rules, busy, now }) => {
          const today = isoDateInZone(now, rules.timeZone);
          for (const [date, slots] of checkedDays(computeDaySlots(rules, busy, now), rules.timeZone)) {
            if (slots.length === 0) continue;
            expect(date > today && date <= addDays(today, BOOKING_WINDOW_DAYS)).toBe(true);
            const candidates = referenceCandidates(rules, date);
            for (const slot of slots) {
              const inside = candidates.some(
                (c) => c.startsAt === slot.startsAt && slot.startsAt + 30 * MINUTE <= c.periodEnd,
              );
              expect(inside).toBe(true);
              expect(slot.startsAt >= now.getTime() + rules.minimumNoticeMinutes * MINUTE).toBe(true);
              expect(referenceIsBusy(rules, busy, slot.startsAt)).toBe(false);
            }
          }
        }),
        RUNS,
      );
    },
    SLOW,
  );

  it(
    '(4) no slot lost or added: the plain reference implementation gives exactly the same map',
    () => {
      fc.assert(
        fc.property(scenarioArb, ({ rules, busy, now }) => {
          expect(comparable(computeDaySlots(rules, busy, now))).toEqual([
            ...referenceDaySlots(rules, busy, now),
          ]);
          expect([...computeSlots(rules, busy, now)]).toEqual([...referenceSlots(rules, busy, now)]);
        }),
        RUNS,
      );
    },
    SLOW,
  );

  it(
    '(4b) also for a requested window reaching past both ends of the booking window',
    () => {
      fc.assert(
        fc.property(
          scenarioArb,
          fc.integer({ min: -3, max: 58 }),
          fc.integer({ min: 0, max: 8 }),
          (s, start, length) => {
            const today = isoDateInZone(s.now, s.rules.timeZone);
            const window = { from: addDays(today, start), to: addDays(today, start + length) };
            expect(comparable(computeDaySlots(s.rules, s.busy, s.now, window))).toEqual([
              ...referenceDaySlots(s.rules, s.busy, s.now, window),
            ]);
          },
        ),
        RUNS,
      );
    },
    SLOW,
  );

  it(
    '(5) isSlotOpen, findOpenSlot and slotsForDate agree with computeDaySlots, candidate by candidate',
    () => {
      fc.assert(
        fc.property(
          scenarioArb,
          fc.array(fc.integer({ min: -1, max: 61 }), { minLength: 1, maxLength: 6 }),
          (s, days) => {
            const { rules, busy, now } = s;
            const today = isoDateInZone(now, rules.timeZone);
            const all = computeSlots(rules, busy, now, { from: addDays(today, -1), to: addDays(today, 61) });
            for (const day of days) {
              const date = addDays(today, day);
              const listed = slotsForDate(rules, busy, now, date);
              expect(listed).toEqual(all.get(date));
              // Every wall-clock half hour of the day and every interval's own candidates, open or not.
              const times = new Set<string>();
              for (let m = 0; m < 1440; m += 30) times.add(`${hhmm(m)}:00`);
              for (const rule of [...rules.weekly, ...rules.overrides]) {
                for (const interval of rule.intervals) {
                  const start = Number(interval.start.slice(0, 2)) * 60 + Number(interval.start.slice(3, 5));
                  for (let m = start; m < 1440; m += 30) times.add(`${hhmm(m)}:00`);
                }
              }
              for (const time of times) {
                expect(isSlotOpen(rules, busy, now, date, time)).toBe(listed.includes(time));
              }
              const offered = daySlots(rules, busy, now, date);
              for (const slot of offered) {
                expect(findOpenSlot(rules, busy, now, date, slot.time, slot.startsAt)).toEqual(slot);
              }
              for (const c of referenceCandidates(rules, date)) {
                if (!offered.some((slot) => slot.startsAt === c.startsAt)) {
                  expect(findOpenSlot(rules, busy, now, date, c.time, c.startsAt)).toBeNull();
                }
              }
            }
          },
        ),
        { numRuns: 30 },
      );
    },
    SLOW,
  );

  it('the booking window is tomorrow through day 60 of the agent-zone date, as bookableDates has it', () => {
    const everyDay = [0, 1, 2, 3, 4, 5, 6].map((day_of_week) => ({ day_of_week, is_available: true }));
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), fc.integer({ min: FIRST, max: LAST }), (zone, now) => {
        const dates = bookableDates(isoDateInZone(new Date(now), zone), everyDay);
        expect(bookingWindow(new Date(now), zone)).toEqual({ from: dates[0], to: dates.at(-1) });
      }),
      { numRuns: 500 },
    );
  });
});

/**
 * The dates worth a slot-by-slot check: each one whose offset changes within a day of it (all of them), and
 * every fifth of the rest — checking every label of 60 days costs seconds per property.
 */
function checkedDays<T>(slots: Map<string, T[]>, timeZone: string): [string, T[]][] {
  return [...slots].filter(([date], index) => {
    const midnight = Date.parse(`${date}T00:00:00Z`);
    const changes =
      tzOffset(timeZone, new Date(midnight - DAY)) !== tzOffset(timeZone, new Date(midnight + 2 * DAY));
    return changes || index % 5 === 0;
  });
}

/** The engine's slots as the oracle writes them (instant and label). */
function comparable(slots: Map<string, Slot[]>): [string, { time: string; startsAt: number }[]][] {
  return [...slots].map(([date, list]) => [date, list.map((s) => ({ time: s.time, startsAt: s.startsAt }))]);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** 'yyyy-MM-dd HH:mm:ss' as a clock in `timeZone` shows the instant (Intl directly, nothing of the engine). */
function wallClock(instant: number, timeZone: string): string {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  const part: Record<string, string> = {};
  for (const { type, value } of formatter.formatToParts(instant)) part[type] = value;
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}
