// What the agent writes on a lead (issue 13): their notes, and the outcome of the lead.
import { and, eq } from 'drizzle-orm';
import { LEAD_MESSAGES, type LeadOutcome } from '@keyturn/domain/schemas/leads';
import type { LeadNote } from '@keyturn/domain/schemas/leadResponses';
import type { Db } from '../../db/client';
import { leadNotes, leads } from '../../db/schema';
import { notFound } from '../../http/errors';
import { isUuid } from '../../http/ids';
import type { AgentRow } from '../core/agents';
import { type NoteRow, noteOf, ownLead } from './service';

export async function addNote(db: Db, agent: AgentRow, leadId: string, body: string): Promise<LeadNote> {
  const lead = await ownLead(db, agent, leadId);
  const [row] = await db.insert(leadNotes).values({ leadId: lead.id, agentId: agent.id, body }).returning();
  return noteOf(row!);
}

async function ownNote(db: Db, agent: AgentRow, leadId: string, noteId: string): Promise<NoteRow> {
  const lead = await ownLead(db, agent, leadId);
  if (!isUuid(noteId)) throw notFound(LEAD_MESSAGES.noteNotFound);
  const [row] = await db
    .select()
    .from(leadNotes)
    .where(and(eq(leadNotes.id, noteId), eq(leadNotes.leadId, lead.id), eq(leadNotes.agentId, agent.id)));
  if (!row) throw notFound(LEAD_MESSAGES.noteNotFound);
  return row;
}

export async function editNote(
  db: Db,
  agent: AgentRow,
  leadId: string,
  noteId: string,
  body: string,
): Promise<LeadNote> {
  const note = await ownNote(db, agent, leadId, noteId);
  const [row] = await db
    .update(leadNotes)
    .set({ body })
    .where(and(eq(leadNotes.id, note.id), eq(leadNotes.agentId, agent.id)))
    .returning();
  if (!row) throw notFound(LEAD_MESSAGES.noteNotFound);
  return noteOf(row);
}

export async function deleteNote(db: Db, agent: AgentRow, leadId: string, noteId: string): Promise<void> {
  const note = await ownNote(db, agent, leadId, noteId);
  await db.delete(leadNotes).where(and(eq(leadNotes.id, note.id), eq(leadNotes.agentId, agent.id)));
}

export async function setOutcome(
  db: Db,
  agent: AgentRow,
  leadId: string,
  outcome: LeadOutcome,
  now: Date,
): Promise<{ outcome: LeadOutcome; outcome_at: string | null }> {
  const lead = await ownLead(db, agent, leadId);
  const outcomeAt = outcome === 'open' ? null : now;
  await db
    .update(leads)
    .set({ outcome, outcomeAt })
    .where(and(eq(leads.id, lead.id), eq(leads.agentId, agent.id)));
  return { outcome, outcome_at: outcomeAt?.toISOString() ?? null };
}
