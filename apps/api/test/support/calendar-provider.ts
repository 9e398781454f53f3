// A 127.0.0.1 server speaking both calendar providers' documented protocols, for the API tests and the
// browser test (test/support/calendar-provider-main.ts runs it alone):
//   Google  — /google/authorize (consent page), POST /google/token (authorization_code with PKCE S256 check,
//             refresh_token; `invalid_grant` otherwise), POST /google/revoke, Calendar v3 under /google/calendar/v3:
//             users/me/calendarList, freeBusy, calendars/{id}/events insert (client-chosen id, 409 on repeat),
//             patch, delete.
//   Microsoft — /ms/{tenant}/oauth2/v2.0/authorize|token, Graph v1.0 under /ms/graph/v1.0: me, me/calendars,
//             me/calendars/{id}/calendarView, me/calendars/{id}/events (transactionId de-duplication),
//             me/events/{id} patch/delete.
// Sign-in (OpenID Connect, issue 41): an authorization request whose scope has `openid` gets an RS256 ID token
// with the token answer — Google's issuer is the server's origin, Microsoft's `<base>/ms/<tid>/v2.0` — carrying
// the request's nonce and the provider's `identity` claims (`idTokenOverrides` bends it for refusal tests).
// Every request is recorded so tests assert what our server sent.
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { wallClockInZone } from '@keyturn/domain/time';

export type Provider = 'google' | 'microsoft';
export type RecordedRequest = {
  provider: Provider;
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
};
export type StoredEvent = Record<string, unknown> & { id: string; calendarId: string };
/** A busy block seeded into a provider calendar (not made by Keyturn). */
export type BusyBlock = { start: Date; end: Date };

export const CLIENTS: Record<Provider, { id: string; secret: string }> = {
  google: { id: 'keyturn-google-client', secret: 'google-client-secret' },
  microsoft: { id: 'keyturn-microsoft-client', secret: 'microsoft-client-secret' },
};
export const ACCOUNTS: Record<Provider, string> = {
  google: 'avery.agent@gmail.test',
  microsoft: 'avery.agent@outlook.test',
};
export const CALENDARS = {
  google: [
    { id: ACCOUNTS.google, summary: 'Avery Agent', primary: true, accessRole: 'owner' },
    { id: 'family0123@group.calendar.google.test', summary: 'Family', accessRole: 'reader' },
  ],
  microsoft: [
    { id: 'AAMkAGI-default', name: 'Calendar', isDefaultCalendar: true, canEdit: true },
    { id: 'AAMkAGI-holidays', name: 'United States holidays', isDefaultCalendar: false, canEdit: false },
  ],
};

export type TestCalendarProvider = {
  url: string;
  requests: RecordedRequest[];
  /** Events Keyturn wrote, by provider. */
  events: Record<Provider, Map<string, StoredEvent>>;
  addBusy: (provider: Provider, calendarId: string, block: BusyBlock) => void;
  /** Every refresh token and access token of the provider stops working (the user revoked the grant). */
  revokeGrant: (provider: Provider) => void;
  /** Access tokens answer 401 from now on (expired), refresh still works. */
  expireAccessTokens: () => void;
  /** The next `n` calendar API calls answer 503. */
  failNext: (n: number) => void;
  /** The claims of the next ID tokens, by provider (sub, email, email_verified, name…; tid for Microsoft). */
  identity: Record<Provider, Record<string, unknown>>;
  /** Claims laid over every ID token (a wrong `iss`, `aud` or `nonce`); {} for none. */
  idTokenOverrides: Record<string, unknown>;
  /** The env a Keyturn server needs to use this provider. */
  env: () => Record<string, string>;
  close: () => Promise<void>;
};

/** The instant of a Graph wall-clock dateTime in a named zone (as Graph reads the events we write). */
function zonedInstant(at: { dateTime: string; timeZone: string }): Date {
  const wall = Date.parse(`${at.dateTime.slice(0, 19)}Z`);
  let guess = wall;
  for (let i = 0; i < 2; i += 1) {
    const w = wallClockInZone(new Date(guess), at.timeZone);
    guess += wall - Date.parse(`${w.date}T${w.time}:00Z`);
  }
  return new Date(guess);
}

type Grant = { provider: Provider; revoked: boolean };

