// Issue 46 "Audit log" (decision 092): who changed what, when and from where. Written by the row triggers of
// migration 0058 (audit_row()) and by the app for account events (modules/audit/events.ts); append-only in the
// database (UPDATE, DELETE and TRUNCATE raise SQLSTATE KTA01). No foreign keys: an entry outlives what it names.
import { sql } from 'drizzle-orm';
import { bigserial, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AuditActorKind, AuditChanges } from '@keyturn/domain/audit';

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    at: timestamp({ withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
    /** Whose account the changed row belongs to. */
    agentId: uuid(),
    teamId: text(),
    actorKind: text().$type<AuditActorKind>().notNull(),
    actorId: text(),
    actorLabel: text(),
    ip: text(),
    action: text().notNull(),
    entityType: text().notNull(),
    entityId: text(),
    /** `{ column: { before, after } }` of the changed columns; secrets "••••", people's data {"masked":"personal"}. */
    changes: jsonb().$type<AuditChanges>().notNull().default({}),
  },
  (t) => [
    index('audit_log_agent_at_index').on(t.agentId, t.at.desc()),
    index('audit_log_team_at_index').on(t.teamId, t.at.desc()),
    check(
      'audit_log_actor_kind',
      sql`${t.actorKind} in ('agent', 'buyer', 'seller', 'buyer_agent', 'operator', 'system')`,
    ),
  ],
);
