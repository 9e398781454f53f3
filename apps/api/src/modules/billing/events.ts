// Stripe's webhook events (issue 30, decision 047), each applied once: the event id goes into billing_events
// in the same transaction as its effect, so a replay (Stripe retries, or an attacker with a captured body) finds
// it there and changes nothing.
import { eq } from 'drizzle-orm';
import {
  billingStatusOf,
  graceEnd,
  priceOfLookupKey,
  type BillingInterval,
  type PaidPlanId,
} from '@keyturn/domain/billing';
import type { PlanId } from '@keyturn/domain/enums';
import type Stripe from 'stripe';
import type { Db, DbTransaction } from '../../db/client';
import { billingAccounts, billingEvents } from '../../db/schema';
import { applyBillingPlan, setOwnedTeamSeats, type BillingRow } from './plan-state';

export type EventOutcome =
  | { applied: false; reason: 'duplicate' | 'ignored' | 'unknown-customer' }
  | { applied: true; agentId: string; plan: PlanId };

const HANDLED = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.payment_failed',
  'invoice.paid',
  'invoice.payment_succeeded',
]);

export async function applyStripeEvent(db: Db, event: Stripe.Event, now: Date): Promise<EventOutcome> {
  if (!HANDLED.has(event.type)) return { applied: false, reason: 'ignored' };
  return db.transaction(async (tx) => {
    const fresh = await tx
      .insert(billingEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: billingEvents.id });
    if (fresh.length === 0) return { applied: false, reason: 'duplicate' } as const;
    const object = event.data.object as unknown as Record<string, unknown>;
    const row = await accountOf(tx, customerIdOf(object));
    if (!row) return { applied: false, reason: 'unknown-customer' } as const;
    const next = nextState(event.type, object, row, now);
    const [updated] = await tx
      .update(billingAccounts)
      .set({ ...next.changes, updatedAt: now })
      .where(eq(billingAccounts.agentId, row.agentId))
      .returning();
    if (next.extraSeats !== undefined) await setOwnedTeamSeats(tx, row.agentId, next.extraSeats);
    const plan = await applyBillingPlan(tx, updated!, now);
    return { applied: true, agentId: row.agentId, plan } as const;
  });
}

function customerIdOf(object: Record<string, unknown>): string | null {
  const customer = object.customer;
  if (typeof customer === 'string') return customer;
  if (customer && typeof customer === 'object' && 'id' in customer) return String(customer.id);
  return null;
}

async function accountOf(tx: DbTransaction, customerId: string | null): Promise<BillingRow | undefined> {
  if (!customerId) return undefined;
  const [row] = await tx
    .select()
    .from(billingAccounts)
    .where(eq(billingAccounts.customerId, customerId))
    .for('update');
  return row;
}

type NextState = { changes: Partial<BillingRow>; extraSeats?: number };

function nextState(type: string, object: Record<string, unknown>, row: BillingRow, now: Date): NextState {
  switch (type) {
    case 'checkout.session.completed':
      return { changes: { subscriptionId: stringOr(object.subscription, row.subscriptionId) } };
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return subscriptionState(type, object as unknown as Stripe.Subscription, row, now);
    case 'invoice.payment_failed':
      return {
        changes: { status: 'past_due', graceUntil: row.graceUntil ?? graceEnd(now) },
      };
    default:
      // invoice.paid / invoice.payment_succeeded: a paid invoice ends a payment problem.
      return row.status === 'past_due'
        ? { changes: { status: 'active', graceUntil: null } }
        : { changes: {} };
  }
}

function subscriptionState(type: string, sub: Stripe.Subscription, row: BillingRow, now: Date): NextState {
  const status = type === 'customer.subscription.deleted' ? 'canceled' : billingStatusOf(sub.status);
  let plan: PaidPlanId | null = row.plan;
  let interval: BillingInterval | null = row.interval;
  let extraSeats: number | undefined;
  let periodEnd: number | null = null;
  for (const item of sub.items?.data ?? []) {
    const price = priceOfLookupKey(item.price?.lookup_key);
    const end = (item as { current_period_end?: number }).current_period_end;
    if (typeof end === 'number') periodEnd = end;
    if (!price) continue;
    if (price.kind === 'plan') {
      plan = price.plan;
      interval = price.interval;
    } else extraSeats = item.quantity ?? 0;
  }
  if (plan === 'enterprise' && extraSeats === undefined) extraSeats = 0;
  const legacyEnd = (sub as { current_period_end?: number }).current_period_end;
  if (periodEnd === null && typeof legacyEnd === 'number') periodEnd = legacyEnd;
  return {
    changes: {
      subscriptionId: sub.id,
      status,
      plan,
      interval,
      cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end),
      currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
      trialEnd: sub.trial_end ? new Date(sub.trial_end * 1000) : null,
      graceUntil: status === 'past_due' ? (row.graceUntil ?? graceEnd(now)) : null,
    },
    extraSeats: status === 'canceled' ? undefined : extraSeats,
  };
}

function stringOr(value: unknown, fallback: string | null): string | null {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'id' in value) return String(value.id);
  return fallback;
}
