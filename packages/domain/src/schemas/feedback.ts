// Post-showing feedback (issue 6, spec §2.1 /feedback/:bookingId and §7 "Feedback"): what a buyer answers on
// the public feedback page, what the page shows, and the agent's list, note and manual entry.
import { z } from 'zod';
import { filledText, plainText } from '../i18n/english';
import english from '../i18n/en/visit.json' with { type: 'json' };
import { queryInt4 } from './numbers';

/** The buyer's page reads these from the `visit` catalogue in its language; the English exports are its entries. */
const EN = english as Record<keyof typeof english, unknown>;

export const INTEREST_LEVELS = ['very_interested', 'somewhat_interested', 'not_interested'] as const;
export type InterestLevel = (typeof INTEREST_LEVELS)[number];
/** Each answer's key in the `visit` catalogue. */
export const INTEREST_LEVEL_KEYS = {
  very_interested: 'veryInterested',
  somewhat_interested: 'somewhatInterested',
  not_interested: 'notInterested',
} as const satisfies Record<InterestLevel, keyof typeof english>;
export const INTEREST_LEVEL_LABELS: Record<InterestLevel, string> = {
  very_interested: plainText(EN.veryInterested),
  somewhat_interested: plainText(EN.somewhatInterested),
  not_interested: plainText(EN.notInterested),
};

export const PRICE_OPINIONS = ['too_high', 'fair', 'good_value'] as const;
export type PriceOpinion = (typeof PRICE_OPINIONS)[number];
export const PRICE_OPINION_KEYS = {
  too_high: 'priceTooHigh',
  fair: 'priceFair',
  good_value: 'priceGoodValue',
} as const satisfies Record<PriceOpinion, keyof typeof english>;
export const PRICE_OPINION_LABELS: Record<PriceOpinion, string> = {
  too_high: plainText(EN.priceTooHigh),
  fair: plainText(EN.priceFair),
  good_value: plainText(EN.priceGoodValue),
};

/** The ratings 1–5's keys in the `visit` catalogue. */
export const RATING_KEYS = [
  'ratingPoor',
  'ratingFair',
  'ratingGood',
  'ratingVeryGood',
  'ratingExcellent',
] as const satisfies readonly (keyof typeof english)[];
export const RATING_LABELS = RATING_KEYS.map((key) => plainText(EN[key]));

export const FEEDBACK_MESSAGES = {
  ratingRequired: plainText(EN.ratingRequired),
  interestRequired: plainText(EN.interestRequired),
  priceRequired: plainText(EN.priceRequired),
  secondShowingRequired: plainText(EN.secondShowingRequired),
  textTooLong: (max: number) => filledText(EN.textTooLong, { max }),
} as const;

export const FEEDBACK_TEXT_MAX = 2000;
export const AGENT_NOTE_MAX = 2000;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, FEEDBACK_MESSAGES.textTooLong(max))
    .nullish()
    .transform((v) => v || null);

const priceOpinion = z.enum(PRICE_OPINIONS, { error: FEEDBACK_MESSAGES.priceRequired });
const secondShowing = z.boolean({ error: FEEDBACK_MESSAGES.secondShowingRequired });

/** The answers, as stored. Which questions the agent asks is checked by `feedbackAnswersFor`. */
export const feedbackAnswersSchema = z.object({
  rating: z
    .number({ error: FEEDBACK_MESSAGES.ratingRequired })
    .int(FEEDBACK_MESSAGES.ratingRequired)
    .min(1, FEEDBACK_MESSAGES.ratingRequired)
    .max(5, FEEDBACK_MESSAGES.ratingRequired),
  interest_level: z.enum(INTEREST_LEVELS, { error: FEEDBACK_MESSAGES.interestRequired }),
  price_opinion: priceOpinion.nullish().default(null),
  liked: optionalText(FEEDBACK_TEXT_MAX),
  disliked: optionalText(FEEDBACK_TEXT_MAX),
  second_showing: secondShowing.nullish().default(null),
  comments: optionalText(FEEDBACK_TEXT_MAX),
});
export type FeedbackAnswers = z.output<typeof feedbackAnswersSchema>;
export type FeedbackAnswersInput = z.input<typeof feedbackAnswersSchema>;

