// Issue 45: a showing's conversation — read oldest first, a message or a quick status written (and its delivery
// to the other parties queued in the same transaction: core/showing-thread.ts), the listing agent's search over
// their showings' messages, and the property's "sellers may write" choice.
import { and, asc, count, desc, eq, ilike, inArray, isNull } from 'drizzle-orm';
import {
  threadStatusText,
  type Thread,
  type ThreadMessage,
  type ThreadSearchHit,
  type ThreadStatus,
} from '@keyturn/domain/listing/threads';
import type { Db } from '../../db/client';
import { bookings, properties, showingMessages } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import { notFound } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import { addThreadMessage, type ThreadMessageRow } from '../core/showing-thread';
import { sellerOf, type ThreadAccess } from './access';

export function toThreadMessage(m: ThreadMessageRow): ThreadMessage {
  return {
    id: m.id,
    author_role: m.authorRole,
    author_name: m.authorName,
    kind: m.kind,
    status_code: m.statusCode,
    body: m.body,
    via: m.via,
    created_at: m.createdAt.toISOString(),
  };
}

export async function threadOf(db: Db, access: ThreadAccess): Promise<Thread> {
  const rows = await db
    .select()
    .from(showingMessages)
    .where(eq(showingMessages.bookingId, access.booking.id))
    .orderBy(asc(showingMessages.createdAt), asc(showingMessages.id));
  return {
    booking_id: access.booking.id,
    time_zone: access.agent.timeZone,
    viewer_role: access.viewer.role,
    can_write: true,
    can_post_status: access.canPostStatus,
    messages: rows.map(toThreadMessage),
  };
}

export type ThreadDeps = { db: Db; queue: JobQueue; now: () => Date };

/** Writes a message (or a quick status) as the reader, and answers the thread as it now stands. */
export async function postToThread(
  deps: ThreadDeps,
  access: ThreadAccess,
  post: { body: string } | { status: ThreadStatus },
): Promise<Thread> {
  if ('status' in post && !access.canPostStatus) throw notFound('Conversation not found.');
  const body = 'status' in post ? threadStatusText(post.status) : post.body;
  await writeTransaction(deps.db, (tx) =>
    addThreadMessage(
      tx,
      deps.queue,
      {
        bookingId: access.booking.id,
        agentId: access.agent.id,
        authorRole: access.viewer.role,
        authorName: access.viewer.name,
        sellerContactId: access.viewer.sellerContactId,
        body,
        status: 'status' in post ? post.status : null,
        via: 'web',
      },
      deps.now(),
    ),
  );
  return threadOf(deps.db, access);
}

/** The caller's showings' messages containing `q`, newest first (50 at most). Never another agent's. */
export async function searchThreads(db: Db, agentId: string, q: string): Promise<ThreadSearchHit[]> {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select({ message: showingMessages, booking: bookings, address: properties.address })
    .from(showingMessages)
    .innerJoin(bookings, eq(bookings.id, showingMessages.bookingId))
    .leftJoin(properties, eq(properties.id, bookings.propertyId))
    .where(
      and(
        eq(showingMessages.agentId, agentId),
        eq(bookings.agentId, agentId),
        ilike(showingMessages.body, pattern),
      ),
    )
    .orderBy(desc(showingMessages.createdAt), desc(showingMessages.id))
    .limit(50);
  return rows.map((r) => ({
    ...toThreadMessage(r.message),
    booking: {
      id: r.booking.id,
      client_name: r.booking.clientName,
      starts_at: r.booking.startsAt.toISOString(),
      address: r.address,
    },
  }));
}

async function ownProperty(db: Db, agentId: string, propertyId: string) {
  const id = /^\d{1,9}$/.test(propertyId) ? Number(propertyId) : null;
  if (id === null) throw notFound('Property not found.');
  const [row] = await db
    .select()
    .from(properties)
    .where(and(eq(properties.id, id), eq(properties.agentId, agentId), isNull(properties.deletedAt)));
  if (!row) throw notFound('Property not found.');
  return row;
}

export async function threadSettingsOf(db: Db, agentId: string, propertyId: string) {
  const property = await ownProperty(db, agentId, propertyId);
  return { sellers_in_thread: property.sellersInThread };
}

export async function saveThreadSettings(
  db: Db,
  agentId: string,
  propertyId: string,
  settings: { sellers_in_thread: boolean },
) {
  const property = await ownProperty(db, agentId, propertyId);
  await db
    .update(properties)
    .set({ sellersInThread: settings.sellers_in_thread })
    .where(eq(properties.id, property.id));
  return { sellers_in_thread: settings.sellers_in_thread };
}

/** A seller's link: whether they may take part, and the listing's showings with their messages counted. */
export async function sellerThreads(db: Db, token: string) {
  const { property, agent } = await sellerOf(db, token);
  if (!property.sellersInThread) return { allowed: false, time_zone: agent.timeZone, showings: [] };
  const showings = await db
    .select({ id: bookings.id, startsAt: bookings.startsAt, status: bookings.status })
    .from(bookings)
    .where(eq(bookings.propertyId, property.id))
    .orderBy(desc(bookings.startsAt))
    .limit(100);
  const counts = showings.length
    ? await db
        .select({ bookingId: showingMessages.bookingId, n: count() })
        .from(showingMessages)
        .where(
          inArray(
            showingMessages.bookingId,
            showings.map((s) => s.id),
          ),
        )
        .groupBy(showingMessages.bookingId)
    : [];
  const byBooking = new Map(counts.map((c) => [c.bookingId, Number(c.n)]));
  return {
    allowed: true,
    time_zone: agent.timeZone,
    showings: showings.map((s) => ({
      booking_id: s.id,
      starts_at: s.startsAt.toISOString(),
      status: s.status,
      messages: byBooking.get(s.id) ?? 0,
    })),
  };
}
