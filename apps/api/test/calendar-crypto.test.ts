// Calendar secrets at rest (issue 14, decision 015): AES-256-GCM sealing, the key from CALENDAR_TOKEN_KEY or
// made once in DATA_DIR, and the provider configuration read from the environment.
import { mkdtemp, readFile, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { loadTokenKey, parseKey, secretBox } from '../src/modules/core/crypto';

describe('secretBox (AES-256-GCM)', () => {
  const box = secretBox(Buffer.alloc(32, 7));

  it('round-trips, with a fresh nonce each time (the same token never seals to the same text)', () => {
    const a = box.seal('ya29.refresh-token');
    const b = box.seal('ya29.refresh-token');
    expect(a).not.toBe(b);
    expect(a).not.toContain('ya29');
    expect(box.open(a)).toBe('ya29.refresh-token');
  });

  it('refuses a tampered value and a value sealed with another key', () => {
    const sealed = box.seal('secret');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    parts[3] = body.toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
    expect(() => secretBox(Buffer.alloc(32, 8)).open(sealed)).toThrow();
  });
});

describe('the token key', () => {
  it('CALENDAR_TOKEN_KEY as base64 or hex, 32 bytes; anything else is refused', () => {
    expect(parseKey(Buffer.alloc(32, 1).toString('base64'))).toHaveLength(32);
    expect(parseKey('ab'.repeat(32))).toHaveLength(32);
    expect(() => parseKey('too-short')).toThrow(/32 bytes/);
  });

  it('without it, one key is generated in DATA_DIR (mode 0600) and reused', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'keyturn-key-'));
    const first = loadTokenKey(null, dir);
    const second = loadTokenKey(null, dir);
    expect(first.equals(second)).toBe(true);
    const file = path.join(dir, 'calendar-token.key');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(parseKey(await readFile(file, 'utf8')).equals(first)).toBe(true);
  });
});

describe('provider configuration', () => {
  it('a provider is offered only with both its client id and secret; URLs and the Microsoft tenant come from the environment', () => {
    const none = loadConfig({ GOOGLE_CLIENT_ID: 'only-the-id' });
    expect(none.calendar.google).toBeNull();
    expect(none.calendar.microsoft).toBeNull();
    const both = loadConfig({
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 's',
      GOOGLE_API_URL: 'http://127.0.0.1:9/calendar/v3/',
      MICROSOFT_CLIENT_ID: 'm',
      MICROSOFT_CLIENT_SECRET: 't',
      MICROSOFT_TENANT: 'contoso.onmicrosoft.com',
      MICROSOFT_AUTHORITY_URL: 'http://127.0.0.1:9/ms/',
    });
    expect(both.calendar.google).toMatchObject({
      authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      apiUrl: 'http://127.0.0.1:9/calendar/v3',
      revokeUrl: 'https://oauth2.googleapis.com/revoke',
    });
    expect(both.calendar.microsoft).toMatchObject({
      authUrl: 'http://127.0.0.1:9/ms/contoso.onmicrosoft.com/oauth2/v2.0/authorize',
      tokenUrl: 'http://127.0.0.1:9/ms/contoso.onmicrosoft.com/oauth2/v2.0/token',
      revokeUrl: null,
      apiUrl: 'https://graph.microsoft.com/v1.0',
    });
    expect(() => loadConfig({ MICROSOFT_TENANT: 'bad/tenant' })).toThrow();
  });
});
