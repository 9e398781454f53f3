// One function per figure outside reports (issue 29, decision 046; definitions in @keyturn/domain/figures):
// every route that returns one of these figures calls the function here, and the plan limits count by the
// same functions, so the overview, the usage page, the Feedback page and a limit check cannot disagree.
// "Whose rows" is modules/core/plan-limits.ts's (propertiesInScope / bookingsInScope): the caller's own, or the
// whole team's, never the team's under the caller's name. The two counts the plan limits take
// (bookingsThisMonth, propertiesCount) live there, on the floor, and are read here. Report figures (over a range) are the report's one
// statement (modules/reports/service.ts).
import { and, count, eq } from 'drizzle-orm';
import type { BuyerClassCounts, Figures, OwnCounts, TeamCounts } from '@keyturn/domain/schemas/figures';
import type { Db, DbTransaction } from '../../db/client';
import { bookings } from '../../db/schema';
import type { AgentRow } from '../core/agents';
import { leadClassCounts } from '../leads/service';
import { bookingsThisMonth, membershipOf, propertiesCount, type CountScope } from '../core/plan-limits';

type Tx = Db | DbTransaction;

/** FIGURES.pendingRequests: the agent's requests awaiting confirmation (the bookings list's "Pending"). */
export async function pendingRequests(tx: Tx, agentId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(bookings)
    .where(and(eq(bookings.agentId, agentId), eq(bookings.status, 'pending')));
  return row?.n ?? 0;
}

/** The caller's team, when they are in one: the scope of the team's figures. */
export async function teamScopeOf(tx: Tx, agent: Pick<AgentRow, 'userId'>): Promise<CountScope | null> {
  const mine = await membershipOf(tx, agent.userId);
  return mine ? { scope: 'team', teamId: mine.team.id } : null;
}

/** The agent's own rows (the limits module calls this scope 'agent'; the figures, 'own'). */
const own = (): CountScope => ({ scope: 'agent', teamId: null });

/** The overview's figures: the caller's own, and the team's (labelled as the team's) in a team. */
export async function overviewCounts(
  db: Db,
  agent: AgentRow,
  now: Date,
): Promise<{ own: OwnCounts; team: TeamCounts | null }> {
  const team = await teamScopeOf(db, agent);
  const [pending, month, props, teamMonth, teamProps] = await Promise.all([
    pendingRequests(db, agent.id),
    bookingsThisMonth(db, own(), agent, now),
    propertiesCount(db, own(), agent.id),
    team ? bookingsThisMonth(db, team, agent, now) : null,
    team ? propertiesCount(db, team, agent.id) : null,
  ]);
  return {
    own: { pendingRequests: pending, bookingsThisMonth: month, properties: props },
    team:
      teamMonth === null || teamProps === null
        ? null
        : { bookingsThisMonth: teamMonth, properties: teamProps },
  };
}

/** FIGURES.hotBuyers / potentialBuyers / coldBuyers: the Feedback page's leads by their class today. */
export async function buyerClassCounts(db: Db, agent: AgentRow, now: Date): Promise<BuyerClassCounts> {
  const classes = await leadClassCounts(db, agent, now);
  return { hotBuyers: classes.hot, potentialBuyers: classes.potential, coldBuyers: classes.cold };
}

/** GET /api/figures: every figure outside reports. */
export async function figuresOf(db: Db, agent: AgentRow, now: Date): Promise<Figures> {
  const [counts, classes] = await Promise.all([
    overviewCounts(db, agent, now),
    buyerClassCounts(db, agent, now),
  ]);
  return { own: { ...counts.own, ...classes }, team: counts.team };
}
