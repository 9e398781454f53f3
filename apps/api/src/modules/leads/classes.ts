// Stored lead classes (issue 13): each lead's class over time, computed by the one lead classifier
// (packages/domain insights/classify.ts through classHistory.ts, the rules the Feedback page shows) and
// stored in lead_class_history whenever the lead's facts change — in the transaction of the change:
//   - a booking made, moved, cancelled, confirmed, completed, marked no-show (withLeadClasses, wrapping the
//     notifier the booking services already call inside their transactions);
//   - feedback saved or deleted (the feedback service);
//   - everything else (rules of a new version, rows written before this existed, the demo's history) by the
//     backfill: at start, by `npm run admin -- lead-classes`, and by the demo seed.
// The Reports page, the CRM export and the webhooks read classes from these rows in SQL; nothing classifies
// at read time outside the Feedback page's own lead view, which runs the same rules over the same facts.
// Notes and the outcome are not read by the classification rules, so they do not change a stored class.
// A lead is one e-mail address (any case) with one agent.
import { sql, type SQL } from 'drizzle-orm';
import type { DatedLeadFacts, LeadClass } from '@keyturn/domain/insights/classify';
import {
  currentClassHistory,
  LEAD_CLASS_BEFORE_FACTS,
  LEAD_CLASS_RULES_VERSION,
  leadClassHistory,
} from '@keyturn/domain/insights/classHistory';
import type { Db, DbTransaction } from '../../db/client';
import type { BookingNotifier } from '../core/notifications/scheduler';

/** The database or a transaction. */
type Executor = Db | DbTransaction;

type FactsRow = {
  lead_id: string;
  agent_id: string;
  bookings: DatedLeadFacts['bookings'];
  feedback: DatedLeadFacts['feedback'];
};

/** Each lead's facts (all its bookings with the agent, the answers on them), ISO 8601 instants. */
async function factsOf(tx: Executor, leadIds: readonly string[]): Promise<FactsRow[]> {
  if (leadIds.length === 0) return [];
  const { rows } = await tx.execute<FactsRow>(sql`
    select l.id as lead_id, l.agent_id,
           json_agg(json_build_object('status', b.status, 'starts_at', b.starts_at,
                                      'created_at', b.created_at)) as bookings,
           coalesce(json_agg(json_build_object(
               'rating', f.rating, 'interest_level', f.interest_level, 'price_opinion', f.price_opinion,
               'second_showing', f.second_showing, 'showing_at', b.starts_at, 'answered_at', f.updated_at))
             filter (where f.id is not null), '[]'::json) as feedback
    from leads l
    join bookings b on b.agent_id = l.agent_id and lower(b.client_email) = l.email
    left join feedback f on f.booking_id = b.id and f.agent_id = b.agent_id
    where l.id = any(${`{${leadIds.join(',')}}`}::uuid[])
    group by l.id, l.agent_id`);
  return rows;
}

/**
 * Rewrites the class history of `leadIds` from their facts as `tx` sees them, and marks them computed with
 * the domain's rules version. The caller holds the leads' row locks, so two changes of one lead serialise
 * and the later one reads the earlier one's facts. A lead without bookings keeps no history.
 */
async function writeHistories(tx: DbTransaction, leadIds: readonly string[]): Promise<void> {
  if (leadIds.length === 0) return;
  const ids = `{${leadIds.join(',')}}`;
  const rows = (await factsOf(tx, leadIds)).flatMap((lead) =>
    (
      [
        ['dated', leadClassHistory(lead)],
        ['current', currentClassHistory(lead)],
      ] as const
    ).flatMap(([kind, history]) =>
      history.map((h, i) => ({
        lead_id: lead.lead_id,
        agent_id: lead.agent_id,
        kind,
        valid_from: h.from === null ? '-infinity' : new Date(h.from).toISOString(),
        valid_until: i + 1 < history.length ? new Date(history[i + 1]!.from!).toISOString() : null,
        class: h.class,
      })),
    ),
  );
  // One statement (issue 18): rows of the new history are written over the old (same lead, kind and start),
  // the old rows it no longer has are deleted — two disjoint sets of rows, so the order in which PostgreSQL
  // runs the two sub-statements does not matter — and the leads are marked computed.
  await tx.execute(sql`
    with fresh as (
      select lead_id, agent_id, kind, valid_from, valid_until, class
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as r(lead_id uuid, agent_id uuid, kind text, valid_from timestamptz, valid_until timestamptz, class text)
    ), gone as (
      delete from lead_class_history h
      where h.lead_id = any(${ids}::uuid[])
        and not exists (select 1 from fresh f
                        where f.lead_id = h.lead_id and f.kind = h.kind and f.valid_from = h.valid_from)
    ), written as (
      insert into lead_class_history (lead_id, agent_id, kind, valid_from, valid_until, class)
      select lead_id, agent_id, kind, valid_from, valid_until, class from fresh
      on conflict (lead_id, kind, valid_from)
        do update set agent_id = excluded.agent_id, valid_until = excluded.valid_until, class = excluded.class
    )
    update leads set class_version = ${LEAD_CLASS_RULES_VERSION}, classified_at = now()
    where id = any(${ids}::uuid[])`);
}

/**
 * The lead of `email` with `agentId` after a change of its facts, inside the change's transaction: creates
 * the lead row if it is new, locks it, and stores its class history again.
 */
