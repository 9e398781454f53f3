// `npm test` of the API (decision 050): the suite in two runs of vitest.
// 1. The files that mostly wait — for the workers' polling, for spawned servers and workers, for a database
//    restart — run three at a time: each has its own database (or its own embedded PostgreSQL) and ports, and
//    waiting does not compete for the CPU.
// 2. Everything else, as many files at a time as the machine has cores (two on CI; issue 42): each file has its
//    own copy of the migrated database and free ports, and the fuzz suite is cut in three files
//    (test/fuzz-<n>.test.ts) so it does not run alone at the end.
// 3. The pooler run (issue 40): the booking race, the jobs and the start-together test again with every
//    connection through PgBouncer in transaction mode (vitest.pooler.config.ts); CI installs pgbouncer.
// Extra arguments (say, a file name) are passed to one plain vitest run instead.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const WAITING = [
  'test/notifications.test.ts',
  'test/notifications-durability.test.ts',
  'test/multi-server.test.ts',
  'test/database-supervision.test.ts',
  'test/webhooks.test.ts',
  'test/calendar-sync.test.ts',
];

const vitest = (args) =>
  spawnSync('npx', ['vitest', 'run', ...args], { stdio: 'inherit', env: process.env }).status ?? 1;

const extra = process.argv.slice(2);
if (extra.length > 0) process.exit(vitest(extra));
const waiting = vitest(['--maxWorkers=3', ...WAITING]);
const rest = vitest(['--maxWorkers=100%', ...WAITING.flatMap((file) => ['--exclude', file])]);
let pooler = 0;
if (existsSync(process.env.PGBOUNCER ?? '/usr/sbin/pgbouncer')) {
  // Three start-together rounds through the pooler keep this run near a minute and a half.
  process.env.START_TOGETHER_ROUNDS ??= '3';
  pooler = vitest(['--config', 'vitest.pooler.config.ts', '--maxWorkers=3']);
} else {
  console.error(
    '\nThe pooler run was left out: PgBouncer is not installed here (apt-get install pgbouncer).',
  );
}
process.exit(waiting || rest || pooler);
