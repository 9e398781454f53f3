// Issue 41 (decision 067): the rules the app adds on top of better-auth's account-security endpoints —
// verified e-mail, forgotten passwords, e-mail change, two-factor sign-in, other sessions. Each body is checked
// with the domain's schema and rebuilt from what it allows (nothing else reaches better-auth: no callbackURL
// that would redirect, no "trust this device"); routes.ts calls prepareSecurityCall for the endpoint
// allowedEndpoint returned, so the rules run on exactly the path better-auth routes.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, lt, sql } from 'drizzle-orm';
import {
  ACCOUNT_TEXTS,
  PASSWORD_RESET_ANSWER_FLOOR_MS,
  VERIFICATION_RESEND_SECONDS,
} from '@keyturn/domain/accountTexts';
import { MESSAGES } from '@keyturn/domain/messages';
import {
  changeEmailSchema,
  forgotPasswordSchema,
  recoveryCodeSchema,
  resetPasswordSchema,
  totpCodeSchema,
  twoFactorPasswordSchema,
  verifyEmailQuerySchema,
} from '@keyturn/domain/schemas/accountSecurity';
import type { z } from 'zod';
import type { Auth } from '../../auth';
import type { Db } from '../../db/client';
import { sessions, usedAuthLinks, users } from '../../db/schema';
import { toWebHeaders } from '../../http/authenticate';
import { AppError, fieldErrors, validationError, type ErrorBody } from '../../http/errors';
import { takeSendSlot } from './account-mail';
import { isCommonPassword } from './password-policy';

/** The account-security endpoints of better-auth the product uses (added to AUTH_ENDPOINTS). */
export const SECURITY_ENDPOINTS = {
  GET: ['/verify-email'],
  POST: [
    '/send-verification-email',
    '/request-password-reset',
    '/reset-password',
    '/change-email',
    '/revoke-other-sessions',
    '/two-factor/enable',
    '/two-factor/disable',
    '/two-factor/verify-totp',
    '/two-factor/verify-backup-code',
    '/two-factor/generate-backup-codes',
  ],
} as const;

export type PreparedCall = {
  body?: Record<string, unknown> | undefined;
  /** The query better-auth is handed ('' = none); the request's own when undefined. */
  query?: string;
  /** Runs with better-auth's status before the answer leaves. */
  beforeSend?: (status: number) => Promise<void>;
};

function parsed<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw validationError(fieldErrors(result.error.issues));
  return result.data;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The claims of a verification token (checked by better-auth afterwards; here only read). */
function claimsOf(token: string): { exp?: number; userId?: string; updateTo?: string; requestType?: string } {
  try {
    return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      exp?: number;
    };
  } catch {
    return {};
  }
}

async function signedIn(auth: Auth, request: FastifyRequest) {
  return auth.api.getSession({ headers: toWebHeaders(request) }).catch(() => null);
}

const unauthenticated = () => new AppError(401, 'UNAUTHENTICATED', 'Please sign in to continue.');

