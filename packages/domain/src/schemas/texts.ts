// Issue 33: the shapes of the inbound-text side — the provider's inbound webhook fields, the agent's "Messages
// from buyers" and their reply by text.
import { z } from 'zod';

/** The provider's inbound message (Twilio form fields; others it sends are ignored). */
export const inboundTextSchema = z.object({
  MessageSid: z
    .string({ error: 'MessageSid is required' })
    .trim()
    .min(1, 'MessageSid is required')
    .max(64, 'MessageSid must be at most 64 characters'),
  From: z.string({ error: 'From is required' }).trim().min(1, 'From is required').max(40, 'From is too long'),
  To: z.string().trim().max(40, 'To is too long').default(''),
  Body: z.string().max(1600, 'Body must be at most 1600 characters').default(''),
});

export const BUYER_TEXT_REPLY_MAX_LENGTH = 320;

export const buyerTextSchema = z.object({
  /** The provider's MessageSid. */
  id: z.string(),
  from: z.string(),
  body: z.string(),
  received_at: z.string(),
  booking_id: z.string().nullable(),
  client_name: z.string().nullable(),
  starts_at: z.string().nullable(),
  reply: z.string().nullable(),
  replied_at: z.string().nullable(),
});
export type BuyerText = z.infer<typeof buyerTextSchema>;

export const buyerTextsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(buyerTextSchema),
});
export const buyerTextResponseSchema = z.object({ success: z.literal(true), data: buyerTextSchema });

export const buyerTextReplyRequestSchema = z.object({
  text: z
    .string({ error: 'Write a reply' })
    .trim()
    .min(1, 'Write a reply')
    .max(
      BUYER_TEXT_REPLY_MAX_LENGTH,
      `A text reply must be at most ${BUYER_TEXT_REPLY_MAX_LENGTH} characters`,
    ),
});
