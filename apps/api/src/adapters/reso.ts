// The MLS through the RESO Web API (issue 34 §2, decision 058): OAuth2 client credentials at the MLS's token
// endpoint (the token kept until shortly before it expires), then OData v4 queries on the Property resource —
// the agent's listings by ListAgentMlsId, changed after a ModificationTimestamp — following @odata.nextLink
// page by page. Field names are the RESO Data Dictionary's. Every call goes through the outbound-URL guard.
// Issue 39: the bearer token goes to the base URL's origin only — a @odata.nextLink elsewhere, or a redirect of
// the query, stops the import — and a page is read up to MLS_MAX_PAGE_BYTES, never whole.
import { MLS_IMPORT_TEXTS, MLS_MAX_PAGE_BYTES } from '@keyturn/domain/listing/imports';
import { outboundFetch, type OutboundPolicy } from '../http/outbound-url';

/** The MLS could not be read; the message is shown to the agent as the last sync's problem. */
export class MlsError extends Error {
  override readonly name = 'MlsError';
}

export type ResoSettings = { baseUrl: string; tokenUrl: string; clientId: string; clientSecret: string };

/** A Property record as read (only the fields we $select; any may be missing). */
export type ResoProperty = {
  ListingKey: string;
  ListingId?: string | null;
  StandardStatus?: string | null;
  ModificationTimestamp: string;
  UnparsedAddress?: string | null;
  StreetNumber?: string | null;
  StreetName?: string | null;
  StreetSuffix?: string | null;
  UnitNumber?: string | null;
  City?: string | null;
  StateOrProvince?: string | null;
  PostalCode?: string | null;
  ListPrice?: number | null;
  BedroomsTotal?: number | null;
  BathroomsTotalInteger?: number | null;
  PropertyType?: string | null;
  PropertySubType?: string | null;
  Latitude?: number | null;
  Longitude?: number | null;
  PublicRemarks?: string | null;
  Media?: { MediaURL?: string | null; Order?: number | null }[] | null;
};

export const RESO_SELECT = [
  'ListingKey',
  'ListingId',
  'StandardStatus',
  'ModificationTimestamp',
  'UnparsedAddress',
  'StreetNumber',
  'StreetName',
  'StreetSuffix',
  'UnitNumber',
  'City',
  'StateOrProvince',
  'PostalCode',
  'ListPrice',
  'BedroomsTotal',
  'BathroomsTotalInteger',
  'PropertyType',
  'PropertySubType',
  'Latitude',
  'Longitude',
  'PublicRemarks',
] as const;

export const RESO_PAGE_SIZE = 100;
/** A runaway server (a nextLink that never ends) stops here. */
const MAX_PAGES = 200;

export type ResoClient = {
  /** The agent's listings changed after `since` (all of them without), oldest change first, page by page. */
  listings: (mlsAgentId: string, since: Date | null) => AsyncGenerator<ResoProperty[]>;
  /** A photo's bytes (null when the answer is not a success); at most `maxBytes`, else null. */
  download: (url: string, maxBytes: number) => Promise<Buffer | null>;
};

type CachedToken = { value: string; expiresAt: number; key: string };

