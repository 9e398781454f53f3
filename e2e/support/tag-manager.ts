// A stand-in for the tag manager's script host, on 127.0.0.1: the e2e build points VITE_GTM_SCRIPT_URL here
// (root package.json, `test:e2e`), so the browser tests can see whether — and when — the script is fetched.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Must match `test:e2e` in the root package.json, which builds the app with these settings. `E2E_GTM_PORT` moves
 * it for a second suite on the same machine (built with VITE_GTM_SCRIPT_URL at that port).
 */
export const TAG_MANAGER = { id: 'GTM-TEST', port: Number(process.env.E2E_GTM_PORT ?? 5199) } as const;
export const TAG_MANAGER_SCRIPT_URL = `http://127.0.0.1:${TAG_MANAGER.port}/gtm.js`;

export interface TagManagerStub {
  /** Every request the browser made, as path + query, e.g. /gtm.js?id=GTM-TEST. */
  requests: string[];
  close: () => Promise<void>;
}

/** Serves a script that counts its own runs in `window.__tagManagerRuns`, and records each request. */
export async function startTagManagerStub(): Promise<TagManagerStub> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' });
    res.end('window.__tagManagerRuns = (window.__tagManagerRuns || 0) + 1;');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(TAG_MANAGER.port, '127.0.0.1', resolve);
  });
  if ((server.address() as AddressInfo).port !== TAG_MANAGER.port) throw new Error('tag-manager stub port');
  return {
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
