// Moving an agent's own listings into their team (issue 29): when the team is created or later, the agent
// chooses which of their listings (added before the team, so without a team id) become the team's. Only the
// team id changes: the property keeps its id, its assigned agent (the mover), its public id and links, and
// its bookings and their history, which reference it. The team's plan must include teams and its property
// limit holds for the team's count after the move, taken under the team row's lock (modules/core/plan-limits.ts).
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import { isWithinLimit } from '@keyturn/domain/plans';
import { TEAM_PAGE_MESSAGES } from '@keyturn/domain/teamBooking';
import type { DbTransaction } from '../../db/client';
import { properties } from '../../db/schema';
import { AppError } from '../../http/errors';
import { requirePlanFeature } from '../../http/plan-gate';
import type { AgentRow } from '../core/agents';
import { limitContextOf, lockLimitScope, propertiesInScope } from '../core/plan-limits';

/** Moves `ids` (the caller's own listings outside any team) into the caller's team; all or none. */
export async function moveListingsIn(
  tx: DbTransaction,
  agent: Pick<AgentRow, 'id' | 'userId' | 'plan'>,
  ids: readonly number[],
): Promise<number[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  const limits = await limitContextOf(tx, { userId: agent.userId, plan: agent.plan });
  if (!limits.teamId) {
    throw new AppError(404, 'TEAM_NOT_FOUND', 'You are not in a team.');
  }
  // A team whose owners left Enterprise keeps its members, but takes no new listings.
  if (limits.scope !== 'team') requirePlanFeature({ plan: limits.plan.id }, 'teams');
  await lockLimitScope(tx, limits, agent.id);
  const own = await tx
    .select({ id: properties.id })
    .from(properties)
    .where(
      and(
        inArray(properties.id, wanted),
        eq(properties.agentId, agent.id),
        isNull(properties.teamId),
        isNull(properties.deletedAt),
      ),
    )
    .for('update');
  if (own.length !== wanted.length) {
    throw new AppError(404, 'LISTING_NOT_FOUND', TEAM_PAGE_MESSAGES.listingNotYours, {
      property_ids: TEAM_PAGE_MESSAGES.listingNotYours,
    });
  }
  const [used] = await tx.select({ n: count() }).from(properties).where(propertiesInScope(limits, agent.id));
  const { plan } = limits;
  if (!isWithinLimit(plan.maxProperties, (used?.n ?? 0) + wanted.length - 1)) {
    const message = `Your team's ${plan.name} plan includes up to ${plan.maxProperties} properties. Upgrade your plan to move more.`;
    throw new AppError(403, 'PROPERTY_LIMIT_REACHED', message, { property_ids: message });
  }
  await tx.update(properties).set({ teamId: limits.teamId }).where(inArray(properties.id, wanted));
  return wanted;
}
