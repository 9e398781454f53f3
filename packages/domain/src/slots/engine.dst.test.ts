// The slot rules in real time, checked at every DST change of 2026–2030 in the zones where buyers meet odd
// clocks: whole-hour, half-hour and 45-minute offsets, a 30-minute DST shift (Lord Howe), changes at midnight
// (Santiago, Cairo), southern-hemisphere DST, and zones that dropped DST (São Paulo, Tehran). The invariants
// are asserted directly against the Intl-only oracle of reference.ts — the wall clock of each instant as the
// platform reads it — not only as agreement with a second implementation of the same rule.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { APPOINTMENT_MINUTES } from '../constants';
import { clusterSlots, isReachable, officeStops } from '../routes/clusterSlots';
import { estimateTravel } from '../routes/travel';
import {
  computeDaySlots,
  dayOpenings,
  daySlots,
  findOpenSlot,
  slotStartIso,
  type BusyInterval,
  type Slot,
  type SlotRules,
  type WallInterval,
} from './engine';
import {
  addDays,
  firstInstantShowingAtLeast,
  instantsShowing,
  offsetOf,
  referenceCandidates,
  referenceDaySlots,
  referenceIsBusy,
  wallClockOf,
} from './reference';

const ZONES = [
  'America/New_York',
  'America/St_Johns',
  'America/Santiago',
  'America/Sao_Paulo',
  'Europe/London',
  'Africa/Cairo',
  'Asia/Tehran',
  'Asia/Kolkata',
  'Australia/Sydney',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'Pacific/Auckland',
] as const;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const APPOINTMENT = APPOINTMENT_MINUTES * MINUTE;

type Transition = { zone: string; instant: number; date: string; wallMinute: number };

/** Every change of offset 2026-01-01 … 2030-12-31, found by the oracle alone (hourly, then to the minute). */
function transitions(zone: string): Transition[] {
  const found: Transition[] = [];
  let t = Date.UTC(2026, 0, 1);
  let previous = offsetOf(t, zone);
  for (t += HOUR; t < Date.UTC(2031, 0, 1); t += HOUR) {
    const offset = offsetOf(t, zone);
    if (offset === previous) continue;
    let lo = t - HOUR;
    let hi = t;
    while (hi - lo > MINUTE) {
      const mid = lo + Math.floor((hi - lo) / 2 / MINUTE) * MINUTE;
      if (offsetOf(mid, zone) === previous) lo = mid;
      else hi = mid;
    }
    // The agent-zone date and wall minute just before the change: where the interesting hours are.
    const before = wallClockOf(hi - 1000, zone);
    found.push({
      zone,
      instant: hi,
      date: before.slice(0, 10),
      wallMinute: Number(before.slice(11, 13)) * 60 + Number(before.slice(14, 16)),
    });
    previous = offset;
  }
  return found;
}

const TRANSITIONS = ZONES.flatMap(transitions);

const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/**
 * One to three intervals in time order around a wall minute (the change), never overlapping, sometimes
 * adjacent, starting on any minute (off the half hour too) and often straddling the change.
 */
function intervalsAround(center: number): fc.Arbitrary<WallInterval[]> {
  return fc
    .array(
      fc.record({
        gap: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 90 })),
        length: fc.integer({ min: 1, max: 300 }),
      }),
      { minLength: 1, maxLength: 3 },
    )
    .chain((parts) =>
      fc.integer({ min: -240, max: 60 }).map((lead) => {
        const intervals: WallInterval[] = [];
        let at = Math.max(0, center + lead);
        for (const { gap, length } of parts) {
          const start = at + (intervals.length === 0 ? 0 : gap);
          const end = Math.min(start + length, 1439);
          if (start >= end) break;
          intervals.push({ start: hhmm(start), end: hhmm(end) });
          at = end;
        }
        return intervals;
      }),
    );
}

type Case = { rules: SlotRules; busy: BusyInterval[]; now: Date; date: string };

