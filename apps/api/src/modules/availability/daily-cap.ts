// Issue 44 "Daily caps for the agent" (the rule: domain slots/agentDailyCap.ts): the agent's cap (GET/PUT
// /api/agents/daily-cap, stored on their scheduling settings row) and the re-check every buyer's write runs
// under the agent's lock — the booking page, the team page, the assistant and MCP (booking-public's
// writeBooking), the buyer's reschedule, a proposal's accept and a tour (each stop counts). Slots of a full day
// are not offered in the first place (open-slots.ts); this catches a showing booked since the page loaded.
import { and, eq, gte, inArray, isNull, lt, ne, type SQL } from 'drizzle-orm';
import {
  agentDayBounds,
  agentDayFullMessage,
  AGENT_DAY_FULL_CODE,
  DAILY_CAP_COUNTED_STATUSES,
  passesDailyCap,
} from '@keyturn/domain/slots/agentDailyCap';
import type { Db, DbTransaction } from '../../db/client';
import { bookings } from '../../db/schema';
import { AppError } from '../../http/errors';
import { agentSettingsRow, saveAgentSettings } from './settings-row';

/** The agent's cap (null until set: no limit). */
export async function agentDailyCap(db: Db | DbTransaction, agentId: string): Promise<number | null> {
  return (await agentSettingsRow(db, agentId))?.maxShowingsPerDay ?? null;
}

/** PUT /api/agents/daily-cap. */
export async function saveAgentDailyCap(db: Db, agentId: string, cap: number | null): Promise<number | null> {
  await saveAgentSettings(db, agentId, { maxShowingsPerDay: cap });
  return cap;
}

/** 409 AGENT_DAY_FULL, the reason on the booking's time field. */
export function agentDayFull(cap: number): AppError {
  const message = agentDayFullMessage(cap);
  return new AppError(409, AGENT_DAY_FULL_CODE, message, { booking_time: message }, { cap });
}

/**
 * Under the agent's lock: refuses `adding` new showings on the agent-zone `date` when the day's active
 * showings (the one being moved left out) would pass the agent's cap. Reads the cap as saved now.
 */
export async function assertAgentDayOpen(
  tx: DbTransaction,
  check: { agentId: string; timeZone: string; date: string; adding?: number; ignoreBookingId?: string },
): Promise<void> {
  const cap = await agentDailyCap(tx, check.agentId);
  if (cap === null) return;
  const [from, to] = agentDayBounds(check.date, check.timeZone);
  const conditions: SQL[] = [
    eq(bookings.agentId, check.agentId),
    inArray(bookings.status, [...DAILY_CAP_COUNTED_STATUSES]),
    // An open house's registrations are one event, not showings (decision 086).
    isNull(bookings.openHouseId),
    gte(bookings.startsAt, new Date(from)),
    lt(bookings.startsAt, new Date(to)),
  ];
  if (check.ignoreBookingId) conditions.push(ne(bookings.id, check.ignoreBookingId));
  const rows = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(...conditions));
  if (passesDailyCap(cap, rows.length, check.adding ?? 1)) throw agentDayFull(cap);
}
