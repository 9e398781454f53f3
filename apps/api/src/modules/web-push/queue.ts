// A push to the agent is a job of the notifications queue (pg-boss, the durable queue every e-mail takes): one
// job per event of one booking, its id derived from the event's key, so the same event queued twice (a retried
// e-mail job, a restarted worker) is one job; the job itself sends once per device (send.ts, push_sends).
import type { PushEvent } from '@keyturn/domain/push';
import type { Db, DbTransaction } from '../../db/client';
import { deterministicUuid, type JobQueue } from '../../jobs/queue';

export const PUSH_JOB_KIND = 'web_push';

export type PushJobData = {
  kind: typeof PUSH_JOB_KIND;
  agentId: string;
  bookingId: string;
  event: PushEvent;
  /** The event's own key: the same event of the same booking has the same key (the message that caused it). */
  key: string;
  /** seller_answer: who answered and how, as the agent sees it ("Pat Seller approved"). */
  answer?: string;
  /** buyer_message: the message whose words the push shows. */
  messageId?: string;
};

export type PushAlert = Omit<PushJobData, 'kind'>;

export function isPushJob(data: object): data is PushJobData {
  return (data as { kind?: unknown }).kind === PUSH_JOB_KIND;
}

export function pushJobId(alert: Pick<PushAlert, 'event' | 'key'>): string {
  return deterministicUuid(`${PUSH_JOB_KIND}|${alert.event}|${alert.key}`);
}

/** Queues the push in `tx` (the change's own transaction): a rollback pushes nothing. */
export async function queuePush(
  tx: DbTransaction,
  queue: JobQueue,
  alert: PushAlert,
  at: Date,
): Promise<void> {
  await queue.send(tx, {
    id: pushJobId(alert),
    data: { kind: PUSH_JOB_KIND, ...alert } satisfies PushJobData,
    startAfter: at,
  });
}

/** From a job that has no transaction of its own (a worker's e-mail job): the push in one of its own. */
export async function queuePushNow(db: Db, queue: JobQueue, alert: PushAlert, at: Date): Promise<void> {
  await db.transaction((tx) => queuePush(tx, queue, alert, at));
}

/** What a worker-side job calls to tell the agent's devices (composition binds it to the queue). */
export type AgentPush = (alert: PushAlert) => Promise<void>;
