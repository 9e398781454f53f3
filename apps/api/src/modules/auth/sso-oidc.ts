// A team's SSO (issue 41, decision 070): OpenID Connect's authorization code flow with PKCE (S256), state and
// nonce — the flow of sign-in with Google/Microsoft (social-oidc.ts) — against the team's own provider, found
// from its issuer (`/.well-known/openid-configuration`). The discovered document must name the configured
// issuer exactly; the callback's `iss` (RFC 9207) and the ID token's issuer, audience, expiry and nonce are
// checked by oauth4webapi. Every call to the provider goes through the outbound guard.
import * as oauth from 'oauth4webapi';
import type { OutboundPolicy } from '../../http/outbound-url';
import {
  authorizeUrl,
  authResponse,
  type AuthorizeInput,
  exchangeCode,
  guardedOptions,
  idTokenClaims,
  ProviderRefusedError,
  ProviderUnreachableError,
  text,
  type ProviderIdentity,
} from './social-oidc';

export type SsoClient = { issuer: string; clientId: string; clientSecret: string };

/** The provider's document, read from the issuer; refused unless it names that issuer and both endpoints. */
export async function discover(issuer: string, policy: OutboundPolicy): Promise<oauth.AuthorizationServer> {
  const url = new URL(issuer);
  let response: Response;
  try {
    response = await oauth.discoveryRequest(url, { ...guardedOptions(issuer, policy), algorithm: 'oidc' });
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

export function ssoSignInUrl(
  as: oauth.AuthorizationServer,
  clientId: string,
  input: AuthorizeInput & { loginHint: string },
): Promise<string> {
  const { loginHint, ...rest } = input;
  return authorizeUrl(as.authorization_endpoint!, clientId, rest, { login_hint: loginHint });
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
  const params = authResponse(as, client, input.callback, input.state, [
    'code',
    'state',
    'iss',
    'error',
    'error_description',
  ]);
  const response = await exchangeCode(
    as,
    client,
    clientAuth(as, sso.clientSecret),
    { params, redirectUri: input.redirectUri, verifier: input.verifier },
    policy,
  );
  const claims = await idTokenClaims(as, client, response, input.nonce);
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
