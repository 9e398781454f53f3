// A team's SSO (issue 41, decision 070): OpenID Connect's authorization code flow with PKCE (S256), state and
// nonce — the flow of sign-in with Google/Microsoft (social-oidc.ts) — against the team's own provider, found
// from its issuer (`/.well-known/openid-configuration`). The discovered document must name the configured
// issuer exactly; the callback's `iss` (RFC 9207) and the ID token's issuer, audience, expiry and nonce are
// checked by oauth4webapi. Every call to the provider goes through the outbound guard.
import * as oauth from 'oauth4webapi';
import type { OutboundPolicy } from '../../http/outbound-url';
import {
  guardedFetch,
  isLoopback,
  ProviderRefusedError,
  ProviderUnreachableError,
  SIGN_IN_SCOPE,
  text,
  type ProviderIdentity,
} from './social-oidc';

export type SsoClient = { issuer: string; clientId: string; clientSecret: string };

const options = (url: string, policy: OutboundPolicy) => ({
  [oauth.customFetch]: guardedFetch(policy),
  ...(isLoopback(url) ? { [oauth.allowInsecureRequests]: true } : {}),
  signal: AbortSignal.timeout(20_000),
});

/** The provider's document, read from the issuer; refused unless it names that issuer and both endpoints. */
export async function discover(issuer: string, policy: OutboundPolicy): Promise<oauth.AuthorizationServer> {
  const url = new URL(issuer);
  let response: Response;
  try {
    response = await oauth.discoveryRequest(url, { ...options(issuer, policy), algorithm: 'oidc' });
  } catch (err) {
    throw new ProviderUnreachableError(`the issuer could not be reached (${(err as Error).message})`);
  }
  if (response.status >= 500 || response.status === 429) {
    throw new ProviderUnreachableError(`the issuer answered ${response.status}`);
  }
  let as: oauth.AuthorizationServer;
  try {
    as = await oauth.processDiscoveryResponse(url, response);
  } catch (err) {
    const mismatch =
      err instanceof oauth.OperationProcessingError && err.code === oauth.JSON_ATTRIBUTE_COMPARISON;
    throw new ProviderRefusedError(
      mismatch
        ? 'its document names another issuer than the one entered'
        : `its document was refused (${(err as Error).message})`,
    );
  }
  if (!as.authorization_endpoint || !as.token_endpoint) {
    throw new ProviderRefusedError('its document names no authorization or token endpoint');
  }
  return as;
}

export async function ssoSignInUrl(
  as: oauth.AuthorizationServer,
  clientId: string,
  input: { redirectUri: string; state: string; nonce: string; verifier: string; loginHint: string },
): Promise<string> {
  const url = new URL(as.authorization_endpoint!);
  const params: Record<string, string> = {
    client_id: clientId,
    response_type: 'code',
    redirect_uri: input.redirectUri,
    scope: SIGN_IN_SCOPE,
    state: input.state,
    nonce: input.nonce,
    code_challenge: await oauth.calculatePKCECodeChallenge(input.verifier),
    code_challenge_method: 'S256',
    login_hint: input.loginHint,
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.href;
}

/** client_secret_basic (OpenID Connect's default) unless the provider only takes client_secret_post. */
function clientAuth(as: oauth.AuthorizationServer, secret: string): oauth.ClientAuth {
  const methods = as.token_endpoint_auth_methods_supported;
  return methods && !methods.includes('client_secret_basic') && methods.includes('client_secret_post')
    ? oauth.ClientSecretPost(secret)
    : oauth.ClientSecretBasic(secret);
}

/**
 * The callback's second half: the `iss` the callback names checked, the code exchanged with the PKCE verifier,
 * the ID token's issuer, audience, expiry and nonce checked. `emailVerified` only on `email_verified: true`.
 */
export async function completeSsoSignIn(
  as: oauth.AuthorizationServer,
  sso: SsoClient,
  input: { callback: URLSearchParams; redirectUri: string; verifier: string; nonce: string; state: string },
  policy: OutboundPolicy,
): Promise<ProviderIdentity> {
  const client: oauth.Client = { client_id: sso.clientId };
  let params: URLSearchParams;
  try {
    const only = new URLSearchParams();
    for (const key of ['code', 'state', 'iss', 'error', 'error_description']) {
      const value = input.callback.get(key);
      if (value !== null) only.set(key, value);
    }
    params = oauth.validateAuthResponse(as, client, only, input.state);
  } catch (err) {
    throw new ProviderRefusedError(`The authorization response was refused (${(err as Error).message})`);
  }
  let response: Response;
  try {
    response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      clientAuth(as, sso.clientSecret),
      params,
      input.redirectUri,
      input.verifier,
      options(as.token_endpoint!, policy),
    );
  } catch (err) {
    throw new ProviderUnreachableError(`The provider could not be reached (${(err as Error).message})`);
  }
  if (response.status >= 500 || response.status === 429) {
    throw new ProviderUnreachableError(`The provider answered ${response.status}`);
  }
  let claims: oauth.IDToken;
  try {
    const result = await oauth.processAuthorizationCodeResponse(as, client, response, {
      expectedNonce: input.nonce,
      requireIdToken: true,
    });
    claims = oauth.getValidatedIdTokenClaims(result)!;
  } catch (err) {
    throw new ProviderRefusedError(`The token answer was refused (${(err as Error).message})`);
  }
  const email = text(claims.email)?.toLowerCase() ?? null;
  return {
    subject: claims.sub,
    email,
    emailVerified: email !== null && claims.email_verified === true,
    givenName: text(claims.given_name),
    familyName: text(claims.family_name),
    name: text(claims.name),
  };
}
