// Issue 40, decision 064: a server reachable from elsewhere (PUBLIC_URL not on this machine) does not seed the
// demo account unless SEED_DEMO asks; on localhost it does, as `npm start` always has.
import { describe, expect, it } from 'vitest';
import { isLocalUrl, loadConfig } from '../src/config';

const seeds = (env: Record<string, string>) => loadConfig({ ...env }).seedDemo;

describe('SEED_DEMO', () => {
  it('unset: seeds on localhost / 127.0.0.1 / ::1 only', () => {
    expect(seeds({})).toBe(true);
    expect(seeds({ PUBLIC_URL: 'http://127.0.0.1:3001' })).toBe(true);
    expect(seeds({ PUBLIC_URL: 'http://[::1]:3001' })).toBe(true);
    expect(seeds({ PUBLIC_URL: 'https://keyturn.example.com' })).toBe(false);
    expect(seeds({ PUBLIC_URL: 'http://192.168.1.20:3001' })).toBe(false);
    expect(seeds({ PUBLIC_URL: 'https://localhost.example.com' })).toBe(false);
  });

  it('set: says yes or no whatever the address', () => {
    expect(seeds({ PUBLIC_URL: 'https://keyturn.example.com', SEED_DEMO: 'true' })).toBe(true);
    expect(seeds({ SEED_DEMO: 'false' })).toBe(false);
  });

  it('isLocalUrl reads the host, not the text', () => {
    expect(isLocalUrl('http://app.localhost:5173')).toBe(true);
    expect(isLocalUrl('https://127.0.0.1.nip.io')).toBe(false);
  });
});