/** A transition day's rules: hours around the change, as an override or as the weekday's hours. */
const caseArb: fc.Arbitrary<Case> = fc.constantFrom(...TRANSITIONS).chain((tr) =>
  fc
    .record({
      intervals: intervalsAround(tr.wallMinute),
      asOverride: fc.boolean(),
      daysAhead: fc.integer({ min: 1, max: 5 }),
      notice: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 7 * 24 * 60 })),
      buffer: fc.oneof(fc.constant(0), fc.constantFrom(10, 15, 30), fc.integer({ min: 0, max: 120 })),
      busy: fc.array(
        fc.record({
          offset: fc.integer({ min: -6 * 60, max: 6 * 60 }),
          minutes: fc.oneof(fc.constant(30), fc.integer({ min: 1, max: 180 })),
          aligned: fc.boolean(),
        }),
        { maxLength: 4 },
      ),
    })
    .map((g) => {
      const weekday = new Date(`${tr.date}T00:00:00Z`).getUTCDay();
      const rule = { is_available: true, intervals: g.intervals };
      const weekly = [0, 1, 2, 3, 4, 5, 6].map((day_of_week) =>
        day_of_week === weekday && !g.asOverride
          ? { day_of_week, ...rule }
          : { day_of_week, is_available: false, intervals: [] },
      );
      // Busy time across the change: bookings that straddle it, often starting on a quarter hour.
      const busy = g.busy.map(({ offset, minutes, aligned }) => {
        const raw = tr.instant + offset * MINUTE;
        const start = aligned ? raw - (raw % (15 * MINUTE)) : raw;
        return { start, end: start + minutes * MINUTE };
      });
      return {
        date: tr.date,
        // Some days before the change day, so that it lies inside the booking window.
        now: new Date(Date.parse(`${tr.date}T12:00:00Z`) - (g.daysAhead + 1) * DAY),
        busy,
        rules: {
          timeZone: tr.zone,
          weekly,
          overrides: g.asOverride ? [{ date: tr.date, ...rule }] : [],
          minimumNoticeMinutes: g.notice,
          bufferMinutes: g.buffer,
        },
      };
    }),
);

// Enough runs that each of the ~90 changes meets dozens of hour layouts (the reported cases fall in seconds).
const RUNS = { numRuns: 3000 };
const SLOW = 180_000;

