// Analytics moments of the signed-in agent (spec §3, through the consent-gated queue): the user event when
// the dashboard knows who is signed in, and the plan-upgrade event when the plan the server answers is higher
// than the one this browser saw last for that user (plans change outside the app: the sales team sets them).
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PLAN_IDS } from '@keyturn/domain/enums';
import { identifyUser, trackPlanUpgrade } from '@/lib/analytics';
import { planOfSubscription, SUBSCRIPTION_QUERY_KEY, type SubscriptionResponse } from '@/lib/plan';

export const LAST_PLAN_KEY_PREFIX = 'keyturn-last-plan:';

export function useAnalyticsIdentity(userId: string | null): void {
  // Reads the subscription the sidebar fetches (same cache entry); never fetches on its own.
  const subscription = useQuery<SubscriptionResponse>({ queryKey: SUBSCRIPTION_QUERY_KEY, enabled: false });

  useEffect(() => {
    if (userId) identifyUser(userId);
  }, [userId]);

  const loaded = subscription.status === 'success' ? subscription.data : undefined;
  useEffect(() => {
    if (!userId || !loaded) return;
    const plan = planOfSubscription(loaded);
    const key = `${LAST_PLAN_KEY_PREFIX}${userId}`;
    const before = window.localStorage.getItem(key);
    if (
      before !== null &&
      PLAN_IDS.indexOf(plan.id) > PLAN_IDS.indexOf(before as (typeof PLAN_IDS)[number])
    ) {
      trackPlanUpgrade(plan.name, plan.id);
    }
    window.localStorage.setItem(key, plan.id);
  }, [userId, loaded]);
}
