// Leads (issue 13): a buyer as the agent knows them — every booking of one e-mail address with the agent,
// their answers, feedback, the agent's notes and an outcome. What the /api/leads calls take and answer; the
// Feedback page reads the same. Fields a plan does not include are absent (and their calls answer 403).
import { z } from 'zod';
import { LEAD_CLASSES } from '../insights/classify';

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

export const ANALYTICS_SECTIONS = ['insights', 'prediction'] as const;
export type AnalyticsSection = (typeof ANALYTICS_SECTIONS)[number];

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
