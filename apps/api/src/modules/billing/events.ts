// Stripe's webhook events (issue 30, decision 047), each applied once: the event id goes into billing_events
// in the same transaction as its effect, so a replay (Stripe retries, or an attacker with a captured body) finds
// it there and changes nothing.
import { and, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
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
import { AppError } from '../../http/errors';
import { applyBillingPlan, setOwnedTeamSeats, type BillingRow } from './plan-state';

export type EventOutcome =
  | {
      applied: false;
      /**
       * duplicate: applied before; ignored: a type billing does not use; unknown-customer: no account of ours;
       * malformed: signed but not in Stripe's shape (recorded, so Stripe stops sending it); stale: older than
       * the subscription event already applied; ended: about a subscription that was deleted (it never comes
       * back) or another subscription than the live one.
       */
      reason: 'duplicate' | 'ignored' | 'unknown-customer' | 'malformed' | 'stale' | 'ended';
    }
  | { applied: true; agentId: string; plan: PlanId };

/** The Stripe event types this server applies; any other is recorded and ignored. */
export const HANDLED_STRIPE_EVENTS: ReadonlySet<string> = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.payment_failed',
  'invoice.paid',
  'invoice.payment_succeeded',
]);
const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);

// What an event must look like before anything is read from it: Stripe's shapes, as far as billing reads them.
// Text goes into the database (no NUL), times are Unix seconds a Date can hold.
const text = z
  .string()
  .min(1)
  .max(255)
  .refine((v) => !v.includes('\u0000'));
const seconds = z.number().int().min(0).max(253_402_300_799);
const ref = z.union([text, z.looseObject({ id: text })]);
const envelopeSchema = z.looseObject({ id: text, type: text });
const eventSchema = z.looseObject({
  created: seconds,
  data: z.looseObject({ object: z.looseObject({}) }),
});
const subscriptionSchema = z.looseObject({
  id: text,
  customer: ref,
  status: text,
  cancel_at_period_end: z.boolean().nullish(),
  trial_end: seconds.nullish(),
  current_period_end: seconds.nullish(),
  items: z
    .looseObject({
      data: z
        .array(
          z.looseObject({
            price: z.looseObject({ lookup_key: z.string().max(255).nullish() }).nullish(),
            quantity: z.number().int().min(0).max(1_000_000).nullish(),
            current_period_end: seconds.nullish(),
          }),
        )
        .max(100),
    })
    .nullish(),
});
const withSubscriptionSchema = z.looseObject({ customer: ref, subscription: ref.nullish() });
type Subscription = z.infer<typeof subscriptionSchema>;

const idOf = (value: z.infer<typeof ref>) => (typeof value === 'string' ? value : value.id);

/**
 * The event a verified body holds, or a 400 when it has no id and type to record it by (nothing is written).
 * Anything else wrong with it is `applyStripeEvent`'s "malformed".
 */
export function stripeEventOf(parsed: unknown): Stripe.Event {
  if (!envelopeSchema.safeParse(parsed).success) {
    const message = 'This event has no id or type: it was not applied.';
    throw new AppError(400, 'MALFORMED_EVENT', message, { body: message });
  }
  return parsed as Stripe.Event;
}

export async function applyStripeEvent(db: Db, event: Stripe.Event, now: Date): Promise<EventOutcome> {
  if (!HANDLED_STRIPE_EVENTS.has(event.type)) return { applied: false, reason: 'ignored' };
  return db.transaction(async (tx) => {
    const outcome = await applyOnce(tx, event, now);
    await tx
      .update(billingEvents)
      .set({ outcome: outcome.applied ? 'applied' : outcome.reason })
      .where(eq(billingEvents.id, event.id));
    return outcome;
  });
}

