import { existsSync } from 'node:fs';

// The network here is closed: without the background-networking flags Chromium floods refused connections.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

export function chromiumPath(): string | undefined {
  return process.env.CHROMIUM_PATH ?? CANDIDATES.find((p) => existsSync(p));
}
