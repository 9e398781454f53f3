// Route optimisation (issue 16): the geocoder's and router's caches (buyer tours sit with the bookings they
// group, core.ts).
import { doublePrecision, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TimeProposalStatus } from '@keyturn/domain/routes/proposals';
import { agentRef, bookings } from './core';

/** Geocoder answers per normalised address (lower case, single spaces): a saved property never asks twice. */
export const geocodeCache = pgTable('geocode_cache', {
  addressKey: text().primaryKey(),
  // null = the geocoder found nothing for the address (also remembered).
  lat: doublePrecision(),
  lng: doublePrecision(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Routed drive times per ordered pair of points (rounded to ~1 m) and hour of the day: the routing service is
 * asked once per pair and hour. Estimates are computed, never stored.
 */
export const travelCache = pgTable('travel_cache', {
  pairKey: text().primaryKey(),
  seconds: integer().notNull(),
  meters: integer().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Optimise's time proposals (issue 29, decision 042): a pending showing's buyer is offered a new time by
 * e-mail (`token` opens the page); the booking moves only when they accept (then `moved_booking_id`).
 * `from_starts_at` is the booking's time when proposed: a booking that moved or changed since makes it stale.
 */
export const timeProposals = pgTable(
  'time_proposals',
  {
    id: uuid().primaryKey().defaultRandom(),
    agentId: agentRef(),
    bookingId: uuid()
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    token: text().notNull().unique(),
    /** The agent-zone date of the day that was optimised. */
    date: text().notNull(),
    fromStartsAt: timestamp({ withTimezone: true }).notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    status: text().$type<Exclude<TimeProposalStatus, 'changed'>>().notNull().default('proposed'),
    movedBookingId: uuid().references(() => bookings.id, { onDelete: 'set null' }),
    answeredAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('time_proposals_agent_date_idx').on(t.agentId, t.date),
    index('time_proposals_booking_idx').on(t.bookingId),
  ],
);

/**
 * The geocoder's turns (issue 30): per geocoder, the earliest instant the next request may go. Every process on
 * the database takes its turn from this row, so all of them together stay at one request a second.
 */
export const geocoderTurns = pgTable('geocoder_turns', {
  geocoder: text().primaryKey(),
  nextAt: timestamp({ withTimezone: true }).notNull(),
});