/** The questions an agent's feedback settings ask besides rating and interest. */
export type FeedbackQuestions = { ask_price_opinion: boolean; ask_second_showing: boolean };

/**
 * The answers with the agent's optional questions made required: the page and the server use the same.
 * (Required fields rather than a refinement, so a form missing several answers hears about all of them.)
 */
export function feedbackAnswersFor(questions: FeedbackQuestions) {
  return feedbackAnswersSchema.extend({
    price_opinion: questions.ask_price_opinion ? priceOpinion : feedbackAnswersSchema.shape.price_opinion,
    second_showing: questions.ask_second_showing ? secondShowing : feedbackAnswersSchema.shape.second_showing,
  });
}

/** GET /api/feedback/public/{publicId}: what the public page shows about the showing and any earlier answers. */
export const publicFeedbackViewSchema = z.object({
  success: z.literal(true),
  showing: z.object({
    booking_date: z.string(),
    booking_time: z.string(),
    time_zone: z.string(),
    starts_at: z.string(),
    purpose: z.string(),
    property: z.object({ address: z.string(), city: z.string(), state: z.string() }).nullable(),
  }),
  agent: z.object({
    name: z.string(),
    companyName: z.string().nullable(),
    logoUrl: z.string().nullable(),
    profilePictureUrl: z.string().nullable(),
    primaryColor: z.string(),
    /** The text colour on primaryColor (contrast.ts). */
    onPrimaryColor: z.string(),
  }),
  questions: z.object({ ask_price_opinion: z.boolean(), ask_second_showing: z.boolean() }),
  feedback: feedbackAnswersSchema.nullable(),
  submitted_at: z.string().nullable(),
  /** False for a showing that was cancelled, declined or moved: there is nothing to give feedback on. */
  open: z.boolean(),
  /**
   * Where the buyer books this property again (issue 29: "I'd like to see it again" had no way to): its
   * booking page while it is listed publicly, else the agent's booking page.
   */
  book_again_path: z.string(),
});
export type PublicFeedbackView = z.infer<typeof publicFeedbackViewSchema>;

/** PUT /api/feedback/public/{publicId}: 201 the first time, 200 when it replaces earlier answers. */
export const publicFeedbackSavedSchema = z.object({
  success: z.literal(true),
  created: z.boolean(),
  feedback: feedbackAnswersSchema,
});

/** One feedback as the agent reads it (GET /api/feedback, /api/feedback/{id}). */
export const agentFeedbackSchema = feedbackAnswersSchema.extend({
  id: z.string(),
  booking_id: z.string(),
  source: z.enum(['buyer', 'agent']),
  client_name: z.string(),
  client_email: z.string(),
  property: z.object({ id: z.number(), address: z.string() }).nullable(),
  showing_at: z.string(),
  agent_note: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AgentFeedback = z.infer<typeof agentFeedbackSchema>;

export const agentFeedbackListQuerySchema = z.object({
  property_id: queryInt4('Property id', { min: 1 }).optional(),
  limit: queryInt4('Limit', { min: 1, max: 200 }).optional(),
});

/** POST /api/feedback: the agent records feedback they collected themselves for one of their bookings. */
export const agentFeedbackCreateSchema = feedbackAnswersSchema.extend({
  booking_id: z.string({ error: 'Choose the booking this feedback is about' }).min(1),
  agent_note: optionalText(AGENT_NOTE_MAX),
});

/** PUT /api/feedback/{id}: the agent's private note. */
export const agentFeedbackNoteSchema = z.object({ agent_note: optionalText(AGENT_NOTE_MAX) });
