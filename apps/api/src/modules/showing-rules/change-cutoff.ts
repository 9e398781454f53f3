// Issue 44 "Cut-offs": the agent's cut-off for buyers' own cancellations and reschedules (GET/PUT
// /api/agents/change-cutoff), and the check every buyer path runs before it changes a showing — the manage
// link's cancel, the reschedule flow (its prefill and its submit) and a text reply's "no". The agent's own
// actions (dashboard, MCP) never pass through it: the agent can always act.
import { eq } from 'drizzle-orm';
import {
  buyerMayChange,
  CHANGE_CUTOFF_CODE,
  changeClosedMessage,
  changesCloseAt,
  effectiveCutoffHours,
} from '@keyturn/domain/changeCutoff';
import type { Db, DbTransaction } from '../../db/client';
import { agents, propertyShowingRules } from '../../db/schema';
import { AppError } from '../../http/errors';
import { agentSettingsRow, saveAgentSettings } from '../availability/settings-row';

/** The agent's own cut-off in hours (0 until set: changes stay open until the start). */
export async function agentCutoffHours(db: Db | DbTransaction, agentId: string): Promise<number> {
  return (await agentSettingsRow(db, agentId))?.buyerChangeCutoffHours ?? 0;
}

/** PUT /api/agents/change-cutoff. */
export async function saveAgentCutoffHours(db: Db, agentId: string, hours: number): Promise<number> {
  await saveAgentSettings(db, agentId, { buyerChangeCutoffHours: hours });
  return hours;
}

/** A showing's cut-off as its buyer meets it: the property's own hours, else its agent's. */
export interface ShowingCutoff {
  hours: number;
  closesAt: Date;
  open: boolean;
}

export async function showingCutoff(
  db: Db | DbTransaction,
  booking: { agentId: string; propertyId: number | null; startsAt: Date },
  now: Date,
): Promise<ShowingCutoff> {
  const [agentHours, [own]] = await Promise.all([
    agentCutoffHours(db, booking.agentId),
    booking.propertyId === null
      ? Promise.resolve([])
      : db
          .select({ hours: propertyShowingRules.changeCutoffHours })
          .from(propertyShowingRules)
          .where(eq(propertyShowingRules.propertyId, booking.propertyId)),
  ]);
  const hours = effectiveCutoffHours(agentHours, own?.hours);
  return {
    hours,
    closesAt: changesCloseAt(booking.startsAt, hours),
    open: buyerMayChange(booking.startsAt, now, hours),
  };
}

/** The buyer's message inside the cut-off, naming the showing's agent. */
export async function cutoffMessage(db: Db | DbTransaction, agentId: string, hours: number): Promise<string> {
  const [agent] = await db
    .select({ firstName: agents.firstName, lastName: agents.lastName })
    .from(agents)
    .where(eq(agents.id, agentId));
  const name = agent ? `${agent.firstName} ${agent.lastName}`.trim() : 'Your agent';
  return changeClosedMessage(hours, name || 'Your agent');
}

/**
 * Refuses a buyer's change inside the cut-off: 409 CHANGE_CUTOFF_PASSED with the plain-words reason, before
 * anything is written. A showing already started keeps its own answer (the caller's BOOKING_STARTED).
 */
export async function assertBuyerMayChange(
  db: Db | DbTransaction,
  booking: { agentId: string; propertyId: number | null; startsAt: Date },
  now: Date,
): Promise<void> {
  if (booking.startsAt.getTime() <= now.getTime()) return;
  const cutoff = await showingCutoff(db, booking, now);
  if (cutoff.open) return;
  throw new AppError(409, CHANGE_CUTOFF_CODE, await cutoffMessage(db, booking.agentId, cutoff.hours));
}
