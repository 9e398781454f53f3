// Every environment variable the server reads, parsed once. The README's configuration table mirrors this file.
import path from 'node:path';
import { isIP } from 'node:net';
import { z } from 'zod';
import { LOCAL_API_PORT } from '@keyturn/domain/constants';
import { LAUNCH_MODES, SERVER_SETTING_KEYS } from '@keyturn/domain/schemas/serverSettings';
import { apiRoot } from './api-root';

export const repoRoot = path.resolve(apiRoot, '../..');

/** OpenStreetMap's public geocoder and standard tiles: the defaults when GEOCODER_URL / MAP_TILE_URL are unset. */
export const OSM_NOMINATIM_URL = 'https://nominatim.openstreetmap.org';
export const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
/** Nominatim's usage policy: at most one request a second (from all of this server's processes together). */
export const GEOCODER_INTERVAL_MS = 1000;

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.string().optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(LOCAL_API_PORT),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.url().optional(),
  // `transaction` when DATABASE_URL is a transaction pooler without prepared statements (PgBouncer before 1.21 in
  // transaction mode): every query is then sent unnamed. Keyturn keeps no other session state (issue 40).
  DATABASE_POOLER: z.enum(['none', 'transaction']).default('none'),
  // The bearer token /metrics asks for; without one, /metrics answers this machine only (loopback, not proxied).
  METRICS_TOKEN: z.string().min(16).optional(),
  DATA_DIR: z.string().default('./data'),
  // Where `npm run admin -- backup` and the daily backup write; DATA_DIR's sibling `<DATA_DIR>-backups` by default.
  BACKUP_DIR: z.string().optional(),
  // Issue 11: the database supervisor (db/supervisor.ts).
  DATABASE_PROBE_SECONDS: z.coerce.number().min(0.2).max(60).default(2),
  DATABASE_RESTART_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(3),
  PUBLIC_URL: z.url().optional(),
  TRUSTED_ORIGINS: z.string().optional(),
  AUTH_SECRET: z.string().min(32).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Unset: the demo is seeded only on a server whose PUBLIC_URL is on this machine (decision 064).
  SEED_DEMO: booleanFlag.optional(),
  WEB_DIST: z.string().optional(),
  PUBLIC_WRITE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  // Images in an S3-compatible bucket instead of PostgreSQL (issue 11): all four, or none.
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  PUBLIC_READ_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  PUBLIC_DATE_ANSWERS_KEPT: z.coerce.number().int().min(0).default(5000),
  AUTH_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if (parsed === null) {
        ctx.addIssue({
          code: 'custom',
          message: 'false, a number of proxy hops, or a comma-separated list of IP addresses / CIDR ranges',
        });
        return z.NEVER;
      }
      return parsed;
    }),
  // Notifications (issue 6): e-mail, SMS and the job queue that sends them.
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().default('Keyturn <no-reply@keyturn.app>'),
  SMS_PROVIDER_URL: z.url().default('https://api.twilio.com'),
  SMS_ACCOUNT_SID: z.string().optional(),
  SMS_AUTH_TOKEN: z.string().optional(),
  SMS_FROM: z.string().optional(),
  SMS_DEFAULT_COUNTRY: z
    .string()
    .regex(/^[A-Z]{2}$/, 'a two-letter country code such as US')
    .default('US'),
  WORKERS_IN_PROCESS: booleanFlag.default(true),
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  JOBS_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  NOTIFY_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(8),
  NOTIFY_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  NOTIFY_SEND_TIMEOUT_SECONDS: z.coerce.number().int().min(2).max(3600).default(120),
  // Calendar sync (issue 14): OAuth apps and provider base URLs (tests point them at 127.0.0.1).
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_AUTH_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_REVOKE_URL: z.url().default('https://oauth2.googleapis.com/revoke'),
  GOOGLE_API_URL: z.url().default('https://www.googleapis.com/calendar/v3'),
  MICROSOFT_CLIENT_ID: z.string().optional(),
  MICROSOFT_CLIENT_SECRET: z.string().optional(),
  MICROSOFT_TENANT: z
    .string()
    .regex(/^[A-Za-z0-9.-]+$/)
    .default('common'),
  MICROSOFT_AUTHORITY_URL: z.url().default('https://login.microsoftonline.com'),
  MICROSOFT_GRAPH_URL: z.url().default('https://graph.microsoft.com/v1.0'),
  CALENDAR_TOKEN_KEY: z.string().optional(),
  CALENDAR_SYNC_MINUTES: z.coerce.number().int().min(1).max(1440).default(5),
  /** Issue 34: how often each connected agent's MLS listings are synced. */
  MLS_SYNC_MINUTES: z.coerce.number().int().min(5).max(1440).default(60),
  // ICS subscriptions and webhooks may call loopback/private hosts only when allowed (tests, on-premises).
  ALLOW_PRIVATE_OUTBOUND_HOSTS: booleanFlag.default(false),
  WEBHOOK_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(8),
  WEBHOOK_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(10),
  // The booking assistant's optional OpenAI-compatible provider (issue 17): offline without AI_BASE_URL.
  AI_BASE_URL: z.url().optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  AI_TIMEOUT_SECONDS: z.coerce.number().min(1).max(120).default(15),
  // Maps (issues 16, 30): a Nominatim-compatible geocoder, an OSRM router and the map's tiles. The geocoder and
  // the tiles default to OpenStreetMap's public services (used within their usage policies: an identifying
  // User-Agent, at most one geocoding request a second, answers cached, attribution on every map); `off`
  // switches either off. Without ROUTING_URL drive times are the straight-line estimate.
  GEOCODER_URL: z.union([z.literal('off'), z.url()]).default(OSM_NOMINATIM_URL),
  KEYTURN_CONTACT_EMAIL: z.email().optional(),
  GEOCODER_EMAIL: z.email().optional(),
  GEOCODER_USER_AGENT: z.string().min(3).optional(),
  ROUTING_URL: z.url().optional(),
  ROUTING_TIMEOUT_SECONDS: z.coerce.number().min(0.2).max(60).default(5),
  MAP_TILE_URL: z
    .union([
      z.literal('off'),
      z
        .string()
        .regex(/^https?:\/\/[^\s]+\{z\}[^\s]*$/, 'an http(s) URL template with {z}, {x} and {y}, or off'),
    ])
    .default(OSM_TILE_URL),
  MAP_TILE_ATTRIBUTION: z.string().max(300).default('© OpenStreetMap contributors'),
  // Subscriptions with Stripe (issue 30): billing is on when both secrets are set; STRIPE_API_URL points the
  // client at another host (tests: a 127.0.0.1 server speaking Stripe's API).
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_URL: z.url().optional(),
  // Launch mode (issue 40): the environment wins over Server settings, as for every setting.
  SITE_LAUNCH: z.enum(LAUNCH_MODES).optional(),
  // Server settings (issue 30, decision 048): e-mails that are the server's administrators (besides the first
  // account), comma-separated.
  ADMIN_EMAILS: z.string().optional(),
  MAP_TILE_ATTRIBUTION_URL: z.url().default('https://www.openstreetmap.org/copyright'),
  // The web app's analytics build settings: the CSP admits the tag manager only when a container is set.
  VITE_GTM_ID: z.string().optional(),
  VITE_GTM_SCRIPT_URL: z.url().default('https://www.googletagmanager.com/gtm.js'),
});

