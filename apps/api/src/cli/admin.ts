// `npm run admin -- <command>`: operator commands that have no screen yet.
//   set-plan <email> <basic|pro|enterprise>   change an agent's plan
//   reset-demo                                drop the demo agent's data and build the demo again for today
//   lead-classes [--all]                      store the class history of leads that lack one of the current
//                                             rules version (--all: of every lead again); resumable
//   set-seats <team> <n>                      a team's extra seats (by URL name or id) beyond the included 5
//   billing-setup                             create the plan table's products, prices and the waiting-list
//                                             coupon in the Stripe account (STRIPE_SECRET_KEY); idempotent
//   backup [--dir D]                          the database (pg_dump, custom format) and the stored secrets' key
//                                             into a new folder under D (BACKUP_DIR, else <DATA_DIR>-backups)
//   restore <backup folder>                   into an empty database (DATABASE_URL) or an empty data folder
import { eq } from 'drizzle-orm';
import { PLAN_IDS, type PlanId } from '@keyturn/domain/enums';
import { planFor } from '@keyturn/domain/plans';
import { createAuth } from '../auth';
import { loadConfig } from '../config';
import { connect } from '../db/client';
import { ensureDatabase, openDatabase, type Database } from '../db/database';
import { runningEmbeddedUrl, startEmbeddedPostgres } from '../db/embedded';
import {
  BackupError,
  dataFolderIsEmpty,
  readBackup,
  restoreDatabase,
  restoreKey,
  writeBackup,
} from '../modules/backups/backup';
import { BACKUP_MESSAGES } from '@keyturn/domain/operations';
import { agents } from '../db/schema';
import { DEMO_AGENT, resetDemo } from '../demo/seed';
import { jobOptionsOf, openJobQueue } from '../jobs/queue';
import { imageBackendFor } from '../modules/uploads/backend';
import { backfillLeadClasses } from '../modules/leads/classes';
import { LEAD_CLASS_RULES_VERSION } from '@keyturn/domain/insights/classHistory';
import { setSeatsCommand } from './set-seats';
import { stripeClient } from '../adapters/billing';
import { billingOf, serverSettingsOf } from '../modules/core/settings-store';
import { setUpBilling } from '../modules/billing/setup';

const USAGE = [
  'Usage: npm run admin -- set-plan <email> <basic|pro|enterprise>',
  '       npm run admin -- reset-demo',
  '       npm run admin -- lead-classes [--all]',
  '       npm run admin -- set-seats <team> <n>',
  '       npm run admin -- billing-setup',
  '       npm run admin -- backup [--dir <folder>]',
  '       npm run admin -- restore <backup folder>',
].join('\n');

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (command === 'reset-demo' && args.length === 0) return resetDemoCommand();
  if (command === 'lead-classes' && (args.length === 0 || (args.length === 1 && args[0] === '--all'))) {
    return leadClassesCommand(args[0] === '--all');
  }
  if (command === 'billing-setup' && args.length === 0) return billingSetupCommand();
  if (command === 'backup' && (args.length === 0 || (args.length === 2 && args[0] === '--dir'))) {
    return reportingBackupErrors(() => backupCommand(args[1]));
  }
  if (command === 'restore' && args.length === 1)
    return reportingBackupErrors(() => restoreCommand(args[0]!));
  if (command === 'set-seats' && args.length === 2) {
    const database = await openForAdmin();
    try {
      const result = await setSeatsCommand(database.db, args[0]!, args[1]!);
      (result.code === 0 ? console.log : console.error)(result.message);
      return result.code;
    } finally {
      await database.close();
    }
  }
  if (command !== 'set-plan' || args.length !== 2) {
    console.error(USAGE);
    return 2;
  }
  const [email, plan] = args as [string, string];
  if (!(PLAN_IDS as readonly string[]).includes(plan)) {
    console.error(`Unknown plan "${plan}". Plans: ${PLAN_IDS.join(', ')}.`);
    return 2;
  }
  const database = await openForAdmin();
  try {
    const rows = await database.db
      .update(agents)
      .set({ plan: plan as PlanId })
      .where(eq(agents.email, email.trim().toLowerCase()))
      .returning({ id: agents.id, email: agents.email });
    if (rows.length === 0) {
      console.error(`No agent with the e-mail ${email}.`);
      return 1;
    }
    console.log(`${rows[0]!.email} is now on the ${planFor(plan).name} plan.`);
    return 0;
  } finally {
    await database.close();
  }
}

