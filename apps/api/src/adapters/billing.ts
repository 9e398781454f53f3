// Stripe (issue 30, decision 047): the one place billing's configuration is read, and the client made from it.
// billingConfig() is what every caller asks: today the environment; a stored setting (Server settings) can be
// passed in later, and the environment still wins over it.
import Stripe from 'stripe';
import type { Config } from '../config';

export type StoredBillingSettings = {
  secretKey?: string | null;
  webhookSecret?: string | null;
  apiUrl?: string | null;
};

export type BillingConfig = {
  /** Billing is on only when both secrets are set. */
  configured: boolean;
  secretKey: string | null;
  webhookSecret: string | null;
  /** Where the client talks to: Stripe's own host unless STRIPE_API_URL says otherwise. */
  api: { host: string; port: number; protocol: 'http' | 'https' } | null;
};

export function billingConfig(
  config: Pick<Config, 'stripe'>,
  stored: StoredBillingSettings = {},
): BillingConfig {
  const secretKey = config.stripe.secretKey ?? stored.secretKey ?? null;
  const webhookSecret = config.stripe.webhookSecret ?? stored.webhookSecret ?? null;
  const apiUrl = config.stripe.apiUrl ?? stored.apiUrl ?? null;
  return {
    configured: Boolean(secretKey && webhookSecret),
    secretKey,
    webhookSecret,
    api: apiUrl ? apiOf(apiUrl) : null,
  };
}

function apiOf(url: string): BillingConfig['api'] {
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'http:' ? 'http' : 'https';
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}

const clients = new Map<string, Stripe>();

/** The Stripe client of a configured billing (one per key and address); null when billing is off. */
export function stripeClient(billing: BillingConfig): Stripe | null {
  if (!billing.configured || !billing.secretKey) return null;
  const key = `${billing.secretKey}@${JSON.stringify(billing.api)}`;
  let client = clients.get(key);
  if (!client) {
    client = new Stripe(billing.secretKey, {
      ...(billing.api ?? {}),
      maxNetworkRetries: 1,
      timeout: 15_000,
      telemetry: false,
      appInfo: { name: 'Keyturn' },
    });
    clients.set(key, client);
  }
  return client;
}

/** A body whose signature is right but which is not JSON: a 400 of its own, not "bad signature". */
export class UnreadableEventBody extends Error {}

/**
 * Stripe's webhook check: the parsed body when the Stripe-Signature header signs this exact body, else throws
 * (UnreadableEventBody when signed but not JSON). What the body holds is the caller's to check.
 */
export function verifiedEvent(billing: BillingConfig, rawBody: Buffer | string, signature: string): unknown {
  const client = stripeClient(billing);
  if (!client || !billing.webhookSecret || !client.webhooks.signature)
    throw new Error('billing is not configured');
  client.webhooks.signature.verifyHeader(rawBody, signature, billing.webhookSecret);
  try {
    return JSON.parse(typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8')) as unknown;
  } catch {
    throw new UnreadableEventBody('the signed body is not JSON');
  }
}

export type { Stripe };
