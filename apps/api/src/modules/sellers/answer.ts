// The seller's answers from their links (issue 32 §2, decision 053), no account: each link does one thing once.
// A token we did not sign (or whose link row is gone) is 404; a link used again, a request someone else already
// answered or one that expired is 409 with a plain sentence; the action in the token must be the one posted.
import { and, eq, sql } from 'drizzle-orm';
import {
  SELLER_APPROVAL_MESSAGES as M,
  SELLER_BLOCK_MAX_HOURS,
  spentLinkNote,
  answerSummary,
  type ApprovalAction,
} from '@keyturn/domain/listing/sellerApprovalTexts';
import type { ShowingBlock } from '@keyturn/domain/listing/showingRules';
import { isoDateInZone, wallClockInZone } from '@keyturn/domain/time';
import { APPOINTMENT_MINUTES } from '@keyturn/domain/constants';
import type { z } from 'zod';
import type { DbTransaction } from '../../db/client';
import { lockAgentRow, writeTransaction } from '../../db/transaction';
import {
  agents,
  bookings,
  properties,
  propertyContacts,
  propertyShowingRules,
  sellerApprovalLinks,
  sellerApprovalRequests,
  timeProposals,
} from '../../db/schema';
import { AppError } from '../../http/errors';
import { t, type Locale, type MessageId } from '../../i18n';
import type { JobQueue } from '../../jobs/queue';
import type { PublicContext } from '../booking-public/context';
import { checkSlotOpen } from '../booking-public/service';
import { newPublicToken } from '../bookings/service';
import { queueProposalMail } from '../routes/proposal-mail';
import type { blockBodySchema } from '@keyturn/domain/schemas/sellerApproval';
import type { LinkSigner } from './links';
import { queuePush } from '../web-push/queue';

export type SellerContext = PublicContext & { queue: JobQueue; signer: LinkSigner };

const invalid = () => new AppError(404, 'APPROVAL_LINK_INVALID', M.linkInvalid);
const expired = () => new AppError(409, 'APPROVAL_EXPIRED', M.expired);

/** The link a token names, with its request, contact, booking, agent and property (404 when not ours). */
export async function resolveLink(ctx: SellerContext, token: string, expected?: ApprovalAction) {
  const signed = ctx.signer.verify(token);
  if (!signed) throw invalid();
  if (expected && signed.action !== expected)
    throw new AppError(400, 'APPROVAL_LINK_ACTION', M.linkInvalid, { token: M.linkInvalid });
  const [row] = await ctx.db
    .select({
      link: sellerApprovalLinks,
      request: sellerApprovalRequests,
      contact: propertyContacts,
      booking: bookings,
      agent: agents,
      property: properties,
    })
    .from(sellerApprovalLinks)
    .innerJoin(sellerApprovalRequests, eq(sellerApprovalRequests.id, sellerApprovalLinks.requestId))
    .innerJoin(propertyContacts, eq(propertyContacts.id, sellerApprovalLinks.contactId))
    .innerJoin(bookings, eq(bookings.id, sellerApprovalRequests.bookingId))
    .innerJoin(agents, eq(agents.id, bookings.agentId))
    .innerJoin(properties, eq(properties.id, sellerApprovalRequests.propertyId))
    .where(and(eq(sellerApprovalLinks.id, signed.linkId), eq(sellerApprovalLinks.action, signed.action)));
  if (!row) throw invalid();
  return row;
}

type Resolved = Awaited<ReturnType<typeof resolveLink>>;

/**
 * Locks the request and its link in `tx` and checks they can still be used: the link unused, the request open
 * (for an answer) and not past its expiry.
 */
async function claim(tx: DbTransaction, r: Resolved, now: Date, needsOpen: boolean) {
  const [request] = await tx
    .select()
    .from(sellerApprovalRequests)
    .where(eq(sellerApprovalRequests.id, r.request.id))
    .for('update');
  const [link] = await tx
    .select()
    .from(sellerApprovalLinks)
    .where(eq(sellerApprovalLinks.id, r.link.id))
    .for('update');
  if (!request || !link) throw invalid();
  if (request.status === 'expired' || now.getTime() >= request.expiresAt.getTime()) throw expired();
  // Issue 39 §10: a spent link says what the answer was and who gave it, or that the showing was cancelled.
  const noteState = {
    action: link.action,
    status: request.status,
    linkUsed: link.usedAt !== null,
    answeredBy: request.answeredByName,
    bookingStatus: r.booking.status,
    cancelledBy: r.booking.cancelledBy,
  };
  const note = spentLinkNote(noteState);
  if (note && (link.usedAt || needsOpen)) {
    // Issue 43: the note in the seller's language — the `seller` area's sentence, through errors.<CODE>'s {note}.
    const noteIn = (locale: 'en' | 'es') => ({
      note:
        (locale === 'en'
          ? note
          : spentLinkNote(noteState, (id, values) => t(locale, id as MessageId, values))) ?? note,
    });
    throw new AppError(
      409,
      link.usedAt ? 'APPROVAL_LINK_USED' : 'APPROVAL_ANSWERED',
      note,
      undefined,
      noteIn,
    );
  }
  await tx.update(sellerApprovalLinks).set({ usedAt: now }).where(eq(sellerApprovalLinks.id, link.id));
  return request;
}

