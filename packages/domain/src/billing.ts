// Subscriptions (issue 30, decision 047): the billing states an agent's plan goes through, the grace after a
// failed payment, the catalogue the setup command creates in Stripe from the plan table, and the texts.
import { TRIAL_DAYS, WAITLIST } from './constants';
import { PLANS, type Plan } from './plans';

export const BILLING_STATUSES = ['none', 'trialing', 'active', 'past_due', 'canceled'] as const;
export type BillingStatus = (typeof BILLING_STATUSES)[number];
export const BILLING_INTERVALS = ['monthly', 'yearly'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];
export type PaidPlanId = 'pro' | 'enterprise';
export const PAID_PLAN_IDS: readonly PaidPlanId[] = ['pro', 'enterprise'];

/** Days a failed payment keeps the paid plan before Basic's limits apply. */
export const PAYMENT_GRACE_DAYS = 7;
export { TRIAL_DAYS };

/** A price of the catalogue: the lookup key the setup command gives it and Checkout finds it by. */
export type CatalogPrice = {
  lookupKey: string;
  plan: PaidPlanId;
  /** 'seat': Enterprise's extra user, billed per seat. */
  kind: 'plan' | 'seat';
  interval: BillingInterval;
  /** Cents per billing interval. */
  unitAmountCents: number;
};

function cents(usd: number): number {
  return Math.round(usd * 100);
}

/** Every price the setup command creates, from the plan table (yearly = 12 × the yearly monthly price). */
export function billingCatalog(): CatalogPrice[] {
  const prices: CatalogPrice[] = [];
  for (const id of PAID_PLAN_IDS) {
    const plan: Plan = PLANS[id];
    const pair = (kind: CatalogPrice['kind'], monthlyUsd: number, yearlyMonthlyUsd: number) => {
      const suffix = kind === 'seat' ? '_seat' : '';
      for (const interval of BILLING_INTERVALS) {
        prices.push({
          lookupKey: `keyturn_${id}${suffix}_${interval}`,
          plan: id,
          kind,
          interval,
          unitAmountCents: cents(interval === 'yearly' ? yearlyMonthlyUsd * 12 : monthlyUsd),
        });
      }
    };
    // Yearly is 12 × the yearly per-month price; an extra user costs the same per month either way.
    pair('plan', plan.monthlyPriceUsd, plan.yearlyMonthlyPriceUsd);
    if (plan.extraUserMonthlyUsd !== null) {
      pair('seat', plan.extraUserMonthlyUsd, plan.extraUserMonthlyUsd);
    }
  }
  return prices;
}

export function catalogPrice(plan: PaidPlanId, interval: BillingInterval, kind: 'plan' | 'seat' = 'plan') {
  return billingCatalog().find((p) => p.plan === plan && p.interval === interval && p.kind === kind);
}

/** The catalogue price a Stripe price's lookup key names, if it is one of ours. */
export function priceOfLookupKey(lookupKey: string | null | undefined): CatalogPrice | undefined {
  return billingCatalog().find((p) => p.lookupKey === lookupKey);
}

/** The coupon the setup command creates and Checkout applies for a waiting-list sign-up. */
export const WAITLIST_COUPON_ID = 'keyturn_waitlist_lifetime';
export const WAITLIST_DISCOUNT_PERCENT = WAITLIST.discountPercent;

/** Our status of a Stripe subscription's status. */
export function billingStatusOf(stripeStatus: string): BillingStatus {
  switch (stripeStatus) {
    case 'trialing':
      return 'trialing';
    case 'active':
      return 'active';
    case 'past_due':
    case 'unpaid':
    case 'incomplete':
      return 'past_due';
    default:
      return 'canceled';
  }
}

/**
 * The plan an agent's billing gives now: the paid plan while trialing or active, while past due until the
 * grace ends; Basic after. null = billing does not decide (no subscription: the plan set by an administrator).
 */
export function planOfBilling(
  billing: { status: BillingStatus; plan: PaidPlanId | null; graceUntil: Date | null },
  now: Date,
): Plan['id'] | null {
  if (billing.status === 'none' || billing.plan === null) return null;
  if (billing.status === 'trialing' || billing.status === 'active') return billing.plan;
  if (billing.status === 'past_due' && billing.graceUntil && billing.graceUntil > now) return billing.plan;
  return 'basic';
}

export function graceEnd(failedAt: Date): Date {
  return new Date(failedAt.getTime() + PAYMENT_GRACE_DAYS * 24 * 60 * 60 * 1000);
}

// Made on first use: no locale data loaded at a page's start for it (issue 48).
let dayFormat: Intl.DateTimeFormat | undefined;
const day = () =>
  (dayFormat ??= new Intl.DateTimeFormat('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }));

export const BILLING_MESSAGES = {
  upgrade: (plan: string) => `Start the ${TRIAL_DAYS}-day free trial of ${plan}`,
  /** An agent who already subscribes changes plan in the Customer Portal. */
  switchTo: (plan: string) => `Switch to ${plan}`,
  manage: 'Manage billing',
  manageHint: 'Change plan, cancel, update your payment method or download invoices.',
  trialUntil: (end: Date) => `Free trial until ${day().format(end)}.`,
  renews: (end: Date) => `Renews on ${day().format(end)}.`,
  cancelsAt: (plan: string, end: Date) => `${plan} ends on ${day().format(end)}; you keep it until then.`,
  paymentFailed: (plan: string, until: Date) =>
    `Your last payment did not go through. Update your payment method by ${day().format(until)} to keep ${plan}; ` +
    `after that your account moves to Basic's limits. Nothing is deleted.`,
  downgraded:
    "Your payment did not go through, so your account has Basic's limits. Nothing was deleted: listings beyond " +
    "Basic's are hidden from booking until you choose which stay.",
  waitlistDiscount: `Waiting list member: your ${WAITLIST.discountPercent}% lifetime discount is applied at checkout.`,
  chooseListings: (limit: number) => `Choose the ${limit} listings buyers can book`,
  keepListings: 'Keep these listings',
  /** Publishing a listing the plan hid, through the property form: the choice is made in Subscription. */
  hiddenByPlan:
    'This listing was hidden when your plan changed. Choose which listings buyers can book in Subscription.',
  /** Checkout when Stripe has no plans and setting them up failed (issue 39): who decides, what happened. */
  notSetUp:
    "Plans can't be bought on this server yet: its administrator still has to finish setting up payments. Nothing was charged.",
  notConfigured: 'To change plans during early access,',
  contactUs: 'contact us',
  /** Back from Checkout before Stripe's confirmation has arrived (the page asks again a few times). */
  checkoutReturned: 'Thanks! Your plan changes as soon as the payment is confirmed.',
  /** Back from Checkout once it has: the page never says "changes" of a plan already changed. */
  checkoutDone: (plan: string) => `Thanks! Your ${plan} plan has started.`,
} as const;

export function formatBillingDay(date: Date): string {
  return day().format(date);
}
