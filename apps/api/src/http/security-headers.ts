// Helmet's headers with a Content-Security-Policy whose img-src admits the map tiles' origin in force. The tile
// server can be changed in Server settings (decision 048) without a restart, so the policy follows it: the
// origin is resolved at most once per `cacheMs` (and again right after a save in this process), and helmet's
// middleware is built once per distinct origin — @fastify/helmet built it again on every request (its
// directive parsing alone was 1–2 % of the API's CPU under load, issue 18). No route uses per-route options.
// Framing (issue 34, decision 057): the embed pages (/embed/…, domain embed.ts) may be framed by any site
// (frame-ancestors *, no X-Frame-Options); every other page refuses it (frame-ancestors 'none', X-Frame-Options).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { isEmbedPath } from '@keyturn/domain/embed';

type Middleware = ReturnType<typeof helmet>;

export type SecurityHeadersOptions = {
  /** The analytics tag manager's origin (loaded by the web app only after consent); null = none. */
  tagManagerOrigin: string | null;
  publicUrl: string;
  /** The tile URL template in force; null = no base map. */
  tileUrl: () => Promise<string | null>;
  /** The start-up tile URL template, used while the one in force cannot be read (database unavailable). */
  fallbackTileUrl: string | null;
  cacheMs: number;
  now?: () => number;
};

/** The origin a tile URL template loads from (http on-premises servers included). */
export const tileOriginOf = (template: string | null): string | null =>
  template ? new URL(template.replace(/\{[a-z]\}/g, '0')).origin : null;

function headersFor(opts: SecurityHeadersOptions, tileOrigin: string | null, embed: boolean): Middleware {
  const tagManager = opts.tagManagerOrigin ? [opts.tagManagerOrigin] : [];
  return helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...tagManager],
        // react-hot-toast injects its keyframes as a <style> element.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...tagManager, ...(tileOrigin ? [tileOrigin] : [])],
        connectSrc: ["'self'", ...tagManager],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: embed ? ['*'] : ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // frame-ancestors is the rule; X-Frame-Options (SAMEORIGIN) is for browsers without it, except on embeds.
    xFrameOptions: embed ? false : { action: 'sameorigin' },
    // Behind TLS (an https PUBLIC_URL) browsers are told to stay on https; on plain http (localhost) HSTS
    // would pin them to an https that is not there.
    strictTransportSecurity: opts.publicUrl.startsWith('https://')
      ? { maxAge: 180 * 24 * 60 * 60, includeSubDomains: false }
      : false,
  });
}

export function securityHeaders(opts: SecurityHeadersOptions) {
  const now = opts.now ?? Date.now;
  const built = new Map<string, Middleware>();
  // The origin last read, and when; an expired one is still used while it is read again (so a slow or
  // unavailable database delays no page), except after forget() where the next request waits for it.
  let resolved: { at: number; origin: Promise<string | null> } | null = null;
  const fallback = () => tileOriginOf(opts.fallbackTileUrl);
  const read = () =>
    opts.tileUrl().then(
      (url) => {
        try {
          return tileOriginOf(url);
        } catch {
          return fallback();
        }
      },
      () => fallback(),
    );
  const tileOrigin = () => {
    if (!resolved) {
      resolved = { at: now(), origin: read() };
    } else if (now() - resolved.at >= opts.cacheMs) {
      const previous = resolved.origin;
      const next = read();
      resolved = { at: now(), origin: previous };
      void next.then((origin) => {
        if (resolved?.origin === previous) resolved = { at: resolved.at, origin: Promise.resolve(origin) };
      });
      return previous;
    }
    return resolved.origin;
  };
  const middlewareFor = (origin: string | null, embed: boolean) => {
    const key = `${embed ? 'embed' : 'page'} ${origin ?? ''}`;
    let middleware = built.get(key);
    if (!middleware) {
      // A handful of tile servers over a process's life; never more than a few kept.
      if (built.size >= 8) built.clear();
      middleware = headersFor(opts, origin, embed);
      built.set(key, middleware);
    }
    return middleware;
  };
  return {
    /** The onRequest hook that sets the headers. */
    hook: async (request: FastifyRequest, reply: FastifyReply) => {
      const middleware = middlewareFor(await tileOrigin(), isEmbedPath(request.url));
      await new Promise<void>((resolve, reject) =>
        middleware(request.raw as IncomingMessage, reply.raw as ServerResponse, (err?: unknown) =>
          err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(),
        ),
      );
    },
    /** Reads the tile server again on the next request (after a save in Server settings). */
    forget: () => {
      resolved = null;
    },
  };
}
