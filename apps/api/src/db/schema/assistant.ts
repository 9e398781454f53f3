// The booking assistant (issue 17): its conversations.
import { index, integer, jsonb, pgTable, uuid } from 'drizzle-orm/pg-core';

import { agentRef, bookings, properties } from './core';
import { timestamps } from './columns';

/**
 * One buyer's conversation with the booking assistant: its messages as shown, the state the next turn reads
 * (what was understood, the times offered), and the booking it led to. `turns` guards against two messages
 * of one conversation processed at once (the second is refused, not merged).
 */
export const assistantConversations = pgTable(
  'assistant_conversations',
  {
    id: uuid().primaryKey().defaultRandom(),
    agentId: agentRef(),
    propertyId: integer().references(() => properties.id, { onDelete: 'set null' }),
    bookingId: uuid().references(() => bookings.id, { onDelete: 'set null' }),
    messages: jsonb().$type<{ role: 'buyer' | 'assistant'; text: string; at: string }[]>().notNull(),
    state: jsonb().$type<Record<string, unknown>>().notNull(),
    turns: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [index().on(t.agentId, t.createdAt), index().on(t.bookingId)],
);
