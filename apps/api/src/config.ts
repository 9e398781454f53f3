// Every environment variable the server reads, parsed once. The README's configuration table mirrors this file.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isIP } from 'node:net';
import { z } from 'zod';
import { LOCAL_API_PORT } from '@keyturn/domain/constants';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.string().optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(LOCAL_API_PORT),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  PUBLIC_URL: z.url().optional(),
  TRUSTED_ORIGINS: z.string().optional(),
  AUTH_SECRET: z.string().min(32).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: booleanFlag.default(true),
  WEB_DIST: z.string().optional(),
  PUBLIC_WRITE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  PUBLIC_READ_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
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
  dataDir: string;
  publicUrl: string;
  trustedOrigins: string[];
  authSecret: string | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  seedDemo: boolean;
  webDist: string;
  publicWriteLimitPerMinute: number;
  /** Anonymous public reads (agent, property, availability) one client may make per minute. */
  publicReadLimitPerMinute: number;
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
  /** Origin the Content-Security-Policy admits for the analytics tag manager; null without VITE_GTM_ID. */
  tagManagerOrigin: string | null;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set" (e.g. DATABASE_URL= to force the embedded database).
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment configuration:\n${problems}`);
  }
  const e = parsed.data;
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
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(base, e.DATA_DIR),
    publicUrl,
    trustedOrigins: [...trustedOrigins],
    authSecret: e.AUTH_SECRET,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    webDist: e.WEB_DIST ? path.resolve(base, e.WEB_DIST) : path.join(repoRoot, 'apps/web/dist'),
    publicWriteLimitPerMinute: e.PUBLIC_WRITE_LIMIT_PER_MINUTE,
    publicReadLimitPerMinute: e.PUBLIC_READ_LIMIT_PER_MINUTE,
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
    tagManagerOrigin: e.VITE_GTM_ID ? new URL(e.VITE_GTM_SCRIPT_URL).origin : null,
  };
}
