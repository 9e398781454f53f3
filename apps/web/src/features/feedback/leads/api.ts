// The agent's leads (issue 13): list, one lead, notes, outcome, and the Enterprise model. Fields and calls a
// plan does not include are absent or answer 403 PLAN_UPGRADE_REQUIRED; the page reads `locked` to show what an
// upgrade adds.
import type { AnalyticsSection, LeadListQuery, LeadOutcome } from '@keyturn/domain/schemas/leads';
import type {
  LeadDetail,
  LeadNote,
  LeadSummary,
  PredictiveModelView,
} from '@keyturn/domain/schemas/leadResponses';
import type { Figures } from '@keyturn/domain/schemas/figures';
import { api } from '@/lib/api';

interface One<T> {
  success: boolean;
  data: T;
}

export interface LeadList {
  data: LeadSummary[];
  locked: AnalyticsSection[];
}

const segment = encodeURIComponent;

export const leadKeys = {
  all: ['leads'] as const,
  list: (query: LeadListQuery) => ['leads', 'list', query] as const,
  one: (id: string) => ['leads', 'one', id] as const,
  model: ['leads', 'model'] as const,
};

/** GET /api/leads?class=&outcome=&q= (only what is set). */
export async function fetchLeads(query: LeadListQuery): Promise<LeadList> {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value) params.set(name, String(value));
  const search = params.toString();
  const body = await api.get<LeadList & { success: boolean }>(`/leads${search ? `?${search}` : ''}`);
  return { data: body.data, locked: body.locked };
}

export async function fetchLead(id: string): Promise<LeadDetail> {
  return (await api.get<One<LeadDetail>>(`/leads/${segment(id)}`)).data;
}

/** Enterprise only (403 PLAN_UPGRADE_REQUIRED otherwise). */
export async function fetchModel(): Promise<PredictiveModelView> {
  return (await api.get<One<PredictiveModelView>>('/leads/model')).data;
}

export async function addNote(leadId: string, body: string): Promise<LeadNote> {
  return (await api.post<One<LeadNote>>(`/leads/${segment(leadId)}/notes`, { body })).data;
}

export async function editNote(leadId: string, noteId: string, body: string): Promise<LeadNote> {
  return (await api.put<One<LeadNote>>(`/leads/${segment(leadId)}/notes/${segment(noteId)}`, { body })).data;
}

export async function deleteNote(leadId: string, noteId: string): Promise<void> {
  await api.delete(`/leads/${segment(leadId)}/notes/${segment(noteId)}`);
}

export async function setOutcome(leadId: string, outcome: LeadOutcome): Promise<void> {
  await api.put(`/leads/${segment(leadId)}/outcome`, { outcome });
}

/** GET /api/figures: the caller's figures (domain figures.ts); the page shows the buyers by class. */
export async function fetchFigures(): Promise<Figures> {
  return (await api.get<One<Figures>>('/figures')).data;
}
export const figuresKey = ['figures'] as const;
