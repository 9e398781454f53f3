// CRM integration (issue 13, Enterprise): outbound webhook endpoints and their deliveries.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { agentRef } from './core';
import { timestamps } from './columns';

/** An agent's webhook endpoint: where events are POSTed, which events, and the signing secret. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid().primaryKey().defaultRandom(),
    agentId: agentRef(),
    url: text().notNull(),
    events: jsonb().$type<string[]>().notNull(),
    /** HMAC-SHA256 key of the signatures; shown to the agent once, when the endpoint is created. */
    secret: text().notNull(),
    ...timestamps,
  },
  (t) => [index().on(t.agentId)],
);

/**
 * One event for one endpoint (pg-boss job id = this id): the exact body sent, and how its delivery went. "Send
 * again" adds a new row with the same body (same event id, so the receiver can tell it is the same event).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid().primaryKey(),
    endpointId: uuid()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    agentId: agentRef(),
    event: text().notNull(),
    body: jsonb().$type<Record<string, unknown>>().notNull(),
    status: text().$type<'pending' | 'retrying' | 'delivered' | 'failed'>().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    responseStatus: integer(),
    lastError: text(),
    deliveredAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index().on(t.endpointId, t.createdAt),
    check('webhook_deliveries_status', sql`${t.status} in ('pending', 'retrying', 'delivered', 'failed')`),
  ],
);
