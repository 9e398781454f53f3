// GET /api/health: which part is down. `database` (the supervisor's view, confirmed by a query), `jobs` (the
// notification queue: reachable, and no job left waiting well past its time — workers are running somewhere),
// `workers` (this process's own workers, or "external" with WORKERS_IN_PROCESS=false) and `mail` (the SMTP
// server in force answers — the environment's or the one saved in Server settings, read at each check; "outbox"
// when neither is set and e-mails are kept in the database instead). 200 when all is well, 200 with
// status "degraded" when notifications are affected, 503 when the database is down (nothing works then).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { z } from 'zod';
import type { MailSettings, SmtpTransport } from '../../adapters/mail';
import type { Db } from '../../db/client';
import type { DatabaseStatus } from '../../db/supervisor';
import { JOBS_SCHEMA, NOTIFICATIONS_QUEUE } from '../../jobs/queue';
import type { WorkersState } from '../../jobs/workers';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded', 'unavailable']),
  database: z.enum(['ok', 'unreachable']),
  jobs: z.enum(['ok', 'behind', 'unreachable']),
  workers: z.enum(['running', 'starting', 'failing', 'stopped', 'external']),
  mail: z.enum(['ok', 'outbox', 'unreachable']),
});

/** A due job still waiting this long means no worker is taking jobs. */
const OVERDUE_MINUTES = 5;
/** The SMTP check is cached: health may be polled every second by a load balancer. */
const MAIL_CHECK_TTL_MS = 30_000;

export async function healthRoutes(
  app: FastifyInstance,
  opts: {
    db: Db;
    dbStatus: DatabaseStatus;
    workers: () => WorkersState;
    /** The mail settings in force (decision 048): what the mailer itself reads at each send. */
    mailSettings: () => Promise<MailSettings>;
  },
) {
  const mailCheck = smtpCheck(opts.mailSettings);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['health'],
        summary: 'Which part is up: database, job queue, workers, mail',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const database = opts.dbStatus.up && (await succeeds(opts.db.execute(sql`select 1`)));
      const jobs = database ? await queueState(opts.db) : 'unreachable';
      const mail = await mailCheck();
      const workers = opts.workers();
      const body = {
        database: database ? ('ok' as const) : ('unreachable' as const),
        jobs,
        workers,
        mail,
      };
      if (!database) {
        return reply
          .status(503)
          .header('cache-control', 'no-store')
          .send({ status: 'unavailable', ...body });
      }
      const degraded =
        jobs !== 'ok' || mail === 'unreachable' || workers === 'failing' || workers === 'stopped';
      return reply
        .header('cache-control', 'no-store')
        .send({ status: degraded ? 'degraded' : 'ok', ...body });
    },
  );
}

async function succeeds(p: Promise<unknown>): Promise<boolean> {
  try {
    await p;
    return true;
  } catch {
    return false;
  }
}

async function queueState(db: Db): Promise<'ok' | 'behind' | 'unreachable'> {
  try {
    const result = await db.execute<{ overdue: boolean }>(
      sql`select exists (select 1 from ${sql.identifier(JOBS_SCHEMA)}.job
            where name = ${NOTIFICATIONS_QUEUE} and state in ('created', 'retry')
              and start_after < now() - make_interval(mins => ${OVERDUE_MINUTES})) as overdue`,
    );
    return result.rows[0]?.overdue ? 'behind' : 'ok';
  } catch {
    return 'unreachable';
  }
}

/**
 * The SMTP server in force answers. The result is kept for a while per server: a change saved in Server
 * settings is checked at once, the same server again only after MAIL_CHECK_TTL_MS.
 */
function smtpCheck(
  mailSettings: () => Promise<MailSettings>,
): () => Promise<'ok' | 'outbox' | 'unreachable'> {
  let cached: { key: string; at: number; value: Promise<'ok' | 'unreachable'> } | null = null;
  return async () => {
    let smtp: SmtpTransport | null;
    try {
      smtp = (await mailSettings()).smtp;
    } catch {
      return 'unreachable';
    }
    if (!smtp) return 'outbox';
    const key = JSON.stringify(smtp);
    if (!cached || cached.key !== key || Date.now() - cached.at > MAIL_CHECK_TTL_MS) {
      const transport = nodemailer.createTransport(smtp as string, {
        connectionTimeout: 5000,
        greetingTimeout: 5000,
        socketTimeout: 5000,
      });
      cached = {
        key,
        at: Date.now(),
        value: transport
          .verify()
          .then(() => 'ok' as const)
          .catch(() => 'unreachable' as const)
          .finally(() => transport.close()),
      };
    }
    return cached.value;
  };
}
