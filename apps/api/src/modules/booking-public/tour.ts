// A buyer tour's public side (issue 16): the ONE invitation opens the tour page (stops and times, the
// server's instants in the agent's zone); the buyer enters their details once and books the whole tour —
// linked bookings created in ONE transaction through the booking service's own pieces (the agent-row lock,
// the month limit, insertBooking under the EXCLUDE constraint, the notifications). If any stop is no longer
// free, nothing is booked and the answer names the stop. Issue 44: while the buyer fills in their details every
// stop's time is held for them (holdTour, all or none); booking the tour uses the holds up.
import { assertShowingRules } from '../showing-rules/service';
import { assertAgentDayOpen } from '../availability/daily-cap';
import { claimHold, holdConflict, insertHold, sweepAgentHolds } from './hold-rows';
import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull, like } from 'drizzle-orm';
import { holdExpiresAt } from '@keyturn/domain/slots/holds';
import { APPOINTMENT_MINUTES } from '@keyturn/domain/constants';
import { ROUTE_MESSAGES } from '@keyturn/domain/routes/messages';
import { textColorOn } from '@keyturn/domain/contrast';
import type { PublicTour, TourHold, tourBookingSchema } from '@keyturn/domain/schemas/tours';
import { findOpenSlot, type SlotRules } from '@keyturn/domain/slots/engine';
import { formatClock, wallClockInZone } from '@keyturn/domain/time';
import { startOfDayInZone } from '@keyturn/domain/zoneDays';
import type { z } from 'zod';
import type { Db, DbTransaction } from '../../db/client';
import { agents, properties, slotHolds, tours } from '../../db/schema';
import type { AgentRow } from '../core/agents';
import { agentHoldMinutes } from '../availability/hold-setting';
import { lockAgentRow, writeTransaction } from '../../db/transaction';
import { AppError, type ErrorMessageValues } from '../../http/errors';
import { intlLocaleOf } from '../../i18n';
import { busyIntervals, requiresApproval, slotRulesFor } from '../availability/service';
import { bookingColumns, insertBooking } from '../bookings/service';
import { slotReachability } from '../routes/cluster';
import { officePlace, readOffice } from '../routes/office';
import { checkMonthlyLimit, toBuyerBooking } from './service';
import { type PublicContext } from './context';

const DAY_MS = 86_400_000;
const tourNotFound = () => new AppError(404, 'TOUR_NOT_FOUND', ROUTE_MESSAGES.tourNotFound);

async function tourByToken(ctx: PublicContext, token: string) {
  if (!token || token.length > 100) throw tourNotFound();
  const [row] = await ctx.db
    .select({ tour: tours, agent: agents })
    .from(tours)
    .innerJoin(agents, eq(agents.id, tours.agentId))
    .where(eq(tours.token, token));
  if (!row) throw tourNotFound();
  const ids = row.tour.stops.map((s) => s.property_id);
  const found = await ctx.db
    .select()
    .from(properties)
    .where(
      and(inArray(properties.id, ids), eq(properties.agentId, row.agent.id), isNull(properties.deletedAt)),
    );
  // A property removed since the invitation: the tour can no longer be booked as it was offered.
  if (found.length !== ids.length) throw tourNotFound();
  const stops = row.tour.stops.map((s) => ({ ...s, property: found.find((p) => p.id === s.property_id)! }));
  return { ...row, stops };
}

export async function publicTour(ctx: PublicContext, token: string): Promise<PublicTour> {
  const { tour, agent, stops } = await tourByToken(ctx, token);
  return {
    agent: {
      name: `${agent.firstName} ${agent.lastName}`,
      company_name: agent.companyName,
      phone: agent.phone,
      // The page is the agent's (issue 29): their colour and logo, as on the booking page.
      primary_color: agent.primaryColor,
      on_primary_color: textColorOn(agent.primaryColor),
      logo_url: agent.logoUrl,
    },
    date: tour.date,
    time_zone: agent.timeZone,
    stops: stops.map((s) => ({
      property_id: s.property_id,
      address: s.property.address,
      city: s.property.city,
      starts_at: s.starts_at,
      ends_at: new Date(Date.parse(s.starts_at) + APPOINTMENT_MINUTES * 60_000).toISOString(),
    })),
    buyer: tour.buyer ?? null,
    booked: tour.bookedAt !== null,
  };
}

/**
 * Books every stop in ONE transaction, or nothing: 409 TOUR_STOP_TAKEN (no longer open) or
 * TOUR_STOP_UNREACHABLE (a showing booked since leaves no time for the drive) naming the stop.
 */
