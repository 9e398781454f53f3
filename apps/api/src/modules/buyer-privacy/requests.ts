// Issue 46 (decision 091): deletion requests and their legal clock. A buyer asks from their page (the agent is
// e-mailed), or the agent starts one for a buyer who asked another way; the agent completes it, which
// anonymises the buyer (anonymise.ts) in the same transaction as the request is closed. One open request per
// agent and address: asking again answers the open one.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  PRIVACY_TEXTS,
  privacyDaysLeft,
  privacyDueAt,
  type PrivacyRequestSource,
} from '@keyturn/domain/privacy';
import type { PrivacyRequest } from '@keyturn/domain/schemas/privacy';
import type { Db, DbTransaction } from '../../db/client';
import { agentWriteTransaction } from '../../db/transaction';
import { privacyRequests } from '../../db/schema';
import { deterministicUuid, type JobQueue } from '../../jobs/queue';
import { AppError } from '../../http/errors';
import { anonymiseBuyer } from './anonymise';
import { buyerIdentity, emailHash } from './identity';
import { PRIVACY_REQUEST_KIND, type PrivacyRequestJob } from './jobs';

type RequestRow = typeof privacyRequests.$inferSelect;

export type RequestDeps = { db: Db; queue: JobQueue; now: () => Date; defaultCountry: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function notFound(): AppError {
  return new AppError(404, 'NOT_FOUND', PRIVACY_TEXTS.errors.notFound);
}

export function requestView(row: RequestRow, now: Date): PrivacyRequest {
  const daysLeft = privacyDaysLeft(row.dueAt, now);
  return {
    id: row.id,
    email: row.email,
    source: row.source,
    status: row.status,
    received_at: row.receivedAt.toISOString(),
    due_at: row.dueAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
    days_left: daysLeft,
    overdue: row.status === 'open' && row.dueAt.getTime() < now.getTime(),
  };
}

/**
 * The open request for this agent and address, made if there is none (`created` says which). A buyer's request
 * queues the agent's e-mail in the same transaction.
 */
export async function openRequest(
  deps: RequestDeps,
  agentId: string,
  rawEmail: string,
  source: Exclude<PrivacyRequestSource, 'retention'>,
): Promise<{ row: RequestRow; created: boolean }> {
  const email = rawEmail.trim().toLowerCase();
  const now = deps.now();
  return agentWriteTransaction(deps.db, agentId, async (tx) => {
    const hash = emailHash(email);
    const [made] = await tx
      .insert(privacyRequests)
      .values({ agentId, emailHash: hash, email, source, receivedAt: now, dueAt: privacyDueAt(now) })
      .onConflictDoNothing({
        target: [privacyRequests.agentId, privacyRequests.emailHash],
        where: sql`${privacyRequests.status} = 'open'`,
      })
      .returning();
    if (made) {
      if (source === 'buyer') {
        const data: PrivacyRequestJob = { kind: PRIVACY_REQUEST_KIND, requestId: made.id };
        await deps.queue.send(tx, {
          id: deterministicUuid(`${PRIVACY_REQUEST_KIND}:${made.id}`),
          data,
          startAfter: now,
        });
      }
      return { row: made, created: true };
    }
    const [open] = await tx
      .select()
      .from(privacyRequests)
      .where(
        and(
          eq(privacyRequests.agentId, agentId),
          eq(privacyRequests.emailHash, hash),
          eq(privacyRequests.status, 'open'),
        ),
      );
    if (!open) throw new Error('privacy request vanished');
    return { row: open, created: false };
  });
}

/** The agent's requests: open ones first (soonest due first), then completed ones (latest first). */
export async function listRequests(db: Db, agentId: string): Promise<RequestRow[]> {
  return db
    .select()
    .from(privacyRequests)
    .where(eq(privacyRequests.agentId, agentId))
    .orderBy(
      desc(sql`${privacyRequests.status} = 'open'`),
      asc(sql`case when ${privacyRequests.status} = 'open' then ${privacyRequests.dueAt} end`),
      desc(privacyRequests.completedAt),
    )
    .limit(500);
}

/** Whether the agent holds anything about this address (a request the agent starts must be about a buyer). */
export async function holdsBuyer(db: Db, agentId: string, email: string, country: string): Promise<boolean> {
  const who = await buyerIdentity(db, agentId, email, country);
  if (who.bookingIds.length > 0 || who.names.length > 0) return true;
  const found = await db.execute(
    sql`select 1 from leads where agent_id = ${agentId} and email = ${who.email} limit 1`,
  );
  return found.rows.length > 0;
}

/**
 * Completes one of the agent's requests: the buyer anonymised and the request closed (its address cleared) in
 * one transaction under the agent's lock. A request already completed answers as it is; another agent's 404s.
 */
export async function completeRequest(deps: RequestDeps, agentId: string, id: string): Promise<RequestRow> {
  if (!UUID.test(id)) throw notFound();
  const now = deps.now();
  return agentWriteTransaction(deps.db, agentId, async (tx) => {
    const [row] = await tx
      .select()
      .from(privacyRequests)
      .where(and(eq(privacyRequests.id, id), eq(privacyRequests.agentId, agentId)))
      .for('update');
    if (!row) throw notFound();
    if (row.status === 'completed' || row.email === null) return row;
    await anonymiseIn(tx, deps, agentId, row.email, row.id, now);
    const [done] = await tx
      .update(privacyRequests)
      .set({ status: 'completed', completedAt: now, email: null })
      .where(eq(privacyRequests.id, row.id))
      .returning();
    return done!;
  });
}

async function anonymiseIn(
  tx: DbTransaction,
  deps: RequestDeps,
  agentId: string,
  email: string,
  requestId: string,
  now: Date,
): Promise<number> {
  const who = await buyerIdentity(tx, agentId, email, deps.defaultCountry);
  return anonymiseBuyer(tx, { queue: deps.queue, now, defaultCountry: deps.defaultCountry }, who, requestId);
}

/**
 * The retention: every buyer of the agent whose last showing ended before `cutoff` is deleted as a completed
 * request of source 'retention' (at most `limit` buyers a run; the next run takes the rest). Returns how many.
 */
export async function deleteBuyersBefore(
  deps: RequestDeps,
  agentId: string,
  cutoff: Date,
  limit = 100,
): Promise<number> {
  const due = await deps.db.execute<{ email: string }>(sql`
    select lower(client_email) as email from bookings
    where agent_id = ${agentId} and client_email not like 'deleted-%@deleted.invalid'
    group by lower(client_email)
    having max(ends_at) < ${cutoff.toISOString()}::timestamptz
    order by max(ends_at)
    limit ${limit}`);
  let deleted = 0;
  for (const { email } of due.rows) {
    const now = deps.now();
    const done = await agentWriteTransaction(deps.db, agentId, async (tx) => {
      // Another worker may have deleted this buyer meanwhile (under the same lock): nothing left to do.
      const who = await buyerIdentity(tx, agentId, email, deps.defaultCountry);
      if (who.bookingIds.length === 0) return false;
      // An open request for the same buyer is completed by this deletion; else a completed one records it.
      const hash = emailHash(email);
      const [open] = await tx
        .select()
        .from(privacyRequests)
        .where(
          and(
            eq(privacyRequests.agentId, agentId),
            eq(privacyRequests.emailHash, hash),
            eq(privacyRequests.status, 'open'),
          ),
        )
        .for('update');
      const [row] = open
        ? [open]
        : await tx
            .insert(privacyRequests)
            .values({
              agentId,
              emailHash: hash,
              email,
              source: 'retention',
              receivedAt: now,
              dueAt: now,
            })
            .returning();
      await anonymiseBuyer(tx, { queue: deps.queue, now, defaultCountry: deps.defaultCountry }, who, row!.id);
      await tx
        .update(privacyRequests)
        .set({ status: 'completed', completedAt: now, email: null })
        .where(eq(privacyRequests.id, row!.id));
      return true;
    });
    if (done) deleted += 1;
  }
  return deleted;
}
