// Issue 46 "Audit log" (decision 092): the page's calls — a page of entries (newest first, a cursor for the
// next) and the CSV export with the same filters. Plan and role refusals arrive as ApiError (403
// PLAN_UPGRADE_REQUIRED / AUDIT_LOG_FORBIDDEN) for the page to explain.
import type { AuditActorKind, AuditAction, AuditEntityType, AuditPage } from '@keyturn/domain/audit';
import { startOfDayInZone } from '@keyturn/domain/zoneDays';
import { api, fetchFile } from '@/lib/api';

/** The filters as the page holds them: dates on the agent's clock, '' for any. */
export type AuditFilters = {
  from: string;
  to: string;
  actor: AuditActorKind | '';
  entityType: AuditEntityType | '';
  action: AuditAction | '';
};

export const NO_FILTERS: AuditFilters = { from: '', to: '', actor: '', entityType: '', action: '' };

const nextDay = (isoDate: string) => {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

/** The query string: a date's whole day on the agent's clock, the rest as chosen. */
export function auditQuery(filters: AuditFilters, timeZone: string, cursor?: string | null): string {
  const params = new URLSearchParams();
  if (filters.from) params.set('from', startOfDayInZone(filters.from, timeZone).toISOString());
  if (filters.to)
    params.set('to', new Date(startOfDayInZone(nextDay(filters.to), timeZone).getTime() - 1).toISOString());
  if (filters.actor) params.set('actor', filters.actor);
  if (filters.entityType) params.set('entity_type', filters.entityType);
  if (filters.action) params.set('action', filters.action);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return query ? `?${query}` : '';
}

export function fetchAuditPage(query: string): Promise<AuditPage> {
  return api.get<AuditPage>(`/audit-log${query}`);
}

export function fetchAuditCsv(query: string): Promise<Blob> {
  return fetchFile(`/audit-log/export.csv${query}`);
}
