// Issue 44 "Held times": the agent's hold minutes (GET/PUT /api/agents/hold-minutes, on their scheduling
// settings row; 5 until set). The holds themselves: booking-public/holds.ts.
import { HOLD_MINUTES_DEFAULT } from '@keyturn/domain/slots/holds';
import type { Db, DbTransaction } from '../../db/client';
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
