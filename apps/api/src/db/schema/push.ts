// Issue 47 (decision 093): the agent's devices that take Web Push, what each agent wants pushed, and every push
// sent once per (subscription, event key) — a retried job or a restarted worker finds the row and sends nothing.
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PushEvent, PushPreferences } from '@keyturn/domain/push';
import { agents } from './core';

/** One browser's push subscription (PushSubscription.toJSON()); the endpoint is the device's own address. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    agentId: uuid()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    endpoint: text().notNull().unique(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    /** What the agent's settings call the device ("Chrome on Android"), as the browser said. */
    label: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The last time its push service accepted a push. */
    lastOkAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('push_subscriptions_agent_index').on(t.agentId)],
);

/** The agent's push switches; an event not named is on (PUSH_EVENTS' defaults). */
export const pushPreferences = pgTable('push_preferences', {
  agentId: uuid()
    .primaryKey()
    .references(() => agents.id, { onDelete: 'cascade' }),
  events: jsonb().$type<Partial<PushPreferences>>().notNull().default({}),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** One push of one event to one device: the job's key makes it once. */
export const pushSends = pgTable(
  'push_sends',
  {
    subscriptionId: uuid()
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    event: text().$type<PushEvent>().notNull(),
    bookingId: uuid(),
    status: text().$type<'sending' | 'sent' | 'failed'>().notNull(),
    attempts: integer().notNull().default(0),
    responseStatus: integer(),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.subscriptionId, t.key] }),
    check('push_sends_status', sql`${t.status} in ('sending', 'sent', 'failed')`),
  ],
);
