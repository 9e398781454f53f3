// Issue 44 "Waitlist" (decision 085): a buyer's place in a property's line for a date — joining (the booking
// page), their link (their place, the time offered to them, leaving, booking the offer in one tap) and the agent's
// view of their lines (with removing someone). Offers are made by offers.ts.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import {
  IN_LINE_STATUSES,
  placeInLine,
  WAITLIST_MAX_PER_DATE,
  WAITLIST_TEXTS,
} from '@keyturn/domain/slots/waitlist';
import type { WaitlistStatus } from '@keyturn/domain/slots/waitlist';
import { agentToday, bookingWindow } from '@keyturn/domain/slots/engine';
import { wallClockInZone } from '@keyturn/domain/time';
import type {
  WaitlistEntryView,
  WaitlistJoin,
  WaitlistJoined,
  WaitlistLink,
} from '@keyturn/domain/schemas/timeWaitlist';
import type { Db } from '../../db/client';
import { sqlState } from '../../db/client';
import { agents, bookings, properties, showingWaitlist, slotHolds } from '../../db/schema';
import { lockAgentRow, writeTransaction } from '../../db/transaction';
import { AppError } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import { findPublicProperty, propertyNotFound } from '../core/public-reads';
import type { PublicContext } from '../booking-public/context';
import { createBooking } from '../booking-public/service';
import { textsOffered } from '../booking-public/texts-offer';
import type { ConsentEvidence } from '../texts/consent';
import { queueRefill, queueWaitlistMail, WAITLIST_JOINED_KIND } from './jobs';
import { offerHold } from './offers';

export type WaitlistContext = PublicContext & { queue: JobQueue };

const notFound = () => new AppError(404, 'WAITLIST_NOT_FOUND', WAITLIST_TEXTS.page.notFound);
const offerEnded = () => new AppError(409, 'WAITLIST_OFFER_ENDED', WAITLIST_TEXTS.offerEnded);

/** The entries of one line still in it (waiting or offered), for places. */
async function lineOf(db: Db, propertyId: number, date: string) {
  return db
    .select({ id: showingWaitlist.id, status: showingWaitlist.status, joinedAt: showingWaitlist.joinedAt })
    .from(showingWaitlist)
    .where(
      and(
        eq(showingWaitlist.propertyId, propertyId),
        eq(showingWaitlist.date, date),
        inArray(showingWaitlist.status, [...IN_LINE_STATUSES]),
      ),
    )
    .then((rows) => rows.map((r) => ({ ...r, status: r.status as WaitlistStatus })));
}

/** POST /api/booking/waitlist: the buyer joins the property's line for the date (once per e-mail). */
export async function joinWaitlist(ctx: WaitlistContext, input: WaitlistJoin): Promise<WaitlistJoined> {
  const { property, agent } = await findPublicProperty(ctx.db, input.property_id);
  if (agent.id !== input.agent_id) throw propertyNotFound();
  const now = ctx.now();
  const window = bookingWindow(now, agent.timeZone);
  if (input.date < window.from || input.date > window.to) {
    throw new AppError(400, 'DATE_OUTSIDE_WINDOW', 'Pick a date from tomorrow up to 60 days ahead.', {
      date: 'Pick a date from tomorrow up to 60 days ahead.',
    });
  }
  const smsConsent = input.sms_consent && (await textsOffered(ctx, agent));
  const email = input.client_email.trim();
  const already = async (): Promise<WaitlistJoined | null> => {
    const [mine] = await ctx.db
      .select()
      .from(showingWaitlist)
      .where(
        and(
          eq(showingWaitlist.propertyId, property.id),
          eq(showingWaitlist.date, input.date),
          sql`lower(${showingWaitlist.clientEmail}) = lower(${email})`,
          inArray(showingWaitlist.status, [...IN_LINE_STATUSES]),
        ),
      );
    if (!mine) return null;
    const place = placeInLine(await lineOf(ctx.db, property.id, input.date), mine.id) ?? 1;
    return {
      token: mine.token,
      date: mine.date,
      part: mine.part as WaitlistJoined['part'],
      place,
      already: true,
    };
  };
  const earlier = await already();
  if (earlier) return earlier;
  const token = randomBytes(18).toString('base64url');
  try {
    const id = await writeTransaction(ctx.db, async (tx) => {
      await lockAgentRow(tx, agent.id);
      const [{ count } = { count: 0 }] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(showingWaitlist)
        .where(
          and(
            eq(showingWaitlist.propertyId, property.id),
            eq(showingWaitlist.date, input.date),
            inArray(showingWaitlist.status, [...IN_LINE_STATUSES]),
          ),
        );
      if (count >= WAITLIST_MAX_PER_DATE) throw new AppError(409, 'WAITLIST_FULL', WAITLIST_TEXTS.join.full);
      const [row] = await tx
        .insert(showingWaitlist)
        .values({
          agentId: agent.id,
          propertyId: property.id,
          date: input.date,
          part: input.part,
          token,
          clientName: input.client_name,
          clientEmail: email,
          clientPhone: input.client_phone,
          buyerType: input.buyer_type,
          smsConsent,
          locale: input.locale ?? agent.defaultLanguage,
          // The order of the line: the database's own clock, under the agent's lock (strictly increasing).
          joinedAt: sql`clock_timestamp()`,
        })
        .returning({ id: showingWaitlist.id });
      await queueWaitlistMail(tx, ctx.queue, { kind: WAITLIST_JOINED_KIND, entryId: row!.id }, now);
      // A time of their part of the day may be open already (they chose a part with times): offered at once.
      await queueRefill(tx, ctx.queue, agent.id, now);
      return row!.id;
    });
    const place = placeInLine(await lineOf(ctx.db, property.id, input.date), id) ?? 1;
    return { token, date: input.date, part: input.part, place, already: false };
  } catch (err) {
    // The same buyer joining twice at once: the first one stands.
    if (sqlState(err) === '23505') {
      const first = await already();
      if (first) return first;
    }
    throw err;
  }
}

