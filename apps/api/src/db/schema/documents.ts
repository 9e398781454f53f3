// Issue 45 "Listing documents" (migration 0056): a listing's documents, their bytes (one row per content, keyed
// by SHA-256), the buyers' requests for on-request documents and the log of every download.
import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  DocumentRecipient,
  DocumentRequestStatus,
  DocumentRule,
} from '@keyturn/domain/listing/documents';
import { agentRef, bookings, properties } from './core';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** The bytes of an uploaded document, stored once per content (the same PDF on two listings is one row). */
export const documentFiles = pgTable('document_files', {
  sha256: text().primaryKey(),
  bytes: bytea().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A listing's document: its name, who gets it (rule) and its checked type. Deleting sets deleted_at. */
export const listingDocuments = pgTable(
  'listing_documents',
  {
    id: uuid().primaryKey().defaultRandom(),
    agentId: agentRef(),
    propertyId: integer()
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    rule: text().$type<DocumentRule>().notNull(),
    contentType: text().notNull(),
    sizeBytes: integer().notNull(),
    sha256: text()
      .notNull()
      .references(() => documentFiles.sha256),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index().on(t.propertyId),
    check(
      'listing_documents_rule',
      sql`${t.rule} in ('public', 'with_confirmation', 'on_request', 'after_showing')`,
    ),
  ],
);

/** A booking's buyer asking for an on-request document: one request per document and booking. */
export const documentRequests = pgTable(
  'document_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    documentId: uuid()
      .notNull()
      .references(() => listingDocuments.id, { onDelete: 'cascade' }),
    bookingId: uuid()
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    status: text().$type<DocumentRequestStatus>().notNull().default('pending'),
    requestedAt: timestamp({ withTimezone: true }).notNull(),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    unique('document_requests_document_booking').on(t.documentId, t.bookingId),
    check('document_requests_status', sql`${t.status} in ('pending', 'approved', 'declined')`),
  ],
);

/** Every download through a signed link: which document, for which booking (if any), whose link, when. */
export const documentDownloads = pgTable(
  'document_downloads',
  {
    id: uuid().primaryKey().defaultRandom(),
    documentId: uuid()
      .notNull()
      .references(() => listingDocuments.id, { onDelete: 'cascade' }),
    propertyId: integer()
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    bookingId: uuid().references(() => bookings.id, { onDelete: 'set null' }),
    role: text().$type<DocumentRecipient>().notNull(),
    ip: text(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index().on(t.documentId, t.at),
    index().on(t.propertyId, t.at),
    check('document_downloads_role', sql`${t.role} in ('buyer', 'buyer_agent', 'public', 'agent')`),
  ],
);
