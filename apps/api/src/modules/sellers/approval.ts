// The seller in the loop (issue 32 §2, decision 053): a booking of a property shown "seller approves" (or "agent,
// then seller" once the agent approved) opens ONE approval request, with a signed link per contact × action,
// and puts its messages on the notifications queue in the same transaction — the request at once, the reminder,
// the escalation to the agent and the expiry at their times (domain listing/sellerApproval.ts). The first answer
// wins; the booking moves through the usual notices (booking_approved / booking_declined).
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  approvalTimeline,
  sellerAfterAgent,
  type ApprovalStep,
} from '@keyturn/domain/listing/sellerApproval';
import { APPROVAL_ACTIONS, answerSummary } from '@keyturn/domain/listing/sellerApprovalTexts';
import { planAllows } from '@keyturn/domain/planGates';
import { planFor } from '@keyturn/domain/plans';
import type { Db, DbTransaction } from '../../db/client';
import {
  agents,
  bookings,
  propertyContacts,
  sellerApprovalLinks,
  sellerApprovalRequests,
} from '../../db/schema';
import { notFound } from '../../http/errors';
import { isUuid } from '../../http/ids';
import { deterministicUuid, type JobQueue } from '../../jobs/queue';
import type { AgentRow } from '../core/agents';
import type { BookingNotifier } from '../core/notifications/scheduler';
import type { SellerApprovalState } from '@keyturn/domain/schemas/sellerApproval';
import { storedApprovalMode } from './mode';
import { noticeIfWanted } from './notices';
import { keptOriginalOf } from '../bookings/reschedule-request';

export const SELLER_APPROVAL_KIND = 'seller.approval';

/** One step of one request on the notifications queue. */
export type SellerJobData = { kind: 'seller.approval'; requestId: string; step: ApprovalStep; at: string };

export function isSellerJob(data: object): data is SellerJobData {
  return (data as { kind?: unknown }).kind === SELLER_APPROVAL_KIND;
}

type BookingRef = { id: string };

/**
 * Opens the booking's approval request when its property has contacts who get approval requests and its
 * agent's plan includes seller approvals. Without them nothing opens (false): the agent approves as usual.
 */
export async function startSellerApproval(
  tx: DbTransaction,
  queue: JobQueue,
  ref: BookingRef,
  now: Date,
): Promise<boolean> {
  const [row] = await tx
    .select({ booking: bookings, agent: agents })
    .from(bookings)
    .innerJoin(agents, eq(agents.id, bookings.agentId))
    .where(eq(bookings.id, ref.id));
  if (!row || row.booking.propertyId === null) return false;
  const { booking, agent } = row;
  if (!planAllows(planFor(agent.plan), 'sellerApprovals')) return false;
  const contacts = await tx
    .select({ id: propertyContacts.id })
    .from(propertyContacts)
    .where(
      and(
        eq(propertyContacts.propertyId, booking.propertyId!),
        sql`(${propertyContacts.gets} ->> 'approvals')::boolean`,
      ),
    )
    .orderBy(asc(propertyContacts.createdAt));
  if (contacts.length === 0) return false;
  const t = approvalTimeline(now, booking.startsAt, agent.timeZone);
  const [request] = await tx
    .insert(sellerApprovalRequests)
    .values({
      agentId: agent.id,
      bookingId: booking.id,
      propertyId: booking.propertyId!,
      reminderAt: t.reminderAt,
      escalateAt: t.escalateAt,
      expiresAt: t.expiresAt,
      createdAt: now,
    })
    .returning({ id: sellerApprovalRequests.id });
  await tx
    .insert(sellerApprovalLinks)
    .values(
      contacts.flatMap((c) =>
        APPROVAL_ACTIONS.map((action) => ({ requestId: request!.id, contactId: c.id, action })),
      ),
    );
  const steps: [ApprovalStep, Date | null][] = [
    ['request', t.requestAt],
    ['reminder', t.reminderAt],
    ['escalation', t.escalateAt],
    ['expiry', t.expiresAt],
  ];
  await queue.sendAll(
    tx,
    steps.flatMap(([step, at]) => {
      if (!at) return [];
      const data: SellerJobData = {
        kind: SELLER_APPROVAL_KIND,
        requestId: request!.id,
        step,
        at: at.toISOString(),
      };
      return [
        { id: deterministicUuid(`${SELLER_APPROVAL_KIND}:${request!.id}:${step}`), data, startAfter: at },
      ];
    }),
  );
  return true;
}

