// Request transactions that never answer 500 under contention (docs/architecture.md "Booking writes").
//
// THE LOCK ORDER of every transaction that writes an agent's bookings, availability or settings:
//   1. the agent row, `SELECT … FOR UPDATE` (lockAgentRow) — first, always, so writes of one agent queue here
//      instead of meeting each other at the rows below;
//   2. the idempotency key row of a public submit;
//   3. the booking row being changed (UPDATE … WHERE status = the status read);
//   4. the new booking (INSERT; the EXCLUDE constraint settles overlaps → 409 SLOT_TAKEN);
//   5. notification jobs, settings and availability rows of that agent;
//   6. the buyer's lead row (its stored classes: modules/leads/classes.ts); after it only new rows (webhooks).
// Agent-made and public paths alike take them in this order, so no two of them can wait on each other in a
// cycle. Should PostgreSQL still report a deadlock (40P01), a serialisation failure (40001) or a lock wait
// past lock_timeout (55P03), the whole transaction is run again a bounded number of times and then answered
// 409 BUSY — never 500.
import { sql } from 'drizzle-orm';
import { busy } from '../errors';
import type { Db, DbTransaction } from './client';
import { sqlState } from './client';
import { auditSettings, currentAudit } from './audit-context';
import { agents } from './schema';

/** How long one statement may wait for a row lock before it gives up (55P03) and the transaction retries. */
export const LOCK_TIMEOUT_MS = 3_000;
/** How long one statement of a request may run at all (57014 → 503 with Retry-After). */
export const STATEMENT_TIMEOUT_MS = 15_000;
/** Runs of one transaction before a busy moment is answered 409. */
export const MAX_ATTEMPTS = 4;

const RETRYABLE = new Set(['40001', '40P01', '55P03']);

/**
 * A request's write transaction: timeouts set for its own statements only, retried on contention. With
 * `lockAgent`, step 1 of the lock order (the agent row, as lockAgentRow) is taken by the same statement that
 * sets the timeouts — one round trip less on the hot booking path (issue 18). Inside that one statement the
 * row lock is taken only once the timeouts are set (the lock sits above the join that needs their row), so
 * the wait for it is bounded by lock_timeout as a separate statement's would be.
 */
export async function writeTransaction<T>(
  db: Db,
  work: (tx: DbTransaction) => Promise<T>,
  opts: { lockAgent?: string } = {},
): Promise<T> {
  // Issue 46: the audit log's actor and IP for this transaction's own writes (also through a transaction pooler).
  const audit = auditSettings(currentAudit());
  const timeouts = sql`select set_config('lock_timeout', ${`${LOCK_TIMEOUT_MS}ms`}, true),
                              set_config('statement_timeout', ${`${STATEMENT_TIMEOUT_MS}ms`}, true),
                              set_config('keyturn.actor', ${audit.actor}, true),
                              set_config('keyturn.ip', ${audit.ip}, true)`;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        await tx.execute(
          opts.lockAgent === undefined
            ? timeouts
            : sql`with timeouts as materialized (${timeouts})
                  select 1 from timeouts, ${agents} where ${agents.id} = ${opts.lockAgent} for update of ${agents}`,
        );
        return work(tx);
      });
    } catch (err) {
      const state = sqlState(err);
      if (!state || !RETRYABLE.has(state)) throw err;
      if (attempt >= MAX_ATTEMPTS) throw busy();
      // A short, growing, jittered pause so the retries of two losers do not collide again.
      await new Promise((resolve) => setTimeout(resolve, attempt * 20 + Math.random() * 30));
    }
  }
}

/** `writeTransaction` holding the agent's row from its first statement (step 1 of the lock order). */
export function agentWriteTransaction<T>(
  db: Db,
  agentId: string,
  work: (tx: DbTransaction) => Promise<T>,
): Promise<T> {
  return writeTransaction(db, work, { lockAgent: agentId });
}

/** Step 1 of the lock order: the agent row, held until the transaction ends. */
export async function lockAgentRow(tx: DbTransaction, agentId: string): Promise<void> {
  await tx.execute(sql`select 1 from ${agents} where ${agents.id} = ${agentId} for update`);
}