async function billingSetupCommand(): Promise<number> {
  const config = loadConfig();
  const database = await openForAdmin();
  try {
    // The keys in force: the environment's, else those saved in Server settings (decision 048).
    const stripe = stripeClient(await billingOf(serverSettingsOf(config, database.db).resolver, config)());
    if (!stripe) {
      console.error(
        'Billing is not configured: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (or save them in Server settings) first.',
      );
      return 2;
    }
    const report = await setUpBilling(stripe);
    for (const line of report.created) console.log(`created ${line}`);
    console.log(`${report.created.length} created, ${report.existing.length} already there.`);
    return 0;
  } finally {
    await database.close();
  }
}

/** An operator's mistake or a missing tool is told in one line (exit 1), not as a stack trace. */
async function reportingBackupErrors(command: () => Promise<number>): Promise<number> {
  try {
    return await command();
  } catch (err) {
    if (!(err instanceof BackupError)) throw err;
    console.error(err.message);
    return 1;
  }
}

async function backupCommand(dir: string | undefined): Promise<number> {
  const config = loadConfig();
  const target = await urlForAdmin();
  try {
    const folder = await writeBackup({
      url: target.url,
      dataDir: config.dataDir,
      tokenKey: config.calendar.tokenKey,
      dir: dir ?? config.backupDir,
    });
    console.log(BACKUP_MESSAGES.written(folder));
    return 0;
  } finally {
    await target.close();
  }
}

async function restoreCommand(source: string): Promise<number> {
  const config = loadConfig();
  const backup = await readBackup(source);
  if (config.databaseUrl) {
    await restoreKey(backup.key, config.dataDir, config.calendar.tokenKey, { dryRun: true });
    await restoreDatabase(backup.folder, backup.manifest, config.databaseUrl);
    await restoreKey(backup.key, config.dataDir, config.calendar.tokenKey);
    console.log(BACKUP_MESSAGES.restored(new URL(config.databaseUrl).pathname.slice(1)));
    return 0;
  }
  if (!(await dataFolderIsEmpty(config.dataDir))) {
    throw new BackupError(BACKUP_MESSAGES.dataFolderNotEmpty(config.dataDir));
  }
  await restoreKey(backup.key, config.dataDir, config.calendar.tokenKey, { dryRun: true });
  const embedded = await startEmbeddedPostgres(config.dataDir, () => {});
  try {
    const url = await ensureDatabase(embedded.adminUrl, 'keyturn');
    await restoreDatabase(backup.folder, backup.manifest, url);
    await restoreKey(backup.key, config.dataDir, config.calendar.tokenKey);
  } finally {
    await embedded.stop();
  }
  console.log(BACKUP_MESSAGES.restored(config.dataDir));
  return 0;
}

/** The address of the server's own database, with what closes what was opened for it. */
async function urlForAdmin(): Promise<{ url: string; close: () => Promise<void> }> {
  const config = loadConfig();
  if (config.databaseUrl) return { url: config.databaseUrl, close: async () => {} };
  const running = await runningEmbeddedUrl(config.dataDir);
  if (running) return { url: await ensureDatabase(running, 'keyturn'), close: async () => {} };
  const database = await openDatabase(config, () => {});
  return { url: database.url, close: () => database.close() };
}

async function resetDemoCommand(): Promise<number> {
  const config = loadConfig();
  const database = await openForAdmin();
  try {
    const result = await resetDemo({
      db: database.db,
      auth: createAuth(database.db, config),
      queue: await openJobQueue(database.db, jobOptionsOf(config)),
      images: imageBackendFor(config, database.db),
      config,
    });
    console.log(
      `Demo rebuilt for today: ${DEMO_AGENT.email} / ${DEMO_AGENT.password}, ${result.bookings} bookings, ${result.messages} messages.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

async function leadClassesCommand(all: boolean): Promise<number> {
  const database = await openForAdmin();
  try {
    const started = Date.now();
    const result = await backfillLeadClasses(database.db, {
      recompute: all,
      onBatch: (done) => console.log(`${done} leads classified…`),
    });
    console.log(
      `Lead classes stored: ${result.classified} leads classified (rules version ${LEAD_CLASS_RULES_VERSION}), ${result.created} new lead rows, ${Date.now() - started} ms.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

/** The server's own database: DATABASE_URL, the embedded one a running server holds, or start it here. */
async function openForAdmin(): Promise<Pick<Database, 'db' | 'close'>> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    const running = await runningEmbeddedUrl(config.dataDir);
    if (running) return connect(await ensureDatabase(running, 'keyturn'), 2);
  }
  return openDatabase(config, () => {});
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
