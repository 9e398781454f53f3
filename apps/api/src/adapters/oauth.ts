// OAuth 2.0 authorization code + PKCE (S256) against a provider's configured endpoints, through oauth4webapi
// (decision 015): the authorization URL, the code exchange, refresh and revocation. Tokens leave this file only
// as values for the caller to encrypt; nothing here logs.
import * as oauth from 'oauth4webapi';
import type { OAuthApp } from '../config';
import type { OAuthProvider } from '@keyturn/domain/schemas/integrations';

export const SCOPES: Record<OAuthProvider, string> = {
  google: 'https://www.googleapis.com/auth/calendar.readonly https://www.googleapis.com/auth/calendar.events',
  microsoft: 'offline_access User.Read Calendars.ReadWrite',
};

/** The grant is gone for good (revoked, expired, password changed): the agent must connect again. */
export class GrantRevokedError extends Error {}
/** The provider failed for a passing reason (5xx, network, 429): retried with backoff. */
export class ProviderUnavailableError extends Error {}

export type Tokens = { accessToken: string; refreshToken: string | null; expiresAt: Date };

type Endpoints = {
  as: oauth.AuthorizationServer;
  client: oauth.Client;
  auth: oauth.ClientAuth;
  opts: object;
};

function endpoints(app: OAuthApp): Endpoints {
  const as: oauth.AuthorizationServer = {
    issuer: new URL(app.authUrl).origin,
    authorization_endpoint: app.authUrl,
    token_endpoint: app.tokenUrl,
    ...(app.revokeUrl ? { revocation_endpoint: app.revokeUrl } : {}),
  };
  // Plain http only for a loopback provider (the tests' servers on 127.0.0.1).
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(app.tokenUrl).hostname);
  return {
    as,
    client: { client_id: app.clientId },
    auth: oauth.ClientSecretPost(app.clientSecret),
    opts: loopback
      ? { [oauth.allowInsecureRequests]: true, signal: AbortSignal.timeout(20_000) }
      : { signal: AbortSignal.timeout(20_000) },
  };
}

export function newPkce(): { verifier: string; state: string } {
  return { verifier: oauth.generateRandomCodeVerifier(), state: oauth.generateRandomState() };
}

export async function authorizationUrl(
  provider: OAuthProvider,
  app: OAuthApp,
  input: { redirectUri: string; state: string; verifier: string; loginHint?: string },
): Promise<string> {
  const url = new URL(app.authUrl);
  const params: Record<string, string> = {
    client_id: app.clientId,
    response_type: 'code',
    redirect_uri: input.redirectUri,
    scope: SCOPES[provider],
    state: input.state,
    code_challenge: await oauth.calculatePKCECodeChallenge(input.verifier),
    code_challenge_method: 'S256',
  };
  // Offline access: Google wants access_type=offline (+ consent so a refresh token comes back on a
  // reconnect); Microsoft grants a refresh token for the offline_access scope.
  if (provider === 'google')
    Object.assign(params, { access_type: 'offline', prompt: 'consent', include_granted_scopes: 'true' });
  else params.response_mode = 'query';
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.href;
}

function tokensOf(result: oauth.TokenEndpointResponse, previousRefresh: string | null): Tokens {
  return {
    accessToken: result.access_token,
    refreshToken: result.refresh_token ?? previousRefresh,
    expiresAt: new Date(Date.now() + (result.expires_in ?? 3600) * 1000),
  };
}

async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof oauth.ResponseBodyError) {
      if (err.error === 'invalid_grant')
        throw new GrantRevokedError(`The provider refused the grant (${err.error})`);
      if (err.status >= 500 || err.status === 429)
        throw new ProviderUnavailableError(`The provider answered ${err.status}`);
      throw new Error(`The provider refused the request (${err.error})`);
    }
    if (err instanceof GrantRevokedError || err instanceof ProviderUnavailableError) throw err;
    throw new ProviderUnavailableError(`The provider could not be reached (${(err as Error).message})`);
  }
}

export function exchangeCode(
  app: OAuthApp,
  input: { code: string; redirectUri: string; verifier: string },
): Promise<Tokens> {
  const e = endpoints(app);
  return guarded(async () => {
    // The state was checked (single use, this agent's) against our database before we got here.
    const params = oauth.validateAuthResponse(
      e.as,
      e.client,
      new URLSearchParams({ code: input.code }),
      oauth.skipStateCheck,
    );
    const response = await oauth.authorizationCodeGrantRequest(
      e.as,
      e.client,
      e.auth,
      params,
      input.redirectUri,
      input.verifier,
      e.opts,
    );
    return tokensOf(await oauth.processAuthorizationCodeResponse(e.as, e.client, response), null);
  });
}

export function refreshTokens(app: OAuthApp, refreshToken: string): Promise<Tokens> {
  const e = endpoints(app);
  return guarded(async () => {
    const response = await oauth.refreshTokenGrantRequest(e.as, e.client, e.auth, refreshToken, e.opts);
    return tokensOf(await oauth.processRefreshTokenResponse(e.as, e.client, response), refreshToken);
  });
}

/** RFC 7009 revocation where the provider has it; a failure is not the agent's problem (tokens are deleted anyway). */
export async function revokeToken(app: OAuthApp, token: string): Promise<boolean> {
  if (!app.revokeUrl) return false;
  const e = endpoints(app);
  try {
    const response = await oauth.revocationRequest(e.as, e.client, e.auth, token, e.opts);
    await oauth.processRevocationResponse(response);
    return true;
  } catch {
    return false;
  }
}
