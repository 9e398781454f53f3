import { useQuery } from '@tanstack/react-query';
import { fetchDashboard } from '../api';

/** Bookings, properties and plan changes elsewhere invalidate this key. */
export const DASHBOARD_QUERY_KEY = ['agents', 'dashboard'] as const;

export function useDashboard() {
  return useQuery({ queryKey: DASHBOARD_QUERY_KEY, queryFn: fetchDashboard });
}
