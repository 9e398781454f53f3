import { describe, expect, it } from 'vitest';
import { subscriptionResponseSchema } from './subscription';

describe('subscriptionResponseSchema', () => {
  it('reads an active subscription', () => {
    const body = {
      success: true,
      subscription: { plan: 'pro', status: 'active', startedAt: '2025-01-01T00:00:00Z' },
      plan: { id: 'pro', name: 'Professional' },
    };
    expect(subscriptionResponseSchema.parse(body)).toEqual(body);
  });

  it('reads a missing subscription as null with the basic plan', () => {
    const body = { success: true, subscription: null, plan: { id: 'basic', name: 'Basic' } };
    expect(subscriptionResponseSchema.parse(body).subscription).toBeNull();
  });

  it('refuses a plan id outside basic, pro, enterprise', () => {
    expect(
      subscriptionResponseSchema.safeParse({
        success: true,
        subscription: null,
        plan: { id: 'gold', name: 'Gold' },
      }).success,
    ).toBe(false);
  });
});
