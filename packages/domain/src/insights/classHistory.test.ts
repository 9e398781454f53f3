import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES } from '../enums';
import { INTEREST_LEVELS } from '../schemas/feedback';
import { leadClassAsOf, leadClassNow, type DatedLeadFacts } from './classify';
import {
  classChangeInstants,
  currentClassHistory,
  LEAD_CLASS_BEFORE_FACTS,
  leadClassAt,
  leadClassHistory,
} from './classHistory';

const DAY = 86_400_000;
const START = Date.parse('2030-03-01T00:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

/** Random facts over 30 days: bookings of every status, some showings answered. */
const factsArb: fc.Arbitrary<DatedLeadFacts> = fc
  .array(
    fc.record({
      status: fc.constantFrom(...BOOKING_STATUSES),
      made: fc.integer({ min: 0, max: 30 * 24 }),
      ahead: fc.integer({ min: -48, max: 10 * 24 }),
      answers: fc.option(
        fc.record({
          rating: fc.integer({ min: 1, max: 5 }),
          interest_level: fc.constantFrom(...INTEREST_LEVELS),
          second_showing: fc.option(fc.boolean()),
        }),
      ),
    }),
    { maxLength: 6 },
  )
  .map((rows) => ({
    bookings: rows.map((r) => ({
      status: r.status,
      created_at: iso(START + r.made * 3_600_000),
      starts_at: iso(START + (r.made + r.ahead) * 3_600_000),
    })),
    feedback: rows.flatMap((r) =>
      r.answers
        ? [
            {
              ...r.answers,
              price_opinion: null,
              showing_at: iso(START + (r.made + r.ahead) * 3_600_000),
              answered_at: iso(START + (r.made + r.ahead + 1) * 3_600_000),
            },
          ]
        : [],
    ),
  }));

describe('stored lead class history: the same classifier, stored per change', () => {
  it('the stored history gives leadClassAsOf at every instant (change instants, either side, and between)', () => {
    fc.assert(
      fc.property(
        factsArb,
        fc.array(fc.integer({ min: -5 * DAY, max: 45 * DAY }), { maxLength: 8 }),
        (facts, extra) => {
          const history = leadClassHistory(facts);
          const instants = [
            ...classChangeInstants(facts).flatMap((t) => [t - 1, t, t + 1]),
            ...extra.map((d) => START + d),
          ];
          for (const t of instants) {
            expect(leadClassAt(history, t)).toBe(leadClassAsOf(facts, new Date(t)));
          }
        },
      ),
      { numRuns: 300, seed: 13 },
    );
  });

  it('the stored current class gives leadClassNow (the Feedback page) at every instant', () => {
    fc.assert(
      fc.property(
        factsArb,
        fc.array(fc.integer({ min: -5 * DAY, max: 45 * DAY }), { maxLength: 8 }),
        (facts, extra) => {
          const history = currentClassHistory(facts);
          const instants = [
            ...facts.bookings.flatMap((b) => [-1, 0, 1].map((d) => Date.parse(b.starts_at) + d)),
            ...extra.map((d) => START + d),
          ];
          for (const t of instants) {
            expect(leadClassAt(history, t)).toBe(leadClassNow(facts, new Date(t)));
          }
        },
      ),
      { numRuns: 300, seed: 7 },
    );
  });

  it('answers given before their showing: the current class counts them at once, the dated one from the showing', () => {
    const facts: DatedLeadFacts = {
      bookings: [{ status: 'confirmed', created_at: iso(START), starts_at: iso(START + 5 * DAY) }],
      feedback: [
        {
          rating: 5,
          interest_level: 'very_interested',
          price_opinion: null,
          second_showing: true,
          showing_at: iso(START + 5 * DAY),
          answered_at: iso(START + DAY),
        },
      ],
    };
    expect(leadClassAt(currentClassHistory(facts), START + 2 * DAY)).toBe('hot');
    expect(leadClassAt(leadClassHistory(facts), START + 2 * DAY)).toBe('potential');
    expect(leadClassAt(leadClassHistory(facts), START + 5 * DAY)).toBe('hot');
  });

  it('one row per change: no two rows in a row with the same class, instants ascending', () => {
    fc.assert(
      fc.property(factsArb, (facts) => {
        const dated = leadClassHistory(facts);
        expect(dated[0]).toEqual({ from: null, class: LEAD_CLASS_BEFORE_FACTS });
        for (const history of [dated, currentClassHistory(facts)]) {
          expect(history[0]!.from).toBeNull();
          for (let i = 1; i < history.length; i++) {
            expect(history[i]!.class).not.toBe(history[i - 1]!.class);
            expect(history[i]!.from!).toBeGreaterThan(history[i - 1]!.from ?? -Infinity);
          }
        }
      }),
      { numRuns: 200, seed: 31 },
    );
  });

  it('a showing still ahead is a future change: a no-show lead is cold again once their next showing has passed', () => {
    const facts: DatedLeadFacts = {
      bookings: [
        { status: 'no_show', created_at: iso(START), starts_at: iso(START + 2 * DAY) },
        { status: 'confirmed', created_at: iso(START + 3 * DAY), starts_at: iso(START + 9 * DAY) },
      ],
      feedback: [],
    };
    expect(leadClassHistory(facts)).toEqual([
      { from: null, class: 'potential' },
      // Statuses keep no history: the no-show counts from the booking on.
      { from: START, class: 'cold' },
      { from: START + 3 * DAY, class: 'potential' },
      { from: START + 9 * DAY, class: 'cold' },
    ]);
  });

  it('feedback decides from its showing on: hot after a keen answer, cold after a low rating', () => {
    const showing = (d: number) => ({
      status: 'completed' as const,
      created_at: iso(START),
      starts_at: iso(START + d * DAY),
    });
    const answer = (d: number, rating: number) => ({
      rating,
      interest_level: 'very_interested' as const,
      price_opinion: null,
      second_showing: true,
      showing_at: iso(START + d * DAY),
      answered_at: iso(START + (d + 1) * DAY),
    });
    const history = leadClassHistory({
      bookings: [showing(4), showing(10)],
      feedback: [answer(4, 5), answer(10, 2)],
    });
    expect(history.map((h) => h.class)).toEqual(['potential', 'hot', 'cold']);
    expect(leadClassAt(history, START + 5 * DAY)).toBe('hot');
    expect(leadClassAt(history, START + 11 * DAY)).toBe('cold');
  });
});