async function answered(
  tx: DbTransaction,
  queue: JobQueue,
  r: Resolved,
  now: Date,
  set: Partial<typeof sellerApprovalRequests.$inferInsert> & { status: 'approved' | 'declined' | 'proposed' },
) {
  await tx
    .update(sellerApprovalRequests)
    .set({ answeredByContactId: r.contact.id, answeredByName: r.contact.name, answeredAt: now, ...set })
    .where(eq(sellerApprovalRequests.id, r.request.id));
  // Issue 47: the agent's devices hear the answer in the words of the booking's approval line.
  await queuePush(
    tx,
    queue,
    {
      agentId: r.agent.id,
      bookingId: r.booking.id,
      event: 'seller_answer',
      key: `seller-answer:${r.request.id}`,
      answer: answerSummary(set.status, r.contact.name),
    },
    now,
  );
}

/**
 * Issue 43: the language of the seller's page, when the answer names it, becomes the link's contact's language
 * (theirs only): their later e-mails and texts follow it. In the answer's transaction.
 */
async function rememberLanguage(tx: DbTransaction, r: Resolved, locale: Locale | undefined) {
  if (!locale || locale === r.contact.language) return;
  await tx.update(propertyContacts).set({ language: locale }).where(eq(propertyContacts.id, r.contact.id));
}

/** The pending booking moved to `status` (409 when it is no longer pending: cancelled or moved meanwhile). */
async function settleBooking(
  tx: DbTransaction,
  r: Resolved,
  status: 'confirmed' | 'declined',
  reason?: string | null,
) {
  const [updated] = await tx
    .update(bookings)
    .set({ status, ...(status === 'declined' ? { cancelReason: reason ?? null } : {}) })
    .where(and(eq(bookings.id, r.booking.id), eq(bookings.status, 'pending')))
    .returning();
  if (!updated)
    throw new AppError(409, 'BOOKING_NOT_ACTIVE', 'This showing was cancelled or moved meanwhile.');
  return updated;
}

export async function approve(ctx: SellerContext, token: string, locale?: Locale) {
  const r = await resolveLink(ctx, token, 'approve');
  const now = ctx.now();
  await writeTransaction(ctx.db, async (tx) => {
    await lockAgentRow(tx, r.agent.id);
    await claim(tx, r, now, true);
    await rememberLanguage(tx, r, locale);
    // The request first: the notifier then sees the seller's yes and confirms as usual.
    await answered(tx, ctx.queue, r, now, { status: 'approved' });
    const booking = await settleBooking(tx, r, 'confirmed');
    await ctx.notify.actionApplied(tx, booking, 'confirm');
  });
  return { status: 'approved' as const, message: M.approved };
}

export async function decline(ctx: SellerContext, token: string, reason: string | null, locale?: Locale) {
  const r = await resolveLink(ctx, token, 'decline');
  const now = ctx.now();
  await writeTransaction(ctx.db, async (tx) => {
    await lockAgentRow(tx, r.agent.id);
    await claim(tx, r, now, true);
    await rememberLanguage(tx, r, locale);
    await answered(tx, ctx.queue, r, now, { status: 'declined', declineReason: reason });
    const booking = await settleBooking(tx, r, 'declined', reason);
    await ctx.notify.actionApplied(tx, booking, 'decline');
  });
  return { status: 'declined' as const, message: M.declined };
}

/**
 * Another time: one of the property's open slots (the slot engine's check, the showing's own time given up);
 * the buyer gets it as a time proposal (decision 042's flow) to accept or keep their own.
 */
