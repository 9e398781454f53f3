// The agent's properties. Deleting hides the row so bookings keep their history; the plan's property limit
// (spec §9) is checked under a lock on what it counts (the agent, or the team — modules/core/plan-limits.ts).
// Teams (issue 15, decision 026): a property added while in a team belongs to the team (`team_id`) and is
// assigned to an agent (`agent_id`); members read the team's properties and edit those assigned to them,
// owners and admins edit and reassign every team property; an agent's own properties (no team) stay theirs.
// Another team's property is not found (404).
import { and, desc, eq, isNull, or, type SQL } from 'drizzle-orm';
import { isWithinLimit } from '@keyturn/domain/plans';
import { BILLING_MESSAGES } from '@keyturn/domain/billing';
import { IMPORT_TEXTS } from '@keyturn/domain/listing/imports';
import type { AgentProperty, PropertyData } from '@keyturn/domain/schemas/property';
import { TEAM_MESSAGES, teamCan, type TeamRole } from '@keyturn/domain/teams';
import type { Db, DbTransaction } from '../../db/client';
import { writeTransaction } from '../../db/transaction';
import { agents, members, properties } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import type { AgentRow } from '../core/agents';
import { toProperty } from '../core/public-reads';
import { propertiesCount, limitContextOf, lockLimitScope, membershipOf } from '../core/plan-limits';

const propertyNotFound = () => notFound('Property not found.');
type PropertyRow = typeof properties.$inferSelect;
type Access = { agent: AgentRow; team: { id: string; role: TeamRole } | null };

async function accessOf(db: Db, agent: AgentRow): Promise<Access> {
  const mine = await membershipOf(db, agent.userId);
  return { agent, team: mine ? { id: mine.team.id, role: mine.member.role as TeamRole } : null };
}

/** The properties the caller may see: their own, and their team's. */
function visible({ agent, team }: Access): SQL {
  const own = eq(properties.agentId, agent.id);
  return and(isNull(properties.deletedAt), team ? or(own, eq(properties.teamId, team.id)) : own)!;
}

function mayEdit({ agent, team }: Access, row: PropertyRow): boolean {
  if (row.agentId === agent.id) return true;
  return Boolean(team && row.teamId === team.id && teamCan(team.role, 'editTeamProperties'));
}

function toAgentProperty(access: Access, row: PropertyRow, agentName: string): AgentProperty {
  return {
    ...toProperty(row),
    team_id: row.teamId,
    agent_name: agentName,
    can_edit: mayEdit(access, row),
    network_listed: row.networkListed,
    can_assign: Boolean(
      access.team && row.teamId === access.team.id && teamCan(access.team.role, 'assignProperties'),
    ),
  };
}

const withAgentName = (db: Db) =>
  db
    .select({ property: properties, first: agents.firstName, last: agents.lastName })
    .from(properties)
    .innerJoin(agents, eq(agents.id, properties.agentId));

export async function listProperties(db: Db, agent: AgentRow): Promise<AgentProperty[]> {
  const access = await accessOf(db, agent);
  const rows = await withAgentName(db)
    .where(visible(access))
    .orderBy(desc(properties.createdAt), desc(properties.id));
  return rows.map((r) => toAgentProperty(access, r.property, `${r.first} ${r.last}`.trim()));
}

export async function getProperty(db: Db, agent: AgentRow, rawId: string): Promise<AgentProperty> {
  const access = await accessOf(db, agent);
  return describe(db, access, (await visibleProperty(db, access, rawId)).id);
}

export async function createProperty(db: Db, agent: AgentRow, input: PropertyData): Promise<AgentProperty> {
  const id = await writeTransaction(db, (tx) => insertWithinLimit(tx, agent, columns(input)));
  return describe(db, await accessOf(db, agent), id);
}

export type NewPropertyColumns = Omit<typeof properties.$inferInsert, 'agentId' | 'teamId'>;

/**
 * Inserts a property for `agent` (in their team when they are in one) if the plan's property limit has room:
 * the one check for hand-made and imported listings (issue 34). 403 PROPERTY_LIMIT_REACHED otherwise.
 */
export async function insertWithinLimit(
  tx: DbTransaction,
  agent: AgentRow,
  values: NewPropertyColumns,
): Promise<number> {
  const limits = await limitContextOf(tx, agent);
  await lockLimitScope(tx, limits, agent.id);
  const { plan } = limits;
  // The figure "properties" (domain figures.ts) of the limit's scope, counted by its one function.
  if (!isWithinLimit(plan.maxProperties, await propertiesCount(tx, limits, agent.id))) {
    throw new AppError(
      403,
      'PROPERTY_LIMIT_REACHED',
      `Your ${plan.name} plan includes up to ${plan.maxProperties} properties. Upgrade your plan to add more.`,
    );
  }
  const [row] = await tx
    .insert(properties)
    .values({ ...values, agentId: agent.id, teamId: limits.teamId })
    .returning({ id: properties.id });
  return row!.id;
}

