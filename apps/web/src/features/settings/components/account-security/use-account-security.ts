// Issue 41: the signed-in user's sessions and whether two-factor is on (GET /api/auth/sessions), shared by
// Settings → Account's sections.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { accountSessions } from '@/lib/account-security';

export const ACCOUNT_SECURITY_KEY = ['auth', 'account-sessions'] as const;

export function useAccountSecurity() {
  return useQuery({ queryKey: ACCOUNT_SECURITY_KEY, queryFn: accountSessions });
}

export function useRefreshAccountSecurity() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ACCOUNT_SECURITY_KEY });
}

/** "Dec 1, 2026, 9:05 PM GMT+1": an instant in this browser's zone, the zone named. */
export function labelledTime(iso: string): string {
  // dateStyle/timeStyle cannot be combined with timeZoneName (Chromium throws "Invalid option"): spelled out.
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(iso));
}
