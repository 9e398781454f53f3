// A fresh, migrated database per test file, on the server the global setup provided (or an empty one, for the
// tests of what processes do on a database they find empty).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { connect, type DbHandle } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';

export type TestDatabase = DbHandle & { url: string; drop: () => Promise<void> };

export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const adminUrl = inject('pgAdminUrl');
  const name = `keyturn_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Through a transaction pooler (the pooler run, vitest.pooler.config.ts): no named statements.
  const handle = connect(url.toString(), 10, { pooler: inject('pgPooler') ?? 'none' });
  if (options.migrate !== false) await runMigrations(handle.pool);
  return {
    ...handle,
    url: url.toString(),
    drop: async () => {
      await handle.close();
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
