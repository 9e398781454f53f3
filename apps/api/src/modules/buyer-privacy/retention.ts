// Issue 46 (decision 091): the agent's retention setting ("Delete buyer details older than N months", null keeps
// them) and the daily run that applies it: each agent with a setting, each buyer whose last showing ended before
// the cut-off, deleted as requests.ts deletes on request.
import { eq, isNotNull } from 'drizzle-orm';
import { retentionCutoff } from '@keyturn/domain/privacy';
import type { Db } from '../../db/client';
import { privacySettings } from '../../db/schema';
import { deleteBuyersBefore, type RequestDeps } from './requests';

export async function retentionOf(db: Db, agentId: string): Promise<number | null> {
  const [row] = await db.select().from(privacySettings).where(eq(privacySettings.agentId, agentId));
  return row?.retentionMonths ?? null;
}

export async function saveRetention(db: Db, agentId: string, months: number | null): Promise<number | null> {
  await db
    .insert(privacySettings)
    .values({ agentId, retentionMonths: months })
    .onConflictDoUpdate({
      target: privacySettings.agentId,
      set: { retentionMonths: months, updatedAt: new Date() },
    });
  return months;
}

/** One run of the retention over every agent that set one: the number of buyers deleted. */
export async function applyRetention(deps: RequestDeps): Promise<number> {
  const settings = await deps.db
    .select()
    .from(privacySettings)
    .where(isNotNull(privacySettings.retentionMonths));
  let deleted = 0;
  for (const s of settings) {
    const cutoff = retentionCutoff(deps.now(), s.retentionMonths!);
    deleted += await deleteBuyersBefore(deps, s.agentId, cutoff);
  }
  return deleted;
}
