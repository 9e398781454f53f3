import { describe, expect, it } from 'vitest';
import { formatClock } from '../time';
import {
  agentDaySlots,
  dayOpening,
  dayOpenings,
  bookingWindow,
  computeDaySlots,
  computeSlots,
  pickSlot,
  slotLabel,
  dayIsAvailable,
  daySlots,
  slotStartIso,
  isSlotOpen,
  slotInstant,
  slotsForDate,
  type BusyInterval,
  type SlotRules,
  type WallInterval,
} from './engine';

const NY = 'America/New_York';

/** Every weekday with the same hours (none: the day is off). */
function sameEveryDay(intervals: WallInterval[]): SlotRules['weekly'] {
  return [0, 1, 2, 3, 4, 5, 6].map((day_of_week) => ({
    day_of_week,
    is_available: intervals.length > 0,
    intervals,
  }));
}

function rules(overrides: Partial<SlotRules> = {}): SlotRules {
  return {
    timeZone: NY,
    weekly: sameEveryDay([{ start: '09:00', end: '12:00' }]),
    overrides: [],
    minimumNoticeMinutes: 0,
    bufferMinutes: 0,
    ...overrides,
  };
}

/** Half-hour labels from `from` (inclusive) to `to` (exclusive), 'HH:mm:ss'. */
function halfHours(from: string, to: string): string[] {
  const labels: string[] = [];
  const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  for (let m = minutes(from); m < minutes(to); m += 30) {
    labels.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}:00`);
  }
  return labels;
}

const at = (iso: string) => new Date(iso).getTime();
const busy = (start: string, end: string): BusyInterval => ({ start: at(start), end: at(end) });

// Wednesday 10 June 2025, 10:00 in New York (EDT, UTC−4).
const NOW = new Date('2025-06-10T14:00:00Z');

describe('booking window: tomorrow through 60 days ahead, in the agent zone', () => {
  it('today is excluded, tomorrow included, day 60 included, day 61 excluded', () => {
    const r = rules();
    expect(bookingWindow(NOW, NY)).toEqual({ from: '2025-06-11', to: '2025-08-09' });
    expect(slotsForDate(r, [], NOW, '2025-06-10')).toEqual([]);
    expect(slotsForDate(r, [], NOW, '2025-06-11')).toEqual(halfHours('09:00', '12:00'));
    expect(slotsForDate(r, [], NOW, '2025-08-09')).toEqual(halfHours('09:00', '12:00'));
    expect(slotsForDate(r, [], NOW, '2025-08-10')).toEqual([]);
    const all = computeSlots(r, [], NOW);
    expect([...all.keys()]).toHaveLength(60);
    expect([...all.keys()][0]).toBe('2025-06-11');
    expect([...all.keys()].at(-1)).toBe('2025-08-09');
  });

  it("around midnight the agent zone's date decides, not UTC's", () => {
    // 03:30 UTC on 10 June is still 23:30 on 9 June in New York: tomorrow there is 10 June.
    const lateEvening = new Date('2025-06-10T03:30:00Z');
    expect(bookingWindow(lateEvening, NY)).toEqual({ from: '2025-06-10', to: '2025-08-08' });
    expect(slotsForDate(rules(), [], lateEvening, '2025-06-10')).toEqual(halfHours('09:00', '12:00'));
    // 20:00 UTC on 9 June is already 01:30 on 10 June in Kolkata: tomorrow there is 11 June.
    const earlyMorning = new Date('2025-06-09T20:00:00Z');
    expect(bookingWindow(earlyMorning, 'Asia/Kolkata')).toEqual({ from: '2025-06-11', to: '2025-08-09' });
    expect(slotsForDate(rules({ timeZone: 'Asia/Kolkata' }), [], earlyMorning, '2025-06-10')).toEqual([]);
  });

  it('every date of a requested window is a key, in order; dates outside the booking window stay empty', () => {
    const slots = computeSlots(rules(), [], NOW, { from: '2025-06-09', to: '2025-06-12' });
    expect([...slots.keys()]).toEqual(['2025-06-09', '2025-06-10', '2025-06-11', '2025-06-12']);
    expect(slots.get('2025-06-09')).toEqual([]);
    expect(slots.get('2025-06-10')).toEqual([]);
    expect(slots.get('2025-06-11')).toEqual(halfHours('09:00', '12:00'));
    const late = computeSlots(rules(), [], NOW, { from: '2025-08-09', to: '2025-08-10' });
    expect([...late.entries()]).toEqual([
      ['2025-08-09', halfHours('09:00', '12:00')],
      ['2025-08-10', []],
    ]);
  });

  it('refuses a malformed window date or time zone', () => {
    expect(() => computeSlots(rules(), [], NOW, { from: '2025-06-31', to: '2025-07-01' })).toThrow(
      RangeError,
    );
    expect(() => bookingWindow(NOW, 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('minimum notice: a slot starts at or after now + notice', () => {
  it('drops earlier slots and keeps one starting exactly at now + notice', () => {
    // now + 25 h = 11 June 11:00 New York.
    const slots = slotsForDate(rules({ minimumNoticeMinutes: 25 * 60 }), [], NOW, '2025-06-11');
    expect(slots).toEqual(['11:00:00', '11:30:00']);
    const later = slotsForDate(rules({ minimumNoticeMinutes: 25 * 60 + 1 }), [], NOW, '2025-06-11');
    expect(later).toEqual(['11:30:00']);
  });
});

describe('buffer: free time on both sides of busy time', () => {
  const booking = busy('2025-06-12T16:00:00Z', '2025-06-12T16:30:00Z'); // 12:00–12:30 New York
  const hours = sameEveryDay([{ start: '10:00', end: '15:00' }]);

  it('drops slots within the buffer before and after a booking', () => {
    const slots = slotsForDate(rules({ weekly: hours, bufferMinutes: 15 }), [booking], NOW, '2025-06-12');
    // 11:30 ends 12:00 (inside 11:45–12:45); 12:30 starts inside it too.
    expect(slots).toEqual([
      '10:00:00',
      '10:30:00',
      '11:00:00',
      '13:00:00',
      '13:30:00',
      '14:00:00',
      '14:30:00',
    ]);
  });

  it('a slot touching the widened interval stays', () => {
    const slots = slotsForDate(rules({ weekly: hours, bufferMinutes: 30 }), [booking], NOW, '2025-06-12');
    // Widened 11:30–13:00: 11:00–11:30 and 13:00–13:30 only touch it.
    expect(slots).toEqual([
      '10:00:00',
      '10:30:00',
      '11:00:00',
      '13:00:00',
      '13:30:00',
      '14:00:00',
      '14:30:00',
    ]);
    const noBuffer = slotsForDate(rules({ weekly: hours }), [booking], NOW, '2025-06-12');
    expect(noBuffer).toContain('11:30:00');
    expect(noBuffer).toContain('12:30:00');
  });
});

describe('busy intervals', () => {
  const hours = sameEveryDay([{ start: '09:00', end: '17:00' }]);

  it('a 30-minute booking removes exactly its own slot', () => {
    const booking = busy('2025-06-12T15:30:00Z', '2025-06-12T16:00:00Z'); // 11:30–12:00
    const slots = slotsForDate(rules({ weekly: hours }), [booking], NOW, '2025-06-12');
    expect(slots).toEqual(halfHours('09:00', '17:00').filter((label) => label !== '11:30:00'));
  });

  it('a long external event removes every slot it overlaps', () => {
    const event = busy('2025-06-12T14:15:00Z', '2025-06-12T16:40:00Z'); // 10:15–12:40
    const slots = slotsForDate(rules({ weekly: hours }), [event], NOW, '2025-06-12');
    expect(slots).toEqual([...halfHours('09:00', '10:00'), ...halfHours('13:00', '17:00')]);
  });

  it('busy time on another day, or empty (end ≤ start), removes nothing', () => {
    const elsewhere = busy('2025-06-13T15:30:00Z', '2025-06-13T16:00:00Z');
    const empty = busy('2025-06-12T15:30:00Z', '2025-06-12T15:30:00Z');
    expect(slotsForDate(rules({ weekly: hours }), [elsewhere, empty], NOW, '2025-06-12')).toEqual(
      halfHours('09:00', '17:00'),
    );
  });
});

describe('overrides replace the weekly rule of their date', () => {
  it('a day off yields nothing', () => {
    const r = rules({ overrides: [{ date: '2025-06-12', is_available: false, intervals: [] }] });
    expect(slotsForDate(r, [], NOW, '2025-06-12')).toEqual([]);
    expect(dayIsAvailable(r, '2025-06-12')).toBe(false);
    expect(slotsForDate(r, [], NOW, '2025-06-13')).toEqual(halfHours('09:00', '12:00'));
  });

  it('special hours replace the weekday hours, also on a weekday that is normally off', () => {
    const weekly = sameEveryDay([{ start: '09:00', end: '12:00' }]).map((day) =>
      day.day_of_week === 0 ? { ...day, is_available: false, intervals: [] } : day,
    );
    const r = rules({
      weekly,
      overrides: [
        { date: '2025-06-12', is_available: true, intervals: [{ start: '13:00', end: '15:00' }] },
        { date: '2025-06-15', is_available: true, intervals: [{ start: '10:00', end: '11:00' }] }, // Sunday
      ],
    });
    expect(slotsForDate(r, [], NOW, '2025-06-12')).toEqual(halfHours('13:00', '15:00'));
    expect(slotsForDate(r, [], NOW, '2025-06-15')).toEqual(halfHours('10:00', '11:00'));
    expect(dayIsAvailable(r, '2025-06-15')).toBe(true);
    expect(slotsForDate(r, [], NOW, '2025-06-22')).toEqual([]); // the next Sunday keeps its weekly rule
  });
});

describe('candidates walk each interval on its 30-minute wall-clock grid', () => {
  it('several intervals per day are all listed, sorted', () => {
    const weekly = sameEveryDay([
      { start: '14:00', end: '15:30' },
      { start: '09:00', end: '10:00' },
    ]);
    expect(slotsForDate(rules({ weekly }), [], NOW, '2025-06-12')).toEqual([
      '09:00:00',
      '09:30:00',
      '14:00:00',
      '14:30:00',
      '15:00:00',
    ]);
  });

  it('an interval starting off the half hour steps from its own start; a slot must end by its end', () => {
    const weekly = sameEveryDay([{ start: '09:15', end: '10:40' }]);
    expect(slotsForDate(rules({ weekly }), [], NOW, '2025-06-12')).toEqual(['09:15:00', '09:45:00']);
  });

  it('overlapping intervals list a time once', () => {
    const weekly = sameEveryDay([
      { start: '09:00', end: '10:30' },
      { start: '10:00', end: '11:00' },
    ]);
    expect(slotsForDate(rules({ weekly }), [], NOW, '2025-06-12')).toEqual(halfHours('09:00', '11:00'));
  });
});

describe('an unavailable weekday yields nothing', () => {
  it('is_available false, or true without intervals', () => {
    const weekly = sameEveryDay([{ start: '09:00', end: '12:00' }]).map((day) =>
      day.day_of_week === 4 ? { ...day, is_available: false } : day,
    );
    // 12 June 2025 is a Thursday (4).
    expect(slotsForDate(rules({ weekly }), [], NOW, '2025-06-12')).toEqual([]);
    expect(dayIsAvailable(rules({ weekly }), '2025-06-12')).toBe(false);
    expect(dayIsAvailable(rules({ weekly }), '2025-06-13')).toBe(true);
    const empty = sameEveryDay([{ start: '09:00', end: '12:00' }]).map((day) =>
      day.day_of_week === 4 ? { ...day, intervals: [] } : day,
    );
    expect(slotsForDate(rules({ weekly: empty }), [], NOW, '2025-06-12')).toEqual([]);
    expect(dayIsAvailable(rules({ weekly: empty }), '2025-06-12')).toBe(false);
  });
});

describe('DST in America/New_York', () => {
  const night = sameEveryDay([{ start: '00:00', end: '05:00' }]);

  it('spring forward (8 March 2026): 02:00 and 02:30 do not exist, nothing is listed twice', () => {
    const now = new Date('2026-03-01T12:00:00Z');
    const slots = slotsForDate(rules({ weekly: night }), [], now, '2026-03-08');
    expect(slots).toEqual([...halfHours('00:00', '02:00'), ...halfHours('03:00', '05:00')]);
    // 01:30 EST is 06:30Z; its viewing ends 30 real minutes later, at 03:00 EDT.
    expect(slotInstant('2026-03-08', '01:30', NY)).toEqual({
      startsAt: new Date('2026-03-08T06:30:00Z'),
      endsAt: new Date('2026-03-08T07:00:00Z'),
    });
    expect(slotInstant('2026-03-08', '03:00', NY)?.startsAt).toEqual(new Date('2026-03-08T07:00:00Z'));
  });

  it('fall back (1 November 2026): 01:00 and 01:30 are offered twice, once per pass (EDT, then EST)', () => {
    const now = new Date('2026-10-20T12:00:00Z');
    const r = rules({ weekly: night });
    const passes = (b: BusyInterval[]) =>
      daySlots(r, b, now, '2026-11-01')
        .filter((s) => s.time.startsWith('01:'))
        .map((s) => new Date(s.startsAt).toISOString());
    // The labels stay the spec's set; the slots are twelve: five hours on the wall, six in real time.
    expect(slotsForDate(r, [], now, '2026-11-01')).toEqual(halfHours('00:00', '05:00'));
    expect(daySlots(r, [], now, '2026-11-01')).toHaveLength(12);
    expect(passes([])).toEqual([
      '2026-11-01T05:00:00.000Z',
      '2026-11-01T05:30:00.000Z',
      '2026-11-01T06:00:00.000Z',
      '2026-11-01T06:30:00.000Z',
    ]);
    // slotInstant (agent-made bookings by wall time) still takes the earlier pass.
    expect(slotInstant('2026-11-01', '01:00', NY)?.startsAt).toEqual(new Date('2026-11-01T05:00:00Z'));
    expect(slotInstant('2026-11-01', '02:00', NY)?.startsAt).toEqual(new Date('2026-11-01T07:00:00Z'));
    // Busy during the second 01:00–02:00 (EST, 06:00–07:00Z) takes the EST passes only, and back.
    const secondPass = busy('2026-11-01T06:00:00Z', '2026-11-01T07:00:00Z');
    expect(passes([secondPass])).toEqual(['2026-11-01T05:00:00.000Z', '2026-11-01T05:30:00.000Z']);
    const firstPass = busy('2026-11-01T05:00:00Z', '2026-11-01T06:00:00Z');
    expect(passes([firstPass])).toEqual(['2026-11-01T06:00:00.000Z', '2026-11-01T06:30:00.000Z']);
    expect(slotsForDate(r, [firstPass], now, '2026-11-01')).toEqual(halfHours('00:00', '05:00'));
  });
});

describe('DST in Australia/Lord_Howe (a 30-minute shift)', () => {
  const LH = 'Australia/Lord_Howe';
  const night = sameEveryDay([{ start: '01:00', end: '04:00' }]);

  it('spring forward (5 October 2025, 02:00 → 02:30): only 02:00 is gone', () => {
    const now = new Date('2025-09-30T00:00:00Z');
    const slots = slotsForDate(rules({ timeZone: LH, weekly: night }), [], now, '2025-10-05');
    expect(slots).toEqual(['01:00:00', '01:30:00', '02:30:00', '03:00:00', '03:30:00']);
    expect(slotInstant('2025-10-05', '02:00', LH)).toBeNull();
    expect(slotInstant('2025-10-05', '02:15', LH)).toBeNull();
    // 01:30 at +10:30 is 15:00Z; 02:30 at +11 is 15:30Z.
    expect(slotInstant('2025-10-05', '01:30', LH)?.startsAt).toEqual(new Date('2025-10-04T15:00:00Z'));
    expect(slotInstant('2025-10-05', '02:30', LH)?.startsAt).toEqual(new Date('2025-10-04T15:30:00Z'));
  });

  it('fall back (5 April 2026, 02:00 → 01:30): 01:30 is offered at +11 and again at +10:30', () => {
    const now = new Date('2026-03-30T00:00:00Z');
    const r = rules({ timeZone: LH, weekly: night });
    expect(slotsForDate(r, [], now, '2026-04-05')).toEqual(halfHours('01:00', '04:00'));
    expect(daySlots(r, [], now, '2026-04-05').map(slotStartIso)).toEqual([
      '2026-04-05T01:00:00+11:00',
      '2026-04-05T01:30:00+11:00',
      '2026-04-05T01:30:00+10:30',
      '2026-04-05T02:00:00+10:30',
      '2026-04-05T02:30:00+10:30',
      '2026-04-05T03:00:00+10:30',
      '2026-04-05T03:30:00+10:30',
    ]);
    expect(slotInstant('2026-04-05', '01:30', LH)?.startsAt).toEqual(new Date('2026-04-04T14:30:00Z'));
    expect(slotInstant('2026-04-05', '02:00', LH)?.startsAt).toEqual(new Date('2026-04-04T15:30:00Z'));
  });
});

describe('slotInstant', () => {
  it('is null for a wall time inside a DST gap', () => {
    expect(slotInstant('2026-03-08', '02:30', NY)).toBeNull();
    expect(slotInstant('2026-03-08', '02:00:00', NY)).toBeNull();
  });

  it('ends APPOINTMENT_MINUTES real minutes after it starts', () => {
    expect(slotInstant('2025-06-12', '14:30', NY)).toEqual({
      startsAt: new Date('2025-06-12T18:30:00Z'),
      endsAt: new Date('2025-06-12T19:00:00Z'),
    });
  });

  it('throws RangeError on a malformed date, time or zone', () => {
    expect(() => slotInstant('2025-02-30', '10:00', NY)).toThrow(RangeError);
    expect(() => slotInstant('2025-06-12', '24:00', NY)).toThrow(RangeError);
    expect(() => slotInstant('2025-06-12', '10:00', 'Nowhere/Special')).toThrow(RangeError);
  });
});

describe('isSlotOpen answers like slotsForDate', () => {
  const hours = sameEveryDay([{ start: '09:00', end: '12:00' }]);
  const booking = busy('2025-06-12T14:00:00Z', '2025-06-12T14:30:00Z'); // 10:00–10:30

  it('true for a listed slot, in HH:mm or HH:mm:ss', () => {
    expect(isSlotOpen(rules({ weekly: hours }), [booking], NOW, '2025-06-12', '11:00')).toBe(true);
    expect(isSlotOpen(rules({ weekly: hours }), [booking], NOW, '2025-06-12', '11:00:00')).toBe(true);
  });

  it('false for a booked slot, a time off the step, outside the hours or the window, or malformed', () => {
    const r = rules({ weekly: hours });
    expect(isSlotOpen(r, [booking], NOW, '2025-06-12', '10:00')).toBe(false);
    expect(isSlotOpen(r, [booking], NOW, '2025-06-12', '09:15')).toBe(false);
    expect(isSlotOpen(r, [booking], NOW, '2025-06-12', '11:30:30')).toBe(false);
    expect(isSlotOpen(r, [booking], NOW, '2025-06-12', '12:00')).toBe(false);
    expect(isSlotOpen(r, [booking], NOW, '2025-06-10', '11:00')).toBe(false);
    expect(isSlotOpen(r, [booking], NOW, '2025-08-10', '11:00')).toBe(false);
    expect(isSlotOpen(r, [booking], NOW, '2025-06-12', '11 AM')).toBe(false);
    expect(isSlotOpen(r, [booking], NOW, 'tomorrow', '11:00')).toBe(false);
  });

  it('false for a wall time that does not exist that day', () => {
    const night = rules({ weekly: sameEveryDay([{ start: '00:00', end: '05:00' }]) });
    expect(isSlotOpen(night, [], new Date('2026-03-01T12:00:00Z'), '2026-03-08', '02:30')).toBe(false);
    expect(isSlotOpen(night, [], new Date('2026-03-01T12:00:00Z'), '2026-03-08', '03:00')).toBe(true);
  });
});

describe('agentDaySlots: the free times the agent books a buyer into (issue 19)', () => {
  const times = (slots: { time: string }[]) => slots.map((slot) => slot.time);
  const noticed = rules({ minimumNoticeMinutes: 24 * 60 });

  it("offers today's remaining slots, those not yet started, ignoring the public minimum notice", () => {
    // 10:00 now: 09:00 and 09:30 have started; 10:00 starts right now and is still offered.
    expect(times(agentDaySlots(noticed, [], NOW, '2025-06-10'))).toEqual(halfHours('10:00', '12:00'));
    expect(times(agentDaySlots(noticed, [], new Date('2025-06-10T14:00:01Z'), '2025-06-10'))).toEqual(
      halfHours('10:30', '12:00'),
    );
    expect(slotsForDate(noticed, [], NOW, '2025-06-10')).toEqual([]);
    expect(times(agentDaySlots(noticed, [], NOW, '2025-06-11'))).toEqual(halfHours('09:00', '12:00'));
  });

  it('keeps bookings, buffer and days off, also beyond the public booking window', () => {
    const r = rules({ bufferMinutes: 15 });
    expect(
      times(agentDaySlots(r, [busy('2025-06-10T15:30:00Z', '2025-06-10T16:00:00Z')], NOW, '2025-06-10')),
    ).toEqual(['10:00:00', '10:30:00']);
    expect(times(agentDaySlots(r, [], NOW, '2025-12-01'))).toEqual(halfHours('09:00', '12:00'));
    expect(agentDaySlots(rules({ weekly: sameEveryDay([]) }), [], NOW, '2025-06-11')).toEqual([]);
  });

  it('offers nothing on a past date (the agent types the time of a showing already held)', () => {
    expect(agentDaySlots(rules(), [], NOW, '2025-06-09')).toEqual([]);
    expect(agentDaySlots(rules(), [], NOW, 'not-a-date')).toEqual([]);
  });
});

describe('slotLabel and pickSlot (issue 18)', () => {
  it("a slot's label is Intl's 12-hour clock in the agent's zone, character for character, across DST changes", () => {
    const allDay = sameEveryDay([{ start: '00:00', end: '23:59' }]);
    let compared = 0;
    // Zones with DST, half- and 45-minute offsets, Lord Howe's 30-minute change, and UTC; 60 days each side
    // of a change.
    for (const [timeZone, now] of [
      [NY, '2026-10-10T12:00:00Z'],
      [NY, '2026-02-20T12:00:00Z'],
      ['Asia/Kolkata', '2026-05-01T12:00:00Z'],
      ['Pacific/Chatham', '2026-03-10T12:00:00Z'],
      ['Australia/Lord_Howe', '2026-03-10T12:00:00Z'],
      ['UTC', '2026-05-01T12:00:00Z'],
    ] as const) {
      const slotRules = rules({ timeZone, weekly: allDay });
      for (const slots of computeDaySlots(slotRules, [], new Date(now)).values()) {
        for (const slot of slots) {
          expect(slotLabel(slot, timeZone)).toBe(
            formatClock(slot.startsAt, timeZone, { zoneName: slot.repeated }),
          );
          compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(10_000);
  });

  it('pickSlot finds the wall time among the slots, the named pass when given, else the earliest', () => {
    const night = rules({ weekly: sameEveryDay([{ start: '00:00', end: '04:00' }]) });
    const slots = daySlots(night, [], new Date('2026-10-25T12:00:00Z'), '2026-11-01');
    const passes = slots.filter((slot) => slot.time === '01:30:00');
    expect(passes).toHaveLength(2);
    expect(pickSlot(slots, '01:30')).toBe(passes[0]);
    expect(pickSlot(slots, '01:30:00', passes[1]!.startsAt)).toBe(passes[1]);
    expect(pickSlot(slots, '01:31')).toBeNull();
    expect(pickSlot(slots, '25:00')).toBeNull();
  });
});

describe("dayOpening: where route planning starts the agent's day (issue 16)", () => {
  it("is the instant of the earliest interval's start, the override's on an overridden date, null on a day off", () => {
    const r = rules({
      weekly: sameEveryDay([
        { start: '13:00', end: '17:00' },
        { start: '08:30', end: '11:00' },
      ]),
      overrides: [
        { date: '2030-01-09', is_available: true, intervals: [{ start: '10:00', end: '12:00' }] },
        { date: '2030-01-10', is_available: false, intervals: [] },
      ],
    });
    expect(dayOpening(r, '2030-01-08')).toBe(Date.parse('2030-01-08T08:30:00-05:00'));
    expect(dayOpening(r, '2030-01-09')).toBe(Date.parse('2030-01-09T10:00:00-05:00'));
    expect(dayOpening(r, '2030-01-10')).toBeNull();
    // Summer time: the same wall clock is an hour earlier in UTC.
    expect(dayOpening(r, '2030-07-09')).toBe(Date.parse('2030-07-09T08:30:00-04:00'));
  });
});

describe('dayOpening on a change day: the first instant at or after the start, as the working period (issue 29)', () => {
  it('hours starting inside the skipped hour open at the jump; a repeated start opens at its first pass', () => {
    const sydney = rules({
      timeZone: 'Australia/Sydney',
      weekly: sameEveryDay([{ start: '02:15', end: '06:00' }]),
    });
    // 2027-10-03 the clock jumps from 02:00 AEST to 03:00 AEDT: 02:15 is never shown, the day opens at 03:00.
    expect(dayOpening(sydney, '2027-10-03')).toBe(Date.parse('2027-10-03T03:00:00+11:00'));
    expect(dayOpenings(sydney, ['2027-10-02', '2027-10-03'])).toEqual([
      Date.parse('2027-10-02T02:15:00+10:00'),
      Date.parse('2027-10-03T03:00:00+11:00'),
    ]);
    const newYork = rules({ weekly: sameEveryDay([{ start: '01:30', end: '04:00' }]) });
    expect(dayOpening(newYork, '2026-11-01')).toBe(Date.parse('2026-11-01T01:30:00-04:00'));
  });
});
