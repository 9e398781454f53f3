// The identity of one message: its idempotency key (booking, kind, scheduled time), and what is derived from
// it — the e-mail Message-ID and the file name in file mode — so every repeat of a send is the same message.
import { createHash } from 'node:crypto';

export function idempotencyKey(bookingId: string, kind: string, scheduledFor: Date): string {
  return `booking:${bookingId}/kind:${kind}/at:${scheduledFor.toISOString()}`;
}

/** `<kt.…@domain>`: stable for a key, unique across keys. */
export function messageIdFor(key: string, domain: string): string {
  return `<kt.${digest(key).slice(0, 40)}@${domain}>`;
}

/** `reminder.buyer.email-3f2a…`: readable in a folder listing, unique per key. */
export function fileStemFor(key: string, kind: string): string {
  return `${kind.replace(/[^a-z0-9._-]/gi, '-')}-${digest(key).slice(0, 20)}`;
}

/** The domain of an address like `Keyturn <no-reply@keyturn.app>`. */
export function mailDomainOf(from: string): string {
  const match = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from.trim());
  return match?.[1] ?? 'keyturn.app';
}

/** `Jamie Agent via Keyturn <no-reply@keyturn.app>`: the agent's name on the configured sending address. */
export function fromHeader(mailFrom: string, displayName: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  const name = displayName === 'Keyturn' ? 'Keyturn' : `${displayName} via Keyturn`;
  return `"${name.replace(/["\\\r\n]/g, '')}" <${address}>`;
}

function digest(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
