// A company's OpenID Connect provider on 127.0.0.1 for the team SSO tests (issue 41, decision 070): the
// `oidc-provider` package (a certified implementation) with one confidential client, PKCE required, and a
// sign-in page that signs in whoever the test names next (`signInAs`) and grants the requested scopes. The ID
// token carries the e-mail claims (conformIdTokenClaims off), as most company providers' do.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export type OidcPerson = { sub: string; email?: string; email_verified?: boolean; name?: string };

export type TestOidcProvider = {
  issuer: string;
  /** The same provider under another name (localhost): its document names 127.0.0.1, not this. */
  otherName: string;
  clientId: string;
  clientSecret: string;
  /** Who signs in at the provider's next sign-in page. */
  signInAs: (person: OidcPerson) => void;
  close: () => Promise<void>;
};

export async function startOidcProvider(redirectUri: string): Promise<TestOidcProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'keyturn-team';
  const clientSecret = `secret-${Date.now().toString(36)}-not-returned`;
  const people = new Map<string, OidcPerson>();
  let next: OidcPerson | null = null;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name'],
    },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    cookies: { keys: ['team-sso-test-cookie-key'] },
    findAccount: (_ctx, sub) => {
      const person = people.get(sub);
      return person ? { accountId: sub, claims: () => ({ ...person }) } : undefined;
    },
  });
  const handler = provider.callback();
  server.on('request', (req, res) => {
    const interaction = /^\/interaction\/[^/?]+$/.exec(req.url?.split('?')[0] ?? '');
    if (!interaction) return void handler(req, res);
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      const person = next;
      if (!person) {
        res.writeHead(400).end('nobody to sign in');
        return;
      }
      people.set(person.sub, person);
      const grant = new provider.Grant({ accountId: person.sub, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: person.sub }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    })().catch((err: unknown) => res.writeHead(500).end(String(err)));
  });

  return {
    issuer,
    otherName: `http://localhost:${port}`,
    clientId,
    clientSecret,
    signInAs: (person) => {
      next = person;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A browser at the provider: follows its redirects, keeping its cookies, until it is sent to `origin` (the
 * Keyturn server); answers that address.
 */
export async function browseUntil(start: string, origin: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = new URL(start);
  for (let hop = 0; hop < 10; hop += 1) {
    if (url.origin === origin) return url;
    const res = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const [name = '', ...value] = pair.split('=');
      cookies.set(name.trim(), value.join('='));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`the provider stopped at ${url.href}: ${res.status} ${await res.text()}`);
    url = new URL(location, url);
  }
  throw new Error('too many redirects at the provider');
}
