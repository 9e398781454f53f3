// Issue 45: a conversation per showing (migration 0055). properties.sellers_in_thread lives in core.ts.
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type {
  ThreadAuthorRole,
  ThreadMessageKind,
  ThreadStatus,
  ThreadVia,
} from '@keyturn/domain/listing/threads';
import { agentRef, bookings } from './core';
import { propertyContacts } from './listing';

export const showingMessages = pgTable(
  'showing_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    bookingId: uuid()
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** The listing agent: every agent-side read is scoped by it. */
    agentId: agentRef(),
    authorRole: text().$type<ThreadAuthorRole>().notNull(),
    authorName: text().notNull(),
    sellerContactId: uuid().references(() => propertyContacts.id, { onDelete: 'set null' }),
    body: text().notNull(),
    kind: text().$type<ThreadMessageKind>().notNull().default('message'),
    statusCode: text().$type<ThreadStatus>(),
    via: text().$type<ThreadVia>().notNull().default('web'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.bookingId, t.createdAt),
    index().on(t.agentId, t.createdAt),
    check(
      'showing_messages_author_role',
      sql`${t.authorRole} in ('agent', 'buyer', 'buyer_agent', 'seller')`,
    ),
    check('showing_messages_kind', sql`${t.kind} in ('message', 'status')`),
    check('showing_messages_via', sql`${t.via} in ('web', 'text', 'email')`),
    check('showing_messages_body', sql`char_length(${t.body}) between 1 and 2000`),
    check('showing_messages_status', sql`(${t.kind} = 'status') = (${t.statusCode} is not null)`),
  ],
);