async function applyOnce(tx: DbTransaction, event: Stripe.Event, now: Date): Promise<EventOutcome> {
  const fresh = await tx
    .insert(billingEvents)
    .values({ id: event.id, type: event.type })
    .onConflictDoNothing()
    .returning({ id: billingEvents.id });
  if (fresh.length === 0) return { applied: false, reason: 'duplicate' };
  const shaped = eventSchema.safeParse(event);
  if (!shaped.success) return { applied: false, reason: 'malformed' };
  const created = new Date(shaped.data.created * 1000);
  const object = shaped.data.data.object;
  const isSubscription = SUBSCRIPTION_EVENTS.has(event.type);
  const sub = isSubscription ? subscriptionSchema.safeParse(object) : null;
  const other = isSubscription ? null : withSubscriptionSchema.safeParse(object);
  const customer = sub?.data?.customer ?? other?.data?.customer;
  if (!customer) return { applied: false, reason: 'malformed' };
  const row = await accountOf(tx, idOf(customer));
  if (!row) return { applied: false, reason: 'unknown-customer' };
  const linked = other?.data?.subscription;
  const next = sub?.data
    ? subscriptionState(event.type, sub.data, row, created, now)
    : otherState(event.type, linked ? idOf(linked) : null, row, now);
  if ('reason' in next) return { applied: false, reason: next.reason };
  const claimed = next.changes.subscriptionId;
  if (claimed && claimed !== row.subscriptionId && (await heldByAnother(tx, claimed, row.agentId))) {
    return { applied: false, reason: 'malformed' };
  }
  const [updated] = await tx
    .update(billingAccounts)
    .set({ ...next.changes, updatedAt: now })
    .where(eq(billingAccounts.agentId, row.agentId))
    .returning();
  if (next.extraSeats !== undefined) await setOwnedTeamSeats(tx, row.agentId, next.extraSeats);
  const plan = await applyBillingPlan(tx, updated!, now);
  return { applied: true, agentId: row.agentId, plan };
}

async function accountOf(tx: DbTransaction, customerId: string): Promise<BillingRow | undefined> {
  const [row] = await tx
    .select()
    .from(billingAccounts)
    .where(eq(billingAccounts.customerId, customerId))
    .for('update');
  return row;
}

/** A subscription id is one account's (unique): an event giving it to another changes nothing. */
async function heldByAnother(tx: DbTransaction, subscriptionId: string, agentId: string) {
  const [other] = await tx
    .select({ agentId: billingAccounts.agentId })
    .from(billingAccounts)
    .where(and(eq(billingAccounts.subscriptionId, subscriptionId), ne(billingAccounts.agentId, agentId)));
  return Boolean(other);
}

type NextState = { changes: Partial<BillingRow>; extraSeats?: number } | { reason: 'stale' | 'ended' };

/** Whether the account's subscription is one that counts (not none, not deleted). */
const live = (row: BillingRow) =>
  row.subscriptionId !== null && row.status !== 'canceled' && row.status !== 'none';

function otherState(type: string, subscriptionId: string | null, row: BillingRow, now: Date): NextState {
  if (type === 'checkout.session.completed') {
    // A late checkout event never replaces a live subscription with another one.
    if (subscriptionId && live(row) && subscriptionId !== row.subscriptionId) return { reason: 'ended' };
    return { changes: { subscriptionId: subscriptionId ?? row.subscriptionId } };
  }
  // Invoices: only the live subscription's count; a deleted subscription's invoice revives nothing.
  if (!live(row) || (subscriptionId && subscriptionId !== row.subscriptionId)) return { reason: 'ended' };
  if (type === 'invoice.payment_failed') {
    return { changes: { status: 'past_due', graceUntil: row.graceUntil ?? graceEnd(now) } };
  }
  // invoice.paid / invoice.payment_succeeded: a paid invoice ends a payment problem.
  return row.status === 'past_due' ? { changes: { status: 'active', graceUntil: null } } : { changes: {} };
}

function subscriptionState(
  type: string,
  sub: Subscription,
  row: BillingRow,
  created: Date,
  now: Date,
): NextState {
  // In Stripe's order, not in the order of arrival: an event made before the last one applied is stale.
  if (row.subscriptionEventAt && created < row.subscriptionEventAt) return { reason: 'stale' };
  // A deleted subscription never comes back (a new one has a new id), whatever arrives about it later; and an
  // event about another subscription than the live one (an old, replaced one) changes nothing.
  if (sub.id === row.subscriptionId && row.status === 'canceled') return { reason: 'ended' };
  if (live(row) && sub.id !== row.subscriptionId) return { reason: 'ended' };
  const status = type === 'customer.subscription.deleted' ? 'canceled' : billingStatusOf(sub.status);
  let plan: PaidPlanId | null = row.plan;
  let interval: BillingInterval | null = row.interval;
  let extraSeats: number | undefined;
  let periodEnd: number | null = null;
  for (const item of sub.items?.data ?? []) {
    const price = priceOfLookupKey(item.price?.lookup_key);
    const end = item.current_period_end;
    if (typeof end === 'number') periodEnd = end;
    if (!price) continue;
    if (price.kind === 'plan') {
      plan = price.plan;
      interval = price.interval;
    } else extraSeats = item.quantity ?? 0;
  }
  if (plan === 'enterprise' && extraSeats === undefined) extraSeats = 0;
  const legacyEnd = sub.current_period_end;
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
      subscriptionEventAt: created,
    },
    extraSeats: status === 'canceled' ? undefined : extraSeats,
  };
}
