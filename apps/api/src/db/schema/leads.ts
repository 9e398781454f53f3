// Leads (issue 13): the buyers an agent met, their stored class and its history, the agent's notes.
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { LeadClass } from '@keyturn/domain/insights/classify';
import type { LeadOutcome } from '@keyturn/domain/schemas/leads';

import { agentRef } from './core';
import { timestamps } from './columns';

/**
 * A lead: one buyer e-mail address (lower-cased) with one agent. Its bookings are found by that address; the
 * row holds what the agent adds — the outcome. Created on first sight of the address in the agent's leads.
 */
export const leads = pgTable(
  'leads',
  {
    id: uuid().primaryKey().defaultRandom(),
    agentId: agentRef(),
    email: text().notNull(),
    outcome: text().$type<LeadOutcome>().notNull().default('open'),
    outcomeAt: timestamp({ withTimezone: true }),
    /**
     * The LEAD_CLASS_RULES_VERSION its stored class history (lead_class_history) was computed with; null
     * until computed. The backfill recomputes every lead whose version is not the domain's.
     */
    classVersion: integer(),
    /** When the class history was last written. */
    classifiedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex().on(t.agentId, t.email),
    index().on(t.classVersion),
    check('leads_email_lower', sql`${t.email} = lower(${t.email})`),
    check('leads_outcome_check', sql`${t.outcome} in ('open', 'offer_made', 'purchased', 'lost')`),
  ],
);

/**
 * A lead's class over time (issue 13), as the lead classifier (packages/domain insights/classHistory.ts) gives
 * it: one row per change, valid from `valid_from` ('-infinity' for the first row) until the next row's
 * `valid_from` (`valid_until`, null for the last). Two histories per lead (`kind`): 'dated' — the class as
 * of an instant over what had happened by then (the Reports page, a feedback's "hot"); 'current' — over every
 * fact known (the Feedback page's class: "hot now"). Rows may lie in the future: a showing still ahead
 * changes the class when it starts. Rewritten whole, in the transaction of the change, when the lead's facts
 * change; the class at an instant is the row whose span holds it.
 */
export const leadClassHistory = pgTable(
  'lead_class_history',
  {
    leadId: uuid()
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    agentId: agentRef(),
    kind: text().$type<'dated' | 'current'>().notNull(),
    validFrom: timestamp({ withTimezone: true }).notNull(),
    validUntil: timestamp({ withTimezone: true }),
    class: text().$type<LeadClass>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.leadId, t.kind, t.validFrom] }),
    index().on(t.agentId, t.kind, t.validFrom),
    check('lead_class_history_kind_check', sql`${t.kind} in ('dated', 'current')`),
    check('lead_class_history_class_check', sql`${t.class} in ('hot', 'potential', 'cold')`),
  ],
);

/** The agent's notes on a lead. */
export const leadNotes = pgTable(
  'lead_notes',
  {
    id: uuid().primaryKey().defaultRandom(),
    leadId: uuid()
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    agentId: agentRef(),
    body: text().notNull(),
    ...timestamps,
  },
  (t) => [index().on(t.leadId, t.createdAt)],
);
