// Issue 32 §3/§4: a property's access details (sealed), every release of them, the agent's notes for the seller's
// report. Shapes: packages/domain/src/listing/access.ts.
import { integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { AccessChannel, AccessRecipientRole } from '@keyturn/domain/listing/access';
import { timestamps } from './columns';
import { bookings, properties } from './core';

export const propertyAccess = pgTable('property_access', {
  propertyId: integer()
    .primaryKey()
    .references(() => properties.id, { onDelete: 'cascade' }),
  /** Every field of AccessDetails as one JSON value sealed by core/crypto.ts (never stored plain). */
  sealed: text().notNull(),
  /** Bumped by each save: a release records which version it showed. */
  version: integer().notNull().default(1),
  ...timestamps,
});

export const accessReleases = pgTable(
  'access_releases',
  {
    id: uuid().primaryKey().defaultRandom(),
    bookingId: uuid()
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    recipient: text().notNull(),
    role: text().$type<AccessRecipientRole>().notNull(),
    channel: text().$type<AccessChannel>().notNull(),
    accessVersion: integer().notNull(),
    releasedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('access_releases_once').on(t.bookingId, t.role, t.channel)],
);

export const propertySellerNotes = pgTable('property_seller_notes', {
  propertyId: integer()
    .primaryKey()
    .references(() => properties.id, { onDelete: 'cascade' }),
  notes: text().notNull().default(''),
  ...timestamps,
});
