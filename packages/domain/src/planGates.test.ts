import { describe, expect, it } from 'vitest';
import { lowestPlanWith, planAllows, upgradeMessage, type GatedFeature } from './planGates';
import { PLAN_ORDER } from './plans';

describe('plan-gated features (issue 13)', () => {
  it('report breakdowns from Professional; CRM integration and benchmarks on Enterprise only', () => {
    const allowed = (feature: GatedFeature) => PLAN_ORDER.map((p) => planAllows(p, feature));
    expect(allowed('reportBreakdowns')).toEqual([false, true, true]);
    expect(allowed('crmIntegration')).toEqual([false, false, true]);
    expect(allowed('benchmarking')).toEqual([false, false, true]);
  });
  it('route optimisation (issue 16) from Professional, read from the plan table', () => {
    expect(PLAN_ORDER.map((p) => planAllows(p, 'routeOptimisation'))).toEqual(
      PLAN_ORDER.map((p) => p.features.routeOptimisation),
    );
    expect(PLAN_ORDER.map((p) => planAllows(p, 'routeOptimisation'))).toEqual([false, true, true]);
    expect(upgradeMessage('routeOptimisation')).toBe(
      'Route optimisation tools are part of the Professional plan. Upgrade to use them.',
    );
  });
  it('the upgrade message names the cheapest plan that has it', () => {
    expect(lowestPlanWith('reportBreakdowns').id).toBe('pro');
    expect(upgradeMessage('crmIntegration')).toBe(
      'CRM export and webhooks are part of the Enterprise plan. Upgrade to use them.',
    );
  });
  it('seller approvals (issue 32) are on Professional and Enterprise, not Basic', () => {
    expect(PLAN_ORDER.map((p) => planAllows(p, 'sellerApprovals'))).toEqual([false, true, true]);
    expect(upgradeMessage('sellerApprovals')).toBe(
      'Seller approvals are part of the Professional plan. Upgrade to use them.',
    );
  });
});
