// The pooler run (issue 40, `vitest.pooler.config.ts`): the usual test server (test/global-setup.ts) with
// PgBouncer in transaction mode in front of it. Every test database is created and used through the pooler,
// the test's own pools send no named statements (test/db.ts) and the servers and workers a test spawns get
// DATABASE_POOLER=transaction, as an operator sets it behind such a pooler.
import type { TestProject } from 'vitest/node';
import baseSetup from './global-setup';
import { pgbouncerInstalled, PGBOUNCER, startPgBouncer } from './support/pgbouncer';

export default async function setup(project: TestProject) {
  if (!pgbouncerInstalled()) {
    throw new Error(
      `The pooler run needs PgBouncer (${PGBOUNCER}): apt-get install pgbouncer, or set PGBOUNCER.`,
    );
  }
  let upstream = '';
  const provide = project.provide.bind(project);
  const teardown = await baseSetup({
    ...project,
    provide: (key: string, value: unknown) => {
      if (key === 'pgAdminUrl') upstream = value as string;
      else provide(key as never, value as never);
    },
  } as TestProject);
  const pooler = await startPgBouncer(upstream);
  project.provide('pgAdminUrl', pooler.url);
  project.provide('pgPooler', 'transaction');
  process.env.DATABASE_POOLER = 'transaction';
  return async () => {
    await pooler.stop();
    await teardown?.();
  };
}
