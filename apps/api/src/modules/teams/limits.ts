// Whose rows a plan limit counts (issue 15, decision 026): the whole team's on a team whose plan includes
// teams (Enterprise, unlimited today), the agent's own everywhere else. The domain's limitScope decides; this
// reads the facts it needs. Properties (modules/properties) and the monthly bookings (booking-public) ask it.
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { planFor, type Plan } from '@keyturn/domain/plans';
import { limitScope, type LimitScope } from '@keyturn/domain/teams';
import type { Db, DbTransaction } from '../../db/client';
import { agents, bookings, members, organizations, properties } from '../../db/schema';
import type { AgentRow } from '../core/agents';
import { agentFactsIn } from '../../db/agent-facts';
import { membershipOf, teamPlan, teamPlanOfOwners } from './service';

type Tx = Db | DbTransaction;

export type LimitContext = {
  scope: LimitScope;
  /** The plan whose limits apply: the team's on a team scope, the agent's own otherwise. */
  plan: Plan;
  /** The agent's team (whatever the scope): new properties belong to it. */
  teamId: string | null;
};

export async function limitContextOf(
  tx: Tx,
  agent: Pick<AgentRow, 'userId' | 'plan'> & { id?: string },
): Promise<LimitContext> {
  // In a buyer's booking transaction the agent's team was read with their other facts (db/agent-facts.ts).
  const facts = agent.id ? agentFactsIn(tx, agent.id) : undefined;
  const team = facts
    ? facts.team && { id: facts.team.id, plan: teamPlanOfOwners(facts.team.ownerPlans) }
    : await teamOf(tx, agent.userId);
  const scope = limitScope({ inTeam: Boolean(team), teamPlan: team?.plan ?? null });
  return {
    scope,
    plan: scope === 'team' && team ? team.plan : planFor(agent.plan),
    teamId: team?.id ?? null,
  };
}

async function teamOf(tx: Tx, userId: string): Promise<{ id: string; plan: Plan } | null> {
  const mine = await membershipOf(tx, userId);
  return mine ? { id: mine.team.id, plan: await teamPlan(tx, mine.team.id) } : null;
}

/**
 * Locks what the count is taken under (the team's row on a team scope, the agent's row otherwise), so two
 * additions at the limit are decided one after the other.
 */
export async function lockLimitScope(tx: DbTransaction, ctx: LimitContext, agentId: string): Promise<void> {
  if (ctx.scope === 'team' && ctx.teamId) {
    await tx.execute(
      sql`select 1 from ${organizations} where ${organizations.id} = ${ctx.teamId} for update`,
    );
  } else {
    await tx.execute(sql`select 1 from ${agents} where ${agents.id} = ${agentId} for update`);
  }
}

/** The properties a limit counts: the team's (all its members' and its own) or the agent's. */
export function propertiesInScope(ctx: LimitContext, agentId: string): SQL {
  const live = isNull(properties.deletedAt);
  if (ctx.scope === 'team' && ctx.teamId) return and(live, eq(properties.teamId, ctx.teamId))!;
  return and(live, eq(properties.agentId, agentId))!;
}

/** The bookings a monthly limit counts: every member's on a team scope, the agent's otherwise. */
export function bookingsInScope(ctx: LimitContext, agentId: string): SQL {
  if (ctx.scope === 'team' && ctx.teamId) {
    return inArray(
      bookings.agentId,
      sql`(select ${agents.id} from ${members} join ${agents} on ${agents.userId} = ${members.userId} where ${members.organizationId} = ${ctx.teamId})`,
    );
  }
  return eq(bookings.agentId, agentId);
}
