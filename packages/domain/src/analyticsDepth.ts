// The analytics depth of spec §1 by plan (basic < advanced < predictive): which plan includes what, and which
// plan an upgrade hint names. Kept out of plans.ts so the public pages that read the plan table do not carry it.
import { PLANS, PLAN_ORDER, type AnalyticsDepth, type Plan } from './plans';

const ANALYTICS_ORDER: readonly AnalyticsDepth[] = ['basic', 'advanced', 'predictive'];

/** Whether a plan's analytics include `depth` (spec §1: basic < advanced < predictive). */
export function hasAnalytics(plan: Plan, depth: AnalyticsDepth): boolean {
  return ANALYTICS_ORDER.indexOf(plan.features.analytics) >= ANALYTICS_ORDER.indexOf(depth);
}

/** The cheapest plan whose analytics include `depth`: what an upgrade hint names. */
export function cheapestPlanWithAnalytics(depth: AnalyticsDepth): Plan {
  return PLAN_ORDER.find((p) => hasAnalytics(p, depth)) ?? PLANS.enterprise;
}
