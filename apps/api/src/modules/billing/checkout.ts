// Checkout and the Customer Portal (issue 30, decision 047): the agent's Stripe customer (made once, with the
// waiting list's discount decided then), a subscription-mode Checkout session at the catalogue's price with the
// trial and the coupon, and a portal session for everything after.
import { and, eq, sql } from 'drizzle-orm';
import {
  BILLING_MESSAGES,
  catalogPrice,
  TRIAL_DAYS,
  WAITLIST_COUPON_ID,
  type BillingInterval,
  type PaidPlanId,
} from '@keyturn/domain/billing';
import type Stripe from 'stripe';
import type { Db } from '../../db/client';
import { agents, billingAccounts, members, organizations, users, waitlistEntries } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { AgentRow } from '../core/agents';
import type { BillingRow } from './plan-state';
import { ensureCatalog } from './setup';

export const billingOff = () =>
  new AppError(
    409,
    'BILLING_NOT_CONFIGURED',
    'Plans cannot be bought on this server yet. Contact us instead.',
  );

/** The agent's billing row, made (with the waiting-list discount decided) the first time it is needed. */
export async function billingRowOf(db: Db, agent: Pick<AgentRow, 'id' | 'email'>): Promise<BillingRow> {
  const [existing] = await db.select().from(billingAccounts).where(eq(billingAccounts.agentId, agent.id));
  // Issue 41: the discount belongs to the address on the waiting list, so only an account that verified that
  // address gets it (the profile's contact address proves nothing). Decided again until it is given.
  if (existing?.waitlistDiscount) return existing;
  const [onList] = await db
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .innerJoin(agents, eq(agents.id, agent.id))
    .innerJoin(users, eq(users.id, agents.userId))
    .where(
      and(
        eq(waitlistEntries.kind, 'waitlist'),
        eq(users.emailVerified, true),
        sql`lower(${waitlistEntries.email}) = lower(${users.email})`,
      ),
    )
    .limit(1);
  if (existing) {
    if (!onList) return existing;
    const [updated] = await db
      .update(billingAccounts)
      .set({ waitlistDiscount: true })
      .where(eq(billingAccounts.agentId, agent.id))
      .returning();
    return updated ?? existing;
  }
  await db
    .insert(billingAccounts)
    .values({ agentId: agent.id, waitlistDiscount: Boolean(onList) })
    .onConflictDoNothing();
  const [row] = await db.select().from(billingAccounts).where(eq(billingAccounts.agentId, agent.id));
  return row!;
}

async function customerOf(db: Db, stripe: Stripe, agent: AgentRow, row: BillingRow): Promise<string> {
  if (row.customerId) return row.customerId;
  const customer = await stripe.customers.create(
    {
      email: agent.email,
      name: `${agent.firstName} ${agent.lastName}`.trim(),
      metadata: { keyturn_agent_id: agent.id },
    },
    { idempotencyKey: `keyturn-customer-${agent.id}` },
  );
  await db
    .update(billingAccounts)
    .set({ customerId: customer.id })
    .where(eq(billingAccounts.agentId, agent.id));
  return customer.id;
}

async function findPrice(stripe: Stripe, lookupKey: string) {
  const prices = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
  return prices.data[0];
}

/**
 * The price of a lookup key; when the account has none, the plans are set up first (the set-up Server settings
 * runs, idempotent), so a server whose keys are saved sells plans without any command (issue 39).
 */
async function priceId(stripe: Stripe, lookupKey: string): Promise<string> {
  let price = await findPrice(stripe, lookupKey);
  if (!price) {
    // A failed or raced set-up is judged by what Stripe then has.
    await ensureCatalog(stripe).catch(() => undefined);
    price = await findPrice(stripe, lookupKey);
  }
  if (!price) throw new AppError(503, 'BILLING_NOT_SET_UP', BILLING_MESSAGES.notSetUp);
  return price.id;
}

/** Extra seats of the team the agent owns (Enterprise bills them per seat). */
async function ownedTeamSeats(db: Db, agent: AgentRow): Promise<number> {
  const [row] = await db
    .select({ extra: organizations.extraSeats })
    .from(members)
    .innerJoin(organizations, eq(organizations.id, members.organizationId))
    .where(and(eq(members.userId, agent.userId), eq(members.role, 'owner')));
  return row?.extra ?? 0;
}

export async function startCheckout(
  db: Db,
  stripe: Stripe,
  agent: AgentRow,
  choice: { plan: PaidPlanId; interval: BillingInterval },
  urls: { success: string; cancel: string },
): Promise<{ url: string }> {
  const row = await billingRowOf(db, agent);
  const customer = await customerOf(db, stripe, agent, row);
  if (row.subscriptionId && row.status !== 'canceled' && row.status !== 'none') {
    // Already subscribed: plan changes go through the portal, which prorates.
    return portalSession(stripe, customer, urls.cancel);
  }
  const lineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = [
    { price: await priceId(stripe, catalogPrice(choice.plan, choice.interval)!.lookupKey), quantity: 1 },
  ];
  const seat = catalogPrice(choice.plan, choice.interval, 'seat');
  const seats = seat ? await ownedTeamSeats(db, agent) : 0;
  if (seat && seats > 0) lineItems.push({ price: await priceId(stripe, seat.lookupKey), quantity: seats });
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer,
    client_reference_id: agent.id,
    line_items: lineItems,
    // One trial per agent: someone who had a subscription before starts paying at once.
    subscription_data: {
      ...(row.subscriptionId ? {} : { trial_period_days: TRIAL_DAYS }),
      metadata: { keyturn_agent_id: agent.id, keyturn_plan: choice.plan },
    },
    ...(row.waitlistDiscount ? { discounts: [{ coupon: WAITLIST_COUPON_ID }] } : {}),
    success_url: urls.success,
    cancel_url: urls.cancel,
  });
  if (!session.url)
    throw new AppError(502, 'BILLING_UNAVAILABLE', 'The payment page did not open. Try again.');
  return { url: session.url };
}

async function portalSession(stripe: Stripe, customer: string, returnUrl: string) {
  const session = await stripe.billingPortal.sessions.create({ customer, return_url: returnUrl });
  return { url: session.url };
}

export async function openPortal(db: Db, stripe: Stripe, agent: AgentRow, returnUrl: string) {
  const row = await billingRowOf(db, agent);
  if (!row.customerId) {
    throw new AppError(
      409,
      'NO_SUBSCRIPTION',
      'You have no subscription to manage yet: choose a plan first.',
    );
  }
  return portalSession(stripe, row.customerId, returnUrl);
}
