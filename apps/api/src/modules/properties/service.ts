// The agent's properties. Every query is scoped to the caller's agent; deleting hides the row so bookings
// keep their history; the plan's property limit (spec §9) is checked under a lock on the agent row.
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { isWithinLimit, planFor } from '@keyturn/domain/plans';
import type { Property, PropertyData } from '@keyturn/domain/schemas/property';
import type { Db } from '../../db/client';
import { lockAgentRow, writeTransaction } from '../../db/transaction';
import { properties } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import type { AgentRow } from '../agents/service';
import { toProperty } from '../booking-public/service';

const propertyNotFound = () => notFound('Property not found.');

export async function listProperties(db: Db, agent: AgentRow): Promise<Property[]> {
  const rows = await db
    .select()
    .from(properties)
    .where(and(eq(properties.agentId, agent.id), isNull(properties.deletedAt)))
    .orderBy(desc(properties.createdAt), desc(properties.id));
  return rows.map(toProperty);
}

export async function getProperty(db: Db, agent: AgentRow, rawId: string): Promise<Property> {
  return toProperty(await ownProperty(db, agent, rawId));
}

export async function countProperties(db: Db, agentId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(properties)
    .where(and(eq(properties.agentId, agentId), isNull(properties.deletedAt)));
  return row?.n ?? 0;
}

export async function createProperty(db: Db, agent: AgentRow, input: PropertyData): Promise<Property> {
  return writeTransaction(db, async (tx) => {
    await lockAgentRow(tx, agent.id);
    const plan = planFor(agent.plan);
    const used = await countProperties(tx as unknown as Db, agent.id);
    if (!isWithinLimit(plan.maxProperties, used)) {
      throw new AppError(
        403,
        'PROPERTY_LIMIT_REACHED',
        `Your ${plan.name} plan includes up to ${plan.maxProperties} properties. Upgrade your plan to add more.`,
      );
    }
    const [row] = await tx
      .insert(properties)
      .values({ agentId: agent.id, ...columns(input) })
      .returning();
    return toProperty(row!);
  });
}

export async function updateProperty(
  db: Db,
  agent: AgentRow,
  rawId: string,
  input: PropertyData,
): Promise<Property> {
  const existing = await ownProperty(db, agent, rawId);
  const values = columns(input);
  // A new address makes the old map position wrong (issue 16): it is cleared and geocoded again.
  const moved = (['address', 'city', 'state', 'zipCode'] as const).some((k) => values[k] !== existing[k]);
  const [row] = await db
    .update(properties)
    .set(moved ? { ...values, lat: null, lng: null } : values)
    .where(and(eq(properties.id, existing.id), eq(properties.agentId, agent.id)))
    .returning();
  return toProperty(row!);
}

export async function deleteProperty(db: Db, agent: AgentRow, rawId: string): Promise<void> {
  const existing = await ownProperty(db, agent, rawId);
  await db
    .update(properties)
    .set({ deletedAt: new Date(), isPublic: false })
    .where(and(eq(properties.id, existing.id), eq(properties.agentId, agent.id)));
}

async function ownProperty(db: Db, agent: AgentRow, rawId: string) {
  const id = /^\d{1,9}$/.test(rawId) ? Number(rawId) : null;
  if (!id) throw propertyNotFound();
  const [row] = await db
    .select()
    .from(properties)
    .where(and(eq(properties.id, id), eq(properties.agentId, agent.id), isNull(properties.deletedAt)));
  if (!row) throw propertyNotFound();
  return row;
}

function columns(input: PropertyData) {
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
  };
}
