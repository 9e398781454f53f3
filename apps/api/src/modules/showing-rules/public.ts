// Issue 32: what the buyer's booking page learns of a property's showing rules with the property itself — an
// instructions-only property shows its instructions and the agent's contact instead of the calendar, and a
// suggested notice is said up front. The slots' own why-texts come with each date's answer (slot-pipeline.ts).
import { eq, inArray } from 'drizzle-orm';
import { showingAnswer, type ShowingAnswer } from '@keyturn/domain/listing/applyRules';
import type { Db } from '../../db/client';
import { DEFAULT_SHOWING_RULES } from '@keyturn/domain/listing/showingRules';
import { availabilitySettings, propertyShowingRules } from '../../db/schema';
import type { AgentRow } from '../core/agents';
import { readShowingRules, toShowingRules } from './service';

export async function publicShowing(db: Db, propertyId: number, agent: AgentRow): Promise<ShowingAnswer> {
  const [rules, requiresApproval] = await Promise.all([
    readShowingRules(db, propertyId),
    agentRequiresApproval(db, agent.id),
  ]);
  return showingAnswer(rules, requiresApproval, agent);
}

/**
 * Each of the agent's listed properties with how it is shown (issue 39 §4): the agent's own booking page shows
 * an instructions-only property's instructions instead of a calendar; the assistant and MCP say so.
 */
export async function withShowings<P extends { id: number }>(
  db: Db,
  agent: AgentRow,
  listed: readonly P[],
): Promise<(P & { showing: ShowingAnswer })[]> {
  if (listed.length === 0) return [];
  const [rows, requiresApproval] = await Promise.all([
    db
      .select()
      .from(propertyShowingRules)
      .where(
        inArray(
          propertyShowingRules.propertyId,
          listed.map((p) => p.id),
        ),
      ),
    agentRequiresApproval(db, agent.id),
  ]);
  const byProperty = new Map(rows.map((row) => [row.propertyId, toShowingRules(row)]));
  return listed.map((p) => ({
    ...p,
    showing: showingAnswer(byProperty.get(p.id) ?? DEFAULT_SHOWING_RULES, requiresApproval, agent),
  }));
}

async function agentRequiresApproval(db: Db, agentId: string): Promise<boolean> {
  const [settings] = await db
    .select({ requiresApproval: availabilitySettings.requiresApproval })
    .from(availabilitySettings)
    .where(eq(availabilitySettings.agentId, agentId));
  return settings?.requiresApproval ?? false;
}
