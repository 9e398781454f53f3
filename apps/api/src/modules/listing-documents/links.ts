// Issue 45: a document's download link — `<document id>.<role>.<subject>.<expiry seconds>.<HMAC-SHA256>` under a
// key derived from the server's secret key (as the seller's links, sellers/links.ts). The subject is whose link
// it is: the booking's id for its buyer or their agent, the agent's id for the agent, `public` for the booking
// page. Nothing is stored: a changed byte fails the MAC; an expired link is told apart so the page can say so.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { DOCUMENT_RECIPIENTS, type DocumentRecipient } from '@keyturn/domain/listing/documents';
import type { Config } from '../../config';
import { loadTokenKey } from '../core/crypto';

export type DocumentLink = { documentId: string; role: DocumentRecipient; subject: string; expiresAt: Date };

export type DocumentLinkSigner = {
  sign: (link: DocumentLink) => string;
  /** The link's parts (expired or not), or null when the token is not one we signed. */
  verify: (token: string) => DocumentLink | null;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function documentLinkSigner(secret: Buffer): DocumentLinkSigner {
  const key = createHmac('sha256', secret).update('keyturn listing document links v1').digest();
  const mac = (body: string) => createHmac('sha256', key).update(body).digest('base64url');
  return {
    sign: ({ documentId, role, subject, expiresAt }) => {
      const body = `${documentId}.${role}.${subject}.${Math.floor(expiresAt.getTime() / 1000)}`;
      return `${body}.${mac(body)}`;
    },
    verify: (token) => {
      if (token.length > 400) return null;
      const parts = token.split('.');
      if (parts.length !== 5) return null;
      const [documentId, role, subject, expiry, given] = parts as [string, string, string, string, string];
      if (!UUID.test(documentId) || !(DOCUMENT_RECIPIENTS as readonly string[]).includes(role)) return null;
      if (!(subject === 'public' || UUID.test(subject)) || !/^\d{1,12}$/.test(expiry)) return null;
      const expected = Buffer.from(mac(`${documentId}.${role}.${subject}.${expiry}`));
      const actual = Buffer.from(given);
      if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
      return {
        documentId,
        role: role as DocumentRecipient,
        subject,
        expiresAt: new Date(Number(expiry) * 1000),
      };
    },
  };
}

export function documentLinkSignerOf(config: Config): DocumentLinkSigner {
  return documentLinkSigner(loadTokenKey(config.calendar.tokenKey, config.dataDir));
}

export function documentDownloadUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/api/documents/download?token=${encodeURIComponent(token)}`;
}
