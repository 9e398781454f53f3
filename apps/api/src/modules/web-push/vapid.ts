// The server's VAPID key pair (RFC 8292): generated once into DATA_DIR/web-push-vapid.json (mode 0600), like the
// auth secret and the token key, and kept — every browser subscribed with its public key, so a new pair would
// silently end every agent's pushes. The subject the push services may write to is the server's contact.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webPush from 'web-push';
import type { Config } from '../../config';

export const VAPID_FILE = 'web-push-vapid.json';

export type VapidDetails = { subject: string; publicKey: string; privateKey: string };

const loaded = new Map<string, VapidDetails>();

/** The pair kept in `dataDir`, made on first use; two processes starting at once keep the first one written. */
export function loadVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, VAPID_FILE);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    const keys = webPush.generateVAPIDKeys();
    try {
      writeFileSync(file, JSON.stringify(keys) + '\n', { mode: 0o600, flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
  if (typeof parsed.publicKey !== 'string' || typeof parsed.privateKey !== 'string') {
    throw new Error(
      `${file} holds no VAPID key pair: remove it to make a new one (every device subscribes again)`,
    );
  }
  return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
}

/** mailto: of the server's contact (KEYTURN_CONTACT_EMAIL, else MAIL_FROM's address), or its https address. */
export function vapidSubject(config: Config): string {
  const contact = config.maps.geocoderEmail ?? /<([^>]+)>/.exec(config.mail.from)?.[1] ?? config.mail.from;
  if (/^[^\s@]+@[^\s@]+$/.test(contact.trim())) return `mailto:${contact.trim()}`;
  return config.publicUrl.startsWith('https://') ? config.publicUrl : 'mailto:no-reply@keyturn.app';
}

export function vapidDetailsOf(config: Config): VapidDetails {
  const known = loaded.get(config.dataDir);
  if (known) return known;
  const details = { subject: vapidSubject(config), ...loadVapidKeys(config.dataDir) };
  loaded.set(config.dataDir, details);
  return details;
}
