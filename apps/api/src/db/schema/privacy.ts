// Issue 46 "Buyers' own data" (decision 091, migration 0059): buyers' deletion requests with their legal clock,
// and the agent's retention setting. The consent ledger's phone_hash lives in notifications.ts.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PrivacyRequestSource, PrivacyRequestStatus } from '@keyturn/domain/privacy';
import { agentRef, agents } from './core';

/**
 * A request to delete a buyer's details held by one agent: from the buyer's "Your data" page, started by the
 * agent (a buyer who asked by phone), or made and completed at once by the retention setting. One open request
 * per agent and address (a second answers the first). `email` is kept only while open: completing clears it,
 * leaving the sha256 of the lower-cased address.
 */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    agentId: agentRef(),
    emailHash: text().notNull(),
    email: text(),
    source: text().$type<PrivacyRequestSource>().notNull(),
    status: text().$type<PrivacyRequestStatus>().notNull().default('open'),
    receivedAt: timestamp({ withTimezone: true }).notNull(),
    dueAt: timestamp({ withTimezone: true }).notNull(),
    completedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('privacy_requests_one_open')
      .on(t.agentId, t.emailHash)
      .where(sql`${t.status} = 'open'`),
    index().on(t.agentId, t.status, t.dueAt),
    check('privacy_requests_source', sql`${t.source} in ('buyer', 'agent', 'retention')`),
    check('privacy_requests_status', sql`${t.status} in ('open', 'completed')`),
    check('privacy_requests_completed', sql`(${t.status} = 'completed') = (${t.completedAt} is not null)`),
    check('privacy_requests_no_email_after', sql`${t.status} = 'open' or ${t.email} is null`),
  ],
);

/** The agent's retention: buyers whose last showing ended more than this many months ago are deleted (null: kept). */
export const privacySettings = pgTable(
  'privacy_settings',
  {
    agentId: uuid()
      .primaryKey()
      .references(() => agents.id, { onDelete: 'cascade' }),
    retentionMonths: integer(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    check(
      'privacy_settings_retention',
      sql`${t.retentionMonths} is null or ${t.retentionMonths} between 6 and 120`,
    ),
  ],
);
