// Agents, properties and availability for tests, made through the same code paths the product uses.
import { asc, eq } from 'drizzle-orm';
import { DEFAULT_AVAILABILITY, type AgentAvailability } from '@keyturn/domain/schemas/availability';
import type { PlanId } from '@keyturn/domain/enums';
import {
  agents,
  calendarBusy,
  calendarIntegrations,
  invitations,
  members,
  organizations,
  properties,
} from '../src/db/schema';
import { replaceAvailability } from '../src/modules/availability/service';
import type { TestApp } from './app';

export type TestAgent = { id: string; token: string; username: string; timeZone: string; email: string };

let n = 0;

export async function makeAgent(
  t: TestApp,
  opts: { timeZone?: string; plan?: PlanId; availability?: AgentAvailability | null; password?: string } = {},
): Promise<TestAgent> {
  // Read once: agents made in parallel (Promise.all) must not share a number, hence a username.
  const k = (n += 1);
  const { token, email } = await t.signUp({
    firstName: 'Jamie',
    lastName: `Agent${k}`,
    ...(opts.password ? { password: opts.password } : {}),
  });
  const username = `jamie-agent-${k}-${Date.now().toString(36)}`;
  const timeZone = opts.timeZone ?? 'America/New_York';
  const res = await t.request({
    method: 'POST',
    url: '/api/agents',
    token,
    payload: { first_name: 'Jamie', last_name: `Agent${k}`, phone: '+1 212 555 0100', username, timeZone },
  });
  if (res.statusCode !== 201) throw new Error(`agent creation failed: ${res.body}`);
  const id = res.json().data.id as string;
  if (opts.plan) await t.database.db.update(agents).set({ plan: opts.plan }).where(eq(agents.id, id));
  if (opts.availability !== null) {
    await replaceAvailability(t.database.db, id, opts.availability ?? DEFAULT_AVAILABILITY);
  }
  return { id, token, username, timeZone, email };
}

export async function makeProperty(
  t: TestApp,
  agentId: string,
  overrides: Partial<typeof properties.$inferInsert> = {},
): Promise<number> {
  const [row] = await t.database.db
    .insert(properties)
    .values({
      agentId,
      address: '12 Elm Street',
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
      price: 350000,
      bedrooms: 3,
      bathrooms: 2,
      propertyType: 'Residential',
      ...overrides,
    })
    .returning({ id: properties.id });
  return row!.id;
}

export function bookingPayload(agentId: string, overrides: Record<string, unknown> = {}) {
  return {
    property_id: null,
    agent_id: agentId,
    client_name: 'Casey Buyer',
    client_email: 'casey@example.com',
    client_phone: '+1 646 555 0199',
    buyer_type: 'first_time_buyer',
    budget_min: 300000,
    budget_max: 400000,
    income_range: '100000-125000',
    booking_purpose: 'property_viewing',
    custom_purpose: null,
    booking_date: '2030-01-08',
    booking_time: '10:00',
    message: null,
    ...overrides,
  };
}

/** A busy time pulled from a connected (ICS) calendar of the agent, as calendar sync stores it. */
export async function makeCalendarBusy(t: TestApp, agentId: string, startsAt: string, endsAt: string) {
  const [integration] = await t.database.db
    .insert(calendarIntegrations)
    .values({ agentId, provider: 'ics', status: 'connected' })
    .returning({ id: calendarIntegrations.id });
  await t.database.db.insert(calendarBusy).values({
    agentId,
    integrationId: integration!.id,
    startsAt: new Date(startsAt),
    endsAt: new Date(endsAt),
  });
}

/** Every row of the team tables: a refused call must leave them exactly as they were. */
export async function teamTables(t: TestApp): Promise<string> {
  const db = t.database.db;
  return JSON.stringify({
    teams: await db.select().from(organizations).orderBy(asc(organizations.id)),
    members: await db.select().from(members).orderBy(asc(members.id)),
    invitations: await db.select().from(invitations).orderBy(asc(invitations.id)),
  });
}
