// Issue 41 (decision 067): the account-security calls — verification links, forgotten passwords, two-factor,
// e-mail change and the signed-in sessions — against the API's /api/auth endpoints.
import type { AccountSessions } from '@keyturn/domain/schemas/accountSecurity';
import type { EmailDelivery } from '@keyturn/domain/schemas/auth';
import { ApiError, api, request } from '@/lib/api';
import type { SessionUser } from '@/lib/auth';
import { setSessionToken } from '@/lib/session-token';

export const verifyEmail = (token: string) =>
  api.get<{ status: boolean }>(`/auth/verify-email?token=${encodeURIComponent(token)}`);

/** Whether this server sends e-mail now or keeps it on the server (no mail server set up yet). */
export const emailDelivery = () => api.get<EmailDelivery>('/auth/email-delivery');

export const sendVerificationAgain = () => api.post<{ status: boolean }>('/auth/send-verification-email', {});

export const requestPasswordReset = (email: string) =>
  api.post<{ status: boolean }>('/auth/request-password-reset', { email });

export const resetPassword = (token: string, newPassword: string) =>
  api.post<{ status: boolean }>('/auth/reset-password', { token, newPassword });

export const changeEmail = (newEmail: string) =>
  api.post<{ status: boolean }>('/auth/change-email', { newEmail });

export const accountSessions = () => api.get<AccountSessions>('/auth/sessions');

export const signOutSession = (id: string) =>
  api.post<{ success: true; current: boolean }>(`/auth/sessions/${encodeURIComponent(id)}/sign-out`, {});

export const signOutOtherSessions = () => api.post<{ status: boolean }>('/auth/revoke-other-sessions', {});

/** Turning two-factor on starts with the password: the key for the app and the recovery codes. */
export const startTwoFactor = (password: string) =>
  api.post<{ totpURI: string; backupCodes: string[] }>('/auth/two-factor/enable', { password });

/**
 * A call that replaces the session (two-factor turned on or off): the answer's token is this browser's
 * session from now on.
 */
async function replacingSession(path: string, body: unknown): Promise<void> {
  const { data, headers } = await request<{ token?: string }>('POST', path, body);
  const token = headers.get('set-auth-token') ?? data.token;
  if (token) setSessionToken(token);
}

export const confirmTwoFactor = (code: string) => replacingSession('/auth/two-factor/verify-totp', { code });
export const turnOffTwoFactor = (password: string) =>
  replacingSession('/auth/two-factor/disable', { password });

/** The second step of a sign-in with two-factor: a code from the app or a recovery code. */
export async function verifySignInCode(
  kind: 'totp' | 'recovery',
  code: string,
): Promise<{ token: string; user: SessionUser }> {
  const path = kind === 'totp' ? '/auth/two-factor/verify-totp' : '/auth/two-factor/verify-backup-code';
  const { data, headers } = await request<{ token?: string; user?: SessionUser }>('POST', path, { code });
  const token = headers.get('set-auth-token') ?? data.token;
  if (!token || !data.user) {
    throw new ApiError(502, 'NO_SESSION', 'The server did not start a session. Please try again.');
  }
  return { token, user: data.user };
}
