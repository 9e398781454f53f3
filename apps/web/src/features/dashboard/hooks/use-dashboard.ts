import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DashboardSummary } from '@keyturn/domain/schemas/agentSettings';
import { fetchDashboard, markOnboarding } from '../api';

/** Bookings, properties and plan changes elsewhere invalidate this key. */
export const DASHBOARD_QUERY_KEY = ['agents', 'dashboard'] as const;

export function useDashboard() {
  return useQuery({ queryKey: DASHBOARD_QUERY_KEY, queryFn: fetchDashboard });
}

/** Records a first step (hours kept, link shared, card dismissed) and puts the server's answer on the overview. */
export function useMarkOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markOnboarding,
    onSuccess: (onboarding) => {
      queryClient.setQueryData<DashboardSummary>(DASHBOARD_QUERY_KEY, (old) =>
        old ? { ...old, onboarding } : old,
      );
    },
  });
}
