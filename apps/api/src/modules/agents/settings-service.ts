// Settings areas of an agent (notifications, feedback; branding lives on the agent row): stored values or
// the domain's defaults, and whether the agent has acknowledged the defaults.
import { and, eq, sql } from 'drizzle-orm';
import { planFor } from '@keyturn/domain/plans';
import type { SettingsArea, UsageStats } from '@keyturn/domain/schemas/agentSettings';
import type { Db, DbTransaction } from '../../db/client';
import { agentSettings } from '../../db/schema';
import { bookingsThisMonth, propertiesCount } from '../figures/service';
import { limitContextOf } from '../teams/limits';
import type { AgentRow } from '../core/agents';

export async function readSettings<T>(db: Db, agentId: string, area: SettingsArea, defaults: T) {
  const [row] = await db
    .select()
    .from(agentSettings)
    .where(and(eq(agentSettings.agentId, agentId), eq(agentSettings.area, area)));
  const stored = row?.settings as T | null | undefined;
  return {
    success: true as const,
    data: stored ?? defaults,
    isDefault: stored == null,
    acknowledged: row?.acknowledgedAt != null,
  };
}

export async function writeSettings<T>(
  db: Db | DbTransaction,
  agentId: string,
  area: SettingsArea,
  settings: T,
) {
  await db
    .insert(agentSettings)
    .values({ agentId, area, settings })
    .onConflictDoUpdate({ target: [agentSettings.agentId, agentSettings.area], set: { settings } });
}

/** Saving or acknowledging both count as "seen": the defaults notice goes away. */
export async function acknowledgeDefaults(db: Db | DbTransaction, agentId: string, area: SettingsArea) {
  await db
    .insert(agentSettings)
    .values({ agentId, area, acknowledgedAt: new Date() })
    .onConflictDoUpdate({
      target: [agentSettings.agentId, agentSettings.area],
      set: { acknowledgedAt: sql`coalesce(${agentSettings.acknowledgedAt}, now())` },
    });
}

/**
 * The plan usage figures: counted and limited like the server's checks (modules/teams/limits.ts) — per team
 * on a team whose plan has teams (decision 026), per agent otherwise, `scope` saying which, so a screen
 * labels a team's count as the team's. Each count is its figure's one function (modules/figures).
 * `plan` stays the agent's own.
 */
export async function usageStats(db: Db, agent: AgentRow, now: Date): Promise<UsageStats> {
  const limits = await limitContextOf(db, agent);
  const [props, month] = await Promise.all([
    propertiesCount(db, limits, agent.id),
    bookingsThisMonth(db, limits, agent, now),
  ]);
  return {
    plan: planFor(agent.plan).id,
    scope: limits.scope === 'team' ? 'team' : 'own',
    properties: { used: props, limit: limits.plan.maxProperties },
    bookingsThisMonth: { used: month, limit: limits.plan.maxBookingsPerMonth },
  };
}
