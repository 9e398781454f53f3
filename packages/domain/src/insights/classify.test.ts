import { describe, expect, it } from 'vitest';
import { CLASSIFICATION_RULES, classifyLead, leadClassAsOf, leadClassesAsOf } from './classify';
import { leadSignals } from './signals';
import { answered, signals } from './fixtures';

const ruleOf = (s: Parameters<typeof classifyLead>[0]) => classifyLead(s).rule.id;

describe('lead classification rules (Basic)', () => {
  it('hot-second-showing: wants a second showing and rated 4+ is hot', () => {
    const c = classifyLead(answered({ secondShowing: true, rating: 4 }));
    expect(c).toEqual({
      class: 'hot',
      rule: { id: 'hot-second-showing', text: 'Hot: wants a second showing and rated 4+' },
    });
    // A second showing with a 3 is not enough.
    expect(classifyLead(answered({ secondShowing: true, rating: 3 })).class).toBe('potential');
  });

  it('hot-very-interested: very interested and rated 4+ is hot', () => {
    expect(ruleOf(answered({ interest: 'very_interested', rating: 5, secondShowing: false }))).toBe(
      'hot-very-interested',
    );
    expect(classifyLead(answered({ interest: 'very_interested', rating: 3 })).class).toBe('potential');
  });

  it('cold-not-interested: not interested is cold, whatever the rating', () => {
    expect(classifyLead(answered({ interest: 'not_interested', rating: 4 })).rule.id).toBe(
      'cold-not-interested',
    );
  });

  it('cold-low-rating: a rating of 2 or less is cold', () => {
    expect(ruleOf(answered({ rating: 2 }))).toBe('cold-low-rating');
    expect(ruleOf(answered({ rating: 1, interest: 'very_interested' }))).toBe('cold-low-rating');
    expect(classifyLead(answered({ rating: 3 })).class).toBe('potential');
  });

  it('cold-no-show: missed the showing, never came, nothing ahead is cold', () => {
    expect(ruleOf(signals({ noShows: 1 }))).toBe('cold-no-show');
    // …but not while another showing is booked, or after they did come once.
    expect(ruleOf(signals({ noShows: 1, upcoming: 1 }))).toBe('potential-no-answers');
    expect(ruleOf(signals({ noShows: 1, showed: 1 }))).toBe('potential-no-answers');
  });

  it('potential-interested: interested without the hot conditions is potential', () => {
    expect(ruleOf(answered({ interest: 'somewhat_interested', rating: 5 }))).toBe('potential-interested');
  });

  it('potential-no-answers: a booking without answers is potential', () => {
    expect(classifyLead(signals({ upcoming: 1 }))).toEqual({
      class: 'potential',
      rule: { id: 'potential-no-answers', text: 'Potential: booked, no answers yet' },
    });
  });

  it('the first matching rule wins: hot before cold', () => {
    // Wants a second showing and rated 4 but missed an earlier showing: the answers decide.
    expect(classifyLead(answered({ secondShowing: true, rating: 4, noShows: 1 })).class).toBe('hot');
  });

  it('every rule text starts with its class, so the agent reads the rule as written', () => {
    for (const r of CLASSIFICATION_RULES) {
      expect(r.text.startsWith(`${r.class[0]!.toUpperCase()}${r.class.slice(1)}:`)).toBe(true);
    }
    expect(new Set(CLASSIFICATION_RULES.map((r) => r.id)).size).toBe(CLASSIFICATION_RULES.length);
  });
});

describe('leadClassAsOf: the same rules over what had happened by an instant', () => {
  const booking = (starts_at: string, status: 'completed' | 'confirmed' = 'completed') => ({
    status,
    starts_at,
    created_at: '2030-03-01T12:00:00Z',
  });
  const answers = (showing_at: string, rating: number, interest: 'very_interested' | 'not_interested') => ({
    rating,
    interest_level: interest,
    price_opinion: null,
    second_showing: null,
    showing_at,
    answered_at: showing_at,
  });
  const facts = {
    bookings: [booking('2030-03-04T15:00:00Z'), booking('2030-03-12T15:00:00Z')],
    feedback: [
      answers('2030-03-04T15:00:00Z', 5, 'very_interested'),
      answers('2030-03-12T15:00:00Z', 4, 'not_interested'),
    ],
  };

  it('reads the latest answers on showings up to the instant', () => {
    expect(leadClassAsOf(facts, new Date('2030-03-11T04:00:00Z'))).toBe('hot');
    expect(leadClassAsOf(facts, new Date('2030-03-18T04:00:00Z'))).toBe('cold');
    // Before any showing: booked, no answers yet.
    expect(leadClassAsOf(facts, new Date('2030-03-02T00:00:00Z'))).toBe('potential');
  });

  it('agrees with classifyLead over the same facts', () => {
    const at = new Date('2030-03-11T04:00:00Z');
    const known = { ...facts, feedback: facts.feedback.slice(0, 1), bookings: facts.bookings };
    expect(leadClassAsOf(facts, at)).toBe(
      classifyLead(leadSignals({ ...known, sentiment: null, last_activity_at: at.toISOString() }, at)).class,
    );
  });

  it('ignores bookings made after the instant', () => {
    const noShow = {
      bookings: [
        { status: 'no_show' as const, starts_at: '2030-03-04T15:00:00Z', created_at: '2030-03-01T12:00:00Z' },
        booking('2030-03-20T15:00:00Z', 'confirmed'),
      ],
      feedback: [],
    };
    // The second booking was made on 1 March too: ahead of 10 March, so not cold.
    expect(leadClassAsOf(noShow, new Date('2030-03-10T00:00:00Z'))).toBe('potential');
    const later = {
      ...noShow,
      bookings: [noShow.bookings[0]!, { ...noShow.bookings[1]!, created_at: '2030-03-15T12:00:00Z' }],
    };
    expect(leadClassAsOf(later, new Date('2030-03-10T00:00:00Z'))).toBe('cold');
  });
});

describe('leadClassesAsOf: leadClassAsOf at many instants, recomputed only on change', () => {
  it('gives the same class as leadClassAsOf at every instant', () => {
    const day = 86_400_000;
    const start = Date.parse('2030-03-01T00:00:00Z');
    const iso = (d: number) => new Date(start + d * day).toISOString();
    const facts = {
      bookings: [
        { status: 'no_show' as const, starts_at: iso(3), created_at: iso(0) },
        { status: 'confirmed' as const, starts_at: iso(12), created_at: iso(5) },
        { status: 'completed' as const, starts_at: iso(15), created_at: iso(13) },
        { status: 'completed' as const, starts_at: iso(22), created_at: iso(16) },
      ],
      feedback: [
        {
          rating: 5,
          interest_level: 'very_interested' as const,
          price_opinion: null,
          second_showing: true,
          showing_at: iso(15),
          answered_at: iso(15),
        },
        {
          rating: 3,
          interest_level: 'somewhat_interested' as const,
          price_opinion: null,
          second_showing: false,
          showing_at: iso(22),
          answered_at: iso(22),
        },
      ],
    };
    const instants = Array.from({ length: 30 }, (_, d) => start + d * day + day / 2);
    const one = instants.map((t) => leadClassAsOf(facts, new Date(t)));
    expect(leadClassesAsOf(facts, instants)).toEqual(one);
    // The history this walks through: booked, missed and nothing ahead (cold), then hot, then potential.
    expect(new Set(one)).toEqual(new Set(['potential', 'cold', 'hot']));
  });
});
