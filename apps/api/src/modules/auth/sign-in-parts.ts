// The parts sign-in with Google/Microsoft (social-routes.ts, decision 068) and a team's SSO (sso-routes.ts,
// decision 070) share: Keyturn's own /api/auth endpoints and their exact-spelling rule (decision 037), the
// state kept server-side and bound to the browser by a cookie, the advisory locks that serialise one identity,
// the names a new account gets, and the hand-off: a session made for the account, given to the web app by a
// one-use code in the address's fragment (POST /social/finish exchanges it).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, gt, sql } from 'drizzle-orm';
import { SOCIAL_PROVIDERS } from '@keyturn/domain/signInMethods';
import { NAME_MAX_LENGTH } from '@keyturn/domain/schemas/auth';
import { AUTH_BASE_PATH, type Auth } from '../../auth';
import type { Db } from '../../db/client';
import { users, verifications } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { ProviderIdentity } from './social-oidc';

/** Keyturn's own endpoints under /api/auth, by method: exact spellings, as better-auth's (decision 037). */
export const SOCIAL_AUTH_ENDPOINTS: Readonly<Record<string, readonly string[]>> = {
  GET: ['/social/providers', ...SOCIAL_PROVIDERS.map((p) => `/social/${p}/callback`), '/sign-in-methods'],
  POST: [...SOCIAL_PROVIDERS.map((p) => `/social/${p}/start`), '/social/finish', '/sign-in-methods/unlink'],
};

/** A team's SSO (decision 070): the start by work e-mail, and the one callback every team's provider uses. */
export const SSO_AUTH_ENDPOINTS: Readonly<Record<string, readonly string[]>> = {
  GET: ['/sso/callback'],
  POST: ['/sso/start'],
};

const OWN_AUTH_ENDPOINTS: Readonly<Record<string, readonly string[]>> = {
  GET: [...SOCIAL_AUTH_ENDPOINTS.GET!, ...SSO_AUTH_ENDPOINTS.GET!],
  POST: [...SOCIAL_AUTH_ENDPOINTS.POST!, ...SSO_AUTH_ENDPOINTS.POST!],
};

/** The exact-spelling rule of decision 037 for Keyturn's own /api/auth paths (a 404 for any other). */
export async function exactSpelling(request: FastifyRequest, _reply: FastifyReply) {
  const raw = request.url.split('?')[0] ?? '';
  const routed = new URL(raw.replace(/^\/+/, '/'), 'http://keyturn.invalid').pathname;
  const endpoint = raw.startsWith(`${AUTH_BASE_PATH}/`) ? raw.slice(AUTH_BASE_PATH.length) : '';
  if (routed !== raw || !OWN_AUTH_ENDPOINTS[request.method]?.includes(endpoint)) {
    throw new AppError(404, 'NOT_FOUND', 'Not found.');
  }
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

export function cookieOf(request: FastifyRequest, name: string): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=') || null;
  }
  return null;
}

/** The cookie binding a start to its browser: HttpOnly, SameSite=Lax, on the flow's own path. */
export function stateCookie(name: string, path: string, value: string, seconds: number, secure: boolean) {
  return `${name}=${value}; Path=${path}; Max-Age=${seconds}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Keeps a flow's state (single use, `minutes` long) and answers the browser's half of it, for the cookie. */
export async function saveState(
  db: Db,
  key: string,
  value: Record<string, unknown>,
  minutes: number,
): Promise<string> {
  const browser = randomBytes(24).toString('base64url');
  await db.insert(verifications).values({
    id: randomUUID(),
    identifier: key,
    value: JSON.stringify({ ...value, browser: sha256(browser) }),
    expiresAt: new Date(Date.now() + minutes * 60_000),
  });
  return browser;
}

/** The stored state, deleted as it is read (single use, so a replayed callback finds nothing). */
export async function takeState<T>(db: Db, prefix: string, state: string | null): Promise<T | null> {
  if (!state || state.length > 200) return null;
  const [row] = await db
    .delete(verifications)
    .where(and(eq(verifications.identifier, `${prefix}${state}`), gt(verifications.expiresAt, new Date())))
    .returning({ value: verifications.value });
  if (!row) return null;
  try {
    return JSON.parse(row.value) as T;
  } catch {
    return null;
  }
}

/** Serialises the sign-ins and links of one provider account and one address (no twin rows in a race). */
export async function lockIdentity(tx: Pick<Db, 'execute'>, provider: string, identity: ProviderIdentity) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`social:${provider}:${identity.subject}`}))`);
  if (identity.email) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`social-email:${identity.email}`}))`);
  }
}

export function accountRow(providerId: string, identity: ProviderIdentity, userId: string) {
  // No provider tokens are kept: signing in needs none (the calendar sync has its own grant).
  return {
    id: randomUUID(),
    providerId,
    accountId: identity.subject,
    userId,
    scope: 'openid email profile',
  };
}

export function namesOf(identity: ProviderIdentity): { firstName: string; lastName: string } {
  const [first = '', ...rest] = (identity.name ?? '').split(/\s+/).filter(Boolean);
  const local = (identity.email ?? '').split('@')[0] ?? '';
  const cut = (s: string) => s.slice(0, NAME_MAX_LENGTH);
  return {
    firstName: cut(identity.givenName ?? (first || local || 'Agent')),
    lastName: cut(identity.familyName ?? rest.join(' ')),
  };
}

export const HANDOFF_PREFIX = 'social-handoff:';
const HANDOFF_SECONDS = 120;

/**
 * The account signed in: a session, and the one-use code (2 minutes) the web app exchanges for it — or null when
 * two-factor is on (better-auth checks it on the password sign-in only, so a provider alone never signs in such
 * an account, an administrator's neither).
 */
export async function handOff(
  db: Db,
  auth: Auth,
  request: FastifyRequest,
  userId: string,
): Promise<string | null> {
  const [account] = await db
    .select({ twoFactorEnabled: users.twoFactorEnabled })
    .from(users)
    .where(eq(users.id, userId));
  if (account?.twoFactorEnabled) return null;
  const context = await auth.$context;
  const session = await context.internalAdapter.createSession(userId, false, {
    ipAddress: request.ip,
    userAgent: request.headers['user-agent'] ?? '',
  });
  const code = randomBytes(24).toString('base64url');
  await db.insert(verifications).values({
    id: randomUUID(),
    identifier: `${HANDOFF_PREFIX}${sha256(code)}`,
    value: session.token,
    expiresAt: new Date(Date.now() + HANDOFF_SECONDS * 1000),
  });
  return code;
}

/** The one address every team's provider sends the browser back to: shown on the owner's SSO form. */
export const ssoRedirectUri = (publicUrl: string) => `${publicUrl}${AUTH_BASE_PATH}/sso/callback`;