export type TrustProxy = false | number | string[];

/**
 * TRUST_PROXY: off by default (X-Forwarded-For is ignored, so a forged one gains nothing); a number of
 * proxy hops in front of the server; or the proxies' addresses (IPs or CIDR ranges, comma-separated).
 * `true` (trust anyone) is deliberately not accepted. null when the value is none of these.
 */
export function parseTrustProxy(value: string): TrustProxy | null {
  const text = value.trim();
  if (text === '' || text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((s) => s.trim());
  const valid = entries.every((entry) => {
    const [address = '', prefix, ...rest] = entry.split('/');
    const version = isIP(address);
    if (version === 0 || rest.length > 0) return false;
    if (prefix === undefined) return true;
    if (!/^\d{1,3}$/.test(prefix)) return false;
    return Number(prefix) <= (version === 4 ? 32 : 128);
  });
  return valid ? entries : null;
}

export type Config = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** `transaction`: DATABASE_URL is a transaction pooler, so no named prepared statements (db/client.ts). */
  databasePooler: 'none' | 'transaction';
  /** The bearer token /metrics asks for; null = loopback only. */
  metricsToken: string | null;
  /** How often the database is probed, and how many restarts of an embedded one are tried before exiting. */
  database: { probeSeconds: number; restartAttempts: number };
  dataDir: string;
  /** Where backups go (BACKUP_DIR, else `<DATA_DIR>-backups`). */
  backupDir: string;
  publicUrl: string;
  trustedOrigins: string[];
  authSecret: string | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  seedDemo: boolean;
  webDist: string;
  publicWriteLimitPerMinute: number;
  /** Where images go when not in PostgreSQL; null = the `images` table. */
  s3: {
    endpoint: string;
    bucket: string;
    region: string;
    accessKeyId: string;
    secretAccessKey: string;
  } | null;
  /** Anonymous public reads (agent, property, availability) one client may make per minute. */
  publicReadLimitPerMinute: number;
  /** Public date answers (free slots of a date) kept per server (decision 035); 0 computes every call. */
  publicDateAnswersKept: number;
  /** Sign-in, sign-up and other account calls one client may make per minute. */
  authLimitPerMinute: number;
  /** Fastify's trustProxy: false (the socket's address is the client), a hop count, or trusted addresses. */
  trustProxy: TrustProxy;
  mail: { smtpUrl: string | undefined; from: string };
  sms: {
    providerUrl: string;
    accountSid: string | undefined;
    authToken: string | undefined;
    from: string | undefined;
    defaultCountry: string;
  };
  jobs: {
    workersInProcess: boolean;
    pollSeconds: number;
    maintenanceSeconds: number;
    retryLimit: number;
    retryDelaySeconds: number;
    sendTimeoutSeconds: number;
  };
  calendar: CalendarConfig;
  /** Addresses the server calls for agents (ICS subscriptions, webhooks): private networks only if allowed. */
  outbound: { allowPrivateHosts: boolean };
  /** MLS listing import (issue 34): minutes between syncs (the MLS itself is set in Server settings). */
  mls: { syncMinutes: number };
  /** Outbound webhooks (Enterprise): retries with doubling delays, and how long a receiver may take. */
  webhooks: { retryLimit: number; retryDelaySeconds: number; timeoutSeconds: number };
  /** Route optimisation (issue 16): null URLs fall back to the estimate / the hand-placed pin / no base map. */
  maps: MapsConfig;
  /** Origin the Content-Security-Policy admits for the analytics tag manager; null without VITE_GTM_ID. */
  tagManagerOrigin: string | null;
  /** The booking assistant's OpenAI-compatible provider; null = offline understanding only. */
  ai: AiConfig | null;
  /** Stripe's secrets as the environment gives them; adapters/billing.ts's billingConfig() is what to read. */
  stripe: { secretKey: string | null; webhookSecret: string | null; apiUrl: string | null };
  /** ADMIN_EMAILS, lower-cased: the server's administrators besides the first account (decision 048). */
  adminEmails: string[];
  /**
   * The environment's values of the settings Server settings also stores (and SMTP_URL): these win over the
   * stored ones (decision 048). Only the keys that are set, none empty.
   */
  settingsEnvironment: Record<string, string>;
};

