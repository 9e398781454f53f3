// Issue 41: the account e-mails (verify, change, reset) as the server kept them — without SMTP each .eml is
// in the outbox (table message_copies) — and the link in the newest one to an address.
import { expect } from '@playwright/test';
import { api, query } from './server.ts';

export type AccountMailKind = 'verify' | 'change' | 'reset';

/** The page address (path and query) the newest `kind` e-mail to `to` links to, once it has been kept. */
export async function accountLink(kind: AccountMailKind, to: string, after = new Date(0)): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const rows = await query<{ content: Buffer }>(
          `select content from message_copies where file_name like $1 and created_at > $2
           and position(lower($3) in lower(convert_from(content, 'UTF8'))) > 0 order by created_at desc limit 1`,
          [`account-${kind}-%`, after, to],
        );
        const eml =
          rows[0]?.content
            .toString('utf8')
            .replace(/=\r?\n/g, '')
            .replace(/=3D/g, '=') ?? '';
        const match = /https?:\/\/[^\s"<>]+\/(?:verify-email|sign-in\/reset-password)\?token=[^\s"<>&]+/.exec(
          eml,
        );
        link = match ? new URL(match[0]).pathname + new URL(match[0]).search : '';
        return link;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  return link;
}

/** Opens the sign-up e-mail's verification link the way the browser's page does (a GET with its token). */
export async function verifyByMail(email: string): Promise<void> {
  const link = await accountLink('verify', email);
  const res = await api('GET', `/auth${link}`);
  expect(res.status).toBe(200);
}
