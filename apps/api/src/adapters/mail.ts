// E-mail out: SMTP through nodemailer when SMTP_URL is set; otherwise each message is written as an .eml
// file to DATA_DIR/mail/ (the embedded default), so a newcomer sees exactly what would have gone out.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { SendError } from './errors';

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
  /** Used for the file name in file mode (no extension). */
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

export function createMailer(options: { smtpUrl: string | undefined; dataDir: string }): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl) : fileMailer(path.join(options.dataDir, 'mail'));
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

function fileMailer(folder: string): Mailer {
  const transporter: Transporter = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'windows',
  });
  return {
    transport: 'file',
    send: async (mail) => {
      const info = (await transporter.sendMail(toNodemailer(mail))) as { message: Buffer };
      await mkdir(folder, { recursive: true });
      // The name comes from the idempotency key: a repeat overwrites the same file instead of adding one.
      const fileName = `${mail.fileStem}.eml`;
      const temporary = path.join(folder, `.${fileName}.${process.pid}.tmp`);
      await writeFile(temporary, info.message);
      await rename(temporary, path.join(folder, fileName));
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
