// The app's HTML pages on the wire (issue 48): the bytes before a phone's first paint. Brotli when the browser
// takes it (every current one does), gzip otherwise. A page the server keeps (a marketing page, the same for every
// visitor: first-screen.ts) is compressed once at Brotli's best (~18 % smaller than gzip, ~70 ms of CPU for the
// landing page), a page composed per request at a quality as fast as gzip's (~8 % smaller).
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** How many kept pages' best compressions are held (one per marketing page, language and launch state). */
const KEPT_LIMIT = 32;
const keptBodies = new Map<string, Buffer>();

const brotli = (html: string, quality: number) =>
  brotliCompressSync(html, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html),
    },
  });

/**
 * `html` in the best encoding `acceptEncoding` allows, or null to send it as it is. `kept`: the same page is sent
 * again (its compression is kept with it).
 */
export function encodePage(
  html: string,
  acceptEncoding: string | undefined,
  kept: boolean,
): { encoding: 'br' | 'gzip'; body: Buffer } | null {
  const encoding = negotiate(acceptEncoding ?? '', ['br', 'gzip']);
  if (encoding === 'gzip') return { encoding, body: gzipSync(html) };
  if (encoding !== 'br') return null;
  if (!kept) return { encoding, body: brotli(html, 6) };
  let body = keptBodies.get(html);
  if (!body) {
    body = brotli(html, constants.BROTLI_MAX_QUALITY);
    if (keptBodies.size >= KEPT_LIMIT) keptBodies.delete(keptBodies.keys().next().value!);
    keptBodies.set(html, body);
  }
  return { encoding, body };
}

/**
 * Sends `html` as one of the app's pages (composed, so not one of the build's precompressed files), in the best
 * encoding the request accepts.
 */
export function sendPage(request: FastifyRequest, reply: FastifyReply, html: string, kept: boolean) {
  reply.type('text/html; charset=utf-8');
  const encoded = encodePage(html, request.headers['accept-encoding'], kept);
  if (!encoded) return reply.send(html);
  reply.header('content-encoding', encoded.encoding);
  return reply.send(encoded.body);
}
