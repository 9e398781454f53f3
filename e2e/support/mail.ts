// The e-mails the e2e server kept (file mode: no SMTP server): a sent message's .eml copy, read from the database.
import { expect } from '@playwright/test';
import { query } from './server.ts';

/** A sent message's kept .eml (file mode), its text part decoded from quoted-printable. */
export async function sentMail(kind: string, to: string): Promise<string> {
  let fileName: string | null = null;
  await expect
    .poll(
      async () => {
        const [row] = await query<{ file_name: string | null; status: string }>(
          `select file_name, status from notification_messages where kind = $1 and recipient = $2 order by created_at desc limit 1`,
          [kind, to],
        );
        fileName = row?.status === 'sent' ? row.file_name : null;
        return fileName !== null;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  const [copy] = await query<{ content: Buffer }>('select content from message_copies where file_name = $1', [
    fileName,
  ]);
  return copy!.content
    .toString('utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
