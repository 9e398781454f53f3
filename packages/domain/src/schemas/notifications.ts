// The agent's "Sent messages" list (issue 6): every e-mail and text sent, skipped or failed for their
// bookings, newest first, with the count of failures for the dashboard notice.
import { z } from 'zod';
import { queryInt4 } from './numbers';

export const MESSAGE_STATUSES = ['sent', 'retrying', 'failed', 'skipped'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const sentMessageSchema = z.object({
  id: z.string(),
  booking_id: z.string().nullable(),
  /** `{event}.{audience}.{channel}`, e.g. `reminder.buyer.email`. */
  kind: z.string(),
  channel: z.enum(['email', 'sms']),
  audience: z.enum(['buyer', 'agent', 'buyer_agent', 'seller']),
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
  /** When the agent dismissed this failure from the dashboard notice (failed messages only). */
  dismissed_at: z.string().nullable(),
});
export type SentMessage = z.infer<typeof sentMessageSchema>;

export const sentMessagesQuerySchema = z.object({
  status: z.enum(MESSAGE_STATUSES).optional(),
  booking_id: z.string().optional(),
  limit: queryInt4('Limit', { min: 1, max: 500 }).optional(),
});

export const sentMessagesResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(sentMessageSchema),
  /** Messages that failed for good and were not dismissed: the dashboard's failure notice. */
  failedCount: z.number().int(),
});

/** What a message said, read back from its stored copy (file mode); null when no copy is kept (SMTP). */
export const messageContentSchema = z.object({
  from: z.string().nullable(),
  to: z.string().nullable(),
  reply_to: z.string().nullable(),
  subject: z.string().nullable(),
  text: z.string().nullable(),
  /**
   * The e-mail's HTML body, shown in a sandboxed srcdoc frame; images it loaded from PUBLIC_URL come
   * root-relative, so they resolve on the host the app is opened on (links stay as sent). Texts have none.
   */
  html: z.string().nullable(),
  attachments: z.array(z.object({ filename: z.string().nullable(), content_type: z.string() })),
});
export type MessageContent = z.infer<typeof messageContentSchema>;

/** GET /api/agents/messages/{id}: one message with its content. */
export const sentMessageDetailResponseSchema = z.object({
  success: z.literal(true),
  data: sentMessageSchema.extend({ content: messageContentSchema.nullable() }),
});
export type SentMessageDetail = z.infer<typeof sentMessageDetailResponseSchema>['data'];

/** POST /api/agents/messages/{id}/retry: the failed message is back on the queue (status `retrying`). */
export const retryMessageResponseSchema = z.object({ success: z.literal(true), data: sentMessageSchema });

/** POST /api/agents/messages/dismiss-failures: the notice goes away; the messages stay listed as failed. */
export const dismissFailuresResponseSchema = z.object({
  success: z.literal(true),
  dismissed: z.number().int(),
});

// What each kind is called and who it went to: messageKinds.ts (one table for every message the server sends).
