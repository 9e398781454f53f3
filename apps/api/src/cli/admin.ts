// `npm run admin -- <command>`: operator commands that have no screen yet.
//   set-plan <email> <basic|pro|enterprise>   change an agent's plan
import { eq } from 'drizzle-orm';
import { PLAN_IDS, type PlanId } from '@keyturn/domain/enums';
import { planFor } from '@keyturn/domain/plans';
import { loadConfig } from '../config';
import { connect } from '../db/client';
import { ensureDatabase, openDatabase, type Database } from '../db/database';
import { runningEmbeddedUrl } from '../db/embedded';
import { agents } from '../db/schema';

const USAGE = 'Usage: npm run admin -- set-plan <email> <basic|pro|enterprise>';

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
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
