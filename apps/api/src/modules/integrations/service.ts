// Reading and writing the agent's calendar integrations as the API shows them (no token ever included).
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Integration, SyncSettings } from '@keyturn/domain/schemas/integrations';
import type { Db } from '../../db/client';
import { calendarBusy, calendarCalendars, calendarIntegrations, calendarSyncSettings } from '../../db/schema';
import { validationError } from '../../http/errors';

export async function serializeIntegrations(db: Db, agentId: string): Promise<Integration[]> {
  const rows = await db
    .select()
    .from(calendarIntegrations)
    .where(eq(calendarIntegrations.agentId, agentId))
    .orderBy(asc(calendarIntegrations.createdAt));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [cals, busy] = await Promise.all([
    db
      .select()
      .from(calendarCalendars)
      .where(inArray(calendarCalendars.integrationId, ids))
      .orderBy(asc(calendarCalendars.name)),
    db
      .select({ integrationId: calendarBusy.integrationId, n: count() })
      .from(calendarBusy)
      .where(inArray(calendarBusy.integrationId, ids))
      .groupBy(calendarBusy.integrationId),
  ]);
  return rows.map((r) => ({
    id: r.id,
    provider: r.provider,
    account_email: r.accountEmail,
    label: r.label,
    status: r.status,
    last_synced_at: r.lastSyncedAt?.toISOString() ?? null,
    last_error: r.lastError,
    busy_count: busy.find((b) => b.integrationId === r.id)?.n ?? 0,
    calendars: cals
      .filter((c) => c.integrationId === r.id)
      .sort((a, b) => Number(b.primary) - Number(a.primary))
      .map((c) => ({
        id: c.id,
        name: c.name,
        primary: c.primary,
        busy: c.busy,
        target: c.target,
        writable: c.writable,
      })),
  }));
}

export async function readSyncSettings(db: Db, agentId: string): Promise<SyncSettings> {
  const [cals, [settings]] = await Promise.all([
    db.select().from(calendarCalendars).where(eq(calendarCalendars.agentId, agentId)),
    db.select().from(calendarSyncSettings).where(eq(calendarSyncSettings.agentId, agentId)),
  ]);
  return {
    busy_calendar_ids: cals.filter((c) => c.busy).map((c) => c.id),
    target_calendar_id: cals.find((c) => c.target)?.id ?? null,
    push_enabled: settings?.pushEnabled ?? true,
  };
}

/** Saves the settings; answers the integrations whose busy calendars changed (to be synced again). */
export async function writeSyncSettings(db: Db, agentId: string, input: SyncSettings): Promise<string[]> {
  const cals = await db.select().from(calendarCalendars).where(eq(calendarCalendars.agentId, agentId));
  const known = new Map(cals.map((c) => [c.id, c]));
  const unknown = input.busy_calendar_ids.find((id) => !known.has(id));
  if (unknown !== undefined) throw validationError({ busy_calendar_ids: `Unknown calendar: ${unknown}` });
  if (input.target_calendar_id !== null) {
    const target = known.get(input.target_calendar_id);
    if (!target) throw validationError({ target_calendar_id: 'Unknown calendar' });
    if (!target.writable)
      throw validationError({ target_calendar_id: 'Keyturn cannot write to this calendar' });
  }
  const busy = new Set(input.busy_calendar_ids);
  const changed = new Set(cals.filter((c) => c.busy !== busy.has(c.id)).map((c) => c.integrationId));
  await db.transaction(async (tx) => {
    for (const c of cals) {
      if (c.busy !== busy.has(c.id)) {
        await tx
          .update(calendarCalendars)
          .set({ busy: busy.has(c.id) })
          .where(eq(calendarCalendars.id, c.id));
      }
    }
    await tx
      .update(calendarCalendars)
      .set({ target: false })
      .where(and(eq(calendarCalendars.agentId, agentId), eq(calendarCalendars.target, true)));
    if (input.target_calendar_id !== null) {
      await tx
        .update(calendarCalendars)
        .set({ target: true })
        .where(eq(calendarCalendars.id, input.target_calendar_id));
    }
    await tx
      .insert(calendarSyncSettings)
      .values({ agentId, pushEnabled: input.push_enabled })
      .onConflictDoUpdate({ target: calendarSyncSettings.agentId, set: { pushEnabled: input.push_enabled } });
  });
  return [...changed];
}
