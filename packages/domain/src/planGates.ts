// Plan-gated calls of Reports and CRM integration (issue 13 part B), read from the plan table's analytics
// depth (spec §1: basic gives simple classification; professional adds advanced analysis; enterprise adds
// predictive scoring, CRM integration and benchmarking). Kept out of plans.ts on purpose: the pricing and
// landing pages load plans.ts, and they must not grow by a byte for dashboard-only rules.
import { PLANS, PLAN_ORDER, planFor, type AnalyticsDepth, type Plan } from './plans';

const ANALYTICS_ORDER: readonly AnalyticsDepth[] = ['basic', 'advanced', 'predictive'];

/** Whether a plan's analytics include `depth` (spec §1: basic < advanced < predictive). */
export function hasAnalytics(plan: Plan, depth: AnalyticsDepth): boolean {
  return ANALYTICS_ORDER.indexOf(plan.features.analytics) >= ANALYTICS_ORDER.indexOf(depth);
}

/** The cheapest plan whose analytics include `depth`: what an upgrade hint names. */
export function cheapestPlanWithAnalytics(depth: AnalyticsDepth): Plan {
  return PLAN_ORDER.find((p) => hasAnalytics(p, depth)) ?? PLANS.enterprise;
}

/**
 * How deep the Reports page goes: `core` = bookings over time by status, showings per property, the funnel,
 * no-show and cancellation rates with reasons, busiest weekdays and hours; `breakdowns` adds the funnel
 * split by buyer type, purpose and budget, and how far ahead buyers book.
 */
export type ReportDepth = 'core' | 'breakdowns';

export type GatedFeature =
  | 'reportBreakdowns'
  | 'crmIntegration'
  | 'benchmarking'
  | 'routeOptimisation'
  | 'teams'
  | 'sellerApprovals'
  | 'accessRelease'
  | 'sellerReports'
  | 'auditLog';

/** What each analytics depth of the plan table includes. */
export const ANALYTICS_FEATURES: Record<
  AnalyticsDepth,
  { reports: ReportDepth; crmIntegration: boolean; benchmarking: boolean }
> = {
  basic: { reports: 'core', crmIntegration: false, benchmarking: false },
  advanced: { reports: 'breakdowns', crmIntegration: false, benchmarking: false },
  predictive: { reports: 'breakdowns', crmIntegration: true, benchmarking: true },
};

export const GATED_FEATURE_NAMES: Record<GatedFeature, string> = {
  reportBreakdowns: 'Report breakdowns',
  crmIntegration: 'CRM export and webhooks',
  benchmarking: 'Benchmarks',
  routeOptimisation: 'Route optimisation tools',
  teams: 'Teams',
  sellerApprovals: 'Seller approvals',
  accessRelease: 'Access releases',
  sellerReports: 'Seller reports',
  auditLog: 'Audit logs',
};

export function planAllows(plan: Plan, feature: GatedFeature): boolean {
  const included = ANALYTICS_FEATURES[plan.features.analytics];
  switch (feature) {
    case 'reportBreakdowns':
      return included.reports === 'breakdowns';
    case 'crmIntegration':
      return included.crmIntegration;
    case 'benchmarking':
      return included.benchmarking;
    case 'routeOptimisation':
      // Issue 16: the plan table's own flag (Professional and Enterprise).
      return plan.features.routeOptimisation;
    case 'teams':
      return plan.features.teams;
    case 'sellerApprovals':
    case 'accessRelease':
    case 'sellerReports':
      // Issue 32 (decisions 053, 054): the listing side's tools — Professional and up.
      return PLAN_ORDER.indexOf(plan) >= PLAN_ORDER.indexOf(PLANS.pro);
    case 'auditLog':
      // Issue 46 (decision 092): who changed what — Enterprise.
      return PLAN_ORDER.indexOf(plan) >= PLAN_ORDER.indexOf(PLANS.enterprise);
  }
}

/** The cheapest plan that includes `feature` (what an upgrade hint names). */
export function lowestPlanWith(feature: GatedFeature): Plan {
  const plan = PLAN_ORDER.find((p) => planAllows(p, feature));
  if (!plan) throw new Error(`no plan includes ${feature}`);
  return plan;
}

/** The refusal's text: "Report breakdowns are part of the Professional plan. Upgrade to use them." */
export function upgradeMessage(feature: GatedFeature): string {
  return `${GATED_FEATURE_NAMES[feature]} are part of the ${lowestPlanWith(feature).name} plan. Upgrade to use them.`;
}

/**
 * Whether an agent sends texts at all: their plan includes them and their Notifications setting is on. With the
 * server's texts set up (Server settings), this is when a buyer is offered "Text me about this showing".
 */
export function agentSendsTexts(plan: string, settings: { sms_reminders: boolean }): boolean {
  return planFor(plan).features.sms && settings.sms_reminders;
}
