// `npm run admin -- <command>`: operator commands that have no screen yet.
//   set-plan <email> <basic|pro|enterprise>   change an agent's plan
//   reset-demo                                drop the demo agent's data and build the demo again for today
//   lead-classes [--all]                      store the class history of leads that lack one of the current
//                                             rules version (--all: of every lead again); resumable
//   set-seats <team> <n>                      a team's extra seats (by URL name or id) beyond the included 5
//   billing-setup                             create the plan table's products, prices and the waiting-list
//                                             coupon in the Stripe account (STRIPE_SECRET_KEY); idempotent
import { eq } from 'drizzle-orm';
import { PLAN_IDS, type PlanId } from '@keyturn/domain/enums';
import { planFor } from '@keyturn/domain/plans';
import { createAuth } from '../auth';
import { loadConfig } from '../config';
import { connect } from '../db/client';
import { ensureDatabase, openDatabase, type Database } from '../db/database';
import { runningEmbeddedUrl } from '../db/embedded';
import { agents } from '../db/schema';
import { DEMO_AGENT, resetDemo } from '../demo/seed';
import { jobOptionsOf, openJobQueue } from '../jobs/queue';
import { imageBackendFor } from '../modules/uploads/backend';
import { backfillLeadClasses } from '../modules/leads/classes';
import { LEAD_CLASS_RULES_VERSION } from '@keyturn/domain/insights/classHistory';
import { setSeatsCommand } from './set-seats';
import { stripeClient } from '../adapters/billing';
import { billingOf, serverSettingsOf } from '../modules/server-settings/store';
import { setUpBilling } from '../modules/billing/setup';

const USAGE = [
  'Usage: npm run admin -- set-plan <email> <basic|pro|enterprise>',
  '       npm run admin -- reset-demo',
  '       npm run admin -- lead-classes [--all]',
  '       npm run admin -- set-seats <team> <n>',
  '       npm run admin -- billing-setup',
].join('\n');

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (command === 'reset-demo' && args.length === 0) return resetDemoCommand();
  if (command === 'lead-classes' && (args.length === 0 || (args.length === 1 && args[0] === '--all'))) {
    return leadClassesCommand(args[0] === '--all');
  }
  if (command === 'billing-setup' && args.length === 0) return billingSetupCommand();
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
