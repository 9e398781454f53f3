// Requests whose path reaches the server byte for byte: `inject` and `fetch` resolve dot segments and `%2e`
// before sending, which is exactly what the auth-spelling tests (issue 26) must not let happen.
import http from 'node:http';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** Shaped like inject's answer, so tests read it the same way. */
export type RawAnswer = { statusCode: number; body: string; json: LightMyRequestResponse['json'] };

/** Listens on a loopback port (once) and returns a sender of verbatim paths. */
export async function rawClient(app: FastifyInstance) {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  return {
    agent,
    send: (opts: { method: string; path: string; token?: string; body?: string; contentType?: string }) =>
      new Promise<RawAnswer>((resolve, reject) => {
        const headers: Record<string, string> = {};
        if (opts.token) headers.authorization = `Bearer ${opts.token}`;
        if (opts.body !== undefined) {
          headers['content-type'] = opts.contentType ?? 'application/json';
          headers['content-length'] = String(Buffer.byteLength(opts.body));
        }
        const req = http.request({
          host: '127.0.0.1',
          port,
          method: opts.method,
          path: opts.path,
          headers,
          agent,
        });
        req.on('response', (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const body = Buffer.concat(chunks).toString('utf8');
            resolve({ statusCode: res.statusCode ?? 0, body, json: () => JSON.parse(body) as never });
          });
          res.on('error', reject);
        });
        req.on('error', reject);
        req.end(opts.body);
      }),
  };
}

/** How one endpoint path (`/sign-in/email`) can be written so that a normalising router reaches it. */
export const AUTH_SPELLINGS: Record<string, (endpoint: string) => string> = {
  exact: (e) => `/api/auth${e}`,
  dotSegment: (e) => `/api/auth/.${e}`,
  encodedDot: (e) => `/api/auth/%2e${e}`,
  encodedDotUpper: (e) => `/api/auth/%2E${e}`,
  parentSegment: (e) => `/api/auth/x/..${e}`,
  encodedParent: (e) => `/api/auth/x/%2e%2e${e}`,
  doubleSlash: (e) => `/api/auth/${e}`,
  upperCaseEndpoint: (e) => `/api/auth${e.toUpperCase()}`,
  upperCaseAll: (e) => `/API/AUTH${e.toUpperCase()}`,
  trailingDot: (e) => `/api/auth${e}/.`,
  trailingSlash: (e) => `/api/auth${e}/`,
  leadingDoubleSlash: (e) => `//api/auth${e}`,
};
