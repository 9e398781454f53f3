// The signed-in agent's plan (spec §4): fetched when a user is present, refreshable on demand, and Basic by
// default, on failure and when there is no subscription.
import { useQuery } from '@tanstack/react-query';
import { planFor } from '@keyturn/domain/plans';
import type { Plan } from '@keyturn/domain/plans';
import type { BillingSummary } from '@keyturn/domain/schemas/subscription';
import { api } from './api';

export const SUBSCRIPTION_QUERY_KEY = ['payments', 'subscription'] as const;

/** Body of GET /api/payments/subscription (spec §3); other fields are not read here. */
export interface SubscriptionResponse {
  success: boolean;
  subscription: unknown;
  plan?: { id?: string | null } | null;
  /** Issue 30: the plan's billing with Stripe; absent from older servers (read as "not configured"). */
  billing?: BillingSummary;
}

export interface PlanState {
  plan: Plan;
  /** null until loaded, or from a server without billing. */
  billing: BillingSummary | null;
  /** Fetch the subscription again, e.g. after the plan changed. */
  refresh: () => Promise<void>;
}

export function usePlan(enabled: boolean): PlanState {
  const query = useQuery({
    queryKey: SUBSCRIPTION_QUERY_KEY,
    queryFn: () => api.get<SubscriptionResponse>('/payments/subscription'),
    enabled,
  });
  const { refetch } = query;
  return {
    plan: planOfSubscription(query.isError ? undefined : query.data),
    billing: (!query.isError && query.data?.billing) || null,
    refresh: async () => {
      await refetch();
    },
  };
}

/** The plan a subscription answer names; Basic without an answer, a subscription or a known plan (spec §4). */
export function planOfSubscription(body: SubscriptionResponse | undefined): Plan {
  return planFor(body?.success && body.subscription ? body.plan?.id : undefined);
}
