// Sign-in with Google or Microsoft (issue 41): OpenID Connect's authorization code flow with PKCE (S256), state
// and nonce, against the calendar sync's OAuth apps and addresses (Server settings, decision 048), through
// oauth4webapi. Every call to the provider goes through the outbound guard (outboundFetch). The ID token comes
// straight from the token endpoint over the guarded connection; oauth4webapi checks its issuer, audience,
// expiry and nonce. Google's issuer is its authorization server's origin (https://accounts.google.com);
// Microsoft's is `<authority>/<tenant id>/v2.0`, the tenant id read from the token's own `tid` as Microsoft
// documents for multi-tenant apps — and held to MICROSOFT_TENANT when that names one tenant by its id.
import * as oauth from 'oauth4webapi';
import type { OAuthApp } from '../../config';
import type { SocialProvider } from '@keyturn/domain/signInMethods';
import { outboundFetch, type OutboundPolicy } from '../../http/outbound-url';

export const SIGN_IN_SCOPE = 'openid email profile';

/** Who the provider says signed in. `emailVerified` only when the provider vouches for the address. */
export type ProviderIdentity = {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
  name: string | null;
};

/** The provider refused, or its answer failed a check: nothing is signed in. */
export class ProviderRefusedError extends Error {}
/** The provider could not be reached (network, 5xx). */
export class ProviderUnreachableError extends Error {}

const TENANT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Microsoft's authority and tenant, from its authorize address (`<authority>/<tenant>/oauth2/v2.0/authorize`). */
function microsoftParts(app: OAuthApp): { authority: string; tenant: string } {
  const match = /^(.*)\/([^/]+)\/oauth2\/v2\.0\/authorize$/.exec(app.authUrl);
  if (!match) throw new ProviderRefusedError('The Microsoft authorize address has an unexpected form');
  return { authority: match[1]!, tenant: match[2]! };
}

/** The issuer the ID token must name; for Microsoft, of the tenant the token says it comes from. */
export function expectedIssuer(provider: SocialProvider, app: OAuthApp, tenantId?: string): string {
  if (provider === 'google') return new URL(app.authUrl).origin;
  const { authority, tenant } = microsoftParts(app);
  if (TENANT_ID.test(tenant)) return `${authority}/${tenant.toLowerCase()}/v2.0`;
  // common, organizations, consumers or a tenant named by its domain: the token's own tenant.
  const id = tenantId && TENANT_ID.test(tenantId) ? tenantId.toLowerCase() : tenant;
  return `${authority}/${id}/v2.0`;
}

export function newSignInSecrets() {
  return {
    state: oauth.generateRandomState(),
    nonce: oauth.generateRandomNonce(),
    verifier: oauth.generateRandomCodeVerifier(),
  };
}

export type AuthorizeInput = { redirectUri: string; state: string; nonce: string; verifier: string };

/** The provider's authorize address: code flow, PKCE S256, state and nonce, and `extra` parameters. */
export async function authorizeUrl(
  endpoint: string,
  clientId: string,
  input: AuthorizeInput,
  extra: Record<string, string>,
): Promise<string> {
  const url = new URL(endpoint);
  const params: Record<string, string> = {
    client_id: clientId,
    response_type: 'code',
    redirect_uri: input.redirectUri,
    scope: SIGN_IN_SCOPE,
    state: input.state,
    nonce: input.nonce,
    code_challenge: await oauth.calculatePKCECodeChallenge(input.verifier),
    code_challenge_method: 'S256',
    ...extra,
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.href;
}

export function signInUrl(provider: SocialProvider, app: OAuthApp, input: AuthorizeInput): Promise<string> {
  return authorizeUrl(app.authUrl, app.clientId, input, {
    prompt: 'select_account',
    ...(provider === 'microsoft' ? { response_mode: 'query' } : {}),
  });
}

function isLoopback(address: string): boolean {
  return ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(address).hostname);
}

/** oauth4webapi's requests, sent by the outbound guard (no redirect followed: a token endpoint answers). */
function guardedFetch(
  policy: OutboundPolicy,
): (url: string, init: oauth.CustomFetchOptions<string, unknown>) => Promise<Response> {
  return (url, init) =>
    outboundFetch(
      url,
      {
        method: init.method,
        headers: init.headers,
        body: init.body as RequestInit['body'],
        signal: init.signal,
      },
      { ...policy, maxRedirects: 0 },
    );
}

type JwtClaims = Record<string, unknown>;

/** The payload of a JWT, unchecked (only to read Microsoft's `tid` before the checks run). */
function peekClaims(jwt: unknown): JwtClaims {
  if (typeof jwt !== 'string') return {};
  try {
    return JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as JwtClaims;
  } catch {
    return {};
  }
}

