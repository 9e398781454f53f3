// Secrets at rest (OAuth tokens, PKCE verifiers, ICS URLs, the feed token): AES-256-GCM with a random 12-byte
// nonce per value, stored as `v1.<nonce>.<tag>.<ciphertext>` (base64url). The key is CALENDAR_TOKEN_KEY
// (32 bytes, base64 or hex), else one generated on first use in DATA_DIR/calendar-token.key (mode 0600).
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export type SecretBox = {
  seal: (plain: string) => string;
  open: (sealed: string) => string;
};

export const KEY_FILE = 'calendar-token.key';

export function parseKey(text: string): Buffer {
  const t = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64');
  if (key.length !== 32) throw new Error('CALENDAR_TOKEN_KEY must be 32 bytes, written as base64 or hex');
  return key;
}

/** The configured key, or the one kept in DATA_DIR (made once, never rotated silently). */
export function loadTokenKey(configured: string | null, dataDir: string): Buffer {
  if (configured) return parseKey(configured);
  const file = path.join(dataDir, KEY_FILE);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    try {
      // wx: two processes starting at once keep the first key written.
      writeFileSync(file, randomBytes(32).toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  return parseKey(readFileSync(file, 'utf8'));
}

export function secretBox(key: Buffer): SecretBox {
  return {
    seal: (plain) => {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return ['v1', nonce, tag, body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open: (sealed) => {
      const [version, nonce, tag, body] = sealed.split('.');
      if (version !== 'v1' || !nonce || !tag || body === undefined) throw new Error('Not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