export type AiConfig = { baseUrl: string; apiKey: string; model: string; timeoutSeconds: number };
export type MapsConfig = {
  /** Nominatim search API base (…/search is appended); null = switched off, pins are placed by hand. */
  geocoderUrl: string | null;
  /** The server's contact, sent as Nominatim's `email` and named in the User-Agent (its usage policy). */
  geocoderEmail: string | null;
  /** Identifies this server to the geocoder and router: the product, the server's address and its contact. */
  userAgent: string;
  /** The least time between two geocoding requests, across every process on the database. */
  geocoderIntervalMs: number;
  /** OSRM HTTP API base (…/table/v1/driving, …/route/v1/driving); null = the offline estimate. */
  routingUrl: string | null;
  timeoutMs: number;
  /** Leaflet tile URL template ({z}/{x}/{y}), loaded by the browser; null = drawn without a base map. */
  tileUrl: string | null;
  /** The attribution every map shows (text and the page it links to). */
  tileAttribution: string;
  tileAttributionUrl: string;
};

/** The User-Agent the maps adapters send: who runs this server and how to reach them (Nominatim's policy). */
export function mapsUserAgent(publicUrl: string, contact: string | null): string {
  return `Keyturn showing scheduler (+${publicUrl}${contact ? `; ${contact}` : ''})`;
}

