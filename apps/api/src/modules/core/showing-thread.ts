// Issue 45: the one write of a showing's conversation — a message stored with its booking and, in the same
// transaction, the job that tells every other party of it (run by modules/showing-threads/mail.ts on the
// notifications queue). On the floor because two capabilities write messages: the conversation itself, and the
// texts capability, whose free-text replies to a showing's texts land in that showing's thread.
import { and, eq } from 'drizzle-orm';
import { textRecipient } from '@keyturn/domain/listing/buyerAgent';
import {
  THREAD_MESSAGE_MAX,
  type ThreadAuthorRole,
  type ThreadStatus,
  type ThreadVia,
} from '@keyturn/domain/listing/threads';
import type { DbTransaction } from '../../db/client';
import { bookings, properties, propertyContacts, showingMessages } from '../../db/schema';
import { deterministicUuid, type JobQueue } from '../../jobs/queue';
import { toE164 } from './mail/phone';

export const THREAD_MESSAGE_JOB = 'thread.message';
export type ThreadMessageJob = { kind: typeof THREAD_MESSAGE_JOB; messageId: string };

export function isThreadMessageJob(data: object): data is ThreadMessageJob {
  return (data as { kind?: unknown }).kind === THREAD_MESSAGE_JOB;
}

export type NewThreadMessage = {
  bookingId: string;
  agentId: string;
  authorRole: ThreadAuthorRole;
  authorName: string;
  sellerContactId?: string | null;
  body: string;
  status?: ThreadStatus | null;
  via: ThreadVia;
};

export type ThreadMessageRow = typeof showingMessages.$inferSelect;

/** Stores one message and queues its delivery to the other parties, inside `tx`. */
export async function addThreadMessage(
  tx: DbTransaction,
  queue: JobQueue,
  message: NewThreadMessage,
  at: Date,
): Promise<ThreadMessageRow> {
  const [row] = await tx
    .insert(showingMessages)
    .values({
      bookingId: message.bookingId,
      agentId: message.agentId,
      authorRole: message.authorRole,
      authorName: message.authorName.slice(0, 200),
      sellerContactId: message.sellerContactId ?? null,
      body: message.body,
      kind: message.status ? 'status' : 'message',
      statusCode: message.status ?? null,
      via: message.via,
      createdAt: at,
    })
    .returning();
  const data: ThreadMessageJob = { kind: THREAD_MESSAGE_JOB, messageId: row!.id };
  await queue.send(tx, { id: deterministicUuid(`${THREAD_MESSAGE_JOB}:${row!.id}`), data, startAfter: at });
  return row!;
}

/**
 * A free-text reply (not a command) from `phone` to a showing's texts, stored in that showing's thread: from the
 * booking's text recipient (the buyer, or the buyer's agent on their own number), or from one of the property's
 * seller contacts when the listing agent lets sellers write. Anyone else's number stores nothing.
 */
export async function threadReplyByText(
  tx: DbTransaction,
  queue: JobQueue,
  reply: { bookingId: string; phone: string; body: string; country: string },
  at: Date,
): Promise<ThreadMessageRow | null> {
  const body = reply.body.trim().slice(0, THREAD_MESSAGE_MAX);
  if (!body) return null;
  const [row] = await tx
    .select({ booking: bookings, property: properties })
    .from(bookings)
    .leftJoin(properties, eq(properties.id, bookings.propertyId))
    .where(eq(bookings.id, reply.bookingId));
  if (!row) return null;
  const { booking, property } = row;
  const base = { bookingId: booking.id, agentId: booking.agentId, body, via: 'text' as const };
  const recipient = textRecipient(booking);
  if (toE164(recipient.phone, reply.country) === reply.phone) {
    return addThreadMessage(
      tx,
      queue,
      { ...base, authorRole: recipient.role, authorName: recipient.name },
      at,
    );
  }
  if (!property?.sellersInThread) return null;
  const contacts = await tx
    .select()
    .from(propertyContacts)
    .where(and(eq(propertyContacts.propertyId, property.id), eq(propertyContacts.role, 'seller')));
  const seller = contacts.find((c) => c.phone && toE164(c.phone, reply.country) === reply.phone);
  if (!seller) return null;
  return addThreadMessage(
    tx,
    queue,
    { ...base, authorRole: 'seller', authorName: seller.name, sellerContactId: seller.id },
    at,
  );
}
