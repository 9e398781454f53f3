// Sign-up and sign-in against better-auth's e-mail endpoints (/api/auth, bearer plugin).
import type { SignInInput, SignUpInput } from '@keyturn/domain/schemas/auth';
import { ApiError, request } from '@/lib/api';
import type { SessionUser } from '@/lib/auth';

export interface AuthResult {
  token: string;
  user: SessionUser;
}

/** Issue 41: a sign-in whose password was right but whose account asks for a two-factor code next. */
export class TwoFactorRequired extends Error {
  override readonly name = 'TwoFactorRequired';
}

interface AuthResponse {
  token?: string | null;
  user: SessionUser;
  twoFactorRedirect?: boolean;
}

/** POST /api/auth/sign-in/email → 200 { token, user } and the `set-auth-token` header. */
export function signIn(input: SignInInput): Promise<AuthResult> {
  return authenticate('/auth/sign-in/email', input);
}

/** POST /api/auth/sign-up/email → 200 { token, user } and the `set-auth-token` header. */
export function signUp(input: SignUpInput): Promise<AuthResult> {
  return authenticate('/auth/sign-up/email', { name: `${input.firstName} ${input.lastName}`, ...input });
}

async function authenticate(path: string, body: unknown): Promise<AuthResult> {
  const { data, headers } = await request<AuthResponse>('POST', path, body);
  if (data.twoFactorRedirect) throw new TwoFactorRequired();
  const token = headers.get('set-auth-token') ?? data.token;
  if (!token || !data.user) {
    throw new ApiError(502, 'NO_SESSION', 'The server did not start a session. Please try again.');
  }
  return { token, user: data.user };
}
