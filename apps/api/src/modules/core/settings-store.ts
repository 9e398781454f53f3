// The settings resolution of decision 048, per key: the server's environment wins, else the value stored in
// Server settings (secrets sealed with the calendar tokens' key), else the default. Adapters get functions made
// from this resolver at composition (app.ts, compose-workers.ts) and call them at use time, so a saved change
// applies to the next message, check or request without a restart, on every server sharing the database.
import { inArray } from 'drizzle-orm';
import { SERVER_SETTINGS, type SettingSource } from '@keyturn/domain/schemas/serverSettings';
import { DEFAULT_BACKUPS_KEPT } from '@keyturn/domain/operations';
import type { Db } from '../../db/client';
import { serverSettings } from '../../db/schema';
import type { SmtpTransport, MailSettings } from '../../adapters/mail';
import type { SmsOptions } from '../../adapters/sms';
import type { ResoSettings } from '../../adapters/reso';
import {
  mapsUserAgent,
  type AiConfig,
  type CalendarConfig,
  type Config,
  type MapsConfig,
  type OAuthApp,
} from '../../config';
import { billingConfig, type BillingConfig } from '../../adapters/billing';
import { loadTokenKey, secretBox, type SecretBox } from './crypto';

/** Defaults of the settings that have one (the same as config.ts's). */
export const SETTING_DEFAULTS: Record<string, string> = {
  MAIL_FROM: 'Keyturn <no-reply@keyturn.app>',
  SMS_PROVIDER_URL: 'https://api.twilio.com',
  STRIPE_API_URL: 'https://api.stripe.com',
  AI_MODEL: 'gpt-4o-mini',
  BACKUPS_KEPT: String(DEFAULT_BACKUPS_KEPT),
};

/** The mail transport's parts: SMTP_URL in the environment stands for all of them. */
export const SMTP_PARTS = ['SMTP_HOST', 'SMTP_PORT', 'SMTP_USER', 'SMTP_PASSWORD', 'SMTP_SECURE'];

export type ResolvedSetting = { value: string | null; source: SettingSource };

export type SettingsResolver = {
  /** Every setting in force (secrets in clear: for the adapters only, never for an answer). */
  all: () => Promise<Map<string, ResolvedSetting>>;
  get: (key: string) => Promise<string | null>;
  /** The environment's SMTP_URL, which stands for the whole mail transport. */
  smtpUrlFromEnvironment: string | null;
};

const secretKeys = new Set(SERVER_SETTINGS.filter((s) => s.secret).map((s) => s.key));

export function settingsResolver(deps: {
  db: Db;
  box: SecretBox;
  environment: Record<string, string>;
}): SettingsResolver {
  const { db, box, environment } = deps;
  const all = async () => {
    const rows = await db.select().from(serverSettings);
    const stored = new Map(rows.map((r) => [r.key, r.secret ? openOrNull(box, r.value) : r.value]));
    const resolved = new Map<string, ResolvedSetting>();
    for (const { key } of SERVER_SETTINGS) {
      const fromEnv = environment[key] ?? (SMTP_PARTS.includes(key) ? environment.SMTP_URL : undefined);
      const own = stored.get(key) ?? null;
      resolved.set(
        key,
        fromEnv !== undefined
          ? { value: fromEnv, source: 'environment' }
          : own !== null
            ? { value: own, source: 'stored' }
            : SETTING_DEFAULTS[key] !== undefined
              ? { value: SETTING_DEFAULTS[key], source: 'default' }
              : { value: null, source: 'unset' },
      );
    }
    return resolved;
  };
  return {
    all,
    get: async (key) => (await all()).get(key)?.value ?? null,
    smtpUrlFromEnvironment: environment.SMTP_URL ?? null,
  };
}

/** A value sealed under another key (DATA_DIR replaced) reads as not set rather than failing every send. */
function openOrNull(box: SecretBox, sealed: string): string | null {
  try {
    return box.open(sealed);
  } catch {
    return null;
  }
}

