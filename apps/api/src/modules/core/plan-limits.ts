// The plan limits (issue 15, decision 026), on the floor of modules/ (decision 071): whose rows a limit counts —
// the whole team's on a team whose plan includes teams (Enterprise, unlimited today), the agent's own everywhere
// else — the team and plan that decide it, and the two counts the limits take (FIGURES.properties and
// FIGURES.bookingsThisMonth; the figures' screens read the same functions through modules/figures). The
// domain's limitScope decides; this reads the facts it needs. Properties, listing imports, the buyer's booking
// write (booking-public), the usage page and teams ask it; it asks none of them.
import { and, count, eq, gte, inArray, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import { NOT_COUNTED_MONTHLY_STATUSES } from '@keyturn/domain/figures';
import { planFor, PLANS, type Plan } from '@keyturn/domain/plans';
import { limitScope, type LimitScope } from '@keyturn/domain/teams';
import { startOfMonthInZone } from '@keyturn/domain/zoneDays';
import type { Db, DbTransaction } from '../../db/client';
import { agents, bookings, members, organizations, properties } from '../../db/schema';
import type { AgentRow } from './agents';
import { agentFactsIn } from '../../db/agent-facts';

type Tx = Db | DbTransaction;
export type TeamRow = typeof organizations.$inferSelect;
export type MemberRow = typeof members.$inferSelect;

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

/** The caller's membership and team, or null when they are in none. */
export async function membershipOf(
  db: Tx,
  userId: string,
): Promise<{ team: TeamRow; member: MemberRow } | null> {
  const [row] = await db
    .select({ team: organizations, member: members })
    .from(members)
    .innerJoin(organizations, eq(organizations.id, members.organizationId))
    .where(eq(members.userId, userId))
    .limit(1);
  return row ?? null;
}

/**
 * The plan the team runs on: Enterprise while one of its owners is on a plan with teams (their subscription
 * pays for it, seats included); otherwise the best plan among the owners, which has no teams — invitations
 * are then refused with the upgrade message.
 */
export async function teamPlan(db: Tx, teamId: string): Promise<Plan> {
  const rows = await db
    .select({ plan: agents.plan })
    .from(members)
    .innerJoin(agents, eq(agents.userId, members.userId))
    .where(and(eq(members.organizationId, teamId), eq(members.role, 'owner')));
  return teamPlanOfOwners(rows.map((r) => r.plan));
}

/** A team's plan from its owners' plans: one that includes teams, else the dearest, else Basic. */
export function teamPlanOfOwners(ownerPlans: readonly string[]): Plan {
  const plans = ownerPlans.map((plan) => planFor(plan));
  return (
    plans.find((p) => p.features.teams) ??
    plans.sort((a, b) => b.monthlyPriceUsd - a.monthlyPriceUsd)[0] ??
    PLANS.basic
  );
}

/** Whose rows a count takes: the agent's own, or their team's. */
export type CountScope = Pick<LimitContext, 'scope' | 'teamId'>;
type Counted = { id: string; timeZone: string; plan: AgentRow['plan'] };

const scoped = (ctx: CountScope): LimitContext => ({ ...ctx, plan: planFor('free') });

/**
 * FIGURES.bookingsThisMonth: bookings made since the 1st of the month in the agent's zone, not cancelled,
 * declined or moved — the agent's, or every team member's. The monthly plan limit counts by this function.
 */
export async function bookingsThisMonth(
  tx: Tx,
  ctx: CountScope,
  agent: Pick<Counted, 'id' | 'timeZone'>,
  now: Date,
): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(bookings)
    .where(
      and(
        bookingsInScope(scoped(ctx), agent.id),
        gte(bookings.createdAt, startOfMonthInZone(now, agent.timeZone)),
        notInArray(bookings.status, [...NOT_COUNTED_MONTHLY_STATUSES]),
      ),
    );
  return row?.n ?? 0;
}

/** FIGURES.properties: live properties assigned to the agent, or the team's. The property limit counts so. */
export async function propertiesCount(tx: Tx, ctx: CountScope, agentId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(properties)
    .where(propertiesInScope(scoped(ctx), agentId));
  return row?.n ?? 0;
}
