// Outbound webhooks (issue 13, Enterprise): the events, the endpoint an agent registers, the delivery log.
// The body and the signature are documented in docs/crm-integration.md.
import { z } from 'zod';

export const WEBHOOK_EVENTS = [
  'booking.created',
  'booking.confirmed',
  'booking.cancelled',
  'booking.rescheduled',
  'feedback.received',
  'lead.updated',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'booking.created': 'Booking created',
  'booking.confirmed': 'Booking confirmed',
  'booking.cancelled': 'Booking cancelled or declined',
  'booking.rescheduled': 'Booking rescheduled',
  'feedback.received': 'Feedback received',
  'lead.updated': 'Lead updated',
};

/** The signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'keyturn-signature';
export const WEBHOOK_EVENT_HEADER = 'keyturn-event';
export const WEBHOOK_DELIVERY_HEADER = 'keyturn-delivery';

export const WEBHOOK_MESSAGES = {
  urlInvalid: 'Enter the full address of your endpoint, starting with https:// or http://',
  eventsRequired: 'Choose at least one event',
} as const;

/** An http(s) address without user name or password in it. */
export const webhookUrlSchema = z
  .string({ error: WEBHOOK_MESSAGES.urlInvalid })
  .trim()
  .max(2000, WEBHOOK_MESSAGES.urlInvalid)
  .pipe(z.url({ protocol: /^https?$/, error: WEBHOOK_MESSAGES.urlInvalid }))
  .refine((value) => !/^[a-z]+:\/\/[^/?#]*@/i.test(value), WEBHOOK_MESSAGES.urlInvalid);

export const webhookEndpointCreateSchema = z.object({
  url: webhookUrlSchema,
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: WEBHOOK_MESSAGES.eventsRequired }), {
      error: WEBHOOK_MESSAGES.eventsRequired,
    })
    .min(1, WEBHOOK_MESSAGES.eventsRequired)
    .transform((events) => [...new Set(events)]),
});
export type WebhookEndpointCreate = z.input<typeof webhookEndpointCreateSchema>;

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  created_at: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'retrying', 'delivered', 'failed'] as const;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  event: z.string(),
  /** The event's id inside the body: the same for a delivery sent again. */
  event_id: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  response_status: z.number().int().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** Endpoints one agent may register. */
export const WEBHOOK_MAX_ENDPOINTS = 10;
/** Deliveries the log shows per endpoint, newest first. */
export const WEBHOOK_LOG_LIMIT = 50;
