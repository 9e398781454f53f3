// Issue 46 "Buyers' own data" (decision 091): the buyer's page (GET /api/your-data, the download, POST
// /api/your-data/deletion-request) and the agent's requests and retention (GET|POST /api/privacy-requests,
// POST /api/privacy-requests/:id/complete, GET|PUT /api/privacy/retention). Words: ../privacy.ts.
import { z } from 'zod';
import {
  PRIVACY_REQUEST_SOURCES,
  PRIVACY_REQUEST_STATUSES,
  PRIVACY_TEXTS,
  RETENTION_MAX_MONTHS,
  RETENTION_MIN_MONTHS,
} from '../privacy';
import { emailSchema } from './common';

export const yourDataTokenSchema = z.object({ token: z.string().max(600).default('') });
export const yourDataDownloadQuerySchema = yourDataTokenSchema.extend({
  format: z.enum(['json', 'csv']).default('json'),
});

const bookingItem = z.object({
  id: z.string(),
  property: z.string().nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
  time_zone: z.string(),
  status: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  notes: z.string().nullable(),
  buyer_type: z.string(),
  budget_min: z.number().nullable(),
  budget_max: z.number().nullable(),
  income_range: z.string().nullable(),
  purpose: z.string(),
  cancel_reason: z.string().nullable(),
  reschedule_reason: z.string().nullable(),
});

const feedbackItem = z.object({
  booking_id: z.string(),
  property: z.string().nullable(),
  given_at: z.string(),
  rating: z.number(),
  interest_level: z.string(),
  price_opinion: z.string().nullable(),
  liked: z.string().nullable(),
  disliked: z.string().nullable(),
  comments: z.string().nullable(),
  second_showing: z.boolean().nullable(),
});

const messageItem = z.object({
  at: z.string(),
  direction: z.enum(['from_you', 'to_you']),
  channel: z.string(),
  kind: z.string(),
  subject: z.string().nullable(),
  body: z.string().nullable(),
});

const consentItem = z.object({
  at: z.string(),
  event: z.string(),
  phone: z.string().nullable(),
  wording_version: z.string().nullable(),
  page: z.string().nullable(),
  ip: z.string().nullable(),
});

const leadItem = z.object({
  class: z.string().nullable(),
  outcome: z.string(),
  notes: z.array(z.object({ at: z.string(), body: z.string() })),
});

const waitlistItem = z.object({
  property: z.string().nullable(),
  date: z.string(),
  part: z.string(),
  status: z.string(),
  joined_at: z.string(),
  name: z.string(),
  phone: z.string(),
});

const documentItem = z.object({
  document: z.string(),
  property: z.string().nullable(),
  status: z.string(),
  requested_at: z.string(),
});

export const privacyRequestBriefSchema = z.object({
  status: z.enum(PRIVACY_REQUEST_STATUSES),
  received_at: z.string(),
  due_at: z.string(),
  completed_at: z.string().nullable(),
});

export const yourDataSchema = z.object({
  email: z.string(),
  agent: z.object({ name: z.string(), company: z.string().nullable(), time_zone: z.string() }),
  generated_at: z.string(),
  bookings: z.array(bookingItem),
  feedback: z.array(feedbackItem),
  messages: z.array(messageItem),
  consents: z.array(consentItem),
  lead: leadItem.nullable(),
  waitlist: z.array(waitlistItem),
  document_requests: z.array(documentItem),
  request: privacyRequestBriefSchema.nullable(),
});
export type YourData = z.infer<typeof yourDataSchema>;
export const yourDataResponseSchema = z.object({ success: z.literal(true), data: yourDataSchema });

export const deletionRequestBodySchema = z.object({ token: z.string().max(600) });
export const deletionRequestResponseSchema = z.object({
  success: z.literal(true),
  data: privacyRequestBriefSchema.extend({ agent_name: z.string() }),
});

export const privacyRequestSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  source: z.enum(PRIVACY_REQUEST_SOURCES),
  status: z.enum(PRIVACY_REQUEST_STATUSES),
  received_at: z.string(),
  due_at: z.string(),
  completed_at: z.string().nullable(),
  days_left: z.number().int(),
  overdue: z.boolean(),
});
export type PrivacyRequest = z.infer<typeof privacyRequestSchema>;
export const privacyRequestsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ requests: z.array(privacyRequestSchema), time_zone: z.string() }),
});
export const privacyRequestResponseSchema = z.object({
  success: z.literal(true),
  data: privacyRequestSchema,
});
export const privacyRequestStartSchema = z.object({ email: emailSchema });

export const retentionSchema = z.object({
  retention_months: z
    .number({ error: PRIVACY_TEXTS.errors.retention })
    .int(PRIVACY_TEXTS.errors.retention)
    .min(RETENTION_MIN_MONTHS, PRIVACY_TEXTS.errors.retention)
    .max(RETENTION_MAX_MONTHS, PRIVACY_TEXTS.errors.retention)
    .nullable(),
});
export type Retention = z.infer<typeof retentionSchema>;
export const retentionResponseSchema = z.object({ success: z.literal(true), data: retentionSchema });
