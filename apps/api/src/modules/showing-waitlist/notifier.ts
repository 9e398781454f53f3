// Issue 44 "Waitlist": a showing that frees its time (cancelled, moved, declined, handed to another agent) puts a
// refill of the agent's lines on the queue in the same transaction — only when someone is waiting for that agent.
import { and, eq, inArray } from 'drizzle-orm';
import type { DbTransaction } from '../../db/client';
import { showingWaitlist } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import type { BookingNotifier } from '../core/notifications/scheduler';
import { queueRefill } from './jobs';

export function withWaitlistRefill(
  inner: BookingNotifier,
  queue: JobQueue,
  now: () => Date,
): BookingNotifier {
  const refill = async (tx: DbTransaction, agentId: string) => {
    const [waiting] = await tx
      .select({ id: showingWaitlist.id })
      .from(showingWaitlist)
      .where(and(eq(showingWaitlist.agentId, agentId), inArray(showingWaitlist.status, ['waiting'])))
      .limit(1);
    if (waiting) await queueRefill(tx, queue, agentId, now());
  };
  return {
    ...inner,
    cancelled: async (tx, booking, actor) => {
      await inner.cancelled(tx, booking, actor);
      await refill(tx, booking.agentId);
    },
    rescheduled: async (tx, from, to, actor) => {
      await inner.rescheduled(tx, from, to, actor);
      await refill(tx, from.agentId);
    },
    reassigned: async (tx, booking, previousAgentId) => {
      await inner.reassigned(tx, booking, previousAgentId);
      await refill(tx, previousAgentId);
    },
    actionApplied: async (tx, booking, action) => {
      await inner.actionApplied(tx, booking, action);
      if (action === 'decline' || action === 'cancel') await refill(tx, booking.agentId);
    },
  };
}
