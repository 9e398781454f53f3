// What the request logger may write about a request: its URL without the secrets some URLs carry — the private
// calendar feed's path segment (/api/calendar/feed/{secret}.ics), the buyer's manage/reschedule token
// (?token=), an OAuth callback's code and state. Anyone who can read the logs must not be able to use them.
import type { FastifyRequest } from 'fastify';

export const REDACTED = '[redacted]';

/** Query parameters whose value is a credential, wherever they appear. */
const SECRET_PARAMS = new Set([
  'token',
  'code',
  'state',
  'secret',
  'key',
  'signature',
  'access_token',
  'refresh_token',
  'id_token',
  'client_secret',
]);

/** Paths whose segment is itself the credential. */
const SECRET_PATHS: RegExp[] = [
  /^(\/api\/calendar\/feed\/)[^/?#]+?(\.ics)?$/i,
  // The seller report's token (issue 32 §4), the API's and the page's.
  /^(\/api\/seller\/)[^/?#]+()$/i,
  /^(\/seller\/)[^/?#]+()$/i,
];

/** `url` (a request's path and query) with every secret replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  let pathPart = q === -1 ? url : url.slice(0, q);
  const query = q === -1 ? '' : url.slice(q + 1);
  for (const pattern of SECRET_PATHS) {
    pathPart = pathPart.replace(
      pattern,
      (_m, head: string, ext?: string) => `${head}${REDACTED}${ext ?? ''}`,
    );
  }
  if (!query) return pathPart + (q === -1 ? '' : '?');
  const redacted = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq === -1 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: judged as written.
      }
      return eq !== -1 && SECRET_PARAMS.has(name.toLowerCase()) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${pathPart}?${redacted}`;
}

/** Fastify's default request fields, with the URL redacted (the logger's `req` serializer). */
export function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
