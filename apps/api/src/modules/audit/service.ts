// Issue 46 "Audit log" (Enterprise, decision 092): who may read the log, which entries they see, the 90-day
// window, one page of entries and the CSV export. Entries are written by the database (migration 0058) and by
// events.ts; nothing here changes one (the table refuses it anyway).
import { and, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  AUDIT_CSV_MAX_ROWS,
  AUDIT_PAGE_DEFAULT,
  AUDIT_TEXTS,
  AUDIT_WINDOW_DAYS,
  type AuditEntry,
  type AuditPage,
  type AuditQuery,
} from '@keyturn/domain/audit';
import { planAllows } from '@keyturn/domain/planGates';
import { planFor } from '@keyturn/domain/plans';
import type { Db } from '../../db/client';
import { agents, auditLog, members } from '../../db/schema';
import { AppError, validationError } from '../../http/errors';
import { PLAN_UPGRADE_REQUIRED } from '../../http/plan-gate';
import type { AgentRow } from '../core/agents';
import { membershipOf, teamPlan } from '../core/plan-limits';
import { csvText } from '../core/csv';

export const AUDIT_LOG_FORBIDDEN = 'AUDIT_LOG_FORBIDDEN';
const DAY_MS = 24 * 60 * 60 * 1000;

/** Whose entries the caller reads: their own account's, and for a team's owner or admin the team's. */
export type AuditScope = { agentId: string; teamId: string | null };

/**
 * 403 PLAN_UPGRADE_REQUIRED unless the caller's plan (or their team's) is Enterprise; 403 AUDIT_LOG_FORBIDDEN
 * for a team's plain member (the team's log is its owners' and admins').
 */
export async function auditScopeOf(db: Db, agent: AgentRow): Promise<AuditScope> {
  const membership = await membershipOf(db, agent.userId);
  const ownPlan = planAllows(planFor(agent.plan), 'auditLog');
  const teamAllows = membership ? planAllows(await teamPlan(db, membership.team.id), 'auditLog') : false;
  if (!ownPlan && !teamAllows) {
    throw new AppError(403, PLAN_UPGRADE_REQUIRED, AUDIT_TEXTS.errors.planRequired);
  }
  if (membership && membership.member.role !== 'owner' && membership.member.role !== 'admin') {
    throw new AppError(403, AUDIT_LOG_FORBIDDEN, AUDIT_TEXTS.errors.forbidden);
  }
  return { agentId: agent.id, teamId: membership?.team.id ?? null };
}

/** The window asked for, inside the last 90 days (400 with the field otherwise). */
export function auditWindow(query: AuditQuery, now: Date): { from: Date; to: Date } {
  const oldest = new Date(now.getTime() - AUDIT_WINDOW_DAYS * DAY_MS);
  const from = query.from ? new Date(query.from) : oldest;
  const to = query.to ? new Date(query.to) : now;
  // A minute's grace: a page that computed "90 days ago" a moment before the server did is not refused.
  if (from.getTime() < oldest.getTime() - 60_000) throw validationError({ from: AUDIT_TEXTS.errors.tooOld });
  if (from.getTime() > to.getTime()) throw validationError({ to: AUDIT_TEXTS.errors.order });
  return { from: from < oldest ? oldest : from, to };
}

function whereOf(scope: AuditScope, query: AuditQuery, window: { from: Date; to: Date }): SQL {
  const own = eq(auditLog.agentId, scope.agentId);
  const visible = scope.teamId
    ? or(
        own,
        eq(auditLog.teamId, scope.teamId),
        inArray(
          auditLog.agentId,
          sql`(select ${agents.id} from ${members} join ${agents} on ${agents.userId} = ${members.userId}
               where ${members.organizationId} = ${scope.teamId})`,
        ),
      )!
    : own;
  return and(
    visible,
    gte(auditLog.at, window.from),
    lte(auditLog.at, window.to),
    query.actor ? eq(auditLog.actorKind, query.actor) : undefined,
    query.entity_type ? eq(auditLog.entityType, query.entity_type) : undefined,
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.cursor
      ? sql`(${auditLog.at}, ${auditLog.id}) < (select c.at, c.id from audit_log c where c.id = ${query.cursor})`
      : undefined,
  )!;
}

type Row = typeof auditLog.$inferSelect;

function toEntry(row: Row): AuditEntry {
  return {
    id: String(row.id),
    at: row.at.toISOString(),
    agentId: row.agentId,
    teamId: row.teamId,
    actor: { kind: row.actorKind, id: row.actorId, label: row.actorLabel },
    ip: row.ip,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    changes: row.changes,
  };
}

async function rowsOf(db: Db, where: SQL, limit: number): Promise<Row[]> {
  return db.select().from(auditLog).where(where).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(limit);
}

/** One page, newest first; `nextCursor` continues below its last entry. */
export async function auditPage(db: Db, scope: AuditScope, query: AuditQuery, now: Date): Promise<AuditPage> {
  const window = auditWindow(query, now);
  const limit = query.limit ?? AUDIT_PAGE_DEFAULT;
  const rows = await rowsOf(db, whereOf(scope, query, window), limit + 1);
  const page = rows.slice(0, limit);
  return {
    entries: page.map(toEntry),
    nextCursor: rows.length > limit ? String(page[page.length - 1]!.id) : null,
    window: { from: window.from.toISOString(), to: window.to.toISOString() },
  };
}

const CSV_COLUMNS = [
  'time',
  'actor_kind',
  'actor',
  'actor_id',
  'ip',
  'action',
  'entity_type',
  'entity_id',
  'changes',
] as const;

/** The export: at most 10,000 entries, newest first; `cut` when there were more (the file then says so). */
export async function auditCsv(
  db: Db,
  scope: AuditScope,
  query: AuditQuery,
  now: Date,
): Promise<{ csv: string; cut: boolean; rows: number }> {
  const rows = await rowsOf(db, whereOf(scope, query, auditWindow(query, now)), AUDIT_CSV_MAX_ROWS + 1);
  const cut = rows.length > AUDIT_CSV_MAX_ROWS;
  const kept = rows.slice(0, AUDIT_CSV_MAX_ROWS);
  const csv = csvText(
    CSV_COLUMNS,
    kept.map((row) => [
      row.at.toISOString(),
      row.actorKind,
      row.actorLabel,
      row.actorId,
      row.ip,
      row.action,
      row.entityType,
      row.entityId,
      JSON.stringify(row.changes),
    ]),
  );
  return { csv: cut ? `${csv}${AUDIT_TEXTS.csvCut(AUDIT_CSV_MAX_ROWS)}\r\n` : csv, cut, rows: kept.length };
}