export type OAuthApp = {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  /** Token revocation (RFC 7009); null where the provider has none (Microsoft). */
  revokeUrl: string | null;
  /** Calendar API base: Google Calendar v3, or Microsoft Graph v1.0. */
  apiUrl: string;
};

export type OAuthEndpoints = Omit<OAuthApp, 'clientId' | 'clientSecret'>;

export type CalendarConfig = {
  google: OAuthApp | null;
  microsoft: OAuthApp | null;
  /** Each provider's addresses, also without an app in the environment (Server settings may hold one). */
  endpoints: { google: OAuthEndpoints; microsoft: OAuthEndpoints };
  /** CALENDAR_TOKEN_KEY (base64 or hex, 32 bytes), or null: a key generated once in DATA_DIR. */
  tokenKey: string | null;
  syncMinutes: number;
};

const noSlash = (u: string) => u.replace(/\/$/, '');

function mapsConfig(e: z.output<typeof envSchema>, publicUrl: string): MapsConfig {
  const contact = e.KEYTURN_CONTACT_EMAIL ?? e.GEOCODER_EMAIL ?? null;
  return {
    geocoderUrl: e.GEOCODER_URL === 'off' ? null : noSlash(e.GEOCODER_URL),
    geocoderEmail: contact,
    userAgent: e.GEOCODER_USER_AGENT ?? mapsUserAgent(publicUrl, contact),
    geocoderIntervalMs: GEOCODER_INTERVAL_MS,
    routingUrl: e.ROUTING_URL ? noSlash(e.ROUTING_URL) : null,
    timeoutMs: Math.round(e.ROUTING_TIMEOUT_SECONDS * 1000),
    tileUrl: e.MAP_TILE_URL === 'off' ? null : e.MAP_TILE_URL,
    tileAttribution: e.MAP_TILE_ATTRIBUTION,
    tileAttributionUrl: e.MAP_TILE_ATTRIBUTION_URL,
  };
}

