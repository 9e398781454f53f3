// Server settings (issue 30, decision 048): what the server's administrator configures on the page instead of
// in environment variables. Each setting has an internal key (the name of the environment variable that still
// wins over it); the page shows labels only, never a key. Secrets never come back: only whether they are set.
import { z } from 'zod';

export const SERVER_SETTINGS_SECTIONS = [
  'mail',
  'sms',
  'google',
  'microsoft',
  'maps',
  'billing',
  'ai',
  'mls',
  'backups',
  'launch',
] as const;
export type ServerSettingsSection = (typeof SERVER_SETTINGS_SECTIONS)[number];

export type ServerSettingDefinition = {
  key: string;
  section: ServerSettingsSection;
  label: string;
  /** Stored encrypted; answers carry only `set`. */
  secret: boolean;
  /** A short hint under the field, in plain words. */
  hint?: string;
  kind?: 'text' | 'number' | 'boolean' | 'url' | 'email' | 'choice';
  /** A `choice`'s values and their labels, in order (the first is the default). */
  choices?: readonly { value: string; label: string }[];
};

/**
 * Launch mode (issue 40, decision 069): automatic = launched once billing is configured; the other two force it.
 * The API's launchedOf (modules/launch) is the one place that decides; the public site reads its answer.
 */
export const LAUNCH_MODES = ['automatic', 'launched', 'pre-launch'] as const;
export type LaunchMode = (typeof LAUNCH_MODES)[number];
export const LAUNCH_MODE_LABELS: Record<LaunchMode, string> = {
  automatic: 'Automatic: launched once billing is set up',
  launched: 'Launched',
  'pre-launch': 'Before launch (waiting list)',
};

/** Every stored setting, in page order. The key is the environment variable that wins over the stored value. */
export const SERVER_SETTINGS: readonly ServerSettingDefinition[] = [
  { key: 'SMTP_HOST', section: 'mail', label: 'SMTP server', secret: false, hint: 'e.g. smtp.example.com' },
  {
    key: 'SMTP_PORT',
    section: 'mail',
    label: 'Port',
    secret: false,
    kind: 'number',
    hint: '587, or 465 with SSL',
  },
  { key: 'SMTP_USER', section: 'mail', label: 'User name', secret: false },
  { key: 'SMTP_PASSWORD', section: 'mail', label: 'Password', secret: true },
  {
    key: 'SMTP_SECURE',
    section: 'mail',
    label: 'Connect with SSL/TLS from the start',
    secret: false,
    kind: 'boolean',
  },
  {
    key: 'MAIL_FROM',
    section: 'mail',
    label: 'Sender',
    secret: false,
    hint: 'e.g. Keyturn <no-reply@example.com>',
  },
  { key: 'SMS_ACCOUNT_SID', section: 'sms', label: 'Account SID', secret: false },
  { key: 'SMS_AUTH_TOKEN', section: 'sms', label: 'Auth token', secret: true },
  { key: 'SMS_FROM', section: 'sms', label: 'Sending number', secret: false, hint: 'e.g. +15125550100' },
  { key: 'SMS_PROVIDER_URL', section: 'sms', label: 'Provider address', secret: false, kind: 'url' },
  { key: 'GOOGLE_CLIENT_ID', section: 'google', label: 'Client ID', secret: false },
  { key: 'GOOGLE_CLIENT_SECRET', section: 'google', label: 'Client secret', secret: true },
  { key: 'MICROSOFT_CLIENT_ID', section: 'microsoft', label: 'Application (client) ID', secret: false },
  { key: 'MICROSOFT_CLIENT_SECRET', section: 'microsoft', label: 'Client secret', secret: true },
  {
    key: 'MAP_TILE_URL',
    section: 'maps',
    label: 'Map tiles address',
    secret: false,
    hint: 'with {z}, {x} and {y}; off for no street map',
  },
  {
    key: 'GEOCODER_URL',
    section: 'maps',
    label: 'Address search (geocoder) address',
    secret: false,
    kind: 'url',
    hint: 'off to place pins by hand only',
  },
  {
    key: 'ROUTING_URL',
    section: 'maps',
    label: 'Driving routes (router) address',
    secret: false,
    kind: 'url',
  },
  {
    key: 'GEOCODER_EMAIL',
    section: 'maps',
    label: 'Contact e-mail sent to the map services',
    secret: false,
    kind: 'email',
  },
  { key: 'STRIPE_SECRET_KEY', section: 'billing', label: 'Stripe secret key', secret: true },
  { key: 'STRIPE_WEBHOOK_SECRET', section: 'billing', label: 'Webhook signing secret', secret: true },
  { key: 'STRIPE_API_URL', section: 'billing', label: 'Stripe API address', secret: false, kind: 'url' },
  { key: 'AI_BASE_URL', section: 'ai', label: 'Provider address', secret: false, kind: 'url' },
  { key: 'AI_API_KEY', section: 'ai', label: 'API key', secret: true },
  { key: 'AI_MODEL', section: 'ai', label: 'Model', secret: false },
  {
    key: 'RESO_BASE_URL',
    section: 'mls',
    label: 'RESO Web API address',
    secret: false,
    kind: 'url',
    hint: 'the address before /Property, from your MLS',
  },
  { key: 'RESO_TOKEN_URL', section: 'mls', label: 'Token address', secret: false, kind: 'url' },
  { key: 'RESO_CLIENT_ID', section: 'mls', label: 'Client ID', secret: false },
  { key: 'RESO_CLIENT_SECRET', section: 'mls', label: 'Client secret', secret: true },
  {
    key: 'BACKUPS_KEPT',
    section: 'backups',
    label: 'Daily backups kept',
    secret: false,
    kind: 'number',
    hint: 'The newest ones are kept; 0 turns the daily backup off',
  },
  {
    key: 'SITE_LAUNCH',
    section: 'launch',
    label: 'Public site',
    secret: false,
    kind: 'choice',
    choices: LAUNCH_MODES.map((value) => ({ value, label: LAUNCH_MODE_LABELS[value] })),
  },
];

