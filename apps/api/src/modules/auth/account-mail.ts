// Issue 41 (decision 067): the account e-mails better-auth asks for — confirm the address, confirm a new
// address, choose a new password — in the product's look (brandedEmail, Keyturn's own name and colour), sent
// through the app's mailer in the background: no answer waits on the mail server.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { ACCOUNT_TEXTS } from '@keyturn/domain/accountTexts';
import { DEFAULT_PRIMARY_COLOR } from '@keyturn/domain/constants';
import type { AccountMail } from '../../auth';
import type { Mailer } from '../../adapters/mail';
import type { Db } from '../../db/client';
import { brandedEmail } from '../core/mail/layout';

/** At most one reset e-mail to an address in this many seconds (the answer is the same either way). */
export const RESET_MAIL_GAP_SECONDS = 60;

/** Keyturn itself as the sender of a message (account mail, notes to the administrators). */
export const KEYTURN_SENDER = {
  firstName: 'Keyturn',
  lastName: '',
  companyName: 'Keyturn',
  primaryColor: DEFAULT_PRIMARY_COLOR,
  logoUrl: null,
};

export function renderAccountMail(mail: AccountMail, publicUrl: string) {
  const texts =
    mail.kind === 'reset'
      ? ACCOUNT_TEXTS.resetMail
      : mail.kind === 'change'
        ? ACCOUNT_TEXTS.changeMail
        : ACCOUNT_TEXTS.verifyMail;
  return brandedEmail(
    { agent: KEYTURN_SENDER, publicUrl },
    {
      subject: texts.subject,
      heading: texts.heading,
      paragraphs: [texts.paragraph(mail.name.trim() || mail.to)],
      details: [['Account', mail.to]],
      notes: [texts.note],
      action: { label: texts.action, url: mail.url },
      footer: 'Keyturn · an e-mail about your Keyturn account',
    },
  );
}

/**
 * Takes the one send slot of a key for `seconds` (verifications row `identifier`, under a transaction lock so
 * two calls at once cannot both take it). Returns 0 when taken now, else the seconds left.
 */
export async function takeSendSlot(db: Db, identifier: string, seconds: number): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${identifier}))`);
    const rows = await tx.execute<{ left: number }>(
      sql`select ceil(extract(epoch from expires_at - now()))::int as "left" from verifications
          where identifier = ${identifier} and expires_at > now() limit 1`,
    );
    const left = rows.rows[0]?.left ?? 0;
    if (left > 0) return left;
    await tx.execute(sql`delete from verifications where identifier = ${identifier}`);
    await tx.execute(
      sql`insert into verifications (id, identifier, value, expires_at)
          values (${randomUUID()}, ${identifier}, 'sent', now() + make_interval(secs => ${seconds}))`,
    );
    return 0;
  });
}

/**
 * What the server prints when an account link is kept instead of sent (no mail server set up): the first
 * account of a new server is usually its operator's, whose own verification link would otherwise be out of
 * reach — and only a verified address administers (issue 41), so Server settings' e-mail could never be set
 * (decision 074).
 */
export function keptAccountLinkLine(mail: AccountMail, subject: string): string {
  return [
    '',
    'E-mail is not set up on this server yet (Server settings → E-mail): this account link was kept, not sent.',
    `  ${subject} — for ${mail.to}`,
    `  ${mail.url}`,
    '',
  ].join('\n');
}

export function accountMailSender(opts: {
  db: Db;
  mailer: Mailer;
  from: string;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** Told when the mail was kept on the server instead of sent (the outbox). */
  onKept?: (mail: AccountMail, subject: string) => void;
}): (mail: AccountMail) => void {
  return (mail) => {
    void (async () => {
      if (mail.kind === 'reset') {
        const wait = await takeSendSlot(
          opts.db,
          `reset-mail:${mail.to.toLowerCase()}`,
          RESET_MAIL_GAP_SECONDS,
        );
        if (wait > 0) return;
      }
      const rendered = renderAccountMail(mail, opts.publicUrl);
      const id = randomUUID();
      const receipt = await opts.mailer.send({
        from: opts.from,
        to: mail.to,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        messageId: `<account-${mail.kind}-${id}@keyturn.app>`,
        fileStem: `account-${mail.kind}-${id}`,
      });
      if (receipt.transport === 'file') opts.onKept?.(mail, rendered.subject);
    })().catch((err: unknown) => opts.log.warn({ err, kind: mail.kind }, 'account e-mail not sent'));
  };
}