/** A PUBLIC_URL on this machine only (localhost, 127.0.0.1, ::1): nobody elsewhere can sign in to a demo there. */
export function isLocalUrl(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1' || host === '::1';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set" (e.g. DATABASE_URL= to force the embedded database).
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment configuration:\n${problems}`);
  }
  const e = parsed.data;
  const s3Settings = [e.S3_ENDPOINT, e.S3_BUCKET, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY];
  if (s3Settings.some(Boolean) && !s3Settings.every(Boolean)) {
    throw new Error(
      'Invalid environment configuration:\n  S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set all four (images in the bucket) or none (images in PostgreSQL)',
    );
  }
  // `npm start` runs inside apps/api; relative paths are meant from where the user typed the command.
  const base = env.INIT_CWD ?? process.cwd();
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const trustedOrigins = new Set([
    publicUrl,
    `http://localhost:${e.PORT}`,
    `http://127.0.0.1:${e.PORT}`,
    // The Vite dev server calls the API from another origin, with credentials: allowed only while developing.
    ...(e.NODE_ENV === 'development' ? ['http://localhost:5173', 'http://127.0.0.1:5173'] : []),
    ...(e.TRUSTED_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  ]);
  const googleEndpoints: OAuthEndpoints = {
    authUrl: e.GOOGLE_AUTH_URL,
    tokenUrl: e.GOOGLE_TOKEN_URL,
    revokeUrl: e.GOOGLE_REVOKE_URL,
    apiUrl: noSlash(e.GOOGLE_API_URL),
  };
  const microsoftAuthority = `${noSlash(e.MICROSOFT_AUTHORITY_URL)}/${e.MICROSOFT_TENANT}/oauth2/v2.0`;
  const microsoftEndpoints: OAuthEndpoints = {
    authUrl: `${microsoftAuthority}/authorize`,
    tokenUrl: `${microsoftAuthority}/token`,
    revokeUrl: null,
    apiUrl: noSlash(e.MICROSOFT_GRAPH_URL),
  };
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databasePooler: e.DATABASE_POOLER,
    metricsToken: e.METRICS_TOKEN ?? null,
    database: { probeSeconds: e.DATABASE_PROBE_SECONDS, restartAttempts: e.DATABASE_RESTART_ATTEMPTS },
    dataDir: path.resolve(base, e.DATA_DIR),
    backupDir: e.BACKUP_DIR ? path.resolve(base, e.BACKUP_DIR) : `${path.resolve(base, e.DATA_DIR)}-backups`,
    publicUrl,
    trustedOrigins: [...trustedOrigins],
    authSecret: e.AUTH_SECRET,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO ?? isLocalUrl(publicUrl),
    webDist: e.WEB_DIST ? path.resolve(base, e.WEB_DIST) : path.join(repoRoot, 'apps/web/dist'),
    publicWriteLimitPerMinute: e.PUBLIC_WRITE_LIMIT_PER_MINUTE,
    s3:
      e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT.replace(/\/$/, ''),
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          }
        : null,
    publicReadLimitPerMinute: e.PUBLIC_READ_LIMIT_PER_MINUTE,
    publicDateAnswersKept: e.PUBLIC_DATE_ANSWERS_KEPT,
    authLimitPerMinute: e.AUTH_LIMIT_PER_MINUTE,
    trustProxy: e.TRUST_PROXY,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    sms: {
      providerUrl: e.SMS_PROVIDER_URL.replace(/\/$/, ''),
      accountSid: e.SMS_ACCOUNT_SID,
      authToken: e.SMS_AUTH_TOKEN,
      from: e.SMS_FROM,
      defaultCountry: e.SMS_DEFAULT_COUNTRY,
    },
    jobs: {
      workersInProcess: e.WORKERS_IN_PROCESS,
      pollSeconds: e.JOBS_POLL_SECONDS,
      maintenanceSeconds: e.JOBS_MAINTENANCE_SECONDS,
      retryLimit: e.NOTIFY_RETRY_LIMIT,
      retryDelaySeconds: e.NOTIFY_RETRY_DELAY_SECONDS,
      sendTimeoutSeconds: e.NOTIFY_SEND_TIMEOUT_SECONDS,
    },
    calendar: {
      google:
        e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
          ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, ...googleEndpoints }
          : null,
      microsoft:
        e.MICROSOFT_CLIENT_ID && e.MICROSOFT_CLIENT_SECRET
          ? {
              clientId: e.MICROSOFT_CLIENT_ID,
              clientSecret: e.MICROSOFT_CLIENT_SECRET,
              ...microsoftEndpoints,
            }
          : null,
      endpoints: { google: googleEndpoints, microsoft: microsoftEndpoints },
      tokenKey: e.CALENDAR_TOKEN_KEY ?? null,
      syncMinutes: e.CALENDAR_SYNC_MINUTES,
    },
    outbound: { allowPrivateHosts: e.ALLOW_PRIVATE_OUTBOUND_HOSTS },
    mls: { syncMinutes: e.MLS_SYNC_MINUTES },
    webhooks: {
      retryLimit: e.WEBHOOK_RETRY_LIMIT,
      retryDelaySeconds: e.WEBHOOK_RETRY_DELAY_SECONDS,
      timeoutSeconds: e.WEBHOOK_TIMEOUT_SECONDS,
    },
    maps: mapsConfig(e, publicUrl),
    tagManagerOrigin: e.VITE_GTM_ID ? new URL(e.VITE_GTM_SCRIPT_URL).origin : null,
    ai: e.AI_BASE_URL
      ? {
          baseUrl: noSlash(e.AI_BASE_URL),
          // Local OpenAI-compatible servers often need no key; the client still sends one.
          apiKey: e.AI_API_KEY ?? 'none',
          model: e.AI_MODEL,
          timeoutSeconds: e.AI_TIMEOUT_SECONDS,
        }
      : null,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY ?? null,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null,
      apiUrl: e.STRIPE_API_URL ?? null,
    },
    adminEmails: (e.ADMIN_EMAILS ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    settingsEnvironment: Object.fromEntries(
      [...SERVER_SETTING_KEYS, 'SMTP_URL'].flatMap((key) => {
        const value = env[key]?.trim();
        return value ? [[key, value]] : [];
      }),
    ),
  };
}