describe('real-time slot rules at every DST change 2026–2030, 12 zones (Intl oracle)', () => {
  it('finds the changes it is meant to test', () => {
    const zonesWithChanges = new Set(TRANSITIONS.map((t) => t.zone));
    for (const zone of ['America/New_York', 'Pacific/Chatham', 'Australia/Lord_Howe', 'Africa/Cairo']) {
      expect(zonesWithChanges.has(zone)).toBe(true);
    }
    // Two a year for 5 years in each zone that keeps DST (São Paulo, Tehran and Kolkata have none now).
    expect(TRANSITIONS.filter((t) => t.zone === 'America/New_York')).toHaveLength(10);
  });

  it(
    'every offered slot lies, 30 real minutes long, inside a working period; its label reads back through Intl',
    () => {
      fc.assert(
        fc.property(caseArb, ({ rules, busy, now, date }) => {
          const slots = daySlots(rules, busy, now, date);
          const candidates = referenceCandidates(rules, date);
          for (const slot of slots) {
            expect(wallClockOf(slot.startsAt, rules.timeZone)).toBe(`${date}T${slot.time}`);
            const inside = candidates.some(
              (c) =>
                c.startsAt === slot.startsAt &&
                slot.startsAt >= c.periodStart &&
                slot.startsAt + APPOINTMENT <= c.periodEnd,
            );
            expect(inside).toBe(true);
            expect(slot.startsAt).toBeGreaterThanOrEqual(now.getTime() + rules.minimumNoticeMinutes * MINUTE);
            expect(referenceIsBusy(rules, busy, slot.startsAt)).toBe(false);
          }
        }),
        RUNS,
      );
    },
    SLOW,
  );

  it(
    'offered slots never overlap in real time',
    () => {
      fc.assert(
        fc.property(caseArb, ({ rules, busy, now, date }) => {
          const slots = daySlots(rules, busy, now, date);
          slots.forEach((slot, i) => {
            if (i > 0)
              expect(slot.startsAt).toBeGreaterThanOrEqual((slots[i - 1] as Slot).startsAt + APPOINTMENT);
          });
        }),
        RUNS,
      );
    },
    SLOW,
  );

  it(
    'nothing that fits is dropped: every grid pass inside its period, after notice and free, is offered',
    () => {
      fc.assert(
        fc.property(caseArb, ({ rules, busy, now, date }) => {
          const offered = new Set(daySlots(rules, busy, now, date).map((s) => s.startsAt));
          for (const c of referenceCandidates(rules, date)) {
            const fits =
              c.startsAt + APPOINTMENT <= c.periodEnd &&
              c.startsAt >= now.getTime() + rules.minimumNoticeMinutes * MINUTE &&
              !referenceIsBusy(rules, busy, c.startsAt);
            if (fits) expect(offered.has(c.startsAt)).toBe(true);
          }
        }),
        RUNS,
      );
    },
    SLOW,
  );

  it(
    'a repeated wall time is marked and offers both passes when both fit; a skipped one has no slot',
    () => {
      fc.assert(
        fc.property(caseArb, ({ rules, busy, now, date }) => {
          for (const slot of daySlots(rules, busy, now, date)) {
            const showing = instantsShowing(date, slot.time, rules.timeZone);
            expect(showing).toContain(slot.startsAt);
            expect(slot.repeated).toBe(showing.length === 2);
            expect(slot.offsetMs).toBe(offsetOf(slot.startsAt, rules.timeZone));
            expect(Date.parse(slotStartIso(slot))).toBe(slot.startsAt);
          }
        }),
        RUNS,
      );
    },
    SLOW,
  );

  it(
    'the engine gives exactly the oracle’s slots, and finds each by its instant',
    () => {
      fc.assert(
        fc.property(caseArb, ({ rules, busy, now, date }) => {
          const window = { from: addDays(date, -1), to: addDays(date, 1) };
          const engine = computeDaySlots(rules, busy, now, window);
          const oracle = referenceDaySlots(rules, busy, now, window);
          for (const [day, slots] of engine) {
            expect(slots.map((s) => ({ time: s.time, startsAt: s.startsAt }))).toEqual(oracle.get(day));
          }
          const offered = engine.get(date) ?? [];
          for (const c of referenceCandidates(rules, date)) {
            const slot = findOpenSlot(rules, busy, now, date, c.time, c.startsAt);
            expect(slot?.startsAt ?? null).toBe(
              offered.some((s) => s.startsAt === c.startsAt) ? c.startsAt : null,
            );
          }
        }),
        { numRuns: 600 },
      );
    },
    SLOW,
  );
});

