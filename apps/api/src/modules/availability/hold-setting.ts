// Issue 44 "Held times", the agent's side: their hold minutes (GET/PUT /api/agents/hold-minutes, on their
// scheduling settings row; 5 until set) and the times buyers hold right now (GET /api/agents/held-times, shown on
// the Bookings page). The holds themselves: booking-public/holds.ts.
import { and, asc, eq, gt } from 'drizzle-orm';
import { HOLD_MINUTES_DEFAULT } from '@keyturn/domain/slots/holds';
import type { HeldTimeView } from '@keyturn/domain/schemas/holds';
import type { Db, DbTransaction } from '../../db/client';
import { properties, slotHolds } from '../../db/schema';
import { agentSettingsRow, saveAgentSettings } from './settings-row';

/** The agent's hold minutes (5 until set). */
export async function agentHoldMinutes(db: Db | DbTransaction, agentId: string): Promise<number> {
  return (await agentSettingsRow(db, agentId))?.holdMinutes ?? HOLD_MINUTES_DEFAULT;
}

/** PUT /api/agents/hold-minutes. */
export async function saveAgentHoldMinutes(db: Db, agentId: string, minutes: number): Promise<number> {
  await saveAgentSettings(db, agentId, { holdMinutes: minutes });
  return minutes;
}

/** The agent's live holds, soonest first, each with its listing (null: a consultation). */
export async function liveHolds(db: Db, agentId: string, now: Date): Promise<HeldTimeView[]> {
  const rows = await db
    .select({
      startsAt: slotHolds.startsAt,
      endsAt: slotHolds.endsAt,
      expiresAt: slotHolds.expiresAt,
      propertyId: properties.id,
      address: properties.address,
    })
    .from(slotHolds)
    .leftJoin(properties, eq(properties.id, slotHolds.propertyId))
    .where(and(eq(slotHolds.agentId, agentId), gt(slotHolds.expiresAt, now)))
    .orderBy(asc(slotHolds.startsAt));
  return rows.map((r) => ({
    starts_at: r.startsAt.toISOString(),
    ends_at: r.endsAt.toISOString(),
    expires_at: r.expiresAt.toISOString(),
    property: r.propertyId === null || r.address === null ? null : { id: r.propertyId, address: r.address },
  }));
}
