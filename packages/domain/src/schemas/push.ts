// Issue 47 (decision 093): the agent's push subscriptions and push preferences — GET /api/push/config,
// POST|DELETE /api/push/subscriptions, GET|PUT /api/push/preferences. Words: push.ts.
import { z } from 'zod';
import { PUSH_EVENTS, PUSH_TEXTS, type PushEvent } from '../push';

const E = PUSH_TEXTS.errors;

/** A browser's push endpoint: checked again by the server's outbound rules (https; 127.0.0.1 only in tests). */
const endpointSchema = z
  .string({ error: E.endpoint })
  .max(2048, E.endpoint)
  .url({ error: E.endpoint })
  .refine((u) => /^https?:\/\//.test(u), E.endpoint);

/** base64url, as PushSubscription.toJSON() gives the keys. */
const base64url = (min: number, max: number) =>
  z
    .string({ error: E.keys })
    .min(min, E.keys)
    .max(max, E.keys)
    .regex(/^[A-Za-z0-9_-]+=*$/, E.keys);

export const pushSubscriptionCreateSchema = z.object({
  endpoint: endpointSchema,
  // An uncompressed P-256 point (65 bytes → 87 characters) and a 16-byte secret (22 characters).
  keys: z.object({ p256dh: base64url(80, 100), auth: base64url(16, 32) }, { error: E.keys }),
  /** What the dashboard shows for the device ("Chrome on Android"); the server adds nothing to it. */
  label: z.string().trim().max(120).optional(),
});
export type PushSubscriptionCreate = z.infer<typeof pushSubscriptionCreateSchema>;

export const pushSubscriptionDeleteSchema = z.object({ endpoint: endpointSchema });

export const pushPreferencesSchema = z.object(
  Object.fromEntries(PUSH_EVENTS.map((e) => [e, z.boolean()])) as Record<PushEvent, z.ZodBoolean>,
);

export const pushPreferencesResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ preferences: pushPreferencesSchema, devices: z.number().int() }),
});

export const pushConfigResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ public_key: z.string() }),
});

export const pushSubscriptionResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ endpoint: z.string(), created_at: z.string() }),
});
