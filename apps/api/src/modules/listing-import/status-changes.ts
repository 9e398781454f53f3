// Listings the MLS took off the market while they had showings ahead (issue 34): the agent decides — cancel
// them (each with the usual cancellation notice to its buyer, through the bookings' own action) or keep them.
// Only the listing's own agent sees and decides (another agent: 404).
import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import { IMPORT_TEXTS, type StatusChange } from '@keyturn/domain/listing/imports';
import type { Db } from '../../db/client';
import { bookings, properties } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { AgentRow } from '../core/agents';
import { applyAction } from '../bookings/agent-service';
import type { BookingNotifier } from '../core/notifications/scheduler';
import { FUTURE_SHOWING_STATUSES, futureShowings } from './mls-sync';

export async function listStatusChanges(db: Db, agent: AgentRow, now: Date): Promise<StatusChange[]> {
  const rows = await db
    .select()
    .from(properties)
    .where(
      and(
        eq(properties.agentId, agent.id),
        eq(properties.showingsDecisionPending, true),
        isNull(properties.deletedAt),
      ),
    )
    .orderBy(asc(properties.id));
  return Promise.all(
    rows.map(async (p) => ({
      property_id: p.id,
      address: p.address,
      mls_status: p.mlsStatus ?? '',
      future_showings: await futureShowings(db, p.id, now),
    })),
  );
}

export async function decideStatusChange(
  deps: { db: Db; now: Date; notify: BookingNotifier },
  agent: AgentRow,
  rawId: string,
  action: 'cancel' | 'keep',
): Promise<{ cancelled: number }> {
  const { db, now } = deps;
  const id = /^\d{1,9}$/.test(rawId) ? Number(rawId) : null;
  const [property] = id
    ? await db
        .select()
        .from(properties)
        .where(
          and(
            eq(properties.id, id),
            eq(properties.agentId, agent.id),
            eq(properties.showingsDecisionPending, true),
            isNull(properties.deletedAt),
          ),
        )
    : [];
  if (!property) throw notFound('No decision is waiting for this property.');
  let cancelled = 0;
  if (action === 'cancel') {
    const ahead = await db
      .select({ id: bookings.id, status: bookings.status })
      .from(bookings)
      .where(
        and(
          eq(bookings.propertyId, property.id),
          eq(bookings.agentId, agent.id),
          inArray(bookings.status, [...FUTURE_SHOWING_STATUSES]),
          gt(bookings.startsAt, now),
        ),
      );
    for (const booking of ahead) {
      // A request not yet approved is declined; a confirmed showing cancelled — each with its usual message.
      const verb = booking.status === 'pending' ? 'decline' : 'cancel';
      await applyAction(db, agent, booking.id, verb, IMPORT_TEXTS.cancelReason, now, deps.notify);
      cancelled += 1;
    }
  }
  await db.update(properties).set({ showingsDecisionPending: false }).where(eq(properties.id, property.id));
  return { cancelled };
}
