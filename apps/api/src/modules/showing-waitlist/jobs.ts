// Issue 44 "Waitlist" (decision 085): the waiting list's jobs on the notifications queue — the refill (offer a
// time that opened to the first buyer in line), the joined e-mail (with the link to leave) and the offer (e-mail,
// and a text where the buyer agreed to texts). Queued in the transaction of the change that causes them.
import { randomUUID } from 'node:crypto';
import type { DbTransaction } from '../../db/client';
import { deterministicUuid, type JobQueue } from '../../jobs/queue';

export const WAITLIST_REFILL_KIND = 'waitlist.refill';
export const WAITLIST_JOINED_KIND = 'waitlist.joined';
export const WAITLIST_OFFER_KIND = 'waitlist.offer';

export type WaitlistRefillJob = { kind: typeof WAITLIST_REFILL_KIND; agentId: string };
export type WaitlistMailJob = {
  kind: typeof WAITLIST_JOINED_KIND | typeof WAITLIST_OFFER_KIND;
  entryId: string;
  /** The offer's held start (an offer mail names the time it was sent for). */
  offerStartsAt?: string;
  sentAt: string;
};
export type WaitlistJob = WaitlistRefillJob | WaitlistMailJob;

export function isWaitlistJob(data: object): data is WaitlistJob {
  const kind = (data as { kind?: unknown }).kind;
  return kind === WAITLIST_REFILL_KIND || kind === WAITLIST_JOINED_KIND || kind === WAITLIST_OFFER_KIND;
}

/** A refill of the agent's lines, now or at `at` (an offer's end: the next buyer is offered the time then). */
export async function queueRefill(
  tx: DbTransaction,
  queue: JobQueue,
  agentId: string,
  at: Date,
): Promise<void> {
  const data: WaitlistRefillJob = { kind: WAITLIST_REFILL_KIND, agentId };
  await queue.send(tx, { id: randomUUID(), data, startAfter: at });
}

export async function queueWaitlistMail(
  tx: DbTransaction,
  queue: JobQueue,
  mail: Omit<WaitlistMailJob, 'sentAt'>,
  at: Date,
): Promise<void> {
  const data: WaitlistMailJob = { ...mail, sentAt: at.toISOString() };
  const id = deterministicUuid(`${mail.kind}:${mail.entryId}:${mail.offerStartsAt ?? ''}`);
  await queue.send(tx, { id, data, startAfter: at });
}
