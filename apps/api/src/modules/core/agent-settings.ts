// Settings areas of an agent (notifications, feedback, the assistant, scheduling; branding lives on the agent
// row): stored values or the domain's defaults, and whether the agent has acknowledged the defaults.
import { and, eq, sql } from 'drizzle-orm';
import type { SettingsArea } from '@keyturn/domain/schemas/agentSettings';
import type { Db, DbTransaction } from '../../db/client';
import { agentSettings } from '../../db/schema';

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
