// The signed-in user's own profile (GET/PUT /api/auth/profile). Several screens ask for it as they mount;
// spec §7 merges requests made within CLIENT_TIMINGS.profileDedupeMs of each other into one.
import { useQuery } from '@tanstack/react-query';
import { CLIENT_TIMINGS } from '@keyturn/domain/constants';
import type { AuthProfile, ProfileUpdateInput } from '@keyturn/domain/schemas/auth';
import { api } from './api';

export const AUTH_PROFILE_QUERY_KEY = ['auth', 'profile'] as const;

export function useAuthProfile(enabled = true) {
  return useQuery({ queryKey: AUTH_PROFILE_QUERY_KEY, queryFn: fetchAuthProfile, enabled });
}

/** The request being shared: set while it is in flight and until profileDedupeMs after it started. */
let latest: { startedAt: number; promise: Promise<AuthProfile> } | null = null;

/**
 * GET /api/auth/profile. A call while a request is in flight, or within profileDedupeMs of the last request's
 * start, shares that request's answer instead of sending another.
 */
export function fetchAuthProfile(): Promise<AuthProfile> {
  if (latest) return latest.promise;

  const entry = { startedAt: Date.now(), promise: api.get<AuthProfile>('/auth/profile') };
  latest = entry;
  entry.promise.then(
    () => forgetAfterWindow(entry),
    () => forgetAfterWindow(entry),
  );
  return entry.promise;
}

/** PUT /api/auth/profile; the next read fetches afresh. */
export async function updateAuthProfile(input: ProfileUpdateInput): Promise<void> {
  await api.put<unknown>('/auth/profile', input);
  resetAuthProfileDedupe();
}

/** Forget the shared request (after an update, and between tests). */
export function resetAuthProfileDedupe(): void {
  latest = null;
}

/** The primary e-mail address: the first listed. */
export function primaryEmail(profile: AuthProfile | undefined): string | undefined {
  return profile?.emailAddresses[0]?.emailAddress;
}

function forgetAfterWindow(entry: NonNullable<typeof latest>): void {
  const remaining = CLIENT_TIMINGS.profileDedupeMs - (Date.now() - entry.startedAt);
  if (remaining <= 0) {
    if (latest === entry) latest = null;
    return;
  }
  setTimeout(() => {
    if (latest === entry) latest = null;
  }, remaining);
}