/** One client per process: the token is shared between syncs while the settings are unchanged. */
export function resoClient(deps: {
  settings: () => Promise<ResoSettings | null>;
  outbound: OutboundPolicy;
  timeoutMs?: number;
  /** Listings per page ($top). */
  pageSize?: number;
  /** The largest page read (bytes); MLS_MAX_PAGE_BYTES unless a test makes it smaller. */
  maxPageBytes?: number;
  now?: () => number;
}): ResoClient {
  const now = deps.now ?? Date.now;
  const timeoutMs = deps.timeoutMs ?? 20_000;
  let cached: CachedToken | null = null;

  const maxPageBytes = deps.maxPageBytes ?? MLS_MAX_PAGE_BYTES;
  // Calls carrying the client secret or the token follow no redirect (a 3xx is answered as it is): a redirect
  // re-sends the same headers and body to wherever it points. Photos (no credentials) may be redirected.
  const call = (url: string, init: RequestInit, maxRedirects = 0) =>
    outboundFetch(
      url,
      { ...init, signal: AbortSignal.timeout(timeoutMs) },
      { ...deps.outbound, maxRedirects },
    );

  const token = async (s: ResoSettings): Promise<string> => {
    const key = `${s.tokenUrl}\n${s.clientId}\n${s.clientSecret}`;
    if (cached && cached.key === key && cached.expiresAt > now()) return cached.value;
    const res = await call(s.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: s.clientId,
        client_secret: s.clientSecret,
      }).toString(),
    });
    if (!res.ok) throw new MlsError(`The MLS refused the sign-in (HTTP ${res.status}).`);
    const body = (await res.json().catch(() => null)) as {
      access_token?: string;
      expires_in?: number;
    } | null;
    if (!body?.access_token) throw new MlsError('The MLS sign-in answered without a token.');
    // Renewed a minute early so a page is never asked with a token that expires on the way.
    const lifetime = Math.max(0, (body.expires_in ?? 3600) - 60) * 1000;
    cached = { value: body.access_token, expiresAt: now() + lifetime, key };
    return body.access_token;
  };

  async function* listings(mlsAgentId: string, since: Date | null): AsyncGenerator<ResoProperty[]> {
    const s = await deps.settings();
    if (!s) throw new MlsError('The MLS is not configured.');
    let next: string | null = firstPageUrl(s.baseUrl, mlsAgentId, since, deps.pageSize);
    const origin = new URL(next).origin;
    for (let page = 0; next && page < MAX_PAGES; page += 1) {
      let res = await call(next, { headers: await headers(s) });
      if (res.status === 401) {
        // A token the MLS revoked before its time: one new sign-in, then the page again.
        await res.body?.cancel().catch(() => {});
        cached = null;
        res = await call(next, { headers: await headers(s) });
      }
      if (res.status >= 300 && res.status < 400) {
        await res.body?.cancel().catch(() => {});
        throw new MlsError(MLS_IMPORT_TEXTS.redirected);
      }
      if (!res.ok) {
        await res.body?.cancel().catch(() => {});
        throw new MlsError(`The MLS answered HTTP ${res.status} to the listings query.`);
      }
      const text = await boundedText(res, maxPageBytes);
      type Page = { value?: unknown; '@odata.nextLink'?: unknown };
      let body: Page | null;
      try {
        body = JSON.parse(text) as Page | null;
      } catch {
        body = null;
      }
      if (!body || typeof body !== 'object' || !Array.isArray(body.value))
        throw new MlsError('The MLS answered something that is not OData.');
      yield body.value as ResoProperty[];
      const link = body['@odata.nextLink'];
      if (typeof link !== 'string' || link === '') break;
      let target: URL;
      try {
        target = new URL(link, next);
      } catch {
        throw new MlsError('The MLS answered something that is not OData.');
      }
      // The token is the MLS's, for the MLS's address: never sent to another origin.
      if (target.origin !== origin) throw new MlsError(MLS_IMPORT_TEXTS.otherOrigin(target.origin));
      next = target.href;
    }
  }

  /** The answer's text, read up to `limit` bytes; a larger one is cancelled and refused. */
  async function boundedText(res: Response, limit: number): Promise<string> {
    const shown =
      limit >= 1024 * 1024 ? `${Math.round(limit / (1024 * 1024))} MB` : `${Math.ceil(limit / 1024)} KB`;
    const tooLarge = () => new MlsError(MLS_IMPORT_TEXTS.pageTooLarge(shown));
    if (Number(res.headers.get('content-length') ?? 0) > limit) {
      await res.body?.cancel().catch(() => {});
      throw tooLarge();
    }
    if (!res.body) return '';
    const chunks: Buffer[] = [];
    let size = 0;
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => {});
        throw tooLarge();
      }
      chunks.push(Buffer.from(value));
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  const headers = async (s: ResoSettings) => ({
    authorization: `Bearer ${await token(s)}`,
    accept: 'application/json',
  });

  const download: ResoClient['download'] = async (url, maxBytes) => {
    const res = await call(url, {}, 2);
    if (!res.ok || !res.body) return null;
    const declared = Number(res.headers.get('content-length') ?? 0);
    if (declared > maxBytes) {
      await res.body.cancel().catch(() => {});
      return null;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > maxBytes) return null;
      chunks.push(Buffer.from(chunk));
    }
    return Buffer.concat(chunks);
  };

  return { listings, download };
}

/** `Property?$filter=…&$select=…&$expand=Media(…)&$orderby=ModificationTimestamp&$top=…` on the base URL. */
export function firstPageUrl(
  baseUrl: string,
  mlsAgentId: string,
  since: Date | null,
  pageSize = RESO_PAGE_SIZE,
): string {
  const filter = [`ListAgentMlsId eq '${mlsAgentId.replace(/'/g, "''")}'`];
  if (since) filter.push(`ModificationTimestamp gt ${since.toISOString()}`);
  const query = new URLSearchParams({
    $filter: filter.join(' and '),
    $select: RESO_SELECT.join(','),
    $expand: 'Media($select=MediaURL,Order)',
    $orderby: 'ModificationTimestamp asc',
    $top: String(pageSize),
  });
  return `${baseUrl.replace(/\/+$/, '')}/Property?${query.toString().replace(/\+/g, '%20')}`;
}
