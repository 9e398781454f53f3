// The API tests that use every kind of session state a server could rely on — the start-up lock (servers and
// workers starting together), the booking race and its row locks and SET LOCAL timeouts, the job queue — run
// again with DATABASE_URL through PgBouncer in transaction mode (issue 40; test/global-setup-pooler.ts).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/contention.test.ts', 'test/notifications.test.ts', 'test/start-together.test.ts'],
    globalSetup: ['./test/global-setup-pooler.ts'],
    testTimeout: 30_000,
    hookTimeout: 90_000,
    // As in vitest.config.ts (decision 079): the three files share their worker's loaded modules.
    isolate: false,
  },
});