/** Stores (or, for null, removes) the given settings in one transaction; secrets are sealed. */
export async function storeSettings(
  db: Db,
  box: SecretBox,
  values: Record<string, string | null>,
  userId: string,
): Promise<void> {
  const entries = Object.entries(values);
  const removed = entries.filter(([, v]) => v === null).map(([k]) => k);
  const written = entries.filter((e): e is [string, string] => e[1] !== null);
  await db.transaction(async (tx) => {
    if (removed.length > 0) await tx.delete(serverSettings).where(inArray(serverSettings.key, removed));
    for (const [key, plain] of written) {
      const secret = secretKeys.has(key);
      const value = secret ? box.seal(plain) : plain;
      await tx
        .insert(serverSettings)
        .values({ key, value, secret, updatedBy: userId })
        .onConflictDoUpdate({
          target: serverSettings.key,
          set: { value, secret, updatedBy: userId, updatedAt: new Date() },
        });
    }
  });
}

/** The SMTP server in force: the environment's SMTP_URL, else the stored host and its parts; null = none. */
export function smtpOf(settings: Map<string, ResolvedSetting>, smtpUrl: string | null): SmtpTransport | null {
  if (smtpUrl) return smtpUrl;
  const v = (key: string) => settings.get(key)?.value ?? null;
  const host = v('SMTP_HOST');
  if (!host) return null;
  const secure = v('SMTP_SECURE') === 'true';
  const user = v('SMTP_USER');
  return {
    host,
    port: Number(v('SMTP_PORT') ?? (secure ? 465 : 587)),
    secure,
    ...(user ? { auth: { user, pass: v('SMTP_PASSWORD') ?? '' } } : {}),
  };
}

/** What the resolving mailer (adapters/mail.ts) reads at each send. */
export const mailSettingsOf = (resolver: SettingsResolver) => async (): Promise<MailSettings> => {
  const settings = await resolver.all();
  return {
    smtp: smtpOf(settings, resolver.smtpUrlFromEnvironment),
    from: settings.get('MAIL_FROM')?.value ?? null,
  };
};

/** What the resolving SMS sender (adapters/sms.ts) reads at each text. */
export const smsSettingsOf =
  (resolver: SettingsResolver, fallbackUrl: string) =>
  async (): Promise<Omit<SmsOptions, 'outbox' | 'outbound'>> => {
    const settings = await resolver.all();
    const v = (key: string) => settings.get(key)?.value ?? undefined;
    return {
      providerUrl: (v('SMS_PROVIDER_URL') ?? fallbackUrl).replace(/\/$/, ''),
      accountSid: v('SMS_ACCOUNT_SID'),
      authToken: v('SMS_AUTH_TOKEN'),
      from: v('SMS_FROM'),
    };
  };

/** What the booking assistant's provider reads at each turn; null = offline understanding only. */
export const aiConfigOf =
  (resolver: SettingsResolver, timeoutSeconds: number) => async (): Promise<AiConfig | null> => {
    const settings = await resolver.all();
    const baseUrl = settings.get('AI_BASE_URL')?.value;
    if (!baseUrl) return null;
    return {
      baseUrl: baseUrl.replace(/\/$/, ''),
      // Local OpenAI-compatible servers often need no key; the client still sends one.
      apiKey: settings.get('AI_API_KEY')?.value ?? 'none',
      model: settings.get('AI_MODEL')?.value ?? 'gpt-4o-mini',
      timeoutSeconds,
    };
  };

/** The resolver of a server process, and the box its secrets are sealed with (the calendar tokens' key). */
export function serverSettingsOf(config: Config, db: Db): { box: SecretBox; resolver: SettingsResolver } {
  const box = secretBox(loadTokenKey(config.calendar.tokenKey, config.dataDir));
  return { box, resolver: settingsResolver({ db, box, environment: config.settingsEnvironment }) };
}

