// Server settings (issue 30, decision 048): the administrator's configuration, one row per setting; secrets
// sealed (modules/core/crypto.ts). An environment variable of the same name wins over a row.
import { boolean, pgTable, text } from 'drizzle-orm/pg-core';

import { users } from './accounts';
import { timestamps } from './columns';

export const serverSettings = pgTable('server_settings', {
  key: text().primaryKey(),
  value: text().notNull(),
  secret: boolean().notNull().default(false),
  updatedBy: text().references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
});
