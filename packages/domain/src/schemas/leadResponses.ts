// The answers of the /api/leads calls (issue 13), as zod schemas for the server's serialisation and its
// OpenAPI document. The web app imports only the types from here (`import type`), never the schemas.
import { z } from 'zod';
import { LEAD_CLASSES } from '../insights/classify';
import { SENTIMENT_LABELS } from '../insights/signals';
import { WHY_SIGNAL_IDS } from '../insights/fairHousing';
import { ANALYTICS_SECTIONS, LEAD_OUTCOMES, TIMELINE_KINDS } from './leads';

const nextStepSchema = z.object({ id: z.string(), action: z.string(), reason: z.string() });

export const leadSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  outcome: z.enum(LEAD_OUTCOMES),
  class: z.enum(LEAD_CLASSES),
  class_rule: z.object({ id: z.string(), text: z.string() }),
  /** "Why this class" (decision 090): the deciding rule's text and the allowed signals it read. */
  class_why: z.object({
    rule: z.string(),
    signals: z.array(z.object({ id: z.enum(WHY_SIGNAL_IDS), label: z.string(), value: z.string() })),
  }),
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
      /** The answers in one line, e.g. "Rated 5/5 · Very interested · Price: Fair · Wants a second showing". */
      summary: z.string(),
    }),
  ),
  notes: z.array(leadNoteSchema),
  timeline: z.array(timelineEventSchema),
  insights: leadInsightsSchema.optional(),
  prediction: predictionSchema.optional(),
  locked: z.array(z.enum(ANALYTICS_SECTIONS)),
});
export type LeadDetail = z.infer<typeof leadDetailSchema>;
