// What a buyer may read about an agent and their properties (spec §2.4): the public agent, their public
// properties, and the shapes the booking page shows of them.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Property } from '@keyturn/domain/schemas/property';
import type { PropertyAgent, PublicAgent } from '@keyturn/domain/schemas/publicBooking';
import { parsePropertyRef } from '@keyturn/domain/links';
import { MESSAGES } from '@keyturn/domain/messages';
import type { Db } from '../../db/client';
import { agents, properties } from '../../db/schema';
import { AppError } from '../../http/errors';
import { isUuid } from '../../http/ids';
import type { AgentRow } from './agents';

export const agentNotFound = () => new AppError(404, 'AGENT_NOT_FOUND', 'This agent could not be found.');
export const propertyNotFound = () => new AppError(404, 'PROPERTY_NOT_FOUND', MESSAGES.propertyNotFoundBody);

type PropertyRow = typeof properties.$inferSelect;

// ---- reading ----

// The hot public lookups are prepared once per database handle (issue 18): drizzle builds their SQL text
// once, and PostgreSQL parses and plans each named statement once per connection.
const prepared = new WeakMap<Db, ReturnType<typeof prepareLookups>>();

function prepareLookups(db: Db) {
  const propertyWithAgent = () =>
    db
      .select({ property: properties, agent: agents })
      .from(properties)
      .innerJoin(agents, eq(agents.id, properties.agentId));
  const visible = and(eq(properties.isPublic, true), isNull(properties.deletedAt));
  return {
    agentById: db
      .select()
      .from(agents)
      .where(eq(agents.id, sql.placeholder('id')))
      .prepare('public_agent_by_id'),
    propertyById: propertyWithAgent()
      .where(and(eq(properties.id, sql.placeholder('id')), visible))
      .prepare('public_property_by_id'),
    propertyByPublicId: propertyWithAgent()
      .where(and(eq(properties.publicId, sql.placeholder('id')), visible))
      .prepare('public_property_by_public_id'),
  };
}

function lookups(db: Db) {
  let found = prepared.get(db);
  if (!found) {
    found = prepareLookups(db);
    prepared.set(db, found);
  }
  return found;
}

export async function findPublicAgent(db: Db, agentId: string): Promise<AgentRow> {
  if (!isUuid(agentId)) throw agentNotFound();
  const [row] = await lookups(db).agentById.execute({ id: agentId });
  if (!row) throw agentNotFound();
  return row;
}

export function toPublicAgent(a: AgentRow): PublicAgent {
  return {
    id: a.id,
    username: a.username,
    first_name: a.firstName,
    last_name: a.lastName,
    // Only what the agent chose to show (issue 26).
    email: a.showEmail ? a.email : null,
    phone: a.showPhone ? a.phone : null,
    logoUrl: a.logoUrl,
    companyName: a.companyName,
    primaryColor: a.primaryColor,
    profilePictureUrl: a.profilePictureUrl,
    timeZone: a.timeZone,
    defaultLanguage: a.defaultLanguage,
  };
}

export function toPropertyAgent(a: AgentRow): PropertyAgent {
  return {
    id: a.id,
    name: `${a.firstName} ${a.lastName}`,
    first_name: a.firstName,
    last_name: a.lastName,
    username: a.username,
    logoUrl: a.logoUrl,
    profilePictureUrl: a.profilePictureUrl,
    companyName: a.companyName,
    primaryColor: a.primaryColor,
    timeZone: a.timeZone,
    defaultLanguage: a.defaultLanguage,
  };
}

export function toProperty(p: PropertyRow): Property {
  return {
    id: p.id,
    public_id: p.publicId,
    agent_id: p.agentId,
    address: p.address,
    city: p.city,
    state: p.state,
    zip_code: p.zipCode,
    price: p.price,
    bedrooms: p.bedrooms,
    bathrooms: p.bathrooms,
    property_type: p.propertyType as Property['property_type'],
    images: p.images,
    is_public: p.isPublic,
  };
}

export async function listPublicProperties(db: Db, agentId: string): Promise<Property[]> {
  const agent = await findPublicAgent(db, agentId);
  const rows = await db
    .select()
    .from(properties)
    .where(and(eq(properties.agentId, agent.id), eq(properties.isPublic, true), isNull(properties.deletedAt)))
    .orderBy(properties.createdAt, properties.id);
  return rows.map(toProperty);
}

/** A property a buyer may book: it exists, is public and not deleted. */
export async function findPublicProperty(
  db: Db,
  propertyId: string | number,
): Promise<{ property: PropertyRow; agent: AgentRow }> {
  // The spec's numeric id, or the unguessable public id the app's own links use (issue 11).
  const ref = typeof propertyId === 'number' ? propertyId : parsePropertyRef(propertyId);
  if (ref === null) throw propertyNotFound();
  const { propertyById, propertyByPublicId } = lookups(db);
  const [row] = await (typeof ref === 'number' ? propertyById : propertyByPublicId).execute({ id: ref });
  if (!row) throw propertyNotFound();
  return row;
}