export async function reclassifyLead(tx: DbTransaction, agentId: string, email: string): Promise<void> {
  await reclassify(tx, sql`values (${agentId}, lower(${email}))`);
}

/** `reclassifyLead` for the buyer of one booking of the agent (nothing when there is no such booking). */
export async function reclassifyBookingLead(
  tx: DbTransaction,
  agentId: string,
  bookingId: string,
): Promise<void> {
  // The booking's buyer found and their lead row created or locked in one statement.
  await reclassify(
    tx,
    sql`select agent_id, lower(client_email) from bookings where id = ${bookingId} and agent_id = ${agentId}`,
  );
}

/** Creates or locks the lead rows of `source` (agent_id, email) and stores their class history again. */
async function reclassify(tx: DbTransaction, source: SQL): Promise<void> {
  const { rows } = await tx.execute<{ id: string }>(sql`
    insert into leads (agent_id, email) ${source}
    on conflict (agent_id, email) do update set email = excluded.email
    returning id`);
  await writeHistories(
    tx,
    rows.map((r) => r.id),
  );
}

/**
 * The booking hooks, each also storing the class of the lead the booking belongs to — in the same
 * transaction, before the hooks wrapping these run (the webhooks read the stored class).
 */
export function withLeadClasses(inner: BookingNotifier): BookingNotifier {
  type Ref = { id: string; agentId: string };
  const again = (tx: DbTransaction, booking: Ref) => reclassifyBookingLead(tx, booking.agentId, booking.id);
  return {
    ...inner,
    created: async (tx, booking, actor) => {
      await inner.created(tx, booking, actor);
      await again(tx, booking);
    },
    rescheduled: async (tx, from, to, actor) => {
      await inner.rescheduled(tx, from, to, actor);
      await again(tx, to);
    },
    cancelled: async (tx, booking, actor) => {
      await inner.cancelled(tx, booking, actor);
      await again(tx, booking);
    },
    actionApplied: async (tx, booking, action) => {
      await inner.actionApplied(tx, booking, action);
      await again(tx, booking);
    },
    reassigned: async (tx, booking, previousAgentId) => {
      await inner.reassigned(tx, booking, previousAgentId);
      // The buyer is now a lead of the new agent too; their lead with the previous agent lost this booking.
      await again(tx, booking);
      const { rows } = await tx.execute<{ email: string }>(
        sql`select client_email as email from bookings where id = ${booking.id}`,
      );
      if (rows[0]) await reclassifyLead(tx, previousAgentId, rows[0].email);
    },
  };
}

export type BackfillResult = { created: number; classified: number; batches: number };

/**
 * Stores the class history of every lead that lacks one of the current rules version: first a lead row for
 * every address with bookings, then batches of `batchSize` leads, each batch in its own transaction.
 * Idempotent (a second run finds nothing to do) and resumable (what a stopped run committed stays done; two
 * servers starting at once share the work: locked leads are skipped). `recompute` first marks the leads
 * (of `agentId`, or all) as not computed, so they are all computed again.
 */
export async function backfillLeadClasses(
  db: Db,
  opts: {
    agentId?: string;
    recompute?: boolean;
    batchSize?: number;
    onBatch?: (done: number) => void;
  } = {},
): Promise<BackfillResult> {
  const scope = (column: string) =>
    opts.agentId === undefined ? sql`true` : sql`${sql.raw(column)} = ${opts.agentId}`;
  const created = await db.execute(sql`
    insert into leads (agent_id, email)
    select distinct agent_id, lower(client_email) from bookings where ${scope('agent_id')}
    on conflict (agent_id, email) do nothing`);
  if (opts.recompute) {
    await db.execute(sql`update leads set class_version = null where ${scope('agent_id')}`);
  }
  let classified = 0;
  let batches = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ id: string }>(sql`
        select id from leads
        where (class_version is null or class_version <> ${LEAD_CLASS_RULES_VERSION}) and ${scope('agent_id')}
        order by id limit ${opts.batchSize ?? 500}
        for update skip locked`);
      await writeHistories(
        tx,
        rows.map((r) => r.id),
      );
      return rows.length;
    });
    if (done === 0) break;
    classified += done;
    batches += 1;
    opts.onBatch?.(classified);
  }
  return { created: created.rowCount ?? 0, classified, batches };
}

/**
 * The class of the agent's lead `email` (any case) at instant `at`, from its stored history: 'current' — the
 * Feedback page's class, every fact known ("hot now": the lead.updated webhook) — or 'dated' — over what had
 * happened by `at` (a feedback's "hot" as of its showing). A lead without a stored history has the class
 * before any fact.
 */
export async function storedLeadClass(
  db: Executor,
  kind: ClassKind,
  lead: { agentId: string; email: string },
  at: Date,
): Promise<LeadClass> {
  const { rows } = await db.execute<{ class: LeadClass }>(sql`
    select h.class from leads l
    join lead_class_history h on h.lead_id = l.id
    where l.agent_id = ${lead.agentId} and l.email = lower(${lead.email})
      and ${classAt(kind, sql`${at.toISOString()}::timestamptz`)}`);
  return rows[0]?.class ?? LEAD_CLASS_BEFORE_FACTS;
}

export type ClassKind = 'dated' | 'current';

/** The condition "history row h (alias) of `kind` holds instant `at`". */
export const classAt = (kind: ClassKind, at: SQL) =>
  sql`h.kind = ${kind} and h.valid_from <= ${at} and (h.valid_until is null or h.valid_until > ${at})`;