async function entryByToken(db: Db, token: string) {
  if (!token || token.length > 100) throw notFound();
  const [row] = await db
    .select({ entry: showingWaitlist, property: properties, agent: agents })
    .from(showingWaitlist)
    .innerJoin(properties, eq(properties.id, showingWaitlist.propertyId))
    .innerJoin(agents, eq(agents.id, showingWaitlist.agentId))
    .where(eq(showingWaitlist.token, token));
  if (!row) throw notFound();
  return row;
}

/** GET /api/booking/waitlist/:token: the buyer's place, the time held for them, or how it ended. */
export async function waitlistLink(ctx: PublicContext, token: string): Promise<WaitlistLink> {
  const { entry, property, agent } = await entryByToken(ctx.db, token);
  const now = ctx.now();
  const hold = entry.status === 'offered' ? await offerHold(ctx.db, entry.id, now) : null;
  // An offer whose hold ended is shown as lapsed before the refill gets to it.
  let status = entry.status as WaitlistStatus;
  if (status === 'offered' && !hold) status = 'lapsed';
  if ((status === 'waiting' || status === 'offered') && entry.date < agentToday(now, agent.timeZone)) {
    status = 'ended';
  }
  const place =
    status === 'waiting' || status === 'offered'
      ? placeInLine(await lineOf(ctx.db, entry.propertyId, entry.date), entry.id)
      : null;
  const [booked] = entry.bookingId
    ? await ctx.db
        .select({ status: bookings.status, manageToken: bookings.manageToken })
        .from(bookings)
        .where(eq(bookings.id, entry.bookingId))
    : [];
  return {
    status,
    date: entry.date,
    part: entry.part as WaitlistLink['part'],
    place,
    time_zone: agent.timeZone,
    property: {
      address: property.address,
      city: property.city,
      state: property.state,
      zip_code: property.zipCode,
    },
    agent: { name: `${agent.firstName} ${agent.lastName}`.trim(), company: agent.companyName || null },
    offer: hold ? { starts_at: hold.startsAt.toISOString(), expires_at: hold.expiresAt.toISOString() } : null,
    booking: booked ? { status: booked.status, manage_token: booked.manageToken } : null,
  };
}

/**
 * Takes an entry out of line (the buyer leaves from their link, or the agent removes them): a time held for
 * them is let go and offered to the next buyer at once.
 */
async function takeOutOfLine(
  ctx: WaitlistContext,
  entryId: string,
  agentId: string,
  status: 'left' | 'removed',
): Promise<boolean> {
  return writeTransaction(ctx.db, async (tx) => {
    await lockAgentRow(tx, agentId);
    const gone = await tx
      .update(showingWaitlist)
      .set({ status })
      .where(and(eq(showingWaitlist.id, entryId), inArray(showingWaitlist.status, [...IN_LINE_STATUSES])))
      .returning({ id: showingWaitlist.id });
    if (gone.length === 0) return false;
    const released = await tx
      .delete(slotHolds)
      .where(eq(slotHolds.waitlistEntryId, entryId))
      .returning({ id: slotHolds.id });
    if (released.length > 0) await queueRefill(tx, ctx.queue, agentId, ctx.now());
    return true;
  });
}

/** DELETE /api/booking/waitlist/:token: the buyer leaves the line (leaving twice changes nothing). */
export async function leaveWaitlist(ctx: WaitlistContext, token: string): Promise<WaitlistLink> {
  const { entry } = await entryByToken(ctx.db, token);
  await takeOutOfLine(ctx, entry.id, entry.agentId, 'left');
  return waitlistLink(ctx, token);
}

