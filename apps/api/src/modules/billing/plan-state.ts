// What billing does to an agent's plan (issue 30, decision 047): the billing row's state decides the plan
// (domain planOfBilling), written in the caller's transaction with what follows from it — a drop below the
// agent's listings hides the extra ones from booking (data kept), a rise shows them again, and Enterprise's
// seat count becomes the owner's team's extra seats.
import { and, asc, eq, inArray, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import { planOfBilling } from '@keyturn/domain/billing';
import type { PlanId } from '@keyturn/domain/enums';
import { planFor } from '@keyturn/domain/plans';
import type { Db, DbTransaction } from '../../db/client';
import { agents, billingAccounts, members, organizations, properties } from '../../db/schema';

type Tx = Db | DbTransaction;
export type BillingRow = typeof billingAccounts.$inferSelect;

/** Sets the agent's plan from their billing row; returns the plan now in force. */
export async function applyBillingPlan(tx: Tx, row: BillingRow, now: Date): Promise<PlanId> {
  const decided = planOfBilling(row, now);
  const [agent] = await tx
    .select({ plan: agents.plan })
    .from(agents)
    .where(eq(agents.id, row.agentId))
    .for('update');
  if (!agent) return 'basic';
  const plan = decided ?? agent.plan;
  if (plan !== agent.plan) await tx.update(agents).set({ plan }).where(eq(agents.id, row.agentId));
  const limit = planFor(plan).maxProperties;
  await showHiddenListings(tx, row.agentId, limit);
  await hideListingsBeyond(tx, row.agentId, limit, now);
  return plan;
}

/** The listings an agent's own plan counts (their own, not a team's): live ones, oldest first. */
function ownListings(agentId: string) {
  return and(eq(properties.agentId, agentId), isNull(properties.teamId), isNull(properties.deletedAt));
}

/** Above the limit, the newest bookable listings are hidden from booking (marked, so they come back). */
export async function hideListingsBeyond(tx: Tx, agentId: string, limit: number | null, now: Date) {
  if (limit === null) return;
  const bookable = await tx
    .select({ id: properties.id })
    .from(properties)
    .where(and(ownListings(agentId), eq(properties.isPublic, true)))
    .orderBy(asc(properties.createdAt), asc(properties.id));
  const extra = bookable.slice(limit).map((p) => p.id);
  if (extra.length === 0) return;
  await tx
    .update(properties)
    .set({ isPublic: false, planHiddenAt: now })
    .where(inArray(properties.id, extra));
}

/** Listings the plan hid come back while the plan has room for them (all of them when unlimited). */
async function showHiddenListings(tx: Tx, agentId: string, limit: number | null) {
  const hidden = await tx
    .select({ id: properties.id })
    .from(properties)
    .where(and(ownListings(agentId), isNotNull(properties.planHiddenAt)))
    .orderBy(asc(properties.createdAt), asc(properties.id));
  if (hidden.length === 0) return;
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(properties)
    .where(and(ownListings(agentId), eq(properties.isPublic, true)));
  const room = limit === null ? hidden.length : Math.max(0, limit - (count?.n ?? 0));
  const back = hidden.slice(0, room).map((p) => p.id);
  if (back.length === 0) return;
  await tx.update(properties).set({ isPublic: true, planHiddenAt: null }).where(inArray(properties.id, back));
}

/**
 * The agent's choice after a drop: these listings (at most the plan's limit) are bookable, the agent's other
 * bookable or plan-hidden listings are hidden. Listings the agent hid themselves stay as they are. A choice
 * with a listing that is not among them (another agent's, deleted, hidden by hand) writes nothing: `unknown`.
 */
export async function keepListings(tx: DbTransaction, agentId: string, keep: readonly number[], now: Date) {
  const mine = await tx
    .select({ id: properties.id, isPublic: properties.isPublic, planHiddenAt: properties.planHiddenAt })
    .from(properties)
    .where(ownListings(agentId))
    .for('update');
  const candidates = mine.filter((p) => p.isPublic || p.planHiddenAt !== null);
  // Checked before anything is written: a choice naming a listing that is not the agent's changes nothing.
  const unknown = keep.filter((id) => !candidates.some((p) => p.id === id));
  if (unknown.length > 0) return { shown: 0, hidden: 0, unknown };
  const keepSet = new Set(keep);
  const toShow = candidates.filter((p) => keepSet.has(p.id)).map((p) => p.id);
  const toHide = candidates.filter((p) => !keepSet.has(p.id)).map((p) => p.id);
  if (toShow.length > 0) {
    await tx
      .update(properties)
      .set({ isPublic: true, planHiddenAt: null })
      .where(inArray(properties.id, toShow));
  }
  if (toHide.length > 0) {
    await tx
      .update(properties)
      .set({ isPublic: false, planHiddenAt: now })
      .where(inArray(properties.id, toHide));
  }
  return { shown: toShow.length, hidden: toHide.length, unknown };
}

/** The listings a plan choice is made among: bookable ones and those the plan hid. */
export async function choosableListings(tx: Tx, agentId: string) {
  return tx
    .select({
      id: properties.id,
      address: properties.address,
      city: properties.city,
      isPublic: properties.isPublic,
      planHiddenAt: properties.planHiddenAt,
    })
    .from(properties)
    .where(and(ownListings(agentId), sql`(${properties.isPublic} or ${properties.planHiddenAt} is not null)`))
    .orderBy(asc(properties.createdAt), asc(properties.id));
}

/** Enterprise's extra seats (the subscription's seat quantity) on the team the agent owns, if any. */
export async function setOwnedTeamSeats(tx: Tx, agentId: string, extraSeats: number) {
  const [owned] = await tx
    .select({ teamId: members.organizationId })
    .from(members)
    .innerJoin(agents, eq(agents.userId, members.userId))
    .where(and(eq(agents.id, agentId), eq(members.role, 'owner')));
  if (!owned) return;
  await tx.update(organizations).set({ extraSeats }).where(eq(organizations.id, owned.teamId));
}

/** Past-due accounts whose grace ended and whose agent still has the paid plan: Basic's limits now. */
export async function expireGrace(db: Db, now: Date): Promise<number> {
  const due = await db
    .select({ agentId: billingAccounts.agentId })
    .from(billingAccounts)
    .innerJoin(agents, eq(agents.id, billingAccounts.agentId))
    .where(
      and(
        eq(billingAccounts.status, 'past_due'),
        lte(billingAccounts.graceUntil, now),
        ne(agents.plan, 'basic'),
      ),
    );
  for (const { agentId } of due) {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(billingAccounts)
        .where(eq(billingAccounts.agentId, agentId))
        .for('update');
      if (row) await applyBillingPlan(tx, row, now);
    });
  }
  return due.length;
}
