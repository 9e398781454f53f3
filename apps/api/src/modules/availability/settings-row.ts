// The agent's scheduling settings row (availability_settings) read whole and written in part: the settings saved
// one at a time — buyers' change cut-off, the daily cap, the hold minutes (issue 44) — each read their column and
// write only it, creating the row (its defaults) when the agent never saved any.
import { eq } from 'drizzle-orm';
import type { Db, DbTransaction } from '../../db/client';
import { availabilitySettings } from '../../db/schema';

type Row = typeof availabilitySettings.$inferSelect;
type Patch = Partial<Omit<typeof availabilitySettings.$inferInsert, 'agentId'>>;

/** The agent's row, or undefined before they saved any scheduling setting (the columns' defaults apply). */
export async function agentSettingsRow(db: Db | DbTransaction, agentId: string): Promise<Row | undefined> {
  const [row] = await db.select().from(availabilitySettings).where(eq(availabilitySettings.agentId, agentId));
  return row;
}

/** Writes `patch` on the agent's row, creating it when missing; other columns keep their values. */
export async function saveAgentSettings(
  db: Db | DbTransaction,
  agentId: string,
  patch: Patch,
): Promise<void> {
  await db
    .insert(availabilitySettings)
    .values({ agentId, ...patch })
    .onConflictDoUpdate({ target: availabilitySettings.agentId, set: patch });
}