export async function propose(ctx: SellerContext, token: string, startsAtIso: string, locale?: Locale) {
  const r = await resolveLink(ctx, token, 'propose');
  const now = ctx.now();
  const startsAt = new Date(startsAtIso);
  const wall = wallClockInZone(startsAt, r.agent.timeZone);
  const notOpen = () => new AppError(409, 'SLOT_UNAVAILABLE', M.timeNotOpen, { starts_at: M.timeNotOpen });
  if (startsAt.getTime() === r.booking.startsAt.getTime()) throw notOpen();
  const checked = await checkSlotOpen(
    ctx,
    r.agent.id,
    { booking_date: wall.date, booking_time: wall.time, starts_at: startsAt.toISOString() },
    r.booking.id,
  ).catch((err: unknown) => {
    throw err instanceof AppError && err.statusCode === 409 ? notOpen() : err;
  });
  if (checked.slot.startsAt.getTime() !== startsAt.getTime()) throw notOpen();
  await writeTransaction(ctx.db, async (tx) => {
    await lockAgentRow(tx, r.agent.id);
    await claim(tx, r, now, true);
    await rememberLanguage(tx, r, locale);
    await tx
      .update(timeProposals)
      .set({ status: 'withdrawn', answeredAt: now })
      .where(and(eq(timeProposals.bookingId, r.booking.id), eq(timeProposals.status, 'proposed')));
    const [proposal] = await tx
      .insert(timeProposals)
      .values({
        agentId: r.agent.id,
        bookingId: r.booking.id,
        token: newPublicToken(),
        date: wall.date,
        fromStartsAt: r.booking.startsAt,
        startsAt,
        endsAt: new Date(startsAt.getTime() + APPOINTMENT_MINUTES * 60_000),
        createdAt: now,
      })
      .returning({ id: timeProposals.id });
    await answered(tx, ctx.queue, r, now, { status: 'proposed', proposalId: proposal!.id });
    await queueProposalMail(tx, ctx.queue, proposal!.id, now);
    await ctx.notify.proposed?.(tx, r.booking, proposal!.id);
  });
  return { status: 'proposed' as const, message: M.proposed };
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * A seller's block: "not tonight" (the evening of the requested showing's date, 5 PM to midnight, in the
 * property's zone — issue 39 §10) or a date and a span within the next two weeks. Appended to the property's
 * rules with `by: 'contact'`; the agent's schedule version moves in the same transaction, so kept date answers
 * are dropped and the slots go at once. "Not tonight", or a block over the requested time, also answers an
 * open request: declined with the reason, the buyer told as for any decline.
 */
export async function block(ctx: SellerContext, body: z.output<typeof blockBodySchema>) {
  const r = await resolveLink(ctx, body.token, 'block');
  const now = ctx.now();
  const zone = r.agent.timeZone;
  const today = isoDateInZone(now, zone);
  const showingDate = isoDateInZone(r.booking.startsAt, zone);
  const span = body.tonight
    ? { date: showingDate, start: '17:00', end: '23:59' }
    : { date: body.date, start: body.start, end: body.end };
  const fields: Record<string, string> = {};
  if (!span.date) fields.date = 'Pick a date';
  if (!span.start) fields.start = 'Pick a start time';
  if (!span.end) fields.end = 'Pick an end time';
  if (span.start && span.end && span.start >= span.end) fields.end = 'The end must be after the start';
  else if (
    span.start &&
    span.end &&
    minutesOf(span.end) - minutesOf(span.start) > SELLER_BLOCK_MAX_HOURS * 60
  )
    fields.end = M.blockTooLong;
  const last = new Date(Date.parse(`${today}T12:00:00Z`) + 14 * 86_400_000).toISOString().slice(0, 10);
  // The showing's own evening is always allowed; a chosen date lies within the next two weeks.
  if (!body.tonight && span.date && (span.date < today || span.date > last))
    fields.date = 'Pick a date in the next two weeks';
  if (Object.keys(fields).length > 0)
    throw new AppError(400, 'VALIDATION_ERROR', Object.values(fields)[0]!, fields);
  const entry: ShowingBlock = {
    kind: 'once',
    date: span.date!,
    start: span.start!,
    end: span.end!,
    by: 'contact',
    contactId: r.contact.id,
    ...(body.note ? { note: body.note } : {}),
  };
  const wall = wallClockInZone(r.booking.startsAt, zone);
  const coversShowing = span.date === showingDate && span.start! <= wall.time && wall.time < span.end!;
  const reason = body.tonight ? M.notTonightReason : M.blockedReason;
  let status = r.request.status;
  await writeTransaction(ctx.db, async (tx) => {
    await lockAgentRow(tx, r.agent.id);
    const request = await claim(tx, r, now, false);
    await rememberLanguage(tx, r, body.locale);
    if (request.status === 'open' && (body.tonight || coversShowing)) {
      await answered(tx, ctx.queue, r, now, { status: 'declined', declineReason: reason });
      const booking = await settleBooking(tx, r, 'declined', reason);
      await ctx.notify.actionApplied(tx, booking, 'decline');
      status = 'declined';
    }
    await tx
      .insert(propertyShowingRules)
      .values({ propertyId: r.property.id, blocks: [entry] })
      .onConflictDoUpdate({
        target: propertyShowingRules.propertyId,
        set: {
          blocks: sql`${propertyShowingRules.blocks} || ${JSON.stringify([entry])}::jsonb`,
          updatedAt: now,
        },
      });
    await tx.execute(
      sql`update schedule_versions set version = version + 1 where agent_id = ${r.agent.id}::uuid`,
    );
  });
  return { status, message: status === 'declined' ? M.blockedAndDeclined : M.blocked };
}
