// A fresh, migrated database per test file, on the server the global setup provided (or an empty one, for the
// tests of what processes do on a database they find empty).
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { connect, type DbHandle } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { adminQuery } from './support/admin-query';

export type TestDatabase = DbHandle & { url: string; drop: () => Promise<void> };

export async function createTestDatabase(
  options: {
    /**
     * `template` (the default): a copy of the run's migrated template database (test/global-setup.ts,
     * decision 073) — every migration applied, as a fresh database migrated here would have them, without
     * migrating again. `fresh`: an empty database migrated here, for the tests of the migrations themselves.
     * `false`: an empty database, for the tests of what processes do on a database they find empty.
     */
    migrate?: 'template' | 'fresh' | false;
  } = {},
): Promise<TestDatabase> {
  const adminUrl = inject('pgAdminUrl');
  const migrate = options.migrate ?? 'template';
  const name = `keyturn_test_${randomBytes(6).toString('hex')}`;
  // Several files copy the template at once: PostgreSQL allows that (the template only must have no
  // connections, and it has none). Through PgBouncer (the pooler run) the statement goes through its admin URL.
  await adminQuery(
    adminUrl,
    migrate === 'template'
      ? `create database ${name} template ${inject('pgTemplate')}`
      : `create database ${name}`,
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Through a transaction pooler (the pooler run, vitest.pooler.config.ts): no named statements.
  const handle = connect(url.toString(), 10, { pooler: inject('pgPooler') ?? 'none' });
  if (migrate === 'fresh') await runMigrations(handle.pool);
  return {
    ...handle,
    url: url.toString(),
    drop: async () => {
      await handle.close();
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