/**
 * POST /api/booking/waitlist/:token/book: the offered time booked in one tap with the details the buyer gave when
 * joining — the booking page's own write (rules, cap, limits, messages), through the offer's hold, which it uses
 * up (the entry becomes 'booked' in the same transaction). A second tap answers the booking already made.
 */
export async function bookOffer(
  ctx: WaitlistContext,
  token: string,
  consent: ConsentEvidence,
): Promise<WaitlistLink> {
  const { entry, agent } = await entryByToken(ctx.db, token);
  if (entry.status === 'booked') return waitlistLink(ctx, token);
  const hold = entry.status === 'offered' ? await offerHold(ctx.db, entry.id, ctx.now()) : null;
  if (!hold) throw offerEnded();
  const wall = wallClockInZone(hold.startsAt, agent.timeZone);
  let booking;
  try {
    booking = await createBooking(
      ctx,
      {
        agent_id: entry.agentId,
        property_id: entry.propertyId,
        client_name: entry.clientName,
        client_email: entry.clientEmail,
        client_phone: entry.clientPhone,
        buyer_type: entry.buyerType as Parameters<typeof createBooking>[1]['buyer_type'],
        budget_min: null,
        budget_max: null,
        income_range: null,
        booking_purpose: 'property_viewing',
        custom_purpose: null,
        booking_date: wall.date,
        booking_time: wall.time,
        starts_at: hold.startsAt.toISOString(),
        message: null,
        buyer_agent: null,
        sms_consent: entry.smsConsent,
        hold_token: hold.token,
        // Issue 43: the booking made from the offer speaks the language the buyer joined in.
        locale: entry.locale,
      },
      undefined,
      consent,
    );
  } catch (err) {
    // Booked by a first tap meanwhile: its answer. Otherwise the offer is over (taken, ended, no longer open).
    const { entry: now } = await entryByToken(ctx.db, token);
    if (now.status === 'booked') return waitlistLink(ctx, token);
    if (err instanceof AppError && err.statusCode === 409) throw offerEnded();
    throw err;
  }
  await ctx.db.update(showingWaitlist).set({ bookingId: booking.id }).where(eq(showingWaitlist.id, entry.id));
  return waitlistLink(ctx, token);
}

/** GET /api/waitlist-entries: the agent's lines from today on, in the order buyers are offered times. */
export async function agentWaitlists(db: Db, agentId: string, now: Date): Promise<WaitlistEntryView[]> {
  const [agent] = await db.select({ timeZone: agents.timeZone }).from(agents).where(eq(agents.id, agentId));
  if (!agent) return [];
  const rows = await db
    .select({ entry: showingWaitlist, address: properties.address })
    .from(showingWaitlist)
    .innerJoin(properties, eq(properties.id, showingWaitlist.propertyId))
    .where(
      and(
        eq(showingWaitlist.agentId, agentId),
        inArray(showingWaitlist.status, [...IN_LINE_STATUSES]),
        gte(showingWaitlist.date, agentToday(now, agent.timeZone)),
      ),
    )
    .orderBy(asc(showingWaitlist.date), asc(showingWaitlist.joinedAt), asc(showingWaitlist.id));
  const lines = new Map<string, { id: string; status: WaitlistStatus; joinedAt: Date }[]>();
  for (const { entry } of rows) {
    const key = `${entry.propertyId}|${entry.date}`;
    lines.set(key, [...(lines.get(key) ?? []), { ...entry, status: entry.status as WaitlistStatus }]);
  }
  return rows.map(({ entry, address }) => {
    const live = entry.status === 'offered' && entry.offerExpiresAt && entry.offerExpiresAt > now;
    return {
      id: entry.id,
      status: entry.status as WaitlistStatus,
      date: entry.date,
      part: entry.part as WaitlistEntryView['part'],
      place: placeInLine(lines.get(`${entry.propertyId}|${entry.date}`) ?? [], entry.id),
      client_name: entry.clientName,
      client_email: entry.clientEmail,
      client_phone: entry.clientPhone,
      joined_at: entry.joinedAt.toISOString(),
      offer:
        live && entry.offerStartsAt
          ? { starts_at: entry.offerStartsAt.toISOString(), expires_at: entry.offerExpiresAt!.toISOString() }
          : null,
      property: { id: entry.propertyId, address },
    };
  });
}

/** DELETE /api/waitlist-entries/:id: the agent takes a buyer off a line (only their own lines). */
export async function removeEntry(ctx: WaitlistContext, agentId: string, id: string): Promise<void> {
  const [entry] = await ctx.db
    .select({ id: showingWaitlist.id })
    .from(showingWaitlist)
    .where(and(eq(showingWaitlist.id, id), eq(showingWaitlist.agentId, agentId)));
  if (!entry || !(await takeOutOfLine(ctx, entry.id, agentId, 'removed'))) {
    throw new AppError(404, 'WAITLIST_NOT_FOUND', 'This buyer is not on your waiting list.');
  }
}