/** Open requests of a booking that moved, was cancelled or was declined by the agent are withdrawn. */
async function withdrawOpen(tx: DbTransaction, bookingId: string, now: Date) {
  await tx
    .update(sellerApprovalRequests)
    .set({ status: 'withdrawn', answeredAt: now })
    .where(and(eq(sellerApprovalRequests.bookingId, bookingId), eq(sellerApprovalRequests.status, 'open')));
}

/**
 * A cancelled showing's open requests, and those of its new time that was waiting for approval and went with it
 * (bookings/reschedule-request.ts `cancelWaitingNewTimes`, in the same transaction) are withdrawn.
 */
async function withdrawWithWaitingNewTimes(tx: DbTransaction, bookingId: string, now: Date) {
  await withdrawOpen(tx, bookingId, now);
  const gone = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.rescheduledFromId, bookingId), eq(bookings.status, 'cancelled')));
  for (const { id } of gone) await withdrawOpen(tx, id, now);
}

async function propertyIdOf(tx: DbTransaction, bookingId: string): Promise<number | null> {
  const [row] = await tx.select({ id: bookings.propertyId }).from(bookings).where(eq(bookings.id, bookingId));
  return row?.id ?? null;
}

async function sellerApproved(tx: DbTransaction, bookingId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: sellerApprovalRequests.id })
    .from(sellerApprovalRequests)
    .where(
      and(eq(sellerApprovalRequests.bookingId, bookingId), eq(sellerApprovalRequests.status, 'approved')),
    );
  return Boolean(row);
}

/**
 * The booking notifier with the seller in the loop: a new pending booking of a "seller approves" property opens
 * its request; the agent's approval of an "agent, then seller" booking keeps it pending and opens the request
 * instead of confirming (until the seller approves); a booking moved, cancelled or declined withdraws it.
 */
