// E-mail out: SMTP through nodemailer when SMTP_URL is set; otherwise each message is kept as an .eml in the
// outbox (adapters/outbox.ts, in the database), so a newcomer sees exactly what would have gone out.
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { SendError } from './errors';
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
};

export type MailReceipt = { transport: 'smtp' | 'file'; providerRef: string; fileName: string | null };

export interface Mailer {
  readonly transport: 'smtp' | 'file';
  send(mail: OutgoingMail): Promise<MailReceipt>;
  close(): void;
}

export function createMailer(options: { smtpUrl: string | undefined; outbox: Outbox }): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl) : fileMailer(options.outbox);
}

function smtpMailer(url: string): Mailer {
  const transporter = nodemailer.createTransport(url, {
    // A send holds its message's lock: bound every wait so a hung server cannot hold it for minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
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
