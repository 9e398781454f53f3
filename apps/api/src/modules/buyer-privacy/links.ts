// Issue 46 (decision 091): the buyer's "Your data" link — `v1.<agent id>.<address, base64url>.<HMAC-SHA256>` under
// a key derived from the server's secret key for this purpose only (as the document links, listing-documents/
// links.ts). Nothing is stored: the token names one agent and one lower-cased address, a changed byte fails the
// MAC, and no one can make a token for an address without the key. It does not expire: a buyer may open an old
// e-mail's link (the page shows what is held at that moment — after a deletion, nothing).
// The workers' mailer adds the link to every e-mail marked `yourData` (buyer mails), before the footer.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { SendError } from '../../adapters/errors';
import type { Mailer, OutgoingMail } from '../../adapters/mail';
import type { Config } from '../../config';
import { loadTokenKey } from '../core/crypto';
import { withLocaleParam } from '@keyturn/domain/i18n/locales';
import { t } from '../../i18n';
import { escapeHtml } from '../core/mail/format';

export type YourDataSubject = { agentId: string; email: string };

export type YourDataSigner = {
  sign: (subject: YourDataSubject) => string;
  /** The token's agent and address, or null when it is not one we signed. */
  verify: (token: string) => YourDataSubject | null;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function yourDataSigner(secret: Buffer): YourDataSigner {
  const key = createHmac('sha256', secret).update('keyturn your-data links v1').digest();
  const mac = (body: string) => createHmac('sha256', key).update(body).digest('base64url');
  return {
    sign: ({ agentId, email }) => {
      const body = `v1.${agentId}.${Buffer.from(email.trim().toLowerCase(), 'utf8').toString('base64url')}`;
      return `${body}.${mac(body)}`;
    },
    verify: (token) => {
      if (token.length > 600) return null;
      const parts = token.split('.');
      if (parts.length !== 4) return null;
      const [version, agentId, address, given] = parts as [string, string, string, string];
      if (version !== 'v1' || !UUID.test(agentId) || !/^[A-Za-z0-9_-]{1,400}$/.test(address)) return null;
      const expected = Buffer.from(mac(`${version}.${agentId}.${address}`));
      const actual = Buffer.from(given);
      if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
      const email = Buffer.from(address, 'base64url').toString('utf8');
      if (!email.includes('@') || email !== email.toLowerCase()) return null;
      return { agentId, email };
    },
  };
}

export function yourDataSignerOf(config: Config): YourDataSigner {
  return yourDataSigner(loadTokenKey(config.calendar.tokenKey, config.dataDir));
}

export function yourDataUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/your-data?token=${encodeURIComponent(token)}`;
}

/** The footer row every branded e-mail ends with (core/mail/layout.ts): the link goes just before it. */
const FOOTER_ROW = /<tr><td style="[^"]*border-top:1px solid #e2e8f0[^"]*">/g;

/** The language an e-mail was written in: its <html lang> (core/mail/layout.ts), else English (issue 43). */
const HTML_LANG = /^<!doctype html>\s*<html lang="([a-z]{2})"/i;

/**
 * The e-mail with its "Your data" line (plain text) and link (HTML) added before the footer, in the e-mail's own
 * language (a Spanish booking's e-mails say "Sus datos").
 */
export function withYourDataLink<T extends Pick<OutgoingMail, 'text' | 'html'>>(mail: T, pageUrl: string): T {
  const locale = HTML_LANG.exec(mail.html)?.[1] ?? null;
  const url = withLocaleParam(pageUrl, locale);
  const label = t(locale, 'email.yourData');
  const line = `${label}: ${url}`;
  const footer = mail.text.lastIndexOf('\n—\n');
  const text =
    footer >= 0
      ? `${mail.text.slice(0, footer)}\n${line}\n${mail.text.slice(footer)}`
      : `${mail.text}\n\n${line}\n`;
  const e = escapeHtml;
  const link = `<a href="${e(url)}" style="color:#334155;text-decoration:underline">${e(label)}</a> · ${e(t(locale, 'email.yourDataNote'))}`;
  const footers = [...mail.html.matchAll(FOOTER_ROW)];
  const last = footers[footers.length - 1];
  let html: string;
  if (last?.index !== undefined) {
    const row = `<tr><td style="padding:0 28px 16px;font-size:13px;color:#64748b">${link}</td></tr>\n`;
    html = mail.html.slice(0, last.index) + row + mail.html.slice(last.index);
  } else {
    const para = `<p style="font-size:13px;color:#64748b">${link}</p>`;
    const body = mail.html.lastIndexOf('</body>');
    html = body >= 0 ? mail.html.slice(0, body) + para + mail.html.slice(body) : mail.html + para;
  }
  return { ...mail, text, html };
}

/**
 * The workers' mailer: a message marked `yourData` (every e-mail to a buyer: booking messages, deliverBuyerMail)
 * gets the buyer's link for that agent and address; the mark never reaches the transport.
 */
export function withYourDataLinks(inner: Mailer, signer: YourDataSigner, publicUrl: string): Mailer {
  return {
    get transport() {
      return inner.transport;
    },
    send: (mail) => {
      // A deleted buyer's placeholder (deletedBuyerEmail) is no one's address: never sent, never retried.
      if (/\.invalid>?$/i.test(mail.to.trim())) {
        return Promise.reject(new SendError(`Not sent: ${mail.to} is a deleted buyer's placeholder`, true));
      }
      const { yourData, ...rest } = mail;
      if (!yourData) return inner.send(rest);
      const url = yourDataUrl(publicUrl, signer.sign(yourData));
      return inner.send(withYourDataLink(rest, url));
    },
    close: () => inner.close(),
  };
}
