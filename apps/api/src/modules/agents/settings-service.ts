// The plan usage figures of Settings and the overview (the settings areas themselves: core/agent-settings.ts).
import { planFor } from '@keyturn/domain/plans';
import type { UsageStats } from '@keyturn/domain/schemas/agentSettings';
import type { Db } from '../../db/client';
import { bookingsThisMonth, propertiesCount, limitContextOf } from '../core/plan-limits';
import type { AgentRow } from '../core/agents';

/**
 * The plan usage figures: counted and limited like the server's checks (modules/core/plan-limits.ts) — per team
 * on a team whose plan has teams (decision 026), per agent otherwise, `scope` saying which, so a screen
 * labels a team's count as the team's. Each count is its figure's one function (modules/figures).
 * `plan` stays the agent's own.
 */
export async function usageStats(db: Db, agent: AgentRow, now: Date): Promise<UsageStats> {
  const limits = await limitContextOf(db, agent);
  const [props, month] = await Promise.all([
    propertiesCount(db, limits, agent.id),
    bookingsThisMonth(db, limits, agent, now),
  ]);
  return {
    plan: planFor(agent.plan).id,
    scope: limits.scope === 'team' ? 'team' : 'own',
    properties: { used: props, limit: limits.plan.maxProperties },
    bookingsThisMonth: { used: month, limit: limits.plan.maxBookingsPerMonth },
  };
}
