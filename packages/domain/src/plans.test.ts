import { describe, expect, it } from 'vitest';
import { ANNUAL_DISCOUNT_PERCENT, WAITLIST } from './constants';
import { cheapestPlanWithAnalytics, hasAnalytics } from './planGates';
import { PLANS, PLAN_ORDER, isWithinLimit, planFor } from './plans';

describe('PLANS (spec §9)', () => {
  it('Basic is free with 3 properties and 15 bookings/month', () => {
    expect(PLANS.basic).toMatchObject({
      name: 'Basic',
      monthlyPriceUsd: 0,
      maxProperties: 3,
      maxBookingsPerMonth: 15,
    });
  });

  it('Professional is $25 ($20 yearly) with 15 properties, 100 bookings/month, SMS and route optimisation', () => {
    expect(PLANS.pro).toMatchObject({
      name: 'Professional',
      monthlyPriceUsd: 25,
      yearlyMonthlyPriceUsd: 20,
      maxProperties: 15,
      maxBookingsPerMonth: 100,
      features: { sms: true, routeOptimisation: true },
    });
  });

  it('Enterprise is $99 ($79 yearly), unlimited properties, 5 users included, +$15 per extra user', () => {
    expect(PLANS.enterprise).toMatchObject({
      name: 'Enterprise',
      monthlyPriceUsd: 99,
      yearlyMonthlyPriceUsd: 79,
      maxProperties: null,
      includedUsers: 5,
      extraUserMonthlyUsd: 15,
      features: { teams: true },
    });
  });

  it('analytics depth is basic, advanced, predictive (spec §1)', () => {
    expect(PLAN_ORDER.map((p) => p.features.analytics)).toEqual(['basic', 'advanced', 'predictive']);
  });

  it('waiting-list prices are the monthly price less the 25% lifetime discount: $18.75 and $74.25', () => {
    for (const plan of PLAN_ORDER) {
      expect(plan.waitlistMonthlyPriceUsd).toBeCloseTo(
        plan.monthlyPriceUsd * (1 - WAITLIST.discountPercent / 100),
      );
    }
    expect(PLANS.pro.waitlistMonthlyPriceUsd).toBe(18.75);
    expect(PLANS.enterprise.waitlistMonthlyPriceUsd).toBe(74.25);
  });

  it('yearly prices are the 20% annual discount, rounded down to whole dollars', () => {
    for (const plan of PLAN_ORDER) {
      expect(plan.yearlyMonthlyPriceUsd).toBe(
        Math.floor(plan.monthlyPriceUsd * (1 - ANNUAL_DISCOUNT_PERCENT / 100)),
      );
    }
  });

  it('PLAN_ORDER lists basic, pro, enterprise and each plan carries its own id', () => {
    expect(PLAN_ORDER.map((p) => p.id)).toEqual(['basic', 'pro', 'enterprise']);
    for (const [id, plan] of Object.entries(PLANS)) expect(plan.id).toBe(id);
  });

  it('every plan has highlights for its pricing card', () => {
    for (const plan of PLAN_ORDER) expect(plan.highlights.length).toBeGreaterThan(0);
  });
});

describe('planFor', () => {
  it('returns the named plan', () => {
    expect(planFor('pro').name).toBe('Professional');
    expect(planFor('enterprise').name).toBe('Enterprise');
  });

  it('falls back to basic for an unknown or missing plan (spec §4)', () => {
    expect(planFor('platinum').id).toBe('basic');
    expect(planFor(null).id).toBe('basic');
    expect(planFor(undefined).id).toBe('basic');
    expect(planFor('').id).toBe('basic');
  });
});

describe('isWithinLimit', () => {
  it('allows one more while the count is below the limit', () => {
    expect(isWithinLimit(3, 2)).toBe(true);
    expect(isWithinLimit(3, 3)).toBe(false);
    expect(isWithinLimit(3, 4)).toBe(false);
  });

  it('a null limit is unlimited', () => {
    expect(isWithinLimit(null, 1_000_000)).toBe(true);
  });
});

describe('analytics depth by plan (spec §1)', () => {
  it('basic < advanced < predictive: each plan includes the depths below its own', () => {
    expect(PLAN_ORDER.map((p) => p.features.analytics)).toEqual(['basic', 'advanced', 'predictive']);
    expect(hasAnalytics(PLANS.basic, 'basic')).toBe(true);
    expect(hasAnalytics(PLANS.basic, 'advanced')).toBe(false);
    expect(hasAnalytics(PLANS.pro, 'advanced')).toBe(true);
    expect(hasAnalytics(PLANS.pro, 'predictive')).toBe(false);
    expect(hasAnalytics(PLANS.enterprise, 'predictive')).toBe(true);
    expect(hasAnalytics(PLANS.enterprise, 'advanced')).toBe(true);
  });

  it('an upgrade hint names the cheapest plan with the depth', () => {
    expect(cheapestPlanWithAnalytics('advanced').name).toBe('Professional');
    expect(cheapestPlanWithAnalytics('predictive').name).toBe('Enterprise');
  });
});
