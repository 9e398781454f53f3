// An MLS on 127.0.0.1 speaking the RESO Web API as far as the import uses it: an OAuth2 client-credentials token
// endpoint, and OData v4 `Property` queries with $filter (ListAgentMlsId eq '…' [and ModificationTimestamp gt
// …]), $select, $expand=Media, $orderby, $top and @odata.nextLink paging ($skip). It records every request so
// tests assert what we sent; photos are served from /photos/<name>.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ResoProperty } from '../../src/adapters/reso';

export type ResoListing = ResoProperty & { ListAgentMlsId: string };
export type ResoRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  auth: string | null;
  body: string;
  /** The Host the request was sent to (another origin on the same server shows here). */
  host: string;
};

export type ResoServer = {
  url: string;
  env: () => Record<string, string>;
  settings: () => { baseUrl: string; tokenUrl: string; clientId: string; clientSecret: string };
  listings: Map<string, ResoListing>;
  photos: Map<string, { type: string; bytes: Buffer }>;
  requests: ResoRequest[];
  /** Records sent in addition to `listings` (a feed that repeats a ListingKey). */
  repeats: ResoListing[];
  /** Where @odata.nextLink points (another origin for a test); the server's own address unless set. */
  setNextLinkBase: (base: string | null) => void;
  tokensIssued: () => number;
  close: () => Promise<void>;
};

export const RESO_CLIENT = { id: 'keyturn-test-client', secret: 'reso-secret-1' };

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => resolve(body));
  });

/** The subset of OData $filter the import sends; anything else is a 400 (so a changed query fails the test). */
function matcher(filter: string): ((l: ResoListing) => boolean) | null {
  const m = /^ListAgentMlsId eq '((?:[^']|'')*)'(?: and ModificationTimestamp gt (\S+))?$/.exec(filter);
  if (!m) return null;
  const agentId = m[1]!.replace(/''/g, "'");
  const since = m[2] ? new Date(m[2]) : null;
  if (since && Number.isNaN(since.getTime())) return null;
  return (l) => l.ListAgentMlsId === agentId && (!since || new Date(l.ModificationTimestamp) > since);
}

export async function startResoServer(): Promise<ResoServer> {
  const listings = new Map<string, ResoListing>();
  const photos = new Map<string, { type: string; bytes: Buffer }>();
  const requests: ResoRequest[] = [];
  const repeats: ResoListing[] = [];
  let nextLinkBase: string | null = null;
  const tokens = new Set<string>();
  let issued = 0;

  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await read(req);
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      requests.push({
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        auth: req.headers.authorization ?? null,
        body,
        host: req.headers.host ?? '',
      });
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (url.pathname === '/oauth/token' && req.method === 'POST') {
        const form = new URLSearchParams(body);
        if (
          form.get('grant_type') !== 'client_credentials' ||
          form.get('client_id') !== RESO_CLIENT.id ||
          form.get('client_secret') !== RESO_CLIENT.secret
        ) {
          return json(401, { error: 'invalid_client' });
        }
        issued += 1;
        const token = `token-${issued}`;
        tokens.add(token);
        return json(200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
      }
      if (url.pathname.startsWith('/photos/')) {
        const photo = photos.get(url.pathname.slice('/photos/'.length));
        if (!photo) return json(404, {});
        res.writeHead(200, { 'content-type': photo.type, 'content-length': photo.bytes.length });
        return res.end(photo.bytes);
      }
      if (url.pathname === '/reso/odata/Property' && req.method === 'GET') {
        const auth = req.headers.authorization ?? '';
        if (!auth.startsWith('Bearer ') || !tokens.has(auth.slice(7)))
          return json(401, { error: 'no token' });
        const match = matcher(url.searchParams.get('$filter') ?? '');
        const top = Number(url.searchParams.get('$top'));
        if (!match || !Number.isInteger(top) || top < 1) return json(400, { error: 'unsupported query' });
        const skip = Number(url.searchParams.get('$skip') ?? 0);
        const select = (url.searchParams.get('$select') ?? '').split(',').filter(Boolean);
        const withMedia = /^Media\b/.test(url.searchParams.get('$expand') ?? '');
        const all = [...listings.values(), ...repeats]
          .filter(match)
          .sort((a, b) => a.ModificationTimestamp.localeCompare(b.ModificationTimestamp));
        const page = all.slice(skip, skip + top).map((l) => {
          const picked: Record<string, unknown> = {};
          for (const field of select) if (field in l) picked[field] = (l as Record<string, unknown>)[field];
          if (withMedia) picked.Media = l.Media ?? [];
          return picked;
        });
        const next = new URLSearchParams(url.searchParams);
        next.set('$skip', String(skip + top));
        return json(200, {
          '@odata.context': `${base}/reso/odata/$metadata#Property`,
          value: page,
          ...(skip + top < all.length
            ? { '@odata.nextLink': `${nextLinkBase ?? base}/reso/odata/Property?${next}` }
            : {}),
        });
      }
      json(404, { error: 'not found' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const settings = () => ({
    baseUrl: `${base}/reso/odata`,
    tokenUrl: `${base}/oauth/token`,
    clientId: RESO_CLIENT.id,
    clientSecret: RESO_CLIENT.secret,
  });
  return {
    url: base,
    settings,
    env: () => ({
      RESO_BASE_URL: settings().baseUrl,
      RESO_TOKEN_URL: settings().tokenUrl,
      RESO_CLIENT_ID: RESO_CLIENT.id,
      RESO_CLIENT_SECRET: RESO_CLIENT.secret,
    }),
    listings,
    photos,
    requests,
    repeats,
    setNextLinkBase: (value) => {
      nextLinkBase = value;
    },
    tokensIssued: () => issued,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
