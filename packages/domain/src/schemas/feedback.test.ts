import { describe, expect, it } from 'vitest';
import { FEEDBACK_MESSAGES, FEEDBACK_TEXT_MAX, feedbackAnswersFor, feedbackAnswersSchema } from './feedback';

const complete = {
  rating: 4,
  interest_level: 'somewhat_interested',
  price_opinion: 'too_high',
  liked: '  The light  ',
  disliked: '',
  second_showing: false,
  comments: null,
};

const messagesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe('feedback answers', () => {
  it('accepts a complete answer, trims text and stores blanks as null', () => {
    expect(feedbackAnswersSchema.parse(complete)).toEqual({
      ...complete,
      liked: 'The light',
      disliked: null,
      comments: null,
    });
  });

  it('rating is a whole number from 1 to 5', () => {
    for (const rating of [0, 6, 2.5, '3', null]) {
      const result = feedbackAnswersSchema.safeParse({ ...complete, rating });
      expect(messagesOf(result)).toEqual({ rating: FEEDBACK_MESSAGES.ratingRequired });
    }
    for (const rating of [1, 5])
      expect(feedbackAnswersSchema.safeParse({ ...complete, rating }).success).toBe(true);
  });

  it('interest and price must be one of the listed answers; long texts are refused', () => {
    expect(messagesOf(feedbackAnswersSchema.safeParse({ ...complete, interest_level: 'maybe' }))).toEqual({
      interest_level: FEEDBACK_MESSAGES.interestRequired,
    });
    expect(messagesOf(feedbackAnswersSchema.safeParse({ ...complete, price_opinion: 'cheap' }))).toEqual({
      price_opinion: FEEDBACK_MESSAGES.priceRequired,
    });
    expect(
      messagesOf(
        feedbackAnswersSchema.safeParse({ ...complete, comments: 'x'.repeat(FEEDBACK_TEXT_MAX + 1) }),
      ),
    ).toEqual({ comments: FEEDBACK_MESSAGES.textTooLong(FEEDBACK_TEXT_MAX) });
  });

  it("the agent's questions are required only when asked, and every missing answer is reported at once", () => {
    const bare = { rating: 3, interest_level: 'not_interested' };
    const asked = feedbackAnswersFor({ ask_price_opinion: true, ask_second_showing: true });
    expect(messagesOf(asked.safeParse({}))).toEqual({
      rating: FEEDBACK_MESSAGES.ratingRequired,
      interest_level: FEEDBACK_MESSAGES.interestRequired,
      price_opinion: FEEDBACK_MESSAGES.priceRequired,
      second_showing: FEEDBACK_MESSAGES.secondShowingRequired,
    });
    const notAsked = feedbackAnswersFor({ ask_price_opinion: false, ask_second_showing: false });
    expect(notAsked.parse(bare)).toMatchObject({ price_opinion: null, second_showing: null });
    expect(asked.safeParse({ ...bare, price_opinion: 'fair', second_showing: false }).success).toBe(true);
  });
});
