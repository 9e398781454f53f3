// The agent's usage against the plan's limits (spec §7): GET /api/agents/usage-stats.
import type { UsageStats } from '@keyturn/domain/schemas/agentSettings';
import { api } from '@/lib/api';

export async function fetchUsageStats(): Promise<UsageStats> {
  return (await api.get<{ success: boolean; data: UsageStats }>('/agents/usage-stats')).data;
}

// Issue 30: Checkout and the Customer Portal open on Stripe's pages; the browser goes where the answer says.
type Redirect = { success: true; url: string };
export type PlanListings = {
  success: true;
  limit: number | null;
  listings: { id: number; address: string; bookable: boolean; hiddenByPlan: boolean }[];
};

export function startCheckout(plan: 'pro' | 'enterprise', interval: 'monthly' | 'yearly'): Promise<Redirect> {
  return api.post<Redirect>('/payments/checkout', { plan, interval });
}

export function openBillingPortal(): Promise<Redirect> {
  return api.post<Redirect>('/payments/portal');
}

export function fetchPlanListings(): Promise<PlanListings> {
  return api.get<PlanListings>('/payments/listings');
}

export function keepPlanListings(keep: number[]): Promise<PlanListings> {
  return api.put<PlanListings>('/payments/listings', { keep });
}
