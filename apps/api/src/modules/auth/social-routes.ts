// Sign-in with Google and Microsoft (issue 41), on the Keyturn side of /api/auth. Each path is on the
// allow-list (SOCIAL_AUTH_ENDPOINTS) and answers only under its exact spelling (decision 037):
//   GET  /social/providers            which providers this server offers (an app set in Server settings)
//   POST /social/{provider}/start     {intent: sign-in | link} → {url} at the provider; a cookie binds it to
//                                     this browser
//   GET  /social/{provider}/callback  the provider's redirect: state (single use, this browser's, 10 minutes),
//                                     PKCE, nonce and issuer checked; then back to the web app
//   POST /social/finish               {code} (single use, 2 minutes) → the session token, like sign-in
//   GET  /sign-in-methods             the caller's password and linked providers
//   POST /sign-in-methods/unlink      {method} — never the last way to sign in
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, gt, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  SIGN_IN_METHOD_TEXTS,
  SOCIAL_PROVIDERS,
  SOCIAL_SIGN_IN_ERRORS,
  type SocialProvider,
  type SocialSignInError,
} from '@keyturn/domain/signInMethods';
import { errorResponseSchema } from '@keyturn/domain/schemas/common';
import { AUTH_BASE_PATH, type Auth } from '../../auth';
import type { OAuthApp } from '../../config';
import type { Db } from '../../db/client';
import { accounts, teamSso, users, verifications } from '../../db/schema';
import { currentUser, requireUser } from '../../http/authenticate';
import { AppError, validationError } from '../../http/errors';
import type { OutboundPolicy } from '../../http/outbound-url';
import {
  completeSignIn,
  newSignInSecrets,
  ProviderRefusedError,
  signInUrl,
  type ProviderIdentity,
} from './social-oidc';
import {
  accountRow,
  cookieOf,
  exactSpelling,
  HANDOFF_PREFIX,
  handOff,
  lockIdentity,
  namesOf,
  saveState,
  sha256,
  SOCIAL_AUTH_ENDPOINTS,
  stateCookie,
  takeState,
} from './sign-in-parts';

export { SOCIAL_AUTH_ENDPOINTS };

/** The address the provider sends the browser back to: register it with the app (shown on Server settings). */
export const socialRedirectUri = (publicUrl: string, provider: SocialProvider) =>
  `${publicUrl}${AUTH_BASE_PATH}/social/${provider}/callback`;

export const SOCIAL_STATE_COOKIE = 'keyturn_social_state';
const STATE_MINUTES = 10;
const STATE_PREFIX = 'social-state:';

type StoredState = {
  provider: SocialProvider;
  intent: 'sign-in' | 'link';
  userId: string | null;
  verifier: string;
  nonce: string;
  /** sha256 of the browser's cookie value. */
  browser: string;
};

const startBody = z.object({ intent: z.enum(['sign-in', 'link']).default('sign-in') }).strict();
const finishBody = z.object({ code: z.string().min(1).max(200) }).strict();
const unlinkBody = z.object({ method: z.enum(SOCIAL_PROVIDERS) }).strict();
const methodSchema = z.object({
  method: z.enum(['password', ...SOCIAL_PROVIDERS]),
  linked: z.boolean(),
  /** Offered by this server (a provider whose app is not set cannot be linked). */
  available: z.boolean(),
});

