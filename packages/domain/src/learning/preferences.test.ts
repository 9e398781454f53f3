// Scheduling that learns (issue 17): on generated histories with a known preference, the top three ranked
// slots fall in the preferred hours on ≥ 80 % of days, against a random ranking of the same days.
import { describe, expect, it } from 'vitest';
import {
  describePreferences,
  learnPreferences,
  MIN_EVENTS,
  rankSlots,
  type HistoryEvent,
} from './preferences';

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
