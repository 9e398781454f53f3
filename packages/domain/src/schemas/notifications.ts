// The agent's "Sent messages" list (issue 6): every e-mail and text sent, skipped or failed for their
// bookings, newest first, with the count of failures for the dashboard notice.
import { z } from 'zod';

export const MESSAGE_STATUSES = ['sent', 'retrying', 'failed', 'skipped'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const sentMessageSchema = z.object({
  id: z.string(),
  booking_id: z.string().nullable(),
  /** `{event}.{audience}.{channel}`, e.g. `reminder.buyer.email`. */
  kind: z.string(),
  channel: z.enum(['email', 'sms']),
  audience: z.enum(['buyer', 'agent']),
  recipient: z.string(),
  subject: z.string().nullable(),
  status: z.enum(MESSAGE_STATUSES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  /** smtp, file (written to DATA_DIR/mail), sms, sms-file. */
  transport: z.string().nullable(),
  message_id: z.string(),
  scheduled_for: z.string(),
  sent_at: z.string().nullable(),
  updated_at: z.string(),
  /** The .eml (or .txt) file name in file mode: GET /api/agents/messages/{id}/raw returns it. */
  file_name: z.string().nullable(),
});
export type SentMessage = z.infer<typeof sentMessageSchema>;

export const sentMessagesQuerySchema = z.object({
  status: z.enum(MESSAGE_STATUSES).optional(),
  booking_id: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});

export const sentMessagesResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(sentMessageSchema),
  /** Messages that failed for good: the dashboard's failure notice. */
  failedCount: z.number().int(),
});
