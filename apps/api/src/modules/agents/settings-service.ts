// Settings areas of an agent (notifications, feedback; branding lives on the agent row): stored values or
// the domain's defaults, and whether the agent has acknowledged the defaults.
import { and, count, eq, gte, notInArray, sql } from 'drizzle-orm';
import { planFor } from '@keyturn/domain/plans';
import type { SettingsArea, UsageStats } from '@keyturn/domain/schemas/agentSettings';
import { startOfMonthInZone } from '@keyturn/domain/zoneDays';
import type { Db, DbTransaction } from '../../db/client';
import { agentSettings, bookings, properties } from '../../db/schema';
import { bookingsInScope, limitContextOf, propertiesInScope } from '../teams/limits';
import type { AgentRow } from './service';

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
 * on a team whose plan has teams (decision 026), per agent otherwise. `plan` stays the agent's own.
 */
export async function usageStats(db: Db, agent: AgentRow, now: Date): Promise<UsageStats> {
  const limits = await limitContextOf(db, agent);
  const [[props], [month]] = await Promise.all([
    db.select({ n: count() }).from(properties).where(propertiesInScope(limits, agent.id)),
    db
      .select({ n: count() })
      .from(bookings)
      .where(
        and(
          bookingsInScope(limits, agent.id),
          gte(bookings.createdAt, startOfMonthInZone(now, agent.timeZone)),
          notInArray(bookings.status, ['cancelled', 'declined', 'rescheduled']),
        ),
      ),
  ]);
  return {
    plan: planFor(agent.plan).id,
    properties: { used: props?.n ?? 0, limit: limits.plan.maxProperties },
    bookingsThisMonth: { used: month?.n ?? 0, limit: limits.plan.maxBookingsPerMonth },
  };
}