export const SERVER_SETTING_KEYS = SERVER_SETTINGS.map((s) => s.key);

/** Where a setting's value comes from: the server's environment wins, then the page, then the default. */
export const SETTING_SOURCES = ['environment', 'stored', 'default', 'unset'] as const;
export type SettingSource = (typeof SETTING_SOURCES)[number];

export const serverSettingSchema = z.object({
  key: z.string(),
  source: z.enum(SETTING_SOURCES),
  /** The value in force; always null for a secret. */
  value: z.string().nullable(),
  /** Whether a value is in force (the only thing said about a secret). */
  set: z.boolean(),
});
export type ServerSetting = z.infer<typeof serverSettingSchema>;

export const serverSettingsResponseSchema = z.object({
  success: z.literal(true),
  settings: z.array(serverSettingSchema),
  /** Addresses the administrator pastes into the providers' consoles. */
  urls: z.object({
    googleRedirect: z.string(),
    microsoftRedirect: z.string(),
    /** Sign-in with Google / Microsoft (issue 41): the second redirect address to register with each app. */
    googleSignInRedirect: z.string(),
    microsoftSignInRedirect: z.string(),
    smsInbound: z.string(),
    stripeWebhook: z.string(),
  }),
  /** The administrator's own address, where "Send a test" goes. */
  adminEmail: z.string(),
  /** After a save that set Stripe's keys: how setting up the plans in Stripe went (issue 39). */
  billingSetup: z.object({ ok: z.boolean(), message: z.string() }).optional(),
});
export type ServerSettingsResponse = z.infer<typeof serverSettingsResponseSchema>;

/** A save: a string sets the value, null (or an empty string) removes the stored one. Unknown keys are refused. */
export const serverSettingsUpdateSchema = z.object({
  values: z
    .record(z.string(), z.string().max(2000).nullable())
    .refine((v) => Object.keys(v).every((k) => SERVER_SETTING_KEYS.includes(k)), 'Unknown setting'),
});
export type ServerSettingsUpdate = z.infer<typeof serverSettingsUpdateSchema>;

export const serverSettingsCheckResponseSchema = z.object({
  success: z.literal(true),
  ok: z.boolean(),
  message: z.string(),
});
export type ServerSettingsCheck = z.infer<typeof serverSettingsCheckResponseSchema>;

/** GET /api/server-administrator: whether the caller administers the server (any signed-in user may ask). */
export const serverAdministratorResponseSchema = z.object({
  success: z.literal(true),
  administrator: z.boolean(),
});

