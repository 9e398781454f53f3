// Stored files: uploaded images and the outbox's kept messages (issue 11), both in PostgreSQL.
import { customType, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** PostgreSQL `bytea`: node-postgres reads it as a Buffer and writes a Buffer as one. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Uploaded images (issue 11), named by the hash of their content (`<hash>.<ext>`, the name in the
 * /uploads/ URL): every server on the database serves every image.
 */
export const images = pgTable('images', {
  name: text().primaryKey(),
  contentType: text().notNull(),
  bytes: bytea().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * The outbox (issue 11): the raw message of every e-mail (.eml) and text (.txt) kept instead of sent when
 * no SMTP server / SMS provider is configured, under the file name `notification_messages.file_name` names.
 */
export const messageCopies = pgTable('message_copies', {
  fileName: text().primaryKey(),
  channel: text().notNull(),
  content: bytea().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