export async function socialAuthRoutes(
  app: FastifyInstance,
  opts: {
    auth: Auth;
    db: Db;
    publicUrl: string;
    limitPerMinute: number;
    /** The calendar sync's OAuth apps as Server settings resolve them now; null = not set up. */
    apps: (provider: SocialProvider) => Promise<OAuthApp | null>;
    outbound: OutboundPolicy;
  },
) {
  const { auth, db, publicUrl } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limit = { rateLimit: { max: opts.limitPerMinute, timeWindow: '1 minute' } };
  const secureCookie = new URL(publicUrl).protocol === 'https:';
  const cookiePath = `${AUTH_BASE_PATH}/social`;

  const offered = async () => {
    const out: SocialProvider[] = [];
    for (const p of SOCIAL_PROVIDERS) if (await opts.apps(p)) out.push(p);
    return out;
  };

  r.get(
    `${AUTH_BASE_PATH}/social/providers`,
    {
      onRequest: exactSpelling,
      schema: {
        tags: ['auth'],
        summary:
          'The providers this server offers for sign-in (Google, Microsoft), and whether a team signs in with SSO',
        response: {
          200: z.object({ providers: z.array(z.enum(SOCIAL_PROVIDERS)), sso: z.boolean() }),
        },
      },
    },
    async () => {
      // The company-account option is offered once a team on this server has set up SSO (decision 070).
      const [team] = await db.select({ id: teamSso.organizationId }).from(teamSso).limit(1);
      return { providers: await offered(), sso: team !== undefined };
    },
  );

  for (const provider of SOCIAL_PROVIDERS) {
    r.post(
      `${AUTH_BASE_PATH}/social/${provider}/start`,
      {
        onRequest: exactSpelling,
        config: limit,
        schema: {
          tags: ['auth'],
          summary: `Start signing in (or linking) with ${provider}`,
          body: startBody.optional(),
          response: {
            200: z.object({ url: z.string() }),
            400: errorResponseSchema,
            401: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const intent = request.body?.intent ?? 'sign-in';
        let userId: string | null = null;
        if (intent === 'link') {
          await requireUser(auth)(request, reply);
          userId = currentUser(request).id;
        }
        const oauthApp = await opts.apps(provider);
        if (!oauthApp) {
          throw new AppError(400, 'PROVIDER_NOT_OFFERED', SOCIAL_SIGN_IN_ERRORS.PROVIDER_NOT_OFFERED, {
            provider: SOCIAL_SIGN_IN_ERRORS.PROVIDER_NOT_OFFERED,
          });
        }
        const secrets = newSignInSecrets();
        const stored: Omit<StoredState, 'browser'> = {
          provider,
          intent,
          userId,
          verifier: secrets.verifier,
          nonce: secrets.nonce,
        };
        const browser = await saveState(db, `${STATE_PREFIX}${secrets.state}`, stored, STATE_MINUTES);
        reply.header(
          'set-cookie',
          stateCookie(SOCIAL_STATE_COOKIE, cookiePath, browser, STATE_MINUTES * 60, secureCookie),
        );
        return {
          url: await signInUrl(provider, oauthApp, {
            redirectUri: socialRedirectUri(publicUrl, provider),
            ...secrets,
          }),
        };
      },
    );

    r.get(
      `${AUTH_BASE_PATH}/social/${provider}/callback`,
      { onRequest: exactSpelling, config: limit, schema: { hide: true } },
      async (request, reply) => {
        const query = new URLSearchParams(request.url.split('?')[1] ?? '');
        // The browser's cookie is spent whatever happens next.
        reply.header('set-cookie', stateCookie(SOCIAL_STATE_COOKIE, cookiePath, '', 0, secureCookie));
        const state = await takeState<StoredState>(db, STATE_PREFIX, query.get('state'));
        const back = (intent: StoredState['intent'] | null, outcome: Record<string, string>) =>
          reply.redirect(
            intent === 'link'
              ? `${publicUrl}/dashboard/settings?${new URLSearchParams({ tab: 'account', ...outcome })}`
              : `${publicUrl}/sign-in?${new URLSearchParams(outcome)}`,
            303,
          );
        const fail = (intent: StoredState['intent'] | null, code: SocialSignInError) =>
          back(intent, { socialError: code, provider });
        const cookie = cookieOf(request, SOCIAL_STATE_COOKIE);
        if (!state || state.provider !== provider || !cookie || sha256(cookie) !== state.browser) {
          return fail(state?.intent ?? null, 'SIGN_IN_EXPIRED');
        }
        const oauthApp = await opts.apps(provider);
        if (!oauthApp) return fail(state.intent, 'PROVIDER_NOT_OFFERED');
        let identity: ProviderIdentity;
        try {
          identity = await completeSignIn(
            provider,
            oauthApp,
            {
              callback: query,
              redirectUri: socialRedirectUri(publicUrl, provider),
              verifier: state.verifier,
              nonce: state.nonce,
              state: query.get('state') ?? '',
            },
            opts.outbound,
          );
        } catch (err) {
          request.log.warn({ err, provider }, 'social sign-in refused');
          return fail(
            state.intent,
            err instanceof ProviderRefusedError ? 'PROVIDER_REFUSED' : 'PROVIDER_UNAVAILABLE',
          );
        }
        const outcome =
          state.intent === 'link' && state.userId
            ? await linkToUser(db, provider, identity, state.userId)
            : await signInUser(db, provider, identity);
        if ('error' in outcome) return fail(state.intent, outcome.error);
        if (state.intent === 'link') return back('link', { linked: provider });
        const code = await handOff(db, auth, request, outcome.userId);
        if (code === null) return fail(state.intent, 'TWO_FACTOR_REQUIRED');
        // In the fragment: never sent to a server, never in a Referer.
        return reply.redirect(`${publicUrl}/sign-in/complete#code=${code}`, 303);
      },
    );
  }

  r.post(
    `${AUTH_BASE_PATH}/social/finish`,
    {
      onRequest: exactSpelling,
      config: limit,
      schema: {
        tags: ['auth'],
        summary: 'Exchange the one-use code of a Google or Microsoft sign-in for the session token',
        body: finishBody,
        response: { 200: z.object({ token: z.string() }), 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const [row] = await db
        .delete(verifications)
        .where(
          and(
            eq(verifications.identifier, `${HANDOFF_PREFIX}${sha256(request.body.code)}`),
            gt(verifications.expiresAt, new Date()),
          ),
        )
        .returning({ value: verifications.value });
      if (!row) {
        throw new AppError(400, 'SIGN_IN_EXPIRED', SOCIAL_SIGN_IN_ERRORS.SIGN_IN_EXPIRED, {
          code: SOCIAL_SIGN_IN_ERRORS.SIGN_IN_EXPIRED,
        });
      }
      reply.header('set-auth-token', row.value);
      return { token: row.value };
    },
  );

  r.get(
    `${AUTH_BASE_PATH}/sign-in-methods`,
    {
      onRequest: exactSpelling,
      preValidation: requireUser(auth),
      schema: {
        tags: ['auth'],
        summary: "The caller's ways to sign in: password, Google, Microsoft",
        response: { 200: z.object({ methods: z.array(methodSchema) }), 401: errorResponseSchema },
      },
    },
    async (request) => {
      const linked = await linkedMethods(db, currentUser(request).id);
      const available = await offered();
      return {
        methods: [
          { method: 'password' as const, linked: linked.has('credential'), available: true },
          ...SOCIAL_PROVIDERS.map((p) => ({
            method: p,
            linked: linked.has(p),
            available: available.includes(p),
          })),
        ],
      };
    },
  );

  r.post(
    `${AUTH_BASE_PATH}/sign-in-methods/unlink`,
    {
      onRequest: exactSpelling,
      preValidation: requireUser(auth),
      config: limit,
      schema: {
        tags: ['auth'],
        summary: 'Unlink Google or Microsoft (never the last way to sign in)',
        body: unlinkBody,
        response: {
          200: z.object({ success: z.literal(true), message: z.string() }),
          400: errorResponseSchema,
          401: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const { method } = request.body;
      // One transaction, the account's rows locked: two unlinks at once cannot both leave "one other".
      const outcome = await db.transaction(async (tx) => {
        const rows = await tx
          .select({ id: accounts.id, providerId: accounts.providerId })
          .from(accounts)
          .where(eq(accounts.userId, userId))
          .for('update');
        const target = rows.filter((row) => row.providerId === method);
        if (target.length === 0) return 'not-linked' as const;
        if (rows.length - target.length < 1) return 'last' as const;
        await tx.delete(accounts).where(and(eq(accounts.userId, userId), eq(accounts.providerId, method)));
        return 'done' as const;
      });
      if (outcome === 'not-linked') throw validationError({ method: SIGN_IN_METHOD_TEXTS.notLinked });
      if (outcome === 'last') {
        throw new AppError(409, 'LAST_SIGN_IN_METHOD', SIGN_IN_METHOD_TEXTS.lastMethod, {
          method: SIGN_IN_METHOD_TEXTS.lastMethod,
        });
      }
      return { success: true as const, message: SIGN_IN_METHOD_TEXTS.unlinked(method) };
    },
  );
}

async function linkedMethods(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db
    .select({ providerId: accounts.providerId })
    .from(accounts)
    .where(eq(accounts.userId, userId));
  return new Set(rows.map((r) => r.providerId));
}

type Outcome = { userId: string } | { error: SocialSignInError };

/**
 * Signing in: the account linked to this provider account; else the account with the same address, linked
 * now only when both sides have verified it; else a new account (the address verified when the provider
 * vouches for it).
 */
async function signInUser(db: Db, provider: SocialProvider, identity: ProviderIdentity): Promise<Outcome> {
  return db.transaction(async (tx) => {
    await lockIdentity(tx, provider, identity);
    const [linked] = await tx
      .select({ userId: accounts.userId })
      .from(accounts)
      .where(and(eq(accounts.providerId, provider), eq(accounts.accountId, identity.subject)))
      .limit(1);
    if (linked) return { userId: linked.userId };
    if (!identity.email) return { error: 'NO_EMAIL' as const };
    const [existing] = await tx
      .select({ id: users.id, emailVerified: users.emailVerified })
      .from(users)
      .where(sql`lower(${users.email}) = ${identity.email}`)
      .limit(1);
    if (existing) {
      if (!existing.emailVerified || !identity.emailVerified) {
        return { error: 'LINK_NEEDS_VERIFIED_EMAIL' as const };
      }
      await tx.insert(accounts).values(accountRow(provider, identity, existing.id));
      return { userId: existing.id };
    }
    const id = randomUUID();
    const { firstName, lastName } = namesOf(identity);
    await tx.insert(users).values({
      id,
      name: `${firstName} ${lastName}`.trim(),
      email: identity.email,
      emailVerified: identity.emailVerified,
      firstName,
      lastName,
    });
    await tx.insert(accounts).values(accountRow(provider, identity, id));
    return { userId: id };
  });
}

/** Linking from Settings → Account: both addresses verified, the provider account linked to no one else. */
async function linkToUser(
  db: Db,
  provider: SocialProvider,
  identity: ProviderIdentity,
  userId: string,
): Promise<Outcome> {
  return db.transaction(async (tx) => {
    await lockIdentity(tx, provider, identity);
    const [user] = await tx
      .select({ emailVerified: users.emailVerified })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!user) return { error: 'SIGN_IN_EXPIRED' as const };
    const [linked] = await tx
      .select({ userId: accounts.userId })
      .from(accounts)
      .where(and(eq(accounts.providerId, provider), eq(accounts.accountId, identity.subject)))
      .limit(1);
    if (linked) return linked.userId === userId ? { userId } : { error: 'LINKED_ELSEWHERE' as const };
    if (!identity.emailVerified) return { error: 'PROVIDER_EMAIL_NOT_VERIFIED' as const };
    if (!user.emailVerified) return { error: 'ACCOUNT_EMAIL_NOT_VERIFIED' as const };
    // One account of a provider per agent: a second Google account replaces the first.
    await tx.delete(accounts).where(and(eq(accounts.userId, userId), eq(accounts.providerId, provider)));
    await tx.insert(accounts).values(accountRow(provider, identity, userId));
    return { userId };
  });
}
