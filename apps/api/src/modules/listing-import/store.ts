// Saving an imported listing (issue 34, decision 058): a new one goes through the plan's property limit exactly
// as a hand-made one (properties/service.ts insertWithinLimit); an existing one is updated in place, and a
// changed address clears the map position so it is placed again. Both the MLS sync and the CSV import use it.
import { and, eq, isNull } from 'drizzle-orm';
import { IMPORT_TEXTS } from '@keyturn/domain/listing/imports';
import type { Db } from '../../db/client';
import { writeTransaction } from '../../db/transaction';
import { properties } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { AgentRow } from '../core/agents';
import { insertWithinLimit, type NewPropertyColumns } from '../properties/service';
import { limitContextOf } from '../core/plan-limits';

export type PropertyRow = typeof properties.$inferSelect;
export type SaveOutcome = 'created' | 'updated' | 'unchanged' | 'over_limit';

/** The agent's own listings that are not deleted (imports match against these only). */
export async function ownListings(db: Db, agentId: string): Promise<PropertyRow[]> {
  return db
    .select()
    .from(properties)
    .where(and(eq(properties.agentId, agentId), isNull(properties.deletedAt)));
}

/** The columns of `values` that differ from `existing` (undefined: not given, left as it is). */
export function changedColumns(
  existing: PropertyRow,
  values: Partial<NewPropertyColumns>,
): Partial<NewPropertyColumns> {
  return Object.fromEntries(
    Object.entries(values).filter(([key, value]) => {
      if (value === undefined) return false;
      const before = (existing as Record<string, unknown>)[key];
      return JSON.stringify(before ?? null) !== JSON.stringify(value ?? null);
    }),
  ) as Partial<NewPropertyColumns>;
}

/** Saves `values` as a new listing (plan limit) or over `existing`; says what happened. */
export async function saveImported(
  db: Db,
  agent: AgentRow,
  existing: PropertyRow | null,
  values: NewPropertyColumns,
): Promise<{ outcome: SaveOutcome; id: number | null }> {
  if (!existing) {
    try {
      return {
        outcome: 'created',
        id: await writeTransaction(db, (tx) => insertWithinLimit(tx, agent, values)),
      };
    } catch (err) {
      if (err instanceof AppError && err.code === 'PROPERTY_LIMIT_REACHED')
        return { outcome: 'over_limit', id: null };
      throw err;
    }
  }
  const changed = changedColumns(existing, values);
  if (Object.keys(changed).length === 0) return { outcome: 'unchanged', id: existing.id };
  const moved = (['address', 'city', 'state', 'zipCode'] as const).some((k) => k in changed);
  const placed = values.lat !== undefined && values.lat !== null;
  await db
    .update(properties)
    .set(moved && !placed ? { ...changed, lat: null, lng: null } : changed)
    .where(eq(properties.id, existing.id));
  return { outcome: 'updated', id: existing.id };
}

/** "Your Basic plan includes up to 3 properties: 2 listings were not imported. …", or null when all fitted. */
export async function limitMessage(db: Db, agent: AgentRow, count: number): Promise<string | null> {
  if (count === 0) return null;
  const { plan } = await limitContextOf(db, agent);
  return IMPORT_TEXTS.limitMessage(plan.name, plan.maxProperties ?? 0, count);
}
