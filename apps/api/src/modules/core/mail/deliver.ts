// Sending one message at most once per idempotency key. The message's row is locked (SELECT … FOR UPDATE)
// for the whole send: a second worker with the same message — a retried job, a job that expired while its
// first run was still sending — waits, then finds it `sent` and does nothing. The only window left is a
// crash after the provider accepted the message and before our commit: the row's insert rolls back with
// the crash, the job is retried, and the message goes out once more with the same Message-ID.
import { eq, sql } from 'drizzle-orm';
import { DEMO_TEXTS } from '@keyturn/domain/demo';
import type { Db, DbTransaction } from '../../../db/client';
import { notificationMessages } from '../../../db/schema';
import { isPermanent, SendError } from '../../../adapters/errors';
import { keptOnServer } from '../../../adapters/kept-on-server';
import { isDemoAgent } from '../demo-identity';

type MessageRow = typeof notificationMessages.$inferSelect;

export type DeliveryRecord = {
  key: string;
  messageId: string;
  agentId: string;
  bookingId: string | null;
  kind: string;
  channel: 'email' | 'sms';
  audience: 'buyer' | 'agent' | 'buyer_agent' | 'seller';
  recipient: string;
  subject: string | null;
  scheduledFor: Date;
};

export type Receipt = { transport: string; providerRef: string; fileName: string | null };

export type Outcome =
  { status: 'sent' | 'already-done' | 'skipped' } | { status: 'failed'; error: Error; final: boolean };

export async function deliverOnce(
  db: Db,
  record: DeliveryRecord,
  options: {
    /** This is the job's last attempt: a failure now is final and shown to the agent. */
    lastAttempt: boolean;
    /** A reason not to send at all (opted out, no valid number): recorded, never retried. */
    skipReason?: string | null;
    send: () => Promise<Receipt>;
    /** The provider reports the recipient opted out; runs in the same transaction as the record. */
    onOptedOut?: (tx: DbTransaction) => Promise<void>;
  },
): Promise<Outcome> {
  return db.transaction(async (tx) => {
    await tx
      .insert(notificationMessages)
      .values({
        idempotencyKey: record.key,
        messageId: record.messageId,
        agentId: record.agentId,
        bookingId: record.bookingId,
        kind: record.kind,
        channel: record.channel,
        audience: record.audience,
        recipient: record.recipient,
        subject: record.subject,
        scheduledFor: record.scheduledFor,
        status: 'sending',
      })
      .onConflictDoNothing({ target: notificationMessages.idempotencyKey });
    const [row] = await tx
      .select()
      .from(notificationMessages)
      .where(eq(notificationMessages.idempotencyKey, record.key))
      .for('update');
    if (!row) throw new Error(`message record ${record.key} vanished`);
    if (isSettled(row)) return { status: 'already-done' as const };

    if (options.skipReason) {
      await tx
        .update(notificationMessages)
        .set({ status: 'skipped', lastError: options.skipReason })
        .where(eq(notificationMessages.id, row.id));
      return { status: 'skipped' as const };
    }

    // The demo account's sign-in is public (decision 064): its messages are written to the outbox, never sent,
    // and shown in its Messages as not sent with the reason.
    if (await isDemoAgent(tx, record.agentId)) {
      const receipt = await keptOnServer(options.send);
      await tx
        .update(notificationMessages)
        .set({
          status: 'skipped',
          lastError: DEMO_TEXTS.notSent,
          transport: receipt.transport,
          providerRef: receipt.providerRef.slice(0, 500),
          fileName: receipt.fileName,
        })
        .where(eq(notificationMessages.id, row.id));
      return { status: 'skipped' as const };
    }

    try {
      const receipt = await options.send();
      await tx
        .update(notificationMessages)
        .set({
          status: 'sent',
          attempts: sql`${notificationMessages.attempts} + 1`,
          lastError: null,
          transport: receipt.transport,
          providerRef: receipt.providerRef.slice(0, 500),
          fileName: receipt.fileName,
          sentAt: new Date(),
        })
        .where(eq(notificationMessages.id, row.id));
      return { status: 'sent' as const };
    } catch (err) {
      const error = err instanceof Error ? err : new Error(String(err));
      const final = options.lastAttempt || isPermanent(err);
      if (err instanceof SendError && err.optedOut && options.onOptedOut) await options.onOptedOut(tx);
      await tx
        .update(notificationMessages)
        .set({
          status: final ? 'failed' : 'retrying',
          attempts: sql`${notificationMessages.attempts} + 1`,
          lastError: error.message.slice(0, 1000),
        })
        .where(eq(notificationMessages.id, row.id));
      // Returned, not thrown: the failure must be committed, not rolled back with the transaction.
      return { status: 'failed' as const, error, final };
    }
  });
}

/** Sent, skipped on purpose, or failed for good: nothing more to do for this key. */
function isSettled(row: MessageRow): boolean {
  return row.status === 'sent' || row.status === 'skipped' || row.status === 'failed';
}