describe('route planning on change days: the office starts the day where the working period does (issue 29)', () => {
  it(
    'a showing is offered exactly when it starts at least the drive after the first instant the clock reaches the hours',
    () => {
      const home = { lat: -33.87, lng: 151.21 };
      fc.assert(
        fc.property(caseArb, fc.integer({ min: 0, max: 60 }), ({ rules, busy, now, date }, km) => {
          const office = { lat: home.lat + km / 111, lng: home.lng };
          const slots = daySlots(rules, busy, now, date);
          const kept = clusterSlots(
            slots,
            officeStops(office, dayOpenings(rules, [date])),
            home,
            APPOINTMENT,
          );
          const intervals = (rules.overrides[0] ?? rules.weekly.find((d) => d.is_available))?.intervals ?? [];
          const opening = Math.min(
            ...intervals.map((i) => firstInstantShowingAtLeast(date, i.start, rules.timeZone)),
          );
          const reachableFrom = opening + estimateTravel(office, home).minutes * MINUTE;
          expect(kept.map((k) => k.slot.startsAt)).toEqual(
            slots.filter((s) => s.startsAt >= reachableFrom).map((s) => s.startsAt),
          );
        }),
        { numRuns: 1500 },
      );
    },
    SLOW,
  );

  it('the live case: Sydney 2027-10-03, 02:15–06:00, office 58 minutes away: 03:15 and 03:45 are neither offered nor bookable', () => {
    const date = '2027-10-03';
    const home = { lat: -33.87, lng: 151.21 };
    const office = { lat: home.lat + 21.3 / 111.195, lng: home.lng };
    expect(estimateTravel(office, home).minutes).toBe(58);
    const rules: SlotRules = {
      timeZone: 'Australia/Sydney',
      weekly: [0, 1, 2, 3, 4, 5, 6].map((day_of_week) => ({
        day_of_week,
        is_available: false,
        intervals: [],
      })),
      overrides: [{ date, is_available: true, intervals: [{ start: '02:15', end: '06:00' }] }],
      minimumNoticeMinutes: 0,
      bufferMinutes: 0,
    };
    const slots = daySlots(rules, [], new Date('2027-09-30T00:00:00Z'), date);
    expect(slots.map((s) => s.time)).toEqual(['03:15:00', '03:45:00', '04:15:00', '04:45:00', '05:15:00']);
    const stops = officeStops(office, dayOpenings(rules, [date]));
    const kept = clusterSlots(slots, stops, home, APPOINTMENT).map((k) => k.slot.time);
    expect(kept).toEqual(['04:15:00', '04:45:00', '05:15:00']);
    // The booking re-check weighs the same rule: 03:15 is refused.
    expect(isReachable(slots[0]!.startsAt, APPOINTMENT, home, stops)).toBe(false);
  });
});

// ---- the cases reported against the wall-clock rule, as fixed examples ----

const dayOnly = (date: string, timeZone: string, intervals: WallInterval[]): SlotRules => ({
  timeZone,
  weekly: [0, 1, 2, 3, 4, 5, 6].map((day_of_week) => ({ day_of_week, is_available: false, intervals: [] })),
  overrides: [{ date, is_available: true, intervals }],
  minimumNoticeMinutes: 0,
  bufferMinutes: 0,
});
const before = (date: string) => new Date(Date.parse(`${date}T12:00:00Z`) - 3 * DAY);
const iso = (slots: Slot[]) => slots.map(slotStartIso);

