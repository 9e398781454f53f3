// The demo seed's dependencies on a test app, its clock fixed at `now` (demo.test.ts, demo-consistency.test.ts).
import type { DemoDeps } from '../../src/demo/seed';
import { jobOptionsOf, openJobQueue } from '../../src/jobs/queue';
import { databaseImageStore } from '../../src/modules/uploads/storage';
import type { TestApp } from '../app';

export async function demoDepsOf(t: TestApp, now: Date): Promise<DemoDeps> {
  return {
    db: t.database.db,
    auth: t.auth,
    queue: await openJobQueue(t.database.db, jobOptionsOf(t.config)),
    images: databaseImageStore(t.database.db),
    config: t.config,
    now: () => now,
  };
}
