// The seller's signed single-purpose links (decision 053): `<link id>.<action>.<HMAC-SHA256(id|action)>`
// under a key derived from the server's secret key (CALENDAR_TOKEN_KEY or DATA_DIR's generated one). Nothing
// secret is stored: the database holds the link's row (request, contact, action, used_at); a token whose MAC
// does not match, whose action was changed, or whose row is gone is refused before any read of the request.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { APPROVAL_ACTIONS, type ApprovalAction } from '@keyturn/domain/listing/sellerApprovalTexts';
import type { Config } from '../../config';
import { loadTokenKey } from '../core/crypto';

export type LinkSigner = {
  sign: (linkId: string, action: ApprovalAction) => string;
  /** The link's id and action, or null when the token is not one we signed. */
  verify: (token: string) => { linkId: string; action: ApprovalAction } | null;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function linkSigner(secret: Buffer): LinkSigner {
  const key = createHmac('sha256', secret).update('keyturn seller approval links v1').digest();
  const mac = (linkId: string, action: string) =>
    createHmac('sha256', key).update(`${linkId}|${action}`).digest('base64url');
  return {
    sign: (linkId, action) => `${linkId}.${action}.${mac(linkId, action)}`,
    verify: (token) => {
      const [linkId, action, given, extra] = token.split('.');
      if (extra !== undefined || !linkId || !action || !given || !UUID.test(linkId)) return null;
      if (!(APPROVAL_ACTIONS as readonly string[]).includes(action)) return null;
      const expected = Buffer.from(mac(linkId, action));
      const actual = Buffer.from(given);
      if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
      return { linkId: linkId.toLowerCase(), action: action as ApprovalAction };
    },
  };
}

export function linkSignerOf(config: Config): LinkSigner {
  return linkSigner(loadTokenKey(config.calendar.tokenKey, config.dataDir));
}

/** The seller's page for one link. */
export function approvalPageUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/seller-approval?token=${encodeURIComponent(token)}`;
}