/** The calendar apps in force (the calendar sync's `apps`): a client id and secret, at the provider's addresses. */
export const oauthAppsOf =
  (resolver: SettingsResolver, endpoints: CalendarConfig['endpoints']) =>
  async (provider: 'google' | 'microsoft'): Promise<OAuthApp | null> => {
    const settings = await resolver.all();
    const prefix = provider === 'google' ? 'GOOGLE' : 'MICROSOFT';
    const clientId = settings.get(`${prefix}_CLIENT_ID`)?.value;
    const clientSecret = settings.get(`${prefix}_CLIENT_SECRET`)?.value;
    return clientId && clientSecret ? { clientId, clientSecret, ...endpoints[provider] } : null;
  };

/** The MLS's RESO Web API in force (issue 34): all four parts set, else null (importing from the MLS is off). */
export function resoSettingsFrom(settings: Map<string, ResolvedSetting>): ResoSettings | null {
  const v = (key: string) => settings.get(key)?.value ?? null;
  const [baseUrl, tokenUrl, clientId, clientSecret] = [
    v('RESO_BASE_URL'),
    v('RESO_TOKEN_URL'),
    v('RESO_CLIENT_ID'),
    v('RESO_CLIENT_SECRET'),
  ];
  return baseUrl && tokenUrl && clientId && clientSecret
    ? { baseUrl, tokenUrl, clientId, clientSecret }
    : null;
}

export const resoSettingsOf = (resolver: SettingsResolver) => async () =>
  resoSettingsFrom(await resolver.all());

/**
 * The maps configuration in force (decision 048 as amended for decision 049): per key the environment (already
 * parsed into `base` by config.ts) wins, else the value stored in Server settings, read with config.ts's rules
 * (`off` switches the geocoder or the tiles off, an address loses its trailing slash), else `base`'s default.
 * The contact is KEYTURN_CONTACT_EMAIL from the environment, else GEOCODER_EMAIL (environment, then stored); the
 * User-Agent names the contact in force unless GEOCODER_USER_AGENT set it. The routes capability resolves it
 * once per request (app.ts), the Content-Security-Policy's img-src once per few seconds.
 */
export const mapsConfigOf =
  (resolver: SettingsResolver, base: MapsConfig, publicUrl: string) => async (): Promise<MapsConfig> => {
    const settings = await resolver.all();
    const stored = (key: string) => {
      const setting = settings.get(key);
      return setting?.source === 'stored' && setting.value ? setting.value : null;
    };
    const address = (value: string) => (value === 'off' ? null : value.replace(/\/$/, ''));
    const geocoder = stored('GEOCODER_URL');
    const router = stored('ROUTING_URL');
    const tiles = stored('MAP_TILE_URL');
    const email = stored('GEOCODER_EMAIL');
    // Without GEOCODER_EMAIL in the environment, base's contact is KEYTURN_CONTACT_EMAIL's (or none).
    const contact = base.geocoderEmail ?? email;
    const generatedAgent = base.userAgent === mapsUserAgent(publicUrl, base.geocoderEmail);
    return {
      ...base,
      geocoderUrl: geocoder !== null ? address(geocoder) : base.geocoderUrl,
      routingUrl: router !== null ? address(router) : base.routingUrl,
      tileUrl: tiles !== null ? (tiles === 'off' ? null : tiles) : base.tileUrl,
      geocoderEmail: contact,
      userAgent: generatedAgent ? mapsUserAgent(publicUrl, contact) : base.userAgent,
    };
  };

/**
 * Billing in force (decision 047's billingConfig): Stripe's keys and address as Server settings resolve them —
 * the environment still wins, then what the administrator saved. Read at each use, so saved keys switch billing
 * on (Checkout, the portal, the webhook, the pricing page's buttons) without a restart.
 */
export const billingOf =
  (resolver: SettingsResolver, config: Pick<Config, 'stripe'>) => async (): Promise<BillingConfig> => {
    const settings = await resolver.all();
    const stored = (key: string) => {
      const s = settings.get(key);
      return s && s.source !== 'default' ? s.value : null;
    };
    return billingConfig(config, {
      secretKey: stored('STRIPE_SECRET_KEY'),
      webhookSecret: stored('STRIPE_WEBHOOK_SECRET'),
      apiUrl: stored('STRIPE_API_URL'),
    });
  };
