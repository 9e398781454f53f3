// Leads (issue 13): a buyer as the agent knows them — every booking of one e-mail address with the agent,
// their answers, feedback, the agent's notes and an outcome. What the /api/leads calls take and answer; the
// Feedback page reads the same. Fields a plan does not include are absent (and their calls answer 403).
import { z } from 'zod';
import { LEAD_CLASSES } from '../insights/classify';
import { SENTIMENT_LABELS } from '../insights/signals';

export const LEAD_OUTCOMES = ['open', 'offer_made', 'purchased', 'lost'] as const;
export type LeadOutcome = (typeof LEAD_OUTCOMES)[number];
export const LEAD_OUTCOME_LABELS: Record<LeadOutcome, string> = {
  open: 'Open',
  offer_made: 'Offer made',
  purchased: 'Purchased',
  lost: 'Lost',
};

export const LEAD_NOTE_MAX = 2000;
export const LEAD_SEARCH_MAX = 200;

export const LEAD_MESSAGES = {
  noteRequired: 'Write the note first',
  noteTooLong: `Please keep notes under ${LEAD_NOTE_MAX} characters`,
  outcomeRequired: 'Choose open, offer made, purchased or lost',
  leadNotFound: 'Lead not found.',
  noteNotFound: 'Note not found.',
  planRequired: (plan: string) => `This needs the ${plan} plan. Upgrade in Subscription.`,
} as const;

export const leadListQuerySchema = z.object({
  class: z.enum(LEAD_CLASSES).optional(),
  outcome: z.enum(LEAD_OUTCOMES).optional(),
  q: z.string().trim().max(LEAD_SEARCH_MAX).optional(),
});
export type LeadListQuery = z.infer<typeof leadListQuerySchema>;

export const leadNoteInputSchema = z.object({
  body: z
    .string({ error: LEAD_MESSAGES.noteRequired })
    .trim()
    .min(1, LEAD_MESSAGES.noteRequired)
    .max(LEAD_NOTE_MAX, LEAD_MESSAGES.noteTooLong),
});

export const leadOutcomeInputSchema = z.object({
  outcome: z.enum(LEAD_OUTCOMES, { error: LEAD_MESSAGES.outcomeRequired }),
});

const nextStepSchema = z.object({ id: z.string(), action: z.string(), reason: z.string() });

export const leadSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  outcome: z.enum(LEAD_OUTCOMES),
  class: z.enum(LEAD_CLASSES),
  class_rule: z.object({ id: z.string(), text: z.string() }),
  bookings_count: z.number(),
  last_activity_at: z.string(),
  /** Professional and Enterprise. */
  score: z.number().optional(),
  sentiment: z.enum(SENTIMENT_LABELS).optional(),
  next_step: nextStepSchema.nullable().optional(),
  /** Enterprise: the model's chance of an offer, 0–100; null while the model cannot be trained. */
  predicted: z.number().nullable().optional(),
});
export type LeadSummary = z.infer<typeof leadSummarySchema>;

export const ANALYTICS_SECTIONS = ['insights', 'prediction'] as const;
export type AnalyticsSection = (typeof ANALYTICS_SECTIONS)[number];

export const leadListSchema = z.object({
  success: z.literal(true),
  data: z.array(leadSummarySchema),
  /** What the caller's plan leaves out: the page shows these with an upgrade hint. */
  locked: z.array(z.enum(ANALYTICS_SECTIONS)),
});

export const leadNoteSchema = z.object({
  id: z.string(),
  body: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type LeadNote = z.infer<typeof leadNoteSchema>;

export const TIMELINE_KINDS = [
  'booked',
  'scheduled',
  'showed',
  'no_show',
  'cancelled',
  'feedback',
  'note',
  'outcome',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

export const timelineEventSchema = z.object({
  kind: z.enum(TIMELINE_KINDS),
  at: z.string(),
  booking_id: z.string().nullable(),
  property: z.object({ id: z.number(), address: z.string() }).nullable(),
  text: z.string().nullable(),
});
export type TimelineEvent = z.infer<typeof timelineEventSchema>;

export const sentimentSchema = z.object({
  label: z.enum(SENTIMENT_LABELS),
  score: z.number(),
  positive: z.array(z.string()),
  negative: z.array(z.string()),
});

export const leadInsightsSchema = z.object({
  score: z.number(),
  base: z.number(),
  factors: z.array(z.object({ id: z.string(), points: z.number(), reason: z.string() })),
  sentiment: sentimentSchema,
  recommendations: z.array(nextStepSchema),
});
export type LeadInsights = z.infer<typeof leadInsightsSchema>;

export const predictionSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('trained'),
    /** 0–100 */
    probability: z.number(),
    auc: z.number(),
    drivers: z.array(z.object({ id: z.string(), label: z.string(), effect: z.number() })),
  }),
  z.object({ status: z.literal('insufficient'), message: z.string(), fallback_score: z.number() }),
]);
export type Prediction = z.infer<typeof predictionSchema>;

export const predictiveModelSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('trained'),
    auc: z.number(),
    trained_on: z.number(),
    held_out: z.number(),
    features: z.array(
      z.object({ id: z.string(), label: z.string(), weight: z.number(), effect: z.string() }),
    ),
  }),
  z.object({
    status: z.literal('insufficient'),
    outcomes: z.number(),
    needed: z.number(),
    message: z.string(),
  }),
]);
export type PredictiveModelView = z.infer<typeof predictiveModelSchema>;

export const leadDetailSchema = leadSummarySchema.extend({
  buyer: z.object({
    buyer_type: z.string(),
    budget_min: z.number().nullable(),
    budget_max: z.number().nullable(),
    income_range: z.string().nullable(),
  }),
  feedback: z.array(
    z.object({
      id: z.string(),
      booking_id: z.string(),
      showing_at: z.string(),
      property: z.object({ id: z.number(), address: z.string() }).nullable(),
      rating: z.number(),
      interest_level: z.string(),
      price_opinion: z.string().nullable(),
      second_showing: z.boolean().nullable(),
      liked: z.string().nullable(),
      disliked: z.string().nullable(),
      comments: z.string().nullable(),
    }),
  ),
  notes: z.array(leadNoteSchema),
  timeline: z.array(timelineEventSchema),
  insights: leadInsightsSchema.optional(),
  prediction: predictionSchema.optional(),
  locked: z.array(z.enum(ANALYTICS_SECTIONS)),
});
export type LeadDetail = z.infer<typeof leadDetailSchema>;
