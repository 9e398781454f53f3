// Scheduling that learns (issue 17): on generated histories with a known preference, the top three ranked
// slots fall in the preferred hours on ≥ 80 % of days, against a random ranking of the same days — for the
// assistant's ranking, for the public page's "suggested" marks (slotMarks.ts), and for the learned areas.
import { describe, expect, it } from 'vitest';
import {
  AREA_ADJACENT_MINUTES,
  AREA_DAY_WEIGHT,
  areaOf,
  describeAreaDays,
  describePreferences,
  learnAreaDays,
  learnPreferences,
  MIN_EVENTS,
  rankSlots,
  slotScore,
  type HistoryEvent,
} from './preferences';
import { RECOMMENDED_WEIGHT, slotBadge, suggestDaySlots, SUGGESTED_PER_DAY } from './slotMarks';

function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TIMES = Array.from(
  { length: 16 },
  (_, i) => `${String(9 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
);

function weekdays(from: string, count: number): string[] {
  const out: string[] = [];
  const d = new Date(`${from}T12:00:00Z`);
  while (out.length < count) {
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) out.push(d.toISOString().slice(0, 10));
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return out;
}

/** 60 working days of requests at random times; preferred ones mostly kept, others mostly declined or moved. */
function history(preferred: (time: string) => boolean, random: () => number): HistoryEvent[] {
  const events: HistoryEvent[] = [];
  for (const date of weekdays('2030-01-01', 60)) {
    const requests = 3 + Math.floor(random() * 5);
    for (let i = 0; i < requests; i++) {
      const time = TIMES[Math.floor(random() * TIMES.length)]!;
      const keep = random() < (preferred(time) ? 0.85 : 0.25);
      events.push({ date, time, outcome: keep ? 'kept' : random() < 0.6 ? 'declined' : 'moved' });
    }
  }
  return events;
}

const PREFERENCES: Record<string, (time: string) => boolean> = {
  afternoons: (t) => t >= '14:00',
  mornings: (t) => t < '12:00',
  'late mornings': (t) => t >= '10:00' && t < '12:30',
};

describe('scheduling that learns', () => {
  it('top three suggestions match a known preference on ≥ 80 % of days, far above a random ranking', () => {
    const random = prng(17);
    for (const [name, preferred] of Object.entries(PREFERENCES)) {
      const learned = learnPreferences(history(preferred, random));
      let learnedHits = 0;
      let randomHits = 0;
      const days = weekdays('2030-04-01', 40);
      for (const date of days) {
        // The day's free slots (the rules and bookings decide them): about 70 % of the grid.
        const free = TIMES.filter(() => random() < 0.7).map((time) => ({ date, time }));
        const top = rankSlots(learned, free).slice(0, 3);
        const shuffled = [...free].sort(() => random() - 0.5).slice(0, 3);
        const preferredFree = free.filter((s) => preferred(s.time)).length;
        const enough = Math.min(3, preferredFree);
        if (top.slice(0, enough).every((s) => preferred(s.time))) learnedHits++;
        if (shuffled.slice(0, enough).every((s) => preferred(s.time))) randomHits++;
      }
      const learnedRate = learnedHits / days.length;
      const randomRate = randomHits / days.length;
      const figures = `preference ${name}: learned ${(learnedRate * 100).toFixed(0)} % vs random ${(randomRate * 100).toFixed(0)} %`;
      expect(learnedRate, figures).toBeGreaterThanOrEqual(0.8);
      expect(learnedRate, figures).toBeGreaterThan(randomRate + 0.3);
    }
  });

  it('the rules win: ranking only orders the slots it is given, never adds or drops one', () => {
    const learned = learnPreferences(history(PREFERENCES.afternoons!, prng(1)));
    const free = [
      { date: '2030-04-02', time: '09:00' },
      { date: '2030-04-02', time: '15:00' },
    ];
    const ranked = rankSlots(learned, free);
    expect(ranked.map((s) => s.time)).toEqual(['15:00', '09:00']);
    expect(new Set(ranked)).toEqual(new Set(free));
  });

  it('a day already holding the usual maximum of showings goes last', () => {
    const learned = learnPreferences(history(PREFERENCES.afternoons!, prng(2)));
    expect(learned.maxPerDay).not.toBeNull();
    const free = [
      { date: '2030-04-02', time: '15:00' },
      { date: '2030-04-03', time: '09:00' },
    ];
    const ranked = rankSlots(learned, free, new Map([['2030-04-02', learned.maxPerDay!]]));
    expect(ranked[0]!.date).toBe('2030-04-03');
  });

  it('without enough history nothing is ranked, and the agent is told so', () => {
    const few = learnPreferences([{ date: '2030-04-02', time: '15:00', outcome: 'kept' }]);
    const free = [
      { date: '2030-04-02', time: '09:00' },
      { date: '2030-04-02', time: '15:00' },
    ];
    expect(rankSlots(few, free)).toEqual(free);
    expect(describePreferences(few)[0]).toContain(`after ${MIN_EVENTS} showings`);
  });

  it('says what was learned in plain words, and the agent’s correction replaces it', () => {
    const learned = learnPreferences(history(PREFERENCES.afternoons!, prng(3)));
    const words = describePreferences(learned);
    expect(words[0]).toBe('You prefer afternoons (2–5 pm).');
    expect(words.some((w) => /^At most \d+ showings? a day\.$/.test(w))).toBe(true);
    const corrected = learnPreferences(history(PREFERENCES.afternoons!, prng(3)), {
      periods: ['morning'],
      maxPerDay: 2,
    });
    expect(describePreferences(corrected)).toEqual([
      'You prefer mornings (before noon) (your setting).',
      'At most 2 showings a day (your setting).',
    ]);
    expect(
      rankSlots(corrected, [
        { date: '2030-04-02', time: '15:00' },
        { date: '2030-04-02', time: '09:00' },
      ])[0]!.time,
    ).toBe('09:00');
  });
});

// ---- the public slots ("suggested") and areas (decision 028) ----

const AREAS = ['Oak Park', 'Elmwood', 'Riverside', 'Hillcrest', 'Maywood', 'Forest Park'];

/**
 * 60 working days where the agent shows in Oak Park on Tuesdays and Elmwood on Thursdays (mostly kept), other
 * days anywhere; hours random: only the areas carry a preference.
 */
function areaHistory(random: () => number): HistoryEvent[] {
  const events: HistoryEvent[] = [];
  for (const date of weekdays('2030-01-01', 60)) {
    const day = new Date(`${date}T12:00:00Z`).getUTCDay();
    const home = day === 2 ? 'Oak Park' : day === 4 ? 'Elmwood' : null;
    for (let i = 0; i < 4; i++) {
      const time = TIMES[Math.floor(random() * TIMES.length)]!;
      const area = home && random() < 0.8 ? home : AREAS[Math.floor(random() * AREAS.length)]!.toUpperCase();
      events.push({ date, time, area, outcome: random() < 0.8 ? 'kept' : 'declined' });
    }
  }
  return events;
}

describe('suggested public slots and areas', () => {
  it('the day’s suggestions (at most 3) match a known preference on ≥ 80 % of days, far above a random pick', () => {
    const random = prng(28);
    // The learner's resolution is the hour (12:00 and 12:30 share a score): preferences end on the hour here.
    const hourly: Record<string, (time: string) => boolean> = {
      ...PREFERENCES,
      'late mornings': (t) => t >= '10:00' && t < '12:00',
      'middays and early afternoons': (t) => t >= '12:00' && t < '15:00',
    };
    for (const [name, preferred] of Object.entries(hourly)) {
      const learned = learnPreferences(history(preferred, random));
      let learnedHits = 0;
      let randomHits = 0;
      const days = weekdays('2030-04-01', 40);
      for (const date of days) {
        const free = TIMES.filter(() => random() < 0.7).map((time) => ({ date, time }));
        const suggested = suggestDaySlots(learned, free);
        const shuffled = [...free].sort(() => random() - 0.5).slice(0, SUGGESTED_PER_DAY);
        const enough = Math.min(SUGGESTED_PER_DAY, free.filter((s) => preferred(s.time)).length);
        // A hit: the day's preferred slots (up to 3) are suggested, best first.
        if (suggested.length >= enough && suggested.slice(0, enough).every((s) => preferred(s.time)))
          learnedHits++;
        if (shuffled.slice(0, enough).every((s) => preferred(s.time))) randomHits++;
      }
      const learnedRate = learnedHits / days.length;
      const randomRate = randomHits / days.length;
      const figures = `suggested (${name}): learned ${(learnedRate * 100).toFixed(0)} % vs random ${(randomRate * 100).toFixed(0)} %`;
      expect(learnedRate, figures).toBeGreaterThanOrEqual(0.8);
      expect(learnedRate, figures).toBeGreaterThan(randomRate + 0.3);
    }
  });

  it('learns the areas per weekday and says them in plain words ("You show in Oak Park on Tuesdays.")', () => {
    const learned = learnPreferences(areaHistory(prng(5)));
    expect(learned.areaDays).toEqual([
      { weekday: 2, area: 'Oak Park' },
      { weekday: 4, area: 'Elmwood' },
    ]);
    const words = describePreferences(learned);
    expect(words).toContain('You show in Oak Park on Tuesdays.');
    expect(words).toContain('You show in Elmwood on Thursdays.');
    expect(
      describeAreaDays([
        { weekday: 4, area: 'Oak Park' },
        { weekday: 2, area: 'oak park' },
      ]),
    ).toEqual(['You show in Oak Park on Tuesdays and Thursdays']);
    // A consultation (no area) and declined showings teach no area.
    expect(
      learnAreaDays(
        Array.from({ length: 5 }, () => ({
          date: '2030-04-02',
          time: '10:00',
          outcome: 'declined' as const,
          area: 'Elmwood',
        })),
      ),
    ).toEqual([]);
    // One town every day says nothing about the day: no weekday areas.
    const oneTown = areaHistory(prng(5)).map((e) => ({ ...e, area: 'Springfield' }));
    expect(learnAreaDays(oneTown)).toEqual([]);
    expect(areaOf({ city: '  Oak   Park ', zip_code: '60302' })).toBe('Oak Park');
    expect(areaOf({ city: '', zip_code: '60302' })).toBe('60302');
  });

  it('prefers the days the agent shows in the property’s area: top three on that weekday in ≥ 80 % of weeks, against random', () => {
    const random = prng(6);
    const learned = learnPreferences(areaHistory(random));
    for (const [area, weekday] of [
      ['Oak Park', 2],
      ['Elmwood', 4],
    ] as const) {
      let learnedHits = 0;
      let randomHits = 0;
      const mondays = Array.from({ length: 20 }, (_, i) =>
        new Date(Date.UTC(2030, 3, 1 + 7 * i)).toISOString().slice(0, 10),
      );
      for (const monday of mondays) {
        const free = weekdays(monday, 5).flatMap((date) =>
          TIMES.filter(() => random() < 0.6).map((time) => ({ date, time })),
        );
        const onDay = (s: { date: string }) => new Date(`${s.date}T12:00:00Z`).getUTCDay() === weekday;
        const top = rankSlots(learned, free, new Map(), { area }).slice(0, 3);
        const shuffled = [...free].sort(() => random() - 0.5).slice(0, 3);
        if (top.every(onDay)) learnedHits++;
        if (shuffled.every(onDay)) randomHits++;
      }
      const figures = `${area}: learned ${learnedHits}/20 weeks vs random ${randomHits}/20`;
      expect(learnedHits / mondays.length, figures).toBeGreaterThanOrEqual(0.8);
      expect(learnedHits, figures).toBeGreaterThan(randomHits + 6);
    }
  });

  it('prefers times next to a showing in the same area: suggestions beside it in ≥ 80 % of days, against random', () => {
    const random = prng(7);
    const learned = learnPreferences(areaHistory(random));
    const days = weekdays('2030-04-01', 40);
    let learnedHits = 0;
    let randomHits = 0;
    for (const date of days) {
      // One showing booked in Riverside and one in Hillcrest; the buyer's home is in Riverside.
      const [riverside, hillcrest] = [
        TIMES[2 + Math.floor(random() * 5)]!,
        TIMES[9 + Math.floor(random() * 5)]!,
      ];
      const showings = [
        { date, time: riverside, area: 'Riverside' },
        { date, time: hillcrest, area: 'Hillcrest' },
      ];
      const free = TIMES.filter((t) => t !== riverside && t !== hillcrest && random() < 0.8).map((time) => ({
        date,
        time,
      }));
      const beside = (s: { time: string }) =>
        Math.abs(
          Number(s.time.slice(0, 2)) * 60 +
            Number(s.time.slice(3)) -
            (Number(riverside.slice(0, 2)) * 60 + Number(riverside.slice(3))),
        ) <= AREA_ADJACENT_MINUTES;
      const suggested = suggestDaySlots(learned, free, { area: 'Riverside', showings });
      const shuffled = [...free].sort(() => random() - 0.5).slice(0, 3);
      if (suggested.length > 0 && suggested.every(beside)) learnedHits++;
      if (shuffled.every(beside)) randomHits++;
    }
    const figures = `beside: learned ${learnedHits}/${days.length} vs random ${randomHits}/${days.length}`;
    expect(learnedHits / days.length, figures).toBeGreaterThanOrEqual(0.8);
    expect(learnedHits, figures).toBeGreaterThan(randomHits + 12);
  });

  it('the agent’s correction of the areas replaces what was learned; an empty list switches areas off', () => {
    const events = areaHistory(prng(8));
    const off = learnPreferences(events, { periods: null, maxPerDay: null, areas: [] });
    expect(describePreferences(off).some((w) => w.startsWith('You show in'))).toBe(false);
    const tuesday = { date: '2030-04-02', time: '10:00' };
    expect(slotScore(off, tuesday.date, tuesday.time, { area: 'Oak Park' })).toBe(
      slotScore(off, tuesday.date, tuesday.time),
    );
    const own = learnPreferences(events, {
      periods: null,
      maxPerDay: null,
      areas: [{ weekday: 3, area: 'Riverside' }],
    });
    expect(describePreferences(own)).toContain('You show in Riverside on Wednesdays (your setting).');
    expect(slotScore(own, '2030-04-03', '10:00', { area: 'riverside' })).toBe(
      slotScore(own, '2030-04-03', '10:00') + AREA_DAY_WEIGHT,
    );
  });

  it('no suggestions without preferences, on a flat day, or on a day already at the usual maximum', () => {
    const free = TIMES.map((time) => ({ date: '2030-04-02', time }));
    expect(suggestDaySlots(learnPreferences([]), free)).toEqual([]);
    const learned = learnPreferences(history(PREFERENCES.afternoons!, prng(9)));
    expect(suggestDaySlots(learned, free)).toHaveLength(SUGGESTED_PER_DAY);
    expect(suggestDaySlots(learned, [free[0]!])).toEqual([]);
    expect(
      suggestDaySlots(learned, free, { bookedPerDate: new Map([['2030-04-02', learned.maxPerDay!]]) }),
    ).toEqual([]);
  });

  it('recommended (route) and suggested (learning) combine in one place: weight, one badge, suggested first', () => {
    const learned = learnPreferences(history(PREFERENCES.afternoons!, prng(10)));
    const free = TIMES.map((time) => ({ date: '2030-04-02', time, recommended: time === '09:00' }));
    // A morning slot next to a nearby showing outweighs a little of the afternoon preference…
    const plain = suggestDaySlots(
      learned,
      free.map((s) => ({ ...s, recommended: false })),
    );
    const withRoute = suggestDaySlots(learned, free);
    expect(slotScore(learned, '2030-04-02', '09:00') + RECOMMENDED_WEIGHT).toBeGreaterThan(
      slotScore(learned, '2030-04-02', '09:00'),
    );
    expect(withRoute.length).toBe(plain.length);
    // …and a slot shows one badge, the route's winning.
    expect(slotBadge({ recommended: true, suggested: true })).toBe('recommended');
    expect(slotBadge({ suggested: true })).toBe('suggested');
    expect(slotBadge({})).toBeNull();
  });
});
