// The e-mail layout every message shares (booking messages, the tour invitation, account mail): the agent's
// branding (logo, colour, company) around a heading, paragraphs, details, notes and one action, as HTML and
// plain text. Split from templates.ts, which renders the catalogue's messages into these parts.
import type { MailAttachment } from '../../../adapters/mail';
import type { agents } from '../../../db/schema';
import { localeOfTag, DEFAULT_LOCALE } from '@keyturn/domain/i18n/locales';
import { t, type Locale } from '../../../i18n';
import { absoluteUrl, escapeHtml, headerText, safeColor, textOn } from './format';

type AgentRow = typeof agents.$inferSelect;

export type RenderedEmail = { subject: string; text: string; html: string; attachments: MailAttachment[] };

export type EmailParts = {
  subject: string;
  heading: string;
  paragraphs: string[];
  details: [string, string][];
  notes: string[];
  action: { label: string; url: string };
  links?: { label: string; url: string }[];
  attachments?: MailAttachment[];
  /** The closing line; by default "<brand> · sent by Keyturn on behalf of <agent>" (account e-mails: Keyturn's own). */
  footer?: string;
  /** The reader's language (issue 43): the e-mail's <html lang> and the default footer's words. English if absent. */
  locale?: Locale | string | null;
};

/** Who signs a message: the agent's company (else name) and name, as every template shows them. */
type Sender = {
  agent: Pick<AgentRow, 'firstName' | 'lastName' | 'companyName' | 'primaryColor' | 'logoUrl'>;
  publicUrl: string;
};
function senderOf({ agent }: Sender): { brand: string; agentName: string } {
  const agentName = `${agent.firstName} ${agent.lastName}`.trim();
  return { agentName, brand: agent.companyName || agentName };
}

/**
 * An e-mail in the agent's branding (logo, colour, company) from its parts. Booking messages and messages
 * that are not about one booking (the buyer-tour invitation) share it.
 */
export function brandedEmail(ctx: Sender, parts: EmailParts): RenderedEmail {
  return {
    subject: headerText(parts.subject),
    text: plainText(ctx, parts),
    html: html(ctx, parts),
    attachments: parts.attachments ?? [],
  };
}

function plainText(ctx: Sender, p: EmailParts): string {
  const f = senderOf(ctx);
  const width = Math.max(...p.details.map(([k]) => k.length));
  return [
    p.heading,
    '',
    ...p.paragraphs.flatMap((para) => [para, '']),
    ...p.details.map(([k, v]) => `${k.padEnd(width)}  ${v}`),
    '',
    ...p.notes.flatMap((n) => [n]),
    ...(p.notes.length ? [''] : []),
    `${p.action.label}: ${p.action.url}`,
    ...(p.links ?? []).map((l) => `${l.label}: ${l.url}`),
    '',
    '—',
    p.footer ?? footerOf(f, p.locale),
  ].join('\n');
}

/** "<brand> · sent by Keyturn on behalf of <agent>", in the reader's language. */
function footerOf(f: { brand: string; agentName: string }, locale: EmailParts['locale']): string {
  return t(locale, 'email.footer', { brand: f.brand, agentName: f.agentName });
}

function html(ctx: Sender, p: EmailParts): string {
  const f = senderOf(ctx);
  const color = safeColor(ctx.agent.primaryColor);
  const logo = absoluteUrl(ctx.agent.logoUrl, ctx.publicUrl);
  const e = escapeHtml;
  const brandBlock = logo
    ? `<img src="${e(logo)}" alt="${e(f.brand)}" height="40" style="display:block;max-height:40px;border:0">`
    : `<span style="font-size:18px;font-weight:700;color:${color}">${e(f.brand)}</span>`;
  const rows = p.details
    .map(
      ([k, v]) =>
        `<tr><td style="padding:4px 12px 4px 0;color:#64748b;vertical-align:top;white-space:nowrap">${e(k)}</td><td style="padding:4px 0;color:#0f172a;overflow-wrap:anywhere;word-break:break-word">${e(v)}</td></tr>`,
    )
    .join('');
  const paragraphs = p.paragraphs.map((t) => `<p style="margin:0 0 12px">${e(t)}</p>`).join('');
  const notes = p.notes.map((t) => `<p style="margin:0 0 8px;color:#334155">${e(t)}</p>`).join('');
  const links = (p.links ?? [])
    .map((l) => `<a href="${e(l.url)}" style="color:${color}">${e(l.label)}</a>`)
    .join(' · ');
  return `<!doctype html>
<html lang="${localeOfTag(p.locale) ?? DEFAULT_LOCALE}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(p.subject)}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;font-size:15px;line-height:1.5;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;border-top:4px solid ${color}">
<tr><td style="padding:24px 28px 0">${brandBlock}</td></tr>
<tr><td style="padding:16px 28px 8px"><h1 style="margin:0 0 16px;font-size:22px;line-height:1.3">${e(p.heading)}</h1>${paragraphs}</td></tr>
<tr><td style="padding:0 28px 8px"><table role="presentation" cellpadding="0" cellspacing="0" style="font-size:14px">${rows}</table></td></tr>
<tr><td style="padding:8px 28px 0">${notes}</td></tr>
<tr><td style="padding:16px 28px 24px"><a href="${e(p.action.url)}" style="display:inline-block;background:${color};color:${textOn(color)};text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">${e(p.action.label)}</a>${links ? `<p style="margin:16px 0 0;font-size:14px">${links}</p>` : ''}</td></tr>
<tr><td style="padding:16px 28px 24px;border-top:1px solid #e2e8f0;font-size:12px;color:#64748b">${e(p.footer ?? footerOf(f, p.locale))}</td></tr>
</table></td></tr></table>
</body>
</html>`;
}
