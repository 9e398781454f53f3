// Launch mode (issue 40, decision 069): whether the public site is launched, as the server decides it
// (GET /api/public/launch, one answer for every visitor). A server-rendered marketing page carries the answer in
// its HTML (decision 034), so the browser's first render is the server's; elsewhere the first-paint script
// has asked for it early. Until an answer arrives the pages show the pre-launch texts of the specification.
import { useQuery } from '@tanstack/react-query';
import { LAUNCH_URL, TRIAL_TARGET } from '@keyturn/domain/launch';
import type { LaunchState } from '@keyturn/domain/schemas/launch';
import { API_PATH, api, inlineGet } from './api';
import { useSession } from './auth';
import { withNext } from './next-path';

const LAUNCH_PATH = LAUNCH_URL.slice(API_PATH.length);
export const LAUNCH_QUERY_KEY = ['public', 'launch'] as const;

/** True once the server is launched; false before launch and while the answer is not there yet. */
export function useLaunched(): boolean {
  const query = useQuery({
    queryKey: LAUNCH_QUERY_KEY,
    queryFn: () => api.get<LaunchState>(LAUNCH_PATH),
    initialData: () => inlineGet<LaunchState>(LAUNCH_PATH),
    staleTime: 60_000,
  });
  return query.data?.launched === true;
}

/** Where "Start free trial" leads: the subscription page's trial, after sign-up for a visitor. */
export function useTrialPath(): string {
  return useSession().status === 'signed-in' ? TRIAL_TARGET : withNext('/sign-up', TRIAL_TARGET);
}