export function withSellerApprovals(
  inner: BookingNotifier,
  queue: JobQueue,
  now: () => Date,
): BookingNotifier {
  const notifier: BookingNotifier = {
    ...inner,
    created: async (tx, booking, actor) => {
      if (booking.status === 'pending') {
        const mode = await storedApprovalMode(tx, await propertyIdOf(tx, booking.id));
        if (mode === 'seller') await startSellerApproval(tx, queue, booking, now());
      }
      // Issue 39 §2: contacts ticked for "Booked and cancelled showings" hear of a confirmed showing.
      if (booking.status === 'confirmed')
        await noticeIfWanted(tx, queue, { event: 'booked', bookingId: booking.id }, now());
      await inner.created(tx, booking, actor);
    },
    rescheduled: async (tx, from, to, actor) => {
      await withdrawOpen(tx, from.id, now());
      if (to.status === 'pending') {
        const mode = await storedApprovalMode(tx, await propertyIdOf(tx, to.id));
        if (mode === 'seller') await startSellerApproval(tx, queue, to, now());
      }
      if (to.status === 'confirmed')
        await noticeIfWanted(
          tx,
          queue,
          { event: 'moved', bookingId: to.id, previousBookingId: from.id },
          now(),
        );
      await inner.rescheduled(tx, from, to, actor);
    },
    proposalKept: async (tx, booking, proposalId) => {
      // Issue 39 §7: "Keep my time" over the seller's proposal asks the seller again, with fresh links.
      const [asked] = await tx
        .select({ id: sellerApprovalRequests.id })
        .from(sellerApprovalRequests)
        .where(
          and(
            eq(sellerApprovalRequests.proposalId, proposalId),
            eq(sellerApprovalRequests.status, 'proposed'),
          ),
        );
      const mode =
        asked && booking.status === 'pending'
          ? await storedApprovalMode(tx, await propertyIdOf(tx, booking.id))
          : null;
      if (mode === 'seller' || (mode && sellerAfterAgent(mode)))
        await startSellerApproval(tx, queue, booking, now());
      await inner.proposalKept(tx, booking, proposalId);
    },
    cancelled: async (tx, booking, actor) => {
      await withdrawWithWaitingNewTimes(tx, booking.id, now());
      await noticeIfWanted(tx, queue, { event: 'cancelled', bookingId: booking.id, by: actor }, now());
      await inner.cancelled(tx, booking, actor);
    },
    actionApplied: async (tx, booking, action) => {
      if (action === 'confirm' && !(await sellerApproved(tx, booking.id))) {
        const mode = await storedApprovalMode(tx, await propertyIdOf(tx, booking.id));
        if (mode && sellerAfterAgent(mode) && (await startSellerApproval(tx, queue, booking, now()))) {
          // The agent said yes; the seller has the last word: the booking waits for them.
          await tx.update(bookings).set({ status: 'pending' }).where(eq(bookings.id, booking.id));
          return;
        }
      }
      // The agent answered (or ended the booking) themselves: the seller's open request is withdrawn.
      if (action === 'confirm' || action === 'decline') await withdrawOpen(tx, booking.id, now());
      if (action === 'cancel') await withdrawWithWaitingNewTimes(tx, booking.id, now());
      // Issue 39 §9: the approved new time of a confirmed showing: now it moves (the buyer's "moved" e-mail).
      const kept =
        action === 'confirm' && booking.status === 'confirmed' && (await keptOriginalOf(tx, booking.id));
      if (kept) {
        await tx.update(bookings).set({ status: 'rescheduled' }).where(eq(bookings.id, kept.id));
        return notifier.rescheduled(tx, { ...kept, status: 'rescheduled' }, booking, 'buyer');
      }
      if (action === 'confirm' && booking.status === 'confirmed')
        await noticeIfWanted(tx, queue, { event: 'booked', bookingId: booking.id }, now());
      if (action === 'cancel')
        await noticeIfWanted(tx, queue, { event: 'cancelled', bookingId: booking.id, by: 'agent' }, now());
      await inner.actionApplied(tx, booking, action);
    },
  };
  return notifier;
}

/** The agent's view of a booking's latest request: who was asked, who answered, when. null when none. */
export async function approvalOfBooking(
  db: Db,
  agent: AgentRow,
  bookingId: string,
): Promise<SellerApprovalState | null> {
  if (!isUuid(bookingId)) throw notFound('Booking not found.');
  const [booking] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.agentId, agent.id)));
  if (!booking) throw notFound('Booking not found.');
  const [request] = await db
    .select()
    .from(sellerApprovalRequests)
    .where(eq(sellerApprovalRequests.bookingId, booking.id))
    .orderBy(desc(sellerApprovalRequests.createdAt))
    .limit(1);
  if (!request) return null;
  const asked = await db
    .selectDistinct({ name: propertyContacts.name })
    .from(sellerApprovalLinks)
    .innerJoin(propertyContacts, eq(propertyContacts.id, sellerApprovalLinks.contactId))
    .where(eq(sellerApprovalLinks.requestId, request.id));
  return {
    status: request.status,
    summary: answerSummary(request.status, request.answeredByName),
    asked: asked.map((a) => a.name).sort(),
    answered_by: request.answeredByName,
    answered_at: request.answeredAt?.toISOString() ?? null,
    decline_reason: request.declineReason,
    reminders_sent: request.remindersSent,
    escalated_at: request.escalatedAt?.toISOString() ?? null,
    expires_at: request.expiresAt.toISOString(),
  };
}
