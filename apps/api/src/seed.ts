// Demo data for a newcomer: on an empty database, one agent with three properties and Mon–Fri 9:00–17:00
// hours, so the booking page can be tried at once. Runs only when there are no users at all.
import { count } from 'drizzle-orm';
import { DEFAULT_AVAILABILITY } from '@keyturn/domain/schemas/availability';
import type { Auth } from './auth';
import type { Db } from './db/client';
import { agents, properties, users } from './db/schema';
import { replaceAvailability } from './modules/availability/service';

export const DEMO_AGENT = {
  email: 'demo@keyturn.app',
  password: 'keyturn-demo',
  firstName: 'Dana',
  lastName: 'Whitfield',
  username: 'dana-whitfield',
  phone: '+1 512 555 0142',
  companyName: 'Whitfield Realty',
  timeZone: 'America/Chicago',
} as const;

const DEMO_PROPERTIES = [
  {
    address: '1420 Maple Grove Lane',
    city: 'Austin',
    state: 'TX',
    zipCode: '78704',
    price: 685000,
    bedrooms: 4,
    bathrooms: 3,
    propertyType: 'Residential',
  },
  {
    address: '88 Riverside Drive, Unit 12B',
    city: 'Austin',
    state: 'TX',
    zipCode: '78701',
    price: 429000,
    bedrooms: 2,
    bathrooms: 2,
    propertyType: 'Condo',
  },
  {
    address: '305 Live Oak Court',
    city: 'Round Rock',
    state: 'TX',
    zipCode: '78664',
    price: 512500,
    bedrooms: 3,
    bathrooms: 2.5,
    propertyType: 'Townhouse',
  },
];

export type SeedResult = { agentId: string; username: string } | null;

export async function seedDemoIfEmpty(db: Db, auth: Auth): Promise<SeedResult> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return null;
  const d = DEMO_AGENT;
  const signUp = await auth.api.signUpEmail({
    body: {
      email: d.email,
      password: d.password,
      name: `${d.firstName} ${d.lastName}`,
      firstName: d.firstName,
      lastName: d.lastName,
    },
  });
  const [agent] = await db
    .insert(agents)
    .values({
      userId: signUp.user.id,
      username: d.username,
      firstName: d.firstName,
      lastName: d.lastName,
      email: d.email,
      phone: d.phone,
      companyName: d.companyName,
      timeZone: d.timeZone,
    })
    .returning();
  if (!agent) throw new Error('demo agent was not created');
  await db.insert(properties).values(DEMO_PROPERTIES.map((p) => ({ ...p, agentId: agent.id })));
  await replaceAvailability(db, agent.id, DEFAULT_AVAILABILITY);
  return { agentId: agent.id, username: agent.username };
}