/** Where each provider's app is registered (the page links there). */
export const PROVIDER_CONSOLES = {
  google: 'https://console.cloud.google.com/apis/credentials',
  microsoft: 'https://entra.microsoft.com/#view/Microsoft_AAD_RegisteredApps/ApplicationsListBlade',
  sms: 'https://console.twilio.com/',
  billing: 'https://dashboard.stripe.com/webhooks',
} as const;

export const SERVER_SETTINGS_TEXTS = {
  title: 'Server settings',
  intro:
    "Connect this Keyturn server to the services it uses. Only you, as the server's administrator, see this page. Secrets are stored encrypted and never shown again.",
  fromEnvironment: "Set by the server's environment",
  secretSet: 'Set — enter a new value to replace it',
  secretUnset: 'Not set',
  saved: 'Server settings saved.',
  sectionTitles: {
    mail: 'E-mail',
    sms: 'Texts (SMS)',
    google: 'Google Calendar app',
    microsoft: 'Microsoft Outlook app',
    maps: 'Maps',
    billing: 'Billing (Stripe)',
    ai: 'AI provider',
    mls: 'MLS listing import',
    backups: 'Backups',
    launch: 'Launch',
  } satisfies Record<ServerSettingsSection, string>,
  sectionIntros: {
    mail: 'The server sends confirmations, reminders and account e-mails through this SMTP server. Without one, messages are kept in Settings → Messages instead of being sent.',
    sms: 'Texts to buyers go through this provider account.',
    google:
      'Lets agents connect their Google calendars. Register this address as an authorised redirect URI:',
    microsoft: 'Lets agents connect their Outlook calendars. Register this address as a redirect URI (Web):',
    maps: 'Where the map pictures, address search and driving routes come from. Leave empty for the defaults.',
    billing: 'Subscriptions are paid through Stripe. Paste this address as the webhook endpoint:',
    ai: 'An OpenAI-compatible service the booking assistant uses. Without one the assistant still works, with its built-in understanding.',
    mls: 'Lets agents import their listings from your MLS (RESO Web API). Your MLS gives the addresses and the client credentials with its data licence.',
    backups:
      'Each day the server saves a copy of its built-in database and of the key to its stored secrets in its backups folder. A managed database is backed up by its provider instead.',
    launch:
      'Before launch the public pages invite visitors to the waiting list and name the launch date. Once launched, they lead to sign-up and the free trial instead, and the waiting list takes no new names (people already on it keep their discount). Automatic launches the site as soon as billing is set up; choose Before launch to go back.',
  } satisfies Record<ServerSettingsSection, string>,
  smsInbound: 'Paste this address as the incoming messages webhook:',
  openConsole: 'Open the provider’s console',
  check: 'Check',
  sendTest: 'Send a test',
  testSent: (to: string) => `A test message was sent to ${to}.`,
  testSubject: 'Keyturn test message',
  testBody: 'This is a test message from your Keyturn server. E-mail is working.',
  forbidden: "Only the server's administrator can change server settings.",
  /** Billing (issue 39): the plans' catalogue made in Stripe from this page, on save, on Check or by the button. */
  billingSetUp: 'Set up plans in Stripe',
  billingSettingUp: 'Setting up…',
  billingNeedsKeys:
    'Enter and save both the Stripe secret key and the webhook signing secret: until both are set, agents cannot buy plans.',
  billingPlansReady: (created: number) =>
    created > 0
      ? `The plans are set up in Stripe (${created} ${created === 1 ? 'item' : 'items'} created): agents can buy them.`
      : 'The plans are set up in Stripe: agents can buy them.',
  billingSetupFailed: (reason: string) =>
    `The plans could not be set up in Stripe, so agents cannot buy them yet: ${reason}`,
  /** A check's address on a private or local network (the outbound guard refused it; nothing was sent). */
  privateAddress: (host: string) =>
    `${host} is on a private or local network, so this server did not call it (nothing was sent). Enter the service's public address; if it really runs on your own network, allow private addresses with ALLOW_PRIVATE_OUTBOUND_HOSTS=true in the server's environment.`,
} as const;

/** What an agent reads where a capability is not switched on (no variable names, no README). */
export const NOT_SWITCHED_ON = {
  calendar:
    "Calendar sync isn't switched on for this Keyturn server yet — your administrator can switch it on in Server settings",
  adminLink: 'Open Server settings',
} as const;

export const SERVER_SETTINGS_PATH = '/dashboard/server-settings';
