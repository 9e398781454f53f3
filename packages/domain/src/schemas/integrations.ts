// Calendar sync (issue 14, spec §3 and §7 "Integrations"): the agent's connected calendars (Google-type,
// Microsoft-type, ICS subscriptions), the OAuth exchange {code, redirectUri} and the sync settings object sent
// under the key syncSettings. Tokens never appear in any of these shapes.
import { z } from 'zod';
import { NOT_SWITCHED_ON } from './serverSettings';

export const OAUTH_PROVIDERS = ['google', 'microsoft'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];
export const CALENDAR_PROVIDERS = [...OAUTH_PROVIDERS, 'ics'] as const;
export type CalendarProvider = (typeof CALENDAR_PROVIDERS)[number];

/**
 * connected: synced fine last time; syncing: a sync is queued or running; needs_reconnect: the provider
 * refused the grant (invalid_grant / 401 after a refresh) — the agent must connect again; error: the last
 * sync failed for a passing reason (outage), retried with backoff.
 */
export const INTEGRATION_STATUSES = ['connected', 'syncing', 'needs_reconnect', 'error'] as const;
export type IntegrationStatus = (typeof INTEGRATION_STATUSES)[number];

export const PROVIDER_NAMES: Record<CalendarProvider, string> = {
  google: 'Google Calendar',
  microsoft: 'Microsoft Outlook',
  ics: 'ICS subscription',
};

/** On-screen texts of the calendar settings and callback pages. */
export const CALENDAR_TEXTS = {
  /** Said to agents where the server has no app for a provider (decision 048: never a variable name). */
  notConfigured: NOT_SWITCHED_ON.calendar,
  needsReconnect:
    'The calendar provider no longer accepts Keyturn’s access. Buyers are still offered times using the busy times from the last successful sync. Connect the account again to resume syncing.',
  connected: 'Calendar connected.',
  connectFailed: 'The calendar could not be connected.',
} as const;

export const calendarSchema = z.object({
  id: z.string(),
  name: z.string(),
  primary: z.boolean(),
  /** Its busy times block public slots. */
  busy: z.boolean(),
  /** New showings are written into this calendar (at most one per agent). */
  target: z.boolean(),
  /** The provider lets Keyturn write events here (ICS subscriptions are read-only). */
  writable: z.boolean(),
});
export type CalendarEntry = z.infer<typeof calendarSchema>;

export const integrationSchema = z.object({
  id: z.string(),
  provider: z.enum(CALENDAR_PROVIDERS),
  account_email: z.string().nullable(),
  /** ICS subscriptions: a label for the URL (its host); the URL itself is a secret and is not echoed. */
  label: z.string().nullable(),
  status: z.enum(INTEGRATION_STATUSES),
  last_synced_at: z.string().nullable(),
  last_error: z.string().nullable(),
  busy_count: z.number().int(),
  calendars: z.array(calendarSchema),
});
export type Integration = z.infer<typeof integrationSchema>;

export const providerAvailabilitySchema = z.object({
  configured: z.boolean(),
});

export const integrationsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(integrationSchema),
  providers: z.object({ google: providerAvailabilitySchema, microsoft: providerAvailabilitySchema }),
  /** The redirect URIs to register with each provider. */
  redirect_uris: z.object({ google: z.string(), microsoft: z.string() }),
  /** Integrations that need reconnecting and the agent has not yet been told about on the dashboard. */
  needs_reconnect_count: z.number().int(),
});

export const integrationResponseSchema = z.object({ success: z.literal(true), data: integrationSchema });

export const connectResponseSchema = z.object({ success: z.literal(true), url: z.string() });

export const oauthExchangeSchema = z.object({
  code: z.string().trim().min(1, 'The authorization code is missing').max(4096),
  redirectUri: z.url({ error: 'redirectUri must be a URL' }).max(2048),
  state: z.string().trim().min(1, 'The state is missing').max(512),
});
export type OAuthExchange = z.infer<typeof oauthExchangeSchema>;

export const syncSettingsSchema = z.object({
  /** Calendar ids (from GET /integrations/calendar) whose busy times block public slots. */
  busy_calendar_ids: z.array(z.string().max(64)).max(200),
  /** The calendar that receives new showings, or null for none. */
  target_calendar_id: z.string().max(64).nullable(),
  /** Write confirmed showings into the target calendar. */
  push_enabled: z.boolean(),
});
export type SyncSettings = z.infer<typeof syncSettingsSchema>;

export const syncSettingsBodySchema = z.object({ syncSettings: syncSettingsSchema });
export const syncSettingsResponseSchema = z.object({
  success: z.literal(true),
  syncSettings: syncSettingsSchema,
});

export const icsSubscribeSchema = z.object({
  url: z
    .url({ error: 'Enter the calendar’s ICS address (https://… or webcal://…)' })
    .max(2048)
    .refine(
      (u) => /^(https?|webcal):\/\//i.test(u),
      'Enter the calendar’s ICS address (https://… or webcal://…)',
    ),
});

export const icsFeedResponseSchema = z.object({ success: z.literal(true), url: z.string() });
