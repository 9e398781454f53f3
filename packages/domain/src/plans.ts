// The plan table of spec §9 (and the analytics depth of spec §1). The pricing page, the subscription page
// and the server's limit checks all read it.
import { PLAN_IDS } from './enums';
import type { PlanId } from './enums';

export type AnalyticsDepth = 'basic' | 'advanced' | 'predictive';

export interface Plan {
  id: PlanId;
  name: 'Basic' | 'Professional' | 'Enterprise';
  monthlyPriceUsd: number;
  /** Per-month price when billed yearly. */
  yearlyMonthlyPriceUsd: number;
  /** Per-month price with the lifetime waiting-list discount. */
  waitlistMonthlyPriceUsd: number;
  /** null = unlimited */
  maxProperties: number | null;
  /** null = unlimited */
  maxBookingsPerMonth: number | null;
  includedUsers: number;
  /** null = the plan cannot add users */
  extraUserMonthlyUsd: number | null;
  features: { sms: boolean; routeOptimisation: boolean; teams: boolean; analytics: AnalyticsDepth };
  highlights: readonly string[];
}

export const PLANS: Record<PlanId, Plan> = {
  basic: {
    id: 'basic',
    name: 'Basic',
    monthlyPriceUsd: 0,
    yearlyMonthlyPriceUsd: 0,
    waitlistMonthlyPriceUsd: 0,
    maxProperties: 3,
    maxBookingsPerMonth: 15,
    includedUsers: 1,
    extraUserMonthlyUsd: null,
    features: { sms: false, routeOptimisation: false, teams: false, analytics: 'basic' },
    highlights: [
      'Up to 3 properties',
      '15 bookings/month',
      'Branded booking links',
      'Email reminders and notifications',
      'Basic analytics: simple lead classification',
      'Showing rules per listing',
    ],
  },
  pro: {
    id: 'pro',
    name: 'Professional',
    monthlyPriceUsd: 25,
    yearlyMonthlyPriceUsd: 20,
    waitlistMonthlyPriceUsd: 18.75,
    maxProperties: 15,
    maxBookingsPerMonth: 100,
    includedUsers: 1,
    extraUserMonthlyUsd: null,
    features: { sms: true, routeOptimisation: true, teams: false, analytics: 'advanced' },
    highlights: [
      'Up to 15 properties',
      '100 bookings/month',
      'SMS and email reminders',
      'Route optimisation',
      'Advanced scoring, sentiment and recommendations',
      'Showing rules per listing',
      'Seller approvals, timed access codes and a live seller report',
    ],
  },
  enterprise: {
    id: 'enterprise',
    name: 'Enterprise',
    monthlyPriceUsd: 99,
    yearlyMonthlyPriceUsd: 79,
    waitlistMonthlyPriceUsd: 74.25,
    maxProperties: null,
    maxBookingsPerMonth: null,
    includedUsers: 5,
    extraUserMonthlyUsd: 15,
    features: { sms: true, routeOptimisation: true, teams: true, analytics: 'predictive' },
    highlights: [
      'Unlimited properties',
      '5 users included',
      '+$15 per extra user per month',
      'Team management with multiple agents',
      'Predictive scoring, CRM integration and benchmarking',
      'Showing rules per listing',
      'Seller approvals, timed access codes and a live seller report',
    ],
  },
};

/** The plans cheapest first, as the pricing page lists them. */
export const PLAN_ORDER: readonly Plan[] = PLAN_IDS.map((id) => PLANS[id]);

/** Basic is the default and the fallback for a missing or unknown plan (spec §4). */
export function planFor(id: string | null | undefined): Plan {
  return isPlanId(id) ? PLANS[id] : PLANS.basic;
}

/** Whether one more item fits under `limit` when `currentCount` already exist; null means unlimited. */
export function isWithinLimit(limit: number | null, currentCount: number): boolean {
  return limit === null || currentCount < limit;
}

function isPlanId(id: string | null | undefined): id is PlanId {
  return (PLAN_IDS as readonly (string | null | undefined)[]).includes(id);
}
