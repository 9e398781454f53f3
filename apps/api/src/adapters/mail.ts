// E-mail out: SMTP through nodemailer when SMTP_URL is set; otherwise each message is kept as an .eml in the
// outbox (adapters/outbox.ts, in the database), so a newcomer sees exactly what would have gone out.
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { SendError } from './errors';
import { mustKeepOnServer } from './kept-on-server';
import type { Outbox } from './outbox';

export type MailAttachment = { filename: string; content: string; contentType: string };

export type OutgoingMail = {
  from: string;
  to: string;
  replyTo?: string | undefined;
  subject: string;
  text: string;
  html: string;
  /** `<…@…>`: stable per idempotency key, so a repeated send is recognisably the same message. */
  messageId: string;
  /** Used for the file name in the outbox (no extension). */
  fileStem: string;
  attachments?: MailAttachment[];
  headers?: Record<string, string>;
  /**
   * Issue 46: a message to a buyer — the workers' mailer (compose-workers.ts, buyer-privacy/links.ts) adds their
   * "Your data" link for this agent and address before the footer, and sends the message without this field.
   */
  yourData?: { agentId: string; email: string };
};

export type MailReceipt = { transport: 'smtp' | 'file'; providerRef: string; fileName: string | null };

export interface Mailer {
  readonly transport: 'smtp' | 'file';
  send(mail: OutgoingMail): Promise<MailReceipt>;
  close(): void;
}

/** An SMTP server: a smtp(s):// URL, or its parts (Server settings, decision 048). */
export type SmtpTransport =
  string | { host: string; port: number; secure: boolean; auth?: { user: string; pass: string } };

/** What a mailer reads at each send: the SMTP server (null: the outbox) and the sending address. */
export type MailSettings = { smtp: SmtpTransport | null; from: string | null };

export function createMailer(options: { smtpUrl: string | undefined; outbox: Outbox }): Mailer {
  if (!options.smtpUrl) return fileMailer(options.outbox);
  const smtp = smtpMailer(options.smtpUrl);
  const file = fileMailer(options.outbox);
  // A send that must stay on the server (adapters/kept-on-server.ts) is written to the outbox.
  return {
    transport: 'smtp',
    send: (mail) => (mustKeepOnServer() ? file.send(mail) : smtp.send(mail)),
    close: () => {
      smtp.close();
      file.close();
    },
  };
}

/**
 * A mailer that asks `settings` at every send (decision 048): a change saved in Server settings applies to the
 * next message without a restart. The SMTP connection is kept while the server's settings stay the same; the
 * configured sender's address replaces the address of each message's From (its display name is kept).
 */
export function createResolvingMailer(options: {
  settings: () => Promise<MailSettings>;
  outbox: Outbox;
}): Mailer {
  const file = fileMailer(options.outbox);
  let smtp: { key: string; mailer: Mailer } | null = null;
  let last: Mailer['transport'] = 'file';
  const pick = (transport: SmtpTransport | null): Mailer => {
    if (!transport) return file;
    const key = JSON.stringify(transport);
    if (smtp?.key !== key) {
      smtp?.mailer.close();
      smtp = { key, mailer: smtpMailer(transport) };
    }
    return smtp.mailer;
  };
  return {
    get transport() {
      return last;
    },
    send: async (mail) => {
      const settings = await options.settings();
      const mailer = mustKeepOnServer() ? file : pick(settings.smtp);
      last = mailer.transport;
      return mailer.send(
        settings.from ? { ...mail, from: withSenderAddress(mail.from, settings.from) } : mail,
      );
    },
    close: () => {
      file.close();
      smtp?.mailer.close();
    },
  };
}

/** `"Jamie via Keyturn" <old@x>` with the sender `Keyturn <new@y>` → `"Jamie via Keyturn" <new@y>`. */
export function withSenderAddress(from: string, sender: string): string {
  const address = /<([^>]+)>/.exec(sender)?.[1] ?? sender.trim();
  return /<[^>]+>/.test(from) ? from.replace(/<[^>]+>/, `<${address}>`) : sender;
}

/** Connects to the SMTP server and signs in (when it has a user), then hangs up: the settings page's check. */
export async function verifySmtp(transport: SmtpTransport): Promise<void> {
  const transporter = nodemailer.createTransport(transport as string, SMTP_TIMEOUTS);
  try {
    await transporter.verify();
  } catch (err) {
    throw smtpError(err);
  } finally {
    transporter.close();
  }
}

// A send holds its message's lock: bound every wait so a hung server cannot hold it for minutes.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

function smtpMailer(transport: SmtpTransport): Mailer {
  const transporter = nodemailer.createTransport(transport as string, SMTP_TIMEOUTS);
  return {
    transport: 'smtp',
    send: async (mail) => {
      try {
        const info = await transporter.sendMail(toNodemailer(mail));
        return { transport: 'smtp', providerRef: String(info.response ?? info.messageId), fileName: null };
      } catch (err) {
        throw smtpError(err);
      }
    },
    close: () => transporter.close(),
  };
}

function fileMailer(outbox: Outbox): Mailer {
  const transporter: Transporter = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'windows',
  });
  return {
    transport: 'file',
    send: async (mail) => {
      const info = (await transporter.sendMail(toNodemailer(mail))) as { message: Buffer };
      // The name comes from the idempotency key: a repeat replaces the same copy instead of adding one.
      const fileName = `${mail.fileStem}.eml`;
      await outbox.put(fileName, 'email', info.message);
      return { transport: 'file', providerRef: fileName, fileName };
    },
    close: () => transporter.close(),
  };
}

function toNodemailer(mail: OutgoingMail): nodemailer.SendMailOptions {
  return {
    from: mail.from,
    to: mail.to,
    replyTo: mail.replyTo,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: mail.messageId,
    headers: mail.headers,
    attachments: mail.attachments?.map((a) => ({
      filename: a.filename,
      content: a.content,
      contentType: a.contentType,
    })),
  };
}

/** 5xx answers to the message or its recipients are final; connection trouble and 4xx are worth a retry. */
function smtpError(err: unknown): SendError {
  const e = err as { message?: string; responseCode?: number; code?: string };
  const code = e.responseCode;
  const permanent = typeof code === 'number' && code >= 500 && code < 600;
  const detail = code
    ? `SMTP ${code}: ${e.message ?? 'refused'}`
    : `${e.code ?? 'SMTP'}: ${e.message ?? err}`;
  return new SendError(detail.slice(0, 500), permanent);
}
