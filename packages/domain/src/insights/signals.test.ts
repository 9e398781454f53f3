import { describe, expect, it } from 'vitest';
import { answerFreshness, leadSignals, type LeadFacts } from './signals';

const now = new Date('2026-06-10T12:00:00Z');

const facts = (over: Partial<LeadFacts> = {}): LeadFacts => ({
  bookings: [],
  feedback: [],
  sentiment: null,
  last_activity_at: now.toISOString(),
  ...over,
});

describe('lead signals', () => {
  it("the latest showing's answers count, not the first", () => {
    const s = leadSignals(
      facts({
        feedback: [
          {
            rating: 2,
            interest_level: 'not_interested',
            price_opinion: 'too_high',
            second_showing: false,
            showing_at: '2026-06-01T10:00:00Z',
            answered_at: '2026-06-01T12:00:00Z',
          },
          {
            rating: 5,
            interest_level: 'very_interested',
            price_opinion: 'fair',
            second_showing: true,
            showing_at: '2026-06-05T10:00:00Z',
            answered_at: '2026-06-05T12:00:00Z',
          },
        ],
      }),
      now,
    );
    expect(s).toMatchObject({
      feedbackCount: 2,
      rating: 5,
      interest: 'very_interested',
      price: 'fair',
      secondShowing: true,
    });
  });

  it('counts showings by status; upcoming only when still ahead; completed without answers', () => {
    const b = (status: LeadFacts['bookings'][number]['status'], starts_at: string) => ({
      status,
      starts_at,
      created_at: '2026-05-01T00:00:00Z',
    });
    const s = leadSignals(
      facts({
        bookings: [
          b('completed', '2026-06-01T10:00:00Z'),
          b('completed', '2026-06-03T10:00:00Z'),
          b('no_show', '2026-06-02T10:00:00Z'),
          b('cancelled', '2026-06-04T10:00:00Z'),
          b('confirmed', '2026-06-20T10:00:00Z'),
          b('pending', '2026-06-09T10:00:00Z'),
        ],
        feedback: [
          {
            rating: 4,
            interest_level: 'somewhat_interested',
            price_opinion: null,
            second_showing: null,
            showing_at: '2026-06-01T10:00:00Z',
            answered_at: '2026-06-01T12:00:00Z',
          },
        ],
      }),
      now,
    );
    expect(s).toMatchObject({ showed: 2, noShows: 1, cancelled: 1, upcoming: 1, showedWithoutFeedback: 1 });
  });

  it('idle days are whole days since the last activity', () => {
    expect(leadSignals(facts({ last_activity_at: '2026-05-10T13:00:00Z' }), now).idleDays).toBe(30);
    expect(leadSignals(facts({ sentiment: { label: 'mixed', score: 0.1 } }), now)).toMatchObject({
      sentiment: 'mixed',
      sentimentScore: 0.1,
      idleDays: 0,
    });
  });
});

describe('the age of the latest answers', () => {
  it('is whole days since the answers about the latest showing were saved, null without answers', () => {
    const at = new Date('2026-06-09T13:00:00Z');
    const answer = (showing_at: string, answered_at: string) => ({
      rating: 4,
      interest_level: 'very_interested' as const,
      price_opinion: null,
      second_showing: null,
      showing_at,
      answered_at,
    });
    const base = { bookings: [], sentiment: null, last_activity_at: '2026-06-08T13:00:00Z' };
    expect(leadSignals({ ...base, feedback: [] }, at).answersAgeDays).toBeNull();
    const s = leadSignals(
      {
        ...base,
        feedback: [
          answer('2026-03-01T15:00:00Z', '2026-06-08T10:00:00Z'),
          answer('2026-04-01T15:00:00Z', '2026-04-02T12:00:00Z'),
        ],
      },
      at,
    );
    expect(s.answersAgeDays).toBe(68);
    expect(answerFreshness(s)).toBeCloseTo(1 - (0.75 * (68 - 14)) / 76, 5);
    expect(answerFreshness({ answersAgeDays: 3 })).toBe(1);
    expect(answerFreshness({ answersAgeDays: 400 })).toBe(0.25);
  });
});
