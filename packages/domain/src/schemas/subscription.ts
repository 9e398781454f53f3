// Response of GET /api/payments/subscription (spec §3, §7). A null subscription means the basic plan.
import { z } from 'zod';
import { PLAN_IDS } from '../enums';
import { BILLING_INTERVALS, BILLING_STATUSES } from '../billing';

export const subscriptionResponseSchema = z.object({
  success: z.boolean(),
  subscription: z
    .object({
      plan: z.enum(PLAN_IDS),
      status: z.literal('active'),
      startedAt: z.string(),
    })
    .nullable(),
  plan: z.object({
    id: z.enum(PLAN_IDS),
    name: z.string(),
  }),
});
export type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;

// Issue 30: billing with Stripe. The subscription answer's `billing` part, and the calls around it.

export const billingSummarySchema = z.object({
  /** Plans can be bought on this server (its Stripe keys are set). */
  configured: z.boolean(),
  status: z.enum(BILLING_STATUSES),
  plan: z.enum(['pro', 'enterprise']).nullable(),
  interval: z.enum(BILLING_INTERVALS).nullable(),
  cancelAtPeriodEnd: z.boolean(),
  currentPeriodEnd: z.string().nullable(),
  trialEnd: z.string().nullable(),
  /** After a failed payment: the paid plan stays until then. */
  graceUntil: z.string().nullable(),
  /** On the waiting list: the lifetime discount applies at checkout. */
  waitlistDiscount: z.boolean(),
  /** Listings a drop to Basic hid from booking. */
  hiddenListings: z.number().int().min(0),
  canManage: z.boolean(),
});
export type BillingSummary = z.infer<typeof billingSummarySchema>;

export const subscriptionWithBillingSchema = subscriptionResponseSchema.extend({
  billing: billingSummarySchema,
});

export const checkoutRequestSchema = z.object({
  plan: z.enum(['pro', 'enterprise']),
  interval: z.enum(BILLING_INTERVALS).default('monthly'),
});
export const redirectResponseSchema = z.object({ success: z.literal(true), url: z.string() });

export const billingAvailabilitySchema = z.object({ configured: z.boolean() });

export const planListingsSchema = z.object({
  success: z.literal(true),
  limit: z.number().int().nullable(),
  listings: z.array(
    z.object({ id: z.number().int(), address: z.string(), bookable: z.boolean(), hiddenByPlan: z.boolean() }),
  ),
});
export const keepListingsSchema = z.object({
  keep: z.array(z.number().int().positive().max(2_147_483_647)).max(1000),
});

/** The billing of an agent with no billing row (or no profile yet): nothing bought. */
export function noBilling(configured: boolean): BillingSummary {
  return {
    configured,
    status: 'none',
    plan: null,
    interval: null,
    cancelAtPeriodEnd: false,
    currentPeriodEnd: null,
    trialEnd: null,
    graceUntil: null,
    waitlistDiscount: false,
    hiddenListings: 0,
    canManage: false,
  };
}