describe('the reported DST cases', () => {
  it('New York spring forward, 00:15–03:00 and 03:00–06:00: 01:45 is not offered (it would end 03:15 EDT)', () => {
    const date = '2026-03-08';
    const rules = dayOnly(date, 'America/New_York', [
      { start: '00:15', end: '03:00' },
      { start: '03:00', end: '06:00' },
    ]);
    const slots = daySlots(rules, [], before(date), date);
    expect(slots.map((s) => s.time)).toEqual([
      '00:15:00',
      '00:45:00',
      '01:15:00',
      '03:00:00',
      '03:30:00',
      '04:00:00',
      '04:30:00',
      '05:00:00',
      '05:30:00',
    ]);
    // Every one of them can be booked one after another: none overlaps another.
    for (let i = 1; i < slots.length; i++) {
      expect((slots[i] as Slot).startsAt - (slots[i - 1] as Slot).startsAt).toBeGreaterThanOrEqual(
        APPOINTMENT,
      );
    }
  });

  it('Chatham spring forward (02:45 → 03:45), 00:00–03:00: 02:30 would run past the day, so it is not offered', () => {
    const date = '2026-09-27';
    const slots = daySlots(
      dayOnly(date, 'Pacific/Chatham', [{ start: '00:00', end: '03:00' }]),
      [],
      before(date),
      date,
    );
    expect(slots.map((s) => s.time)).toEqual(['00:00:00', '00:30:00', '01:00:00', '01:30:00', '02:00:00']);
  });

  it('Sydney spring forward 2028, 00:41–03:05 and 03:10–05:35: no overrun, no overlap', () => {
    const date = '2028-10-01';
    const slots = daySlots(
      dayOnly(date, 'Australia/Sydney', [
        { start: '00:41', end: '03:05' },
        { start: '03:10', end: '05:35' },
      ]),
      [],
      before(date),
      date,
    );
    expect(slots.map((s) => s.time)).toEqual([
      '00:41:00',
      '01:11:00',
      '03:10:00',
      '03:40:00',
      '04:10:00',
      '04:40:00',
    ]);
  });

  it('New York fall back, 00:15–02:00: 01:45 EDT fits the real period and is offered; 01:15 EST too', () => {
    const date = '2026-11-01';
    const slots = daySlots(
      dayOnly(date, 'America/New_York', [{ start: '00:15', end: '02:00' }]),
      [],
      before(date),
      date,
    );
    expect(iso(slots)).toEqual([
      '2026-11-01T00:15:00-04:00',
      '2026-11-01T00:45:00-04:00',
      '2026-11-01T01:15:00-04:00',
      '2026-11-01T01:45:00-04:00',
      '2026-11-01T01:15:00-05:00',
    ]);
    expect(slots.map((s) => s.repeated)).toEqual([false, false, true, true, true]);
  });

  it('New York fall back, 00:00–04:00: five real hours give ten slots, both passes of 1 AM', () => {
    const date = '2026-11-01';
    const slots = daySlots(
      dayOnly(date, 'America/New_York', [{ start: '00:00', end: '04:00' }]),
      [],
      before(date),
      date,
    );
    expect(slots).toHaveLength(10);
    expect(iso(slots).slice(2, 6)).toEqual([
      '2026-11-01T01:00:00-04:00',
      '2026-11-01T01:30:00-04:00',
      '2026-11-01T01:00:00-05:00',
      '2026-11-01T01:30:00-05:00',
    ]);
  });

  it('London fall back: 01:00 offers the BST pass (00:00Z) and the GMT pass (01:00Z), each findable by its instant', () => {
    const date = '2026-10-25';
    const rules = dayOnly(date, 'Europe/London', [{ start: '00:00', end: '03:00' }]);
    const now = before(date);
    const first = findOpenSlot(rules, [], now, date, '01:00', Date.parse('2026-10-25T00:00:00Z'));
    const second = findOpenSlot(rules, [], now, date, '01:00', Date.parse('2026-10-25T01:00:00Z'));
    expect(first && slotStartIso(first)).toBe('2026-10-25T01:00:00+01:00');
    expect(second && slotStartIso(second)).toBe('2026-10-25T01:00:00Z');
    // Without an instant, the earlier open pass; once it is taken, the later one.
    expect(findOpenSlot(rules, [], now, date, '01:00')?.startsAt).toBe(Date.parse('2026-10-25T00:00:00Z'));
    const taken = [{ start: Date.parse('2026-10-25T00:00:00Z'), end: Date.parse('2026-10-25T00:30:00Z') }];
    expect(findOpenSlot(rules, taken, now, date, '01:00')?.startsAt).toBe(Date.parse('2026-10-25T01:00:00Z'));
    // An instant that is not a pass of that wall time is no slot.
    expect(findOpenSlot(rules, [], now, date, '01:00', Date.parse('2026-10-25T00:30:00Z'))).toBeNull();
  });

  it('overlapping intervals (which the schema refuses) still never give overlapping slots', () => {
    const date = '2026-06-10';
    const slots = daySlots(
      dayOnly(date, 'America/New_York', [
        { start: '09:00', end: '11:00' },
        { start: '10:15', end: '12:00' },
      ]),
      [],
      before(date),
      date,
    );
    expect(slots.map((s) => s.time)).toEqual(['09:00:00', '09:30:00', '10:00:00', '10:30:00', '11:15:00']);
  });
});
