// `npm run admin -- billing-setup` (issue 30): the products, prices and waiting-list coupon of the domain's
// plan table in the Stripe account, made once — products by their fixed ids, prices by lookup key, the coupon
// by id — so running it again changes nothing and nobody types a price id. Issue 39: the same set-up runs from
// Server settings (on saving Stripe's keys, on Check, by "Set up plans in Stripe") and, when a price is
// missing, from Checkout itself — no command is needed for billing to work.
import { billingCatalog, WAITLIST_COUPON_ID, WAITLIST_DISCOUNT_PERCENT } from '@keyturn/domain/billing';
import { PLANS } from '@keyturn/domain/plans';
import { SERVER_SETTINGS_TEXTS } from '@keyturn/domain/schemas/serverSettings';
import type Stripe from 'stripe';
import { stripeClient, type BillingConfig } from '../../adapters/billing';

export type SetupReport = { created: string[]; existing: string[] };

function isMissing(err: unknown): boolean {
  return (err as { statusCode?: number }).statusCode === 404;
}

export async function setUpBilling(stripe: Stripe): Promise<SetupReport> {
  const report: SetupReport = { created: [], existing: [] };
  const catalog = billingCatalog();
  const productIds = new Set<string>();
  for (const price of catalog) {
    const productId = price.kind === 'seat' ? `keyturn_${price.plan}_seat` : `keyturn_${price.plan}`;
    if (productIds.has(productId)) continue;
    const name =
      price.kind === 'seat'
        ? `Keyturn ${PLANS[price.plan].name} extra user`
        : `Keyturn ${PLANS[price.plan].name}`;
    try {
      await stripe.products.retrieve(productId);
      report.existing.push(`product ${productId}`);
    } catch (err) {
      if (!isMissing(err)) throw err;
      await stripe.products.create({ id: productId, name, metadata: { keyturn_plan: price.plan } });
      report.created.push(`product ${productId}`);
    }
    productIds.add(productId);
  }
  const found = await stripe.prices.list({ lookup_keys: catalog.map((p) => p.lookupKey), limit: 100 });
  const have = new Set(found.data.map((p) => p.lookup_key));
  for (const price of catalog) {
    if (have.has(price.lookupKey)) {
      report.existing.push(`price ${price.lookupKey}`);
      continue;
    }
    await stripe.prices.create({
      product: price.kind === 'seat' ? `keyturn_${price.plan}_seat` : `keyturn_${price.plan}`,
      currency: 'usd',
      unit_amount: price.unitAmountCents,
      recurring: { interval: price.interval === 'yearly' ? 'year' : 'month' },
      lookup_key: price.lookupKey,
      metadata: { keyturn_plan: price.plan, keyturn_kind: price.kind },
    });
    report.created.push(`price ${price.lookupKey}`);
  }
  try {
    await stripe.coupons.retrieve(WAITLIST_COUPON_ID);
    report.existing.push(`coupon ${WAITLIST_COUPON_ID}`);
  } catch (err) {
    if (!isMissing(err)) throw err;
    await stripe.coupons.create({
      id: WAITLIST_COUPON_ID,
      percent_off: WAITLIST_DISCOUNT_PERCENT,
      duration: 'forever',
      name: `Waiting list: ${WAITLIST_DISCOUNT_PERCENT}% for life`,
    });
    report.created.push(`coupon ${WAITLIST_COUPON_ID}`);
  }
  return report;
}

/** One set-up at a time per Stripe client in this process (a save, a Check and a Checkout may meet). */
const running = new Map<Stripe, Promise<SetupReport>>();

/** setUpBilling, joined by whoever asks while it runs. */
export function ensureCatalog(stripe: Stripe): Promise<SetupReport> {
  let run = running.get(stripe);
  if (!run) {
    run = setUpBilling(stripe).finally(() => running.delete(stripe));
    running.set(stripe, run);
  }
  return run;
}

/** Stripe's refusal in the administrator's words. */
export function stripeProblem(err: unknown): string {
  const e = err as { type?: string; statusCode?: number; message?: string };
  if (e.type === 'StripeAuthenticationError' || e.statusCode === 401) return 'Stripe refused the secret key.';
  if (e.type === 'StripePermissionError' || e.statusCode === 403) {
    return 'the key may not create products and prices: use a secret key (not a restricted one) of the account.';
  }
  if (e.type === 'StripeConnectionError') return 'Stripe could not be reached. Try again in a moment.';
  return e.message ? `Stripe answered: ${e.message}` : 'Stripe answered with an error.';
}

/** The plans set up in the Stripe account of the billing in force, told in plain words for Server settings. */
export async function setUpPlans(billing: BillingConfig): Promise<{ ok: boolean; message: string }> {
  const stripe = stripeClient(billing);
  if (!stripe) return { ok: false, message: SERVER_SETTINGS_TEXTS.billingNeedsKeys };
  try {
    const report = await ensureCatalog(stripe);
    return { ok: true, message: SERVER_SETTINGS_TEXTS.billingPlansReady(report.created.length) };
  } catch (err) {
    return { ok: false, message: SERVER_SETTINGS_TEXTS.billingSetupFailed(stripeProblem(err)) };
  }
}