export async function updateProperty(
  db: Db,
  agent: AgentRow,
  rawId: string,
  input: PropertyData,
): Promise<AgentProperty> {
  const access = await accessOf(db, agent);
  const existing = await editableProperty(db, access, rawId);
  const values = columns(input);
  // A listing a drop to Basic hid (issue 30) comes back only through Subscription's choice, which keeps the
  // plan's limit: the property form cannot publish it.
  if (existing.planHiddenAt !== null && input.is_public) {
    throw new AppError(403, 'PROPERTY_LIMIT_REACHED', BILLING_MESSAGES.hiddenByPlan, {
      is_public: BILLING_MESSAGES.hiddenByPlan,
    });
  }
  // A listing the MLS took off the market (issue 34) stays hidden until the MLS lists it again.
  if (existing.statusHiddenAt !== null && input.is_public) {
    throw new AppError(409, 'LISTING_OFF_MARKET', IMPORT_TEXTS.hiddenByStatus, {
      is_public: IMPORT_TEXTS.hiddenByStatus,
    });
  }
  // A new address makes the old map position wrong (issue 16): it is cleared and geocoded again.
  const moved = (['address', 'city', 'state', 'zipCode'] as const).some((k) => values[k] !== existing[k]);
  await db
    .update(properties)
    .set(moved ? { ...values, lat: null, lng: null } : values)
    .where(eq(properties.id, existing.id));
  return describe(db, access, existing.id);
}

export async function deleteProperty(db: Db, agent: AgentRow, rawId: string): Promise<void> {
  const existing = await editableProperty(db, await accessOf(db, agent), rawId);
  await db
    .update(properties)
    .set({ deletedAt: new Date(), isPublic: false })
    .where(eq(properties.id, existing.id));
}

/**
 * Assigns a team property to another member (owners and admins): the property's showings then go to that
 * member. A member → 403; a property or member outside the caller's team → 404.
 */
export async function assignProperty(
  db: Db,
  agent: AgentRow,
  rawId: string,
  toAgentId: string,
): Promise<AgentProperty> {
  const access = await accessOf(db, agent);
  const existing = await visibleProperty(db, access, rawId);
  if (!access.team || existing.teamId !== access.team.id) {
    throw new AppError(409, 'NOT_A_TEAM_PROPERTY', 'Only a team property can be assigned to a team member.');
  }
  if (!teamCan(access.team.role, 'assignProperties')) {
    throw new AppError(403, 'TEAM_ROLE_REQUIRED', TEAM_MESSAGES.roleRequired);
  }
  const [target] = await db
    .select({ id: agents.id })
    .from(members)
    .innerJoin(agents, eq(agents.userId, members.userId))
    .where(and(eq(members.organizationId, access.team.id), eq(agents.id, toAgentId)));
  if (!target) {
    throw new AppError(404, 'MEMBER_NOT_FOUND', 'No such member in your team.', {
      agent_id: 'Choose a member of your team',
    });
  }
  await db.update(properties).set({ agentId: target.id }).where(eq(properties.id, existing.id));
  return describe(db, access, existing.id);
}

async function describe(db: Db, access: Access, id: number): Promise<AgentProperty> {
  const [row] = await withAgentName(db).where(eq(properties.id, id));
  if (!row) throw propertyNotFound();
  return toAgentProperty(access, row.property, `${row.first} ${row.last}`.trim());
}

async function visibleProperty(db: Db, access: Access, rawId: string): Promise<PropertyRow> {
  const id = /^\d{1,9}$/.test(rawId) ? Number(rawId) : null;
  if (!id) throw propertyNotFound();
  const [row] = await db
    .select()
    .from(properties)
    .where(and(eq(properties.id, id), visible(access)));
  if (!row) throw propertyNotFound();
  return row;
}

/**
 * A property the caller may see (their own, their team's), by id or 404 — the same scope as the list. For the
 * other capabilities about a property (its map position, issue 29).
 */
export async function propertyVisibleTo(db: Db, agent: AgentRow, rawId: string | number) {
  return visibleProperty(db, await accessOf(db, agent), String(rawId));
}

/** A property the caller may change (403 for a team property they may only read), by id or 404. */
export async function propertyEditableBy(db: Db, agent: AgentRow, rawId: string | number) {
  return editableProperty(db, await accessOf(db, agent), String(rawId));
}

/** A property the caller may change: their own or assigned to them, or any team property for owners/admins. */
async function editableProperty(db: Db, access: Access, rawId: string): Promise<PropertyRow> {
  const row = await visibleProperty(db, access, rawId);
  if (!mayEdit(access, row)) throw new AppError(403, 'TEAM_ROLE_REQUIRED', TEAM_MESSAGES.roleRequired);
  return row;
}

export function columns(input: PropertyData) {
  return {
    address: input.address,
    city: input.city,
    state: input.state,
    zipCode: input.zip_code,
    price: Math.round(input.price),
    bedrooms: input.bedrooms,
    bathrooms: input.bathrooms,
    propertyType: input.property_type,
    images: input.images,
    isPublic: input.is_public,
    ...(input.network_listed === undefined ? {} : { networkListed: input.network_listed }),
  };
}
