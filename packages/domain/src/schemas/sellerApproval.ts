// The payloads of the seller's approval calls (issue 32 §2): the agent's view of who answered, the seller's page
// (GET /api/seller-approval?token=) and the answers it posts. Server-side shapes: the seller's page reads them
// through these types.
import { z } from 'zod';
import { CANCELLED_BY } from '../enums';
import { APPROVAL_ACTIONS, APPROVAL_REQUEST_STATUSES } from '../listing/sellerApprovalTexts';
import { bookingLocaleField } from './booking';

export const sellerApprovalStateSchema = z.object({
  status: z.enum(APPROVAL_REQUEST_STATUSES),
  /** "Pat Seller approved", "Waiting for the seller" … */
  summary: z.string(),
  asked: z.array(z.string()),
  answered_by: z.string().nullable(),
  answered_at: z.string().nullable(),
  decline_reason: z.string().nullable(),
  reminders_sent: z.number().int(),
  escalated_at: z.string().nullable(),
  expires_at: z.string(),
});
export type SellerApprovalState = z.infer<typeof sellerApprovalStateSchema>;

const tokenField = z.string().trim().min(1, 'This link is not valid.').max(200, 'This link is not valid.');
export const approvalTokenQuerySchema = z.object({ token: tokenField });

export const sellerApprovalViewSchema = z.object({
  action: z.enum(APPROVAL_ACTIONS),
  status: z.enum(APPROVAL_REQUEST_STATUSES),
  link_used: z.boolean(),
  contact_name: z.string(),
  agent_name: z.string(),
  answered_by: z.string().nullable(),
  /** The showing's own state (`cancelled`, `rescheduled`…): a spent link says what became of it (issue 39 §10). */
  booking_status: z.string(),
  /** Who cancelled the showing, when it was cancelled (null: not cancelled, or not recorded). */
  cancelled_by: z.enum(CANCELLED_BY).nullable(),
  address: z.string(),
  starts_at: z.string(),
  time_zone: z.string(),
  /** "Tuesday, June 9, 2026", "5:00 PM", "EDT": the showing in the property's zone. */
  when: z.object({ date: z.string(), time: z.string(), zone: z.string() }),
  /** Propose: the property's open times (the one slot engine), the next 14 days. */
  open_times: z.array(z.object({ starts_at: z.string(), date: z.string(), time: z.string() })),
  /** Block: the property's date today, for "Not tonight". */
  today: z.string(),
});
export type SellerApprovalView = z.infer<typeof sellerApprovalViewSchema>;

/**
 * Issue 43: every answer may carry the page's language ('en' | 'es', the booking payloads' field): stored on the
 * link's contact, so their later e-mails and texts follow it.
 */
const localeField = bookingLocaleField;

export const approveBodySchema = z.object({ token: tokenField, locale: localeField });
export const declineBodySchema = z.object({
  token: tokenField,
  reason: z.string().trim().max(500, 'Keep the reason under 500 characters').nullable().default(null),
  locale: localeField,
});
export const proposeBodySchema = z.object({
  token: tokenField,
  starts_at: z.iso.datetime({ offset: true, error: 'Pick one of the open times' }),
  locale: localeField,
});
export const blockBodySchema = z.object({
  token: tokenField,
  /** "Not tonight": today from 5 PM to midnight in the property's zone. Otherwise a date and a span. */
  tonight: z.boolean().default(false),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date such as 2026-12-01')
    .nullable()
    .default(null),
  start: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time such as 09:30')
    .nullable()
    .default(null),
  end: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time such as 18:00')
    .nullable()
    .default(null),
  note: z.string().trim().max(200).nullable().default(null),
  locale: localeField,
});

export const answerResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ status: z.enum(APPROVAL_REQUEST_STATUSES), message: z.string() }),
});