export async function bookTour(
  ctx: PublicContext,
  token: string,
  input: z.output<typeof tourBookingSchema>,
): Promise<{ booking_ids: string[]; manage_urls: string[] }> {
  const { tour, agent, stops } = await tourByToken(ctx, token);
  const rules = await slotRulesFor(ctx.db, agent);
  // New bookings wait for the agent's approval when they ask for it, as any booking.
  const pending = await requiresApproval(ctx.db, agent.id);
  const now = ctx.now();
  // The drives are re-checked whatever the "cluster showings by area" switch says: a tour was planned around
  // them. The plan still gates it (a tour is Professional), the office still starts the day.
  const office = officePlace(await readOffice(ctx.db, agent.id));
  const travel = { agentId: agent.id, plan: agent.plan, clusterByArea: true, office, rules };
  return writeTransaction(ctx.db, async (tx) => {
    await lockAgentRow(tx, agent.id);
    const [current] = await tx.select({ bookedAt: tours.bookedAt }).from(tours).where(eq(tours.id, tour.id));
    if (current?.bookedAt) throw new AppError(409, 'TOUR_ALREADY_BOOKED', ROUTE_MESSAGES.tourAlreadyBooked);
    await assertStopsOpen(tx, { agent, stops, rules, date: tour.date, now });
    // Issue 32: each stop's property rules (instructions only, notice, blocks, daily cap, gap), as a booking's.
    for (const stop of stops) {
      const startsAt = new Date(stop.starts_at);
      const date = wallClockInZone(startsAt, agent.timeZone).date;
      await assertShowingRules(tx, {
        propertyId: stop.property_id,
        timeZone: agent.timeZone,
        date,
        startsAt,
        now,
      });
    }
    // Every stop still reachable from the showings booked since (the rule POST /api/booking re-checks), read
    // under the same lock; the tour's own stops are not booked yet, checkTour held them to their drives.
    for (const [k, stop] of stops.entries()) {
      const startsAt = Date.parse(stop.starts_at);
      const refused = await slotReachability(tx, travel, tour.date, startsAt, stop.property);
      if (refused) {
        const clock = formatClock(startsAt, agent.timeZone).toLowerCase();
        // The true reason: the drive from the office at the day's opening, or a showing booked since.
        const message =
          refused === 'office'
            ? ROUTE_MESSAGES.tourStopUnreachableFromOffice(stop.property.address, clock)
            : ROUTE_MESSAGES.tourStopUnreachable(stop.property.address, clock);
        const values = stopValues(stop.property.address, startsAt, agent.timeZone);
        throw new AppError(409, 'TOUR_STOP_UNREACHABLE', message, { [`stops.${k}`]: message }, values);
      }
    }
    // Issue 44: no stop on a time another buyer holds (the tour's own holds, made while its buyer filled in their
    // details, are used up here); every stop counts toward the agent's daily cap.
    await releaseTourHolds(tx, agent.id, token);
    for (const stop of stops) {
      const startsAt = new Date(stop.starts_at);
      const endsAt = new Date(startsAt.getTime() + APPOINTMENT_MINUTES * 60_000);
      await claimHold(tx, { agentId: agent.id, startsAt, endsAt, now });
    }
    await assertAgentDayOpen(tx, {
      agentId: agent.id,
      timeZone: agent.timeZone,
      date: tour.date,
      adding: stops.length,
    });
    await checkMonthlyLimit(tx, agent, now, stops.length);
    const rows = [];
    for (const stop of stops) {
      const startsAt = new Date(stop.starts_at);
      const row = await insertBooking(tx, {
        ...bookingColumns(
          { ...input, booking_purpose: 'property_viewing', custom_purpose: null },
          stop.property.id,
        ),
        agentId: agent.id,
        status: pending ? 'pending' : 'confirmed',
        startsAt,
        endsAt: new Date(startsAt.getTime() + APPOINTMENT_MINUTES * 60_000),
        tourId: tour.id,
        // Issue 43: the buyer's language (the payload's or the request's, else the agent's default).
        locale: input.locale ?? agent.defaultLanguage,
        createdAt: now,
      });
      await ctx.notify.created(tx, row, 'buyer');
      rows.push(row);
    }
    await tx.update(tours).set({ bookedAt: now }).where(eq(tours.id, tour.id));
    return {
      booking_ids: rows.map((r) => r.id),
      manage_urls: rows.map((r) => toBuyerBooking(ctx, r, agent).manage_url),
    };
  });
}

type TourStop = Awaited<ReturnType<typeof tourByToken>>['stops'][number];

/** A stop no longer free: 409 TOUR_STOP_TAKEN naming it (its field `stops.k`, the page marks it). */
function stopTaken(agent: AgentRow, stop: TourStop, k: number): AppError {
  const startsAt = Date.parse(stop.starts_at);
  const message = ROUTE_MESSAGES.tourStopTaken(
    stop.property.address,
    formatClock(startsAt, agent.timeZone).toLowerCase(),
  );
  const values = stopValues(stop.property.address, startsAt, agent.timeZone);
  return new AppError(409, 'TOUR_STOP_TAKEN', message, { [`stops.${k}`]: message }, values);
}

