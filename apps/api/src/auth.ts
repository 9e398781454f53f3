// Accounts: better-auth (e-mail + password) on the application's database. API calls carry
// `Authorization: Bearer <session token>` (bearer plugin); the organization plugin is ready for teams.
// Issue 41 (decision 067): e-mail verification, password reset and e-mail change send their links through
// the app's mailer (attachAccountMail); twoFactor adds an authenticator app with recovery codes.
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer, organization, twoFactor } from 'better-auth/plugins';
import { ACCOUNT_LINK_LIFETIME_SECONDS } from '@keyturn/domain/accountTexts';
import { PASSWORD_MIN_LENGTH } from '@keyturn/domain/constants';
import type { Config } from './config';
import type { Db } from './db/client';
import * as schema from './db/schema';

export const AUTH_BASE_PATH = '/api/auth';

/** Which account e-mail a link goes out in. */
export type AccountMailKind = 'verify' | 'change' | 'reset';
export type AccountMail = {
  kind: AccountMailKind;
  to: string;
  name: string;
  /** The web app's page that uses the token (never better-auth's own redirecting address). */
  url: string;
};
/** Set once the app's mailer exists (buildApp): better-auth is made before it. */
type AccountMailSink = { send: ((mail: AccountMail) => void) | null };
const accountMailSinks = new WeakMap<object, AccountMailSink>();

/**
 * Where better-auth's account e-mails go: `send` is called without being awaited, so no answer waits on (or
 * is timed by) the mail server — a forgotten-password answer is the same for every address.
 */
export function attachAccountMail(auth: Auth, send: (mail: AccountMail) => void): void {
  const sink = accountMailSinks.get(auth);
  if (sink) sink.send = send;
}

/** The claims of a verification token better-auth signed (read, not checked: better-auth checks it). */
function tokenClaims(token: string): { updateTo?: string; requestType?: string } {
  try {
    const payload = token.split('.')[1] ?? '';
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { updateTo?: string };
  } catch {
    return {};
  }
}

export function createAuth(db: Db, config: Config) {
  const sink: AccountMailSink = { send: null };
  const deliver = (mail: AccountMail) => {
    sink.send?.(mail);
    return Promise.resolve();
  };
  const page = (pathname: string, token: string) =>
    `${config.publicUrl}${pathname}?token=${encodeURIComponent(token)}`;
  const auth = betterAuth({
    appName: 'Keyturn',
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.authSecret ?? persistentSecret(config.dataDir),
    trustedOrigins: config.trustedOrigins,
    telemetry: { enabled: false },
    logger: { disabled: config.logLevel === 'silent', level: 'error' },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: schema.users,
        session: schema.sessions,
        account: schema.accounts,
        verification: schema.verifications,
        organization: schema.organizations,
        member: schema.members,
        invitation: schema.invitations,
        twoFactor: schema.twoFactors,
      },
    }),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
      // Forgot password: a one-use link (better-auth consumes the stored token) that works for an hour; the
      // reset ends every session of the account.
      resetPasswordTokenExpiresIn: ACCOUNT_LINK_LIFETIME_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: ({ user, token }) =>
        deliver({
          kind: 'reset',
          to: user.email,
          name: user.name,
          url: page('/sign-in/reset-password', token),
        }),
    },
    // Sign-up sends a verification link; the dashboard works meanwhile (no requireEmailVerification), but the
    // rights tied to an address wait for it (server-settings/service.ts, teams, the waiting-list discount).
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: ACCOUNT_LINK_LIFETIME_SECONDS,
      autoSignInAfterVerification: false,
      sendVerificationEmail: ({ user, token }) => {
        const change = tokenClaims(token).updateTo !== undefined;
        return deliver({
          kind: change ? 'change' : 'verify',
          to: user.email,
          name: user.name,
          url: page('/verify-email', token),
        });
      },
    },
    user: {
      additionalFields: {
        firstName: { type: 'string', required: false },
        lastName: { type: 'string', required: false },
      },
      // A new address replaces the old one only once a link sent to the new address is opened.
      changeEmail: { enabled: true, updateEmailWithoutVerification: false },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    rateLimit: { enabled: false },
    plugins: [
      // First, so its sign-in hook has ended the password step's session (two-factor pending) before the
      // bearer plugin would publish that session's token.
      twoFactor({
        issuer: 'Keyturn',
        // "Trust this device" is never offered (modules/auth/routes.ts drops trustDevice): every sign-in of an
        // account with two-factor asks for a code.
      }),
      bearer(),
      organization(),
    ],
  });
  accountMailSinks.set(auth, sink);
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;

/** Without AUTH_SECRET, a random secret is kept in DATA_DIR so sessions survive restarts. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, '.auth-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString('hex');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
