// Issue 45 "Cross-agent tours" (migration 0057): a buyer's agent's day of homes listed by other agents on this
// server. Each stop's request is a booking of the listing's agent with network_tour_id (bookings, core.ts).
import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { agents, properties } from './core';

export const networkTours = pgTable(
  'network_tours',
  {
    id: uuid().primaryKey().defaultRandom(),
    buyerAgentId: uuid()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    /** The day, in the first stop's listing agent's zone. */
    date: text().notNull(),
    clientName: text().notNull(),
    /** What the last re-plan did, in the buyer's agent's words (NETWORK_TOUR_TEXTS). */
    note: text(),
    ...timestamps,
  },
  (t) => [index().on(t.buyerAgentId, t.createdAt)],
);

export const networkTourStops = pgTable(
  'network_tour_stops',
  {
    tourId: uuid()
      .notNull()
      .references(() => networkTours.id, { onDelete: 'cascade' }),
    propertyId: integer()
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    /** The home's place in the day as sent (the plan's order). */
    position: integer().notNull(),
    /** Why the stop's request was not sent, when it was not. */
    note: text(),
  },
  (t) => [primaryKey({ columns: [t.tourId, t.propertyId] })],
);
