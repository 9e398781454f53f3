// A team's SSO sign-in (issue 41, decision 070), on the Keyturn side of /api/auth. Each path is on the
// allow-list (SSO_AUTH_ENDPOINTS, sign-in-parts.ts) and answers only under its exact spelling (decision 037):
//   POST /sso/start     {email} → {url} at the provider of the team whose SSO domain is the address's; a cookie
//                       binds it to this browser
//   GET  /sso/callback  the provider's redirect: state (single use, this browser's, 10 minutes), issuer, PKCE
//                       and nonce checked; the person joins the team (sso-join.ts); then back to the web app
//                       with a one-use code that POST /social/finish exchanges for the session, as for Google.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@keyturn/domain/schemas/common';
import {
  domainOfEmail,
  ssoStartInputSchema,
  TEAM_SSO_ERRORS,
  TEAM_SSO_MESSAGES,
  type TeamSsoError,
} from '@keyturn/domain/teamSso';
import { AUTH_BASE_PATH, type Auth } from '../../auth';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import type { OutboundPolicy } from '../../http/outbound-url';
import type { SecretBox } from '../core/crypto';
import { openSecret, ssoOfDomain, ssoOfTeam } from './team-sso';
import {
  cookieOf,
  exactSpelling,
  handOff,
  saveState,
  sha256,
  ssoRedirectUri,
  stateCookie,
  takeState,
} from './sign-in-parts';
import { newSignInSecrets, ProviderRefusedError, type ProviderIdentity } from './social-oidc';
import { ssoSignInUser } from './sso-join';
import { completeSsoSignIn, discover, ssoSignInUrl } from './sso-oidc';

export const SSO_STATE_COOKIE = 'keyturn_sso_state';
const STATE_MINUTES = 10;
const STATE_PREFIX = 'sso-state:';

type StoredState = { teamId: string; issuer: string; verifier: string; nonce: string; browser: string };

const refusal = (status: number, code: string, message: string) =>
  new AppError(status, code, message, { email: message });

export async function ssoAuthRoutes(
  app: FastifyInstance,
  opts: {
    auth: Auth;
    db: Db;
    box: SecretBox;
    publicUrl: string;
    limitPerMinute: number;
    outbound: OutboundPolicy;
    now: () => Date;
  },
) {
  const { auth, db, box, publicUrl } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limit = { rateLimit: { max: opts.limitPerMinute, timeWindow: '1 minute' } };
  const secureCookie = new URL(publicUrl).protocol === 'https:';
  const cookiePath = `${AUTH_BASE_PATH}/sso`;
  const redirectUri = ssoRedirectUri(publicUrl);

  r.post(
    `${AUTH_BASE_PATH}/sso/start`,
    {
      onRequest: exactSpelling,
      config: limit,
      schema: {
        tags: ['auth'],
        summary: "Start signing in through the SSO provider of the team of the work e-mail's domain",
        body: ssoStartInputSchema,
        response: { 200: z.object({ url: z.string() }), 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const sso = await ssoOfDomain(db, domainOfEmail(request.body.email));
      const secret = sso ? openSecret(box, sso) : null;
      if (!sso || secret === null) throw refusal(400, 'NO_SSO_FOR_DOMAIN', TEAM_SSO_MESSAGES.noSsoForDomain);
      let as: Awaited<ReturnType<typeof discover>>;
      try {
        as = await discover(sso.issuer, opts.outbound);
      } catch (err) {
        request.log.warn({ err, team: sso.organizationId }, 'team SSO discovery failed');
        const code: TeamSsoError =
          err instanceof ProviderRefusedError ? 'PROVIDER_REFUSED' : 'PROVIDER_UNAVAILABLE';
        throw refusal(400, code, TEAM_SSO_ERRORS[code]);
      }
      const secrets = newSignInSecrets();
      const stored: Omit<StoredState, 'browser'> = {
        teamId: sso.organizationId,
        issuer: sso.issuer,
        verifier: secrets.verifier,
        nonce: secrets.nonce,
      };
      const browser = await saveState(db, `${STATE_PREFIX}${secrets.state}`, stored, STATE_MINUTES);
      reply.header(
        'set-cookie',
        stateCookie(SSO_STATE_COOKIE, cookiePath, browser, STATE_MINUTES * 60, secureCookie),
      );
      return {
        url: await ssoSignInUrl(as, sso.clientId, { redirectUri, ...secrets, loginHint: request.body.email }),
      };
    },
  );

  r.get(
    `${AUTH_BASE_PATH}/sso/callback`,
    { onRequest: exactSpelling, config: limit, schema: { hide: true } },
    async (request, reply) => {
      const query = new URLSearchParams(request.url.split('?')[1] ?? '');
      // The browser's cookie is spent whatever happens next.
      reply.header('set-cookie', stateCookie(SSO_STATE_COOKIE, cookiePath, '', 0, secureCookie));
      const fail = (code: TeamSsoError) =>
        reply.redirect(`${publicUrl}/sign-in?${new URLSearchParams({ ssoError: code })}`, 303);
      const state = await takeState<StoredState>(db, STATE_PREFIX, query.get('state'));
      const cookie = cookieOf(request, SSO_STATE_COOKIE);
      if (!state || !cookie || sha256(cookie) !== state.browser) return fail('SIGN_IN_EXPIRED');
      const sso = await ssoOfTeam(db, state.teamId);
      const secret = sso ? openSecret(box, sso) : null;
      // Removed, or pointed at another provider, while the person was away: this answer is not the team's.
      if (!sso || secret === null || sso.issuer !== state.issuer) return fail('SSO_NOT_SET_UP');
      let identity: ProviderIdentity;
      try {
        const as = await discover(sso.issuer, opts.outbound);
        identity = await completeSsoSignIn(
          as,
          { issuer: sso.issuer, clientId: sso.clientId, clientSecret: secret },
          {
            callback: query,
            redirectUri,
            verifier: state.verifier,
            nonce: state.nonce,
            state: query.get('state') ?? '',
          },
          opts.outbound,
        );
      } catch (err) {
        request.log.warn({ err, team: sso.organizationId }, 'team SSO sign-in refused');
        return fail(err instanceof ProviderRefusedError ? 'PROVIDER_REFUSED' : 'PROVIDER_UNAVAILABLE');
      }
      const outcome = await ssoSignInUser(db, sso, identity, opts.now());
      if ('error' in outcome) return fail(outcome.error);
      const code = await handOff(db, auth, request, outcome.userId);
      if (code === null) return fail('TWO_FACTOR_REQUIRED');
      // In the fragment: never sent to a server, never in a Referer.
      return reply.redirect(`${publicUrl}/sign-in/complete#code=${code}`, 303);
    },
  );
}