/** The checks and the rebuilt call for one account-security endpoint; null for any other endpoint. */
export async function prepareSecurityCall(ctx: {
  auth: Auth;
  db: Db;
  request: FastifyRequest;
  reply: FastifyReply;
  endpoint: string;
}): Promise<PreparedCall | null> {
  const { auth, db, request, reply, endpoint } = ctx;
  const body = request.body as Record<string, unknown> | undefined;
  switch (endpoint) {
    case '/verify-email': {
      const { token } = parsed(verifyEmailQuerySchema, request.query);
      const claims = claimsOf(token);
      const hash = sha256(token);
      // One use: the token's hash is taken before better-auth sees it (a second use, even at the same time,
      // finds it taken) and given back if better-auth refuses the link.
      // Kept until the link would have expired anyway (read from the token, which better-auth checks after:
      // a forged claim only bounds how long a made-up token stays remembered).
      const exp = typeof claims.exp === 'number' && Number.isFinite(claims.exp) ? claims.exp * 1000 : NaN;
      const expiresAt = new Date(
        exp > Date.now() && exp < Date.now() + 86_400_000 ? exp : Date.now() + 3_600_000,
      );
      const taken = await db
        .insert(usedAuthLinks)
        .values({ tokenHash: hash, expiresAt })
        .onConflictDoNothing()
        .returning({ tokenHash: usedAuthLinks.tokenHash });
      if (taken.length === 0) {
        throw new AppError(400, 'LINK_USED', ACCOUNT_TEXTS.linkUsed, { token: ACCOUNT_TEXTS.linkUsed });
      }
      await db.delete(usedAuthLinks).where(lt(usedAuthLinks.expiresAt, sql`now() - interval '1 day'`));
      return {
        query: `?token=${encodeURIComponent(token)}`,
        beforeSend: async (status) => {
          if (status >= 400) {
            await db.delete(usedAuthLinks).where(eq(usedAuthLinks.tokenHash, hash));
            return;
          }
          // A new address is proved by the link sent to it: it replaces the old one already confirmed.
          if (claims.requestType === 'change-email-verification' && claims.userId && claims.updateTo) {
            await db
              .update(users)
              .set({ emailVerified: true })
              .where(
                and(eq(users.id, claims.userId), sql`lower(${users.email}) = lower(${claims.updateTo})`),
              );
          }
        },
      };
    }
    case '/send-verification-email': {
      // "Send again" is for the signed-in account's own address, at most once a minute.
      const session = await signedIn(auth, request);
      if (!session?.user) throw unauthenticated();
      if (session.user.emailVerified) {
        throw new AppError(409, 'EMAIL_ALREADY_VERIFIED', ACCOUNT_TEXTS.emailVerified);
      }
      const wait = await takeSendSlot(
        db,
        `verification-resend:${session.user.id}`,
        VERIFICATION_RESEND_SECONDS,
      );
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        throw new AppError(429, 'VERIFICATION_RESEND_WAIT', ACCOUNT_TEXTS.verificationWait(wait));
      }
      return { body: { email: session.user.email }, query: '' };
    }
    case '/request-password-reset': {
      const { email } = parsed(forgotPasswordSchema, body);
      // The same answer for every address, never sooner than the floor: whether an account exists shows
      // neither in the words nor in the time (the e-mail itself goes out in the background).
      const started = performance.now();
      return {
        body: { email },
        query: '',
        beforeSend: async () => {
          const left = PASSWORD_RESET_ANSWER_FLOOR_MS - (performance.now() - started);
          if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
        },
      };
    }
    case '/reset-password': {
      const { token, newPassword } = parsed(resetPasswordSchema, body);
      if (isCommonPassword(newPassword)) throw validationError({ newPassword: MESSAGES.passwordTooCommon });
      return { body: { token, newPassword }, query: '' };
    }
    case '/change-email': {
      const { newEmail } = parsed(changeEmailSchema, body);
      return { body: { newEmail }, query: '' };
    }
    case '/revoke-other-sessions':
      return { body: {}, query: '' };
    case '/two-factor/enable':
    case '/two-factor/disable':
    case '/two-factor/generate-backup-codes': {
      const { password } = parsed(twoFactorPasswordSchema, body);
      return { body: { password }, query: '' };
    }
    case '/two-factor/verify-totp': {
      const { code } = parsed(totpCodeSchema, body);
      // Turning two-factor on (a signed-in call while it is off) ends every other session: from then on each
      // session of the account was opened with a code — Server settings included (decision 067).
      const session = await signedIn(auth, request);
      const enabling = session?.user && !(session.user as { twoFactorEnabled?: boolean }).twoFactorEnabled;
      const started = new Date();
      return {
        body: { code },
        query: '',
        beforeSend:
          enabling && session
            ? async (status) => {
                if (status >= 400) return;
                await db
                  .delete(sessions)
                  .where(and(eq(sessions.userId, session.user.id), lt(sessions.createdAt, started)));
              }
            : undefined,
      };
    }
    case '/two-factor/verify-backup-code': {
      const { code } = parsed(recoveryCodeSchema, body);
      return { body: { code }, query: '' };
    }
    default:
      return null;
  }
}

/** The refusals of a link or a code: the input was refused (400), whatever better-auth's status (401). */
export const SECURITY_INPUT_CODES = new Set([
  'LINK_EXPIRED',
  'LINK_INVALID',
  'RESET_LINK_INVALID',
  'INVALID_CODE',
  'TWO_FACTOR_EXPIRED',
  'EMAIL_UNCHANGED',
]);

/** better-auth's refusals of these endpoints in the product's words (null: not one of them). */
export function securityError(endpoint: string, status: number, code: string): ErrorBody | null {
  const field = (name: string, error: string, c = code): ErrorBody => ({
    error,
    code: c,
    fields: { [name]: error },
  });
  switch (code) {
    case 'TOKEN_EXPIRED':
      return field('token', ACCOUNT_TEXTS.linkExpired, 'LINK_EXPIRED');
    case 'INVALID_TOKEN':
    case 'USER_NOT_FOUND':
    case 'INVALID_USER':
      return endpoint === '/reset-password'
        ? field('token', ACCOUNT_TEXTS.resetLinkInvalid, 'RESET_LINK_INVALID')
        : endpoint === '/verify-email'
          ? field('token', ACCOUNT_TEXTS.linkInvalid, 'LINK_INVALID')
          : null;
    case 'INVALID_CODE':
    case 'INVALID_BACKUP_CODE':
      return field('code', ACCOUNT_TEXTS.twoFactorCodeWrong, 'INVALID_CODE');
    case 'INVALID_TWO_FACTOR_COOKIE':
    case 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE':
      return { error: ACCOUNT_TEXTS.twoFactorExpired, code: 'TWO_FACTOR_EXPIRED' };
    case 'INVALID_PASSWORD':
      return endpoint.startsWith('/two-factor/')
        ? field('password', MESSAGES.currentPasswordIncorrect)
        : null;
    default:
      if (endpoint === '/change-email' && status === 400 && code === 'AUTH_ERROR') {
        return field('newEmail', ACCOUNT_TEXTS.changeEmailSame, 'EMAIL_UNCHANGED');
      }
      return null;
  }
}
