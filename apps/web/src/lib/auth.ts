// The signed-in session as the web app sees it. The server runs better-auth at /api/auth with the bearer
// plugin; we speak its HTTP contract through our own API client (no auth client library) and keep the token
// in localStorage (session-token.ts).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError, api } from './api';
import { clearSessionToken, getSessionToken, setSessionToken } from './session-token';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  image?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  /** Issue 41: false until the address's link is opened (the dashboard's banner). */
  emailVerified?: boolean;
  twoFactorEnabled?: boolean | null;
}

/** Body of GET /api/auth/get-session when signed in (better-auth also sends a `session` record). */
export interface SessionPayload {
  session?: unknown;
  user: SessionUser;
}

export type SessionState =
  | { status: 'loading'; user: null }
  | { status: 'signed-in'; user: SessionUser }
  | { status: 'signed-out'; user: null };

export const SESSION_QUERY_KEY = ['auth', 'session'] as const;

const sessionQuery = queryOptions({
  queryKey: SESSION_QUERY_KEY,
  queryFn: fetchSession,
  // No stored token (and on the server, which has no storage): signed out at once, with no request, so the
  // first render of a server-rendered page (decision 034) is the signed-out markup the server sent. With a
  // token the session is 'loading' until the API answers.
  initialData: () => (getSessionToken() ? undefined : null),
});

/**
 * The current session. No stored token, a rejected token (401) or a `null` answer all mean signed out; a
 * server that cannot be reached also leaves the visitor signed out (the protected screens cannot work).
 * Without a stored token the very first render is already signed out.
 */
export function useSession(): SessionState {
  const query = useQuery(sessionQuery);
  if (query.isPending) return { status: 'loading', user: null };
  const user = query.data?.user;
  return user ? { status: 'signed-in', user } : { status: 'signed-out', user: null };
}

export async function fetchSession(): Promise<SessionPayload | null> {
  if (!getSessionToken()) return null;
  try {
    const payload = await api.get<SessionPayload | null>('/auth/get-session');
    if (payload?.user) return payload;
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) throw error;
  }
  clearSessionToken();
  return null;
}

/**
 * Make a session returned by sign-in or sign-up the current one: store its token, forget whatever was
 * cached for a previous user, and publish the user so guarded screens render at once.
 */
export function startSession(queryClient: QueryClient, token: string, user: SessionUser): void {
  setSessionToken(token);
  queryClient.removeQueries({ predicate: (query) => !isSessionQuery(query.queryKey) });
  const payload: SessionPayload = { user };
  queryClient.setQueryData(sessionQuery.queryKey, payload);
}

/**
 * Sign out on the server (best effort: the token is dropped either way), then forget the token and every
 * cached answer. Call it once the signed-in screens are gone, or the route guard will redirect first.
 */
export async function endSession(queryClient: QueryClient): Promise<void> {
  if (getSessionToken()) {
    try {
      await api.post('/auth/sign-out', {});
    } catch {
      // An expired or already revoked session is signed out as far as this browser is concerned.
    }
  }
  clearSessionToken();
  await queryClient.cancelQueries();
  queryClient.removeQueries({ predicate: (query) => !isSessionQuery(query.queryKey) });
  queryClient.setQueryData(sessionQuery.queryKey, null);
}

/** First and last name of a session user; better-auth's `name` is split when the fields are missing. */
export function userNames(user: SessionUser): { firstName: string; lastName: string } {
  if (user.firstName || user.lastName)
    return { firstName: user.firstName ?? '', lastName: user.lastName ?? '' };
  const [firstName = '', ...rest] = user.name.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

function isSessionQuery(queryKey: readonly unknown[]): boolean {
  return queryKey[0] === SESSION_QUERY_KEY[0] && queryKey[1] === SESSION_QUERY_KEY[1];
}
