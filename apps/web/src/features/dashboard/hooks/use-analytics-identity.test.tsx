// Spec §3 user and plan-upgrade analytics of the signed-in agent.
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setConsent } from '@/lib/consent';
import { SUBSCRIPTION_QUERY_KEY } from '@/lib/plan';
import { testQueryClient } from '@/test/utils';
import { LAST_PLAN_KEY_PREFIX, useAnalyticsIdentity } from './use-analytics-identity';

const events = (name: string) => (window.dataLayer ?? []).filter((e) => e.event === name);

/** The hook next to an observer that fetches the subscription, as the sidebar does. */
function renderWithPlan(planId: string) {
  const client = testQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(
    () => {
      useQuery({
        queryKey: SUBSCRIPTION_QUERY_KEY,
        queryFn: async () => ({ success: true, subscription: {}, plan: { id: planId } }),
      });
      useAnalyticsIdentity('user-1');
    },
    { wrapper },
  );
}

beforeEach(() => {
  window.dataLayer = [];
  setConsent('accepted');
});

describe('user and plan-upgrade analytics', () => {
  it('the signed-in user is identified by id only', async () => {
    renderWithPlan('basic');
    await waitFor(() =>
      expect(events('user_identified')).toEqual([{ event: 'user_identified', user: { id: 'user-1' } }]),
    );
  });

  it('a higher plan than this browser saw last fires plan_upgrade with its name and id', async () => {
    window.localStorage.setItem(`${LAST_PLAN_KEY_PREFIX}user-1`, 'basic');
    renderWithPlan('pro');
    await waitFor(() =>
      expect(events('plan_upgrade')).toEqual([
        { event: 'plan_upgrade', plan: { name: 'Professional', id: 'pro' } },
      ]),
    );
    expect(window.localStorage.getItem(`${LAST_PLAN_KEY_PREFIX}user-1`)).toBe('pro');
  });

  it('the first plan seen, the same plan, or a lower one fire nothing', async () => {
    renderWithPlan('pro');
    await waitFor(() => expect(window.localStorage.getItem(`${LAST_PLAN_KEY_PREFIX}user-1`)).toBe('pro'));
    window.localStorage.setItem(`${LAST_PLAN_KEY_PREFIX}user-1`, 'enterprise');
    renderWithPlan('pro');
    await waitFor(() => expect(window.localStorage.getItem(`${LAST_PLAN_KEY_PREFIX}user-1`)).toBe('pro'));
    expect(events('plan_upgrade')).toEqual([]);
  });
});
