// Route optimisation (issue 16): the geocoder's and router's caches (buyer tours sit with the bookings they
// group, core.ts).
import { doublePrecision, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
 * The geocoder's turns (issue 30): per geocoder, the earliest instant the next request may go. Every process on
 * the database takes its turn from this row, so all of them together stay at one request a second.
 */
export const geocoderTurns = pgTable('geocoder_turns', {
  geocoder: text().primaryKey(),
  nextAt: timestamp({ withTimezone: true }).notNull(),
});