export async function startCalendarProvider(port = 0): Promise<TestCalendarProvider> {
  const requests: RecordedRequest[] = [];
  const events: Record<Provider, Map<string, StoredEvent>> = { google: new Map(), microsoft: new Map() };
  const busy: Record<Provider, Map<string, BusyBlock[]>> = { google: new Map(), microsoft: new Map() };
  const codes = new Map<
    string,
    {
      provider: Provider;
      challenge: string;
      redirectUri: string;
      clientId: string;
      scope: string;
      nonce: string | null;
    }
  >();
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const identity: Record<Provider, Record<string, unknown>> = {
    google: { sub: '109876543210', email: ACCOUNTS.google, email_verified: true, name: 'Avery Agent' },
    microsoft: {
      sub: 'AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ',
      tid: '9188040d-6c67-4c5b-b112-36a304b66dad',
      email: ACCOUNTS.microsoft,
      name: 'Avery Agent',
    },
  };
  const idTokenOverrides: Record<string, unknown> = {};
  const idToken = (provider: Provider, nonce: string | null) => {
    const claims = identity[provider];
    const now = Math.floor(Date.now() / 1000);
    const payload = {
      iss: provider === 'google' ? base : `${base}/ms/${String(claims.tid)}/v2.0`,
      aud: CLIENTS[provider].id,
      iat: now,
      exp: now + 3600,
      ...(nonce !== null ? { nonce } : {}),
      ...claims,
      ...idTokenOverrides,
    };
    const part = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const input = `${part({ alg: 'RS256', typ: 'JWT', kid: 'test' })}.${part(payload)}`;
    return `${input}.${sign('sha256', Buffer.from(input), privateKey).toString('base64url')}`;
  };
  const refreshTokens = new Map<string, Grant>();
  const accessTokens = new Map<string, Grant & { refresh: string }>();
  const transactionIds = new Map<string, string>();
  let failures = 0;
  let base = '';

  const issue = (provider: Provider, refresh: string) => {
    const access = `at-${randomBytes(12).toString('hex')}`;
    accessTokens.set(access, { provider, revoked: false, refresh });
    return access;
  };

  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const path = url.pathname;
      const provider: Provider = path.startsWith('/ms/') ? 'microsoft' : 'google';
      const form = (req.headers['content-type'] ?? '').includes('x-www-form-urlencoded');
      let body: unknown = raw;
      try {
        body = form ? Object.fromEntries(new URLSearchParams(raw)) : raw ? JSON.parse(raw) : undefined;
      } catch {
        body = raw;
      }
      requests.push({
        provider,
        method: req.method ?? 'GET',
        path,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body,
      });
      const json = (status: number, value?: object) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(value === undefined ? '' : JSON.stringify(value));
      };
      const f = (body ?? {}) as Record<string, string>;

      // ---- OAuth ----
      if (/^\/(google|ms\/[^/]+\/oauth2\/v2\.0)\/authorize$/.test(path)) {
        const q = Object.fromEntries(url.searchParams);
        const client = CLIENTS[provider];
        if (q.client_id !== client.id || q.response_type !== 'code' || q.code_challenge_method !== 'S256') {
          res.writeHead(400, { 'content-type': 'text/html' });
          res.end('<h1>Bad authorization request</h1>');
          return;
        }
        const code = `code-${randomBytes(10).toString('hex')}`;
        codes.set(code, {
          provider,
          challenge: q.code_challenge ?? '',
          redirectUri: q.redirect_uri ?? '',
          clientId: client.id,
          scope: q.scope ?? '',
          nonce: q.nonce ?? null,
        });
        const back = new URL(q.redirect_uri ?? '');
        back.searchParams.set('code', code);
        back.searchParams.set('state', q.state ?? '');
        const name = provider === 'google' ? 'Google' : 'Microsoft';
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${name} consent</title></head>` +
            `<body style="font-family:sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem"><h1>Sign in with ${name}</h1>` +
            `<p>Keyturn wants to see and edit events of ${ACCOUNTS[provider]}.</p>` +
            `<p><a id="allow" href="${back.href.replace(/&/g, '&amp;')}">Allow</a></p></body></html>`,
        );
        return;
      }
      if (/^\/(google|ms\/[^/]+\/oauth2\/v2\.0)\/token$/.test(path)) {
        const client = CLIENTS[provider];
        if (f.client_id !== client.id || f.client_secret !== client.secret)
          return json(401, { error: 'invalid_client' });
        if (f.grant_type === 'authorization_code') {
          const grant = codes.get(f.code ?? '');
          codes.delete(f.code ?? '');
          const challenge = createHash('sha256')
            .update(f.code_verifier ?? '')
            .digest('base64url');
          if (
            !grant ||
            grant.provider !== provider ||
            grant.redirectUri !== f.redirect_uri ||
            grant.challenge !== challenge
          ) {
            return json(400, {
              error: 'invalid_grant',
              error_description: 'Bad code, redirect_uri or code_verifier',
            });
          }
          const refresh = `rt-${randomBytes(12).toString('hex')}`;
          refreshTokens.set(refresh, { provider, revoked: false });
          return json(200, {
            access_token: issue(provider, refresh),
            token_type: 'Bearer',
            expires_in: 3599,
            refresh_token: refresh,
            scope: grant.scope.split(' ').includes('openid') ? grant.scope : 'calendar',
            ...(grant.scope.split(' ').includes('openid')
              ? { id_token: idToken(provider, grant.nonce) }
              : {}),
          });
        }
        if (f.grant_type === 'refresh_token') {
          const grant = refreshTokens.get(f.refresh_token ?? '');
          if (!grant || grant.revoked || grant.provider !== provider) {
            return json(400, {
              error: 'invalid_grant',
              error_description: 'Token has been expired or revoked.',
            });
          }
          return json(200, {
            access_token: issue(provider, f.refresh_token ?? ''),
            token_type: 'Bearer',
            expires_in: 3599,
          });
        }
        return json(400, { error: 'unsupported_grant_type' });
      }
      if (path === '/google/revoke') {
        const grant = refreshTokens.get(f.token ?? '');
        if (grant) grant.revoked = true;
        return json(200, {});
      }

      // ---- calendar APIs: bearer token required ----
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      const access = accessTokens.get(token);
      if (
        !access ||
        access.revoked ||
        access.provider !== provider ||
        refreshTokens.get(access.refresh)?.revoked
      ) {
        return json(401, {
          error: { code: 401, message: 'Request had invalid authentication credentials.' },
        });
      }
      if (failures > 0) {
        failures -= 1;
        return json(503, { error: { code: 503, message: 'Backend Error' } });
      }
      const overlaps = (b: BusyBlock, from: Date, to: Date) => b.start < to && b.end > from;

      if (provider === 'google') {
        const g = path.replace(/^\/google\/calendar\/v3/, '');
        if (req.method === 'GET' && g === '/users/me/calendarList')
          return json(200, { kind: 'calendar#calendarList', items: CALENDARS.google });
        if (req.method === 'POST' && g === '/freeBusy') {
          const b = body as { timeMin: string; timeMax: string; items: { id: string }[] };
          const from = new Date(b.timeMin);
          const to = new Date(b.timeMax);
          const calendars: Record<string, { busy: { start: string; end: string }[] }> = {};
          for (const { id } of b.items) {
            const own = [...events.google.values()]
              .filter((e) => e.calendarId === id)
              .map((e) => ({
                start: new Date((e.start as { dateTime: string }).dateTime),
                end: new Date((e.end as { dateTime: string }).dateTime),
              }));
            calendars[id] = {
              busy: [...(busy.google.get(id) ?? []), ...own]
                .filter((x) => overlaps(x, from, to))
                .map((x) => ({ start: x.start.toISOString(), end: x.end.toISOString() })),
            };
          }
          return json(200, { kind: 'calendar#freeBusy', timeMin: b.timeMin, timeMax: b.timeMax, calendars });
        }
        const m = /^\/calendars\/([^/]+)\/events(?:\/([^/]+))?$/.exec(g);
        if (m) {
          const calendarId = decodeURIComponent(m[1] ?? '');
          const eventId = m[2] ? decodeURIComponent(m[2]) : undefined;
          const b = (body ?? {}) as Record<string, unknown>;
          if (req.method === 'POST' && !eventId) {
            const id = typeof b.id === 'string' ? b.id : `ev${randomBytes(8).toString('hex')}`;
            if (events.google.has(id))
              return json(409, { error: { code: 409, message: 'The requested identifier already exists.' } });
            const stored = { ...b, id, calendarId };
            events.google.set(id, stored);
            return json(200, { kind: 'calendar#event', ...stored });
          }
          const existing = eventId ? events.google.get(eventId) : undefined;
          if (!existing || existing.calendarId !== calendarId)
            return json(404, { error: { code: 404, message: 'Not Found' } });
          if (req.method === 'PATCH') {
            const stored = { ...existing, ...b, id: existing.id, calendarId };
            events.google.set(existing.id, stored);
            return json(200, stored);
          }
          if (req.method === 'DELETE') {
            events.google.delete(existing.id);
            return json(204);
          }
        }
        return json(404, { error: { code: 404, message: 'Not Found' } });
      }

      // Microsoft Graph
      const g = path.replace(/^\/ms\/graph\/v1\.0/, '');
      if (req.method === 'GET' && g === '/me')
        return json(200, { mail: ACCOUNTS.microsoft, userPrincipalName: ACCOUNTS.microsoft });
      if (req.method === 'GET' && g === '/me/calendars') return json(200, { value: CALENDARS.microsoft });
      const view = /^\/me\/calendars\/([^/]+)\/calendarView$/.exec(g);
      if (req.method === 'GET' && view) {
        const calendarId = decodeURIComponent(view[1] ?? '');
        const from = new Date(url.searchParams.get('startDateTime') ?? '');
        const to = new Date(url.searchParams.get('endDateTime') ?? '');
        const utcWall = (d: Date) =>
          d
            .toISOString()
            .replace('Z', '')
            .replace(/\.\d+$/, '.0000000');
        // The calendar's events: the seeded busy blocks and the events Keyturn wrote into it.
        const own = [...events.microsoft.values()]
          .filter((e) => e.calendarId === calendarId)
          .map((e) => ({
            id: e.id,
            start: zonedInstant(e.start as { dateTime: string; timeZone: string }),
            end: zonedInstant(e.end as { dateTime: string; timeZone: string }),
          }));
        return json(200, {
          value: [
            ...(busy.microsoft.get(calendarId) ?? []).map((x, i) => ({ ...x, id: `busy-${i}` })),
            ...own,
          ]
            .filter((x) => overlaps(x, from, to))
            .map((x) => ({
              id: x.id,
              showAs: 'busy',
              isCancelled: false,
              start: { dateTime: utcWall(x.start), timeZone: 'UTC' },
              end: { dateTime: utcWall(x.end), timeZone: 'UTC' },
            })),
        });
      }
      const create = /^\/me\/calendars\/([^/]+)\/events$/.exec(g);
      if (req.method === 'POST' && create) {
        const b = (body ?? {}) as Record<string, unknown>;
        const tx = typeof b.transactionId === 'string' ? b.transactionId : null;
        const known = tx ? transactionIds.get(tx) : undefined;
        if (known && events.microsoft.has(known)) return json(201, events.microsoft.get(known));
        const id = `AAMkEvent-${randomBytes(8).toString('hex')}`;
        const stored = { ...b, id, calendarId: decodeURIComponent(create[1] ?? '') };
        events.microsoft.set(id, stored);
        if (tx) transactionIds.set(tx, id);
        return json(201, stored);
      }
      const one = /^\/me\/events\/([^/]+)$/.exec(g);
      if (one) {
        const existing = events.microsoft.get(decodeURIComponent(one[1] ?? ''));
        if (!existing) return json(404, { error: { code: 'ErrorItemNotFound', message: 'Not found' } });
        if (req.method === 'PATCH') {
          const stored = {
            ...existing,
            ...(body as object),
            id: existing.id,
            calendarId: existing.calendarId,
          };
          events.microsoft.set(existing.id, stored);
          return json(200, stored);
        }
        if (req.method === 'DELETE') {
          events.microsoft.delete(existing.id);
          return json(204);
        }
      }
      return json(404, { error: { code: 'ResourceNotFound', message: 'Not found' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    requests,
    events,
    addBusy: (provider, calendarId, block) => {
      const list = busy[provider].get(calendarId) ?? [];
      list.push(block);
      busy[provider].set(calendarId, list);
    },
    revokeGrant: (provider) => {
      for (const g of refreshTokens.values()) if (g.provider === provider) g.revoked = true;
      for (const a of accessTokens.values()) if (a.provider === provider) a.revoked = true;
    },
    expireAccessTokens: () => {
      for (const a of accessTokens.values()) a.revoked = true;
    },
    failNext: (n) => {
      failures = n;
    },
    identity,
    idTokenOverrides,
    env: () => ({
      GOOGLE_CLIENT_ID: CLIENTS.google.id,
      GOOGLE_CLIENT_SECRET: CLIENTS.google.secret,
      GOOGLE_AUTH_URL: `${base}/google/authorize`,
      GOOGLE_TOKEN_URL: `${base}/google/token`,
      GOOGLE_REVOKE_URL: `${base}/google/revoke`,
      GOOGLE_API_URL: `${base}/google/calendar/v3`,
      MICROSOFT_CLIENT_ID: CLIENTS.microsoft.id,
      MICROSOFT_CLIENT_SECRET: CLIENTS.microsoft.secret,
      MICROSOFT_TENANT: 'common',
      MICROSOFT_AUTHORITY_URL: `${base}/ms`,
      MICROSOFT_GRAPH_URL: `${base}/ms/graph/v1.0`,
    }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