/** A stop's address and time for its message in the buyer's language (the time through Intl in Spanish). */
function stopValues(address: string, startsAt: number, timeZone: string): ErrorMessageValues {
  return (locale) => ({
    address,
    clock:
      locale === 'en'
        ? formatClock(startsAt, timeZone).toLowerCase()
        : new Intl.DateTimeFormat(intlLocaleOf(locale), {
            timeZone,
            hour: 'numeric',
            minute: '2-digit',
          }).format(startsAt),
  });
}

/**
 * Under the agent's lock: every stop still an open slot (the agent's hours, notice, buffer, bookings, calendar
 * busy time), read under the lock so a booking committed a moment ago counts; else 409 naming the first that
 * is not. Booking the tour and holding it check the same.
 */
async function assertStopsOpen(
  tx: DbTransaction,
  check: { agent: AgentRow; stops: TourStop[]; rules: SlotRules; date: string; now: Date },
): Promise<void> {
  const { agent, stops, rules, now } = check;
  const from = startOfDayInZone(check.date, agent.timeZone).getTime();
  const busy = await busyIntervals(tx, agent.id, new Date(from - DAY_MS), new Date(from + 2 * DAY_MS));
  stops.forEach((stop, k) => {
    const startsAt = Date.parse(stop.starts_at);
    const wall = wallClockInZone(new Date(startsAt), agent.timeZone);
    if (!findOpenSlot(rules, busy, now, wall.date, wall.time, startsAt)) throw stopTaken(agent, stop, k);
  });
}

/**
 * Issue 44: a tour's holds are known by the invitation's token (the buyer's proof, as for booking it): each stop's
 * hold token is this prefix (hex, so a LIKE pattern as it is) and the stop's number.
 */
function tourHoldPrefix(tourToken: string): string {
  return createHash('sha256').update(`tour-hold|${tourToken}`).digest('hex').slice(0, 32);
}

/** The tour's own holds let go (under the agent's lock when booking: a rollback keeps them). */
async function releaseTourHolds(db: Db | DbTransaction, agentId: string, tourToken: string): Promise<void> {
  await db
    .delete(slotHolds)
    .where(and(eq(slotHolds.agentId, agentId), like(slotHolds.token, `${tourHoldPrefix(tourToken)}.%`)));
}

/**
 * POST /api/tour/{token}/holds (issue 44): while the buyer fills in their details, every stop's time is held for
 * them (the agent's hold minutes) — all stops or none, in one transaction under the agent's lock (a buyer tour is
 * one agent's): the tour's earlier holds are replaced, each stop must still be open and held by nobody else, else
 * 409 TOUR_STOP_TAKEN names it and nothing is held. Booking the tour uses them up. A booked tour: 409.
 */
export async function holdTour(ctx: PublicContext, token: string): Promise<TourHold> {
  const { tour, agent, stops } = await tourByToken(ctx, token);
  const rules = await slotRulesFor(ctx.db, agent);
  const minutes = await agentHoldMinutes(ctx.db, agent.id);
  const now = ctx.now();
  const expiresAt = holdExpiresAt(now, minutes);
  const prefix = tourHoldPrefix(token);
  try {
    await writeTransaction(ctx.db, async (tx) => {
      await lockAgentRow(tx, agent.id);
      const [current] = await tx
        .select({ bookedAt: tours.bookedAt })
        .from(tours)
        .where(eq(tours.id, tour.id));
      if (current?.bookedAt) throw new AppError(409, 'TOUR_ALREADY_BOOKED', ROUTE_MESSAGES.tourAlreadyBooked);
      await sweepAgentHolds(tx, agent.id, now);
      await releaseTourHolds(tx, agent.id, token);
      await assertStopsOpen(tx, { agent, stops, rules, date: tour.date, now });
      for (const [k, stop] of stops.entries()) {
        const startsAt = new Date(stop.starts_at);
        const slot = { startsAt, endsAt: new Date(startsAt.getTime() + APPOINTMENT_MINUTES * 60_000) };
        try {
          await insertHold(tx, {
            agentId: agent.id,
            propertyId: stop.property_id,
            token: `${prefix}.${k}`,
            slot,
            expiresAt,
            now,
          });
        } catch (err) {
          // Booked or held by another buyer meanwhile: this stop is not free, and nothing of the tour is held.
          if (err instanceof AppError && err.code === 'SLOT_TAKEN') throw stopTaken(agent, stop, k);
          throw err;
        }
      }
    });
  } catch (err) {
    throw holdConflict(err);
  }
  return { expires_at: expiresAt.toISOString(), minutes };
}

/** DELETE /api/tour/{token}/holds: the buyer let go (best effort: unreleased holds end by themselves). */
export async function releaseTour(ctx: PublicContext, token: string): Promise<void> {
  const { agent } = await tourByToken(ctx, token);
  await releaseTourHolds(ctx.db, agent.id, token);
}