export const text = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : null;

/** oauth4webapi's options for a call to the provider: the outbound guard; http only on this machine. */
export const guardedOptions = (url: string, policy: OutboundPolicy) => ({
  [oauth.customFetch]: guardedFetch(policy),
  ...(isLoopback(url) ? { [oauth.allowInsecureRequests]: true } : {}),
  signal: AbortSignal.timeout(20_000),
});

/** The callback's parameters (only `keys`) checked against the state; the provider's refusal refused. */
export function authResponse(
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  callback: URLSearchParams,
  state: string,
  keys: readonly string[],
): URLSearchParams {
  try {
    const only = new URLSearchParams();
    for (const key of keys) {
      const value = callback.get(key);
      if (value !== null) only.set(key, value);
    }
    return oauth.validateAuthResponse(as, client, only, state);
  } catch (err) {
    throw new ProviderRefusedError(`The authorization response was refused (${(err as Error).message})`);
  }
}

/** The code exchanged with the PKCE verifier at the token endpoint (unreachable: network, 5xx, 429). */
export async function exchangeCode(
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  auth: oauth.ClientAuth,
  input: { params: URLSearchParams; redirectUri: string; verifier: string },
  policy: OutboundPolicy,
): Promise<Response> {
  let response: Response;
  try {
    response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      auth,
      input.params,
      input.redirectUri,
      input.verifier,
      guardedOptions(as.token_endpoint!, policy),
    );
  } catch (err) {
    throw new ProviderUnreachableError(`The provider could not be reached (${(err as Error).message})`);
  }
  if (response.status >= 500 || response.status === 429) {
    throw new ProviderUnreachableError(`The provider answered ${response.status}`);
  }
  return response;
}

/** The ID token of the token answer, its issuer, audience, expiry and nonce checked. */
export async function idTokenClaims(
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  response: Response,
  nonce: string,
): Promise<oauth.IDToken> {
  try {
    const result = await oauth.processAuthorizationCodeResponse(as, client, response, {
      expectedNonce: nonce,
      requireIdToken: true,
    });
    return oauth.getValidatedIdTokenClaims(result)!;
  } catch (err) {
    throw new ProviderRefusedError(`The token answer was refused (${(err as Error).message})`);
  }
}

/**
 * The callback's second half: the code exchanged (with the PKCE verifier), the ID token's issuer, audience,
 * expiry and nonce checked; an `iss` in the callback's query (RFC 9207) must be the expected issuer too.
 */
export async function completeSignIn(
  provider: SocialProvider,
  app: OAuthApp,
  input: {
    callback: URLSearchParams;
    redirectUri: string;
    verifier: string;
    nonce: string;
    state: string;
  },
  policy: OutboundPolicy,
): Promise<ProviderIdentity> {
  const client: oauth.Client = { client_id: app.clientId };
  const placeholder: oauth.AuthorizationServer = {
    issuer: expectedIssuer(provider, app),
    authorization_endpoint: app.authUrl,
    token_endpoint: app.tokenUrl,
  };
  const returnedIssuer = input.callback.get('iss');
  if (returnedIssuer !== null && provider === 'google' && returnedIssuer !== placeholder.issuer) {
    throw new ProviderRefusedError('The callback names another issuer');
  }
  const params = authResponse(placeholder, client, input.callback, input.state, [
    'code',
    'state',
    'error',
    'error_description',
  ]);
  const response = await exchangeCode(
    placeholder,
    client,
    oauth.ClientSecretPost(app.clientSecret),
    { params, redirectUri: input.redirectUri, verifier: input.verifier },
    policy,
  );
  let issuer = placeholder.issuer;
  if (provider === 'microsoft') {
    const peeked = (await response
      .clone()
      .json()
      .catch(() => ({}))) as { id_token?: unknown };
    const tid = text(peekClaims(peeked.id_token).tid) ?? undefined;
    issuer = expectedIssuer(provider, app, tid);
    if (returnedIssuer !== null && returnedIssuer !== issuer) {
      throw new ProviderRefusedError('The callback names another issuer');
    }
  }
  const claims = await idTokenClaims({ ...placeholder, issuer }, client, response, input.nonce);
  const email = text(claims.email)?.toLowerCase() ?? null;
  // Google says email_verified; Microsoft's `email` is unverified unless its xms_edov claim says the
  // address's domain is verified by the account's own tenant.
  const emailVerified =
    email !== null &&
    (provider === 'google'
      ? claims.email_verified === true
      : claims.xms_edov === true || claims.xms_edov === '1');
  return {
    subject: claims.sub,
    email,
    emailVerified,
    givenName: text(claims.given_name),
    familyName: text(claims.family_name),
    name: text(claims.name),
  };
}
