// The outbox: without an SMTP server (or SMS provider) each e-mail (.eml) and text (.txt) is kept here instead
// of going out, under its file name, for the agent to open in Settings → Messages. It lives in PostgreSQL
// (table message_copies) so that any server on the database can show what any worker wrote (issue 11).
// Messages written by older versions to DATA_DIR/mail and DATA_DIR/sms are still read from there.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { messageCopies } from '../db/schema';

export type OutboxChannel = 'email' | 'sms';

export type Outbox = {
  /** Keeps `content` under `fileName`; a repeat (same idempotency key, same name) replaces it. */
  put: (fileName: string, channel: OutboxChannel, content: Buffer) => Promise<void>;
  /** The content kept under `fileName`, or null. */
  get: (fileName: string, channel: OutboxChannel) => Promise<Buffer | null>;
};

export function databaseOutbox(db: Db, legacyDataDir?: string): Outbox {
  return {
    put: async (fileName, channel, content) => {
      await db
        .insert(messageCopies)
        .values({ fileName, channel, content })
        .onConflictDoUpdate({ target: messageCopies.fileName, set: { content, createdAt: new Date() } });
    },
    get: async (fileName, channel) => {
      const [row] = await db
        .select({ content: messageCopies.content })
        .from(messageCopies)
        .where(eq(messageCopies.fileName, fileName));
      if (row) return row.content;
      if (!legacyDataDir) return null;
      const folder = path.join(legacyDataDir, channel === 'sms' ? 'sms' : 'mail');
      return readFile(path.join(folder, path.basename(fileName))).catch(() => null);
    },
  };
}
