// A buyer tour's public side (issue 16): the ONE invitation opens the tour page (stops and times, the
// server's instants in the agent's zone); the buyer enters their details once and books the whole tour —
// linked bookings created in ONE transaction through the booking service's own pieces (the agent-row lock,
// the month limit, insertBooking under the EXCLUDE constraint, the notifications). If any stop is no longer
// free, nothing is booked and the answer names the stop.
import { assertShowingRules } from '../showing-rules/service';
import { assertAgentDayOpen } from '../availability/daily-cap';
import { claimHold } from './hold-rows';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { APPOINTMENT_MINUTES } from '@keyturn/domain/constants';
import { ROUTE_MESSAGES } from '@keyturn/domain/routes/messages';
import { textColorOn } from '@keyturn/domain/contrast';
import type { PublicTour, tourBookingSchema } from '@keyturn/domain/schemas/tours';
import { findOpenSlot } from '@keyturn/domain/slots/engine';
import { formatClock, wallClockInZone } from '@keyturn/domain/time';
import { startOfDayInZone } from '@keyturn/domain/zoneDays';
import type { z } from 'zod';
import { agents, properties, tours } from '../../db/schema';
import { lockAgentRow, writeTransaction } from '../../db/transaction';
import { AppError } from '../../http/errors';
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
  const from = startOfDayInZone(tour.date, agent.timeZone).getTime();
  // The drives are re-checked whatever the "cluster showings by area" switch says: a tour was planned around
  // them. The plan still gates it (a tour is Professional), the office still starts the day.
  const office = officePlace(await readOffice(ctx.db, agent.id));
  const travel = { agentId: agent.id, plan: agent.plan, clusterByArea: true, office, rules };
  return writeTransaction(ctx.db, async (tx) => {
    await lockAgentRow(tx, agent.id);
    const [current] = await tx.select({ bookedAt: tours.bookedAt }).from(tours).where(eq(tours.id, tour.id));
    if (current?.bookedAt) throw new AppError(409, 'TOUR_ALREADY_BOOKED', ROUTE_MESSAGES.tourAlreadyBooked);
    // Every stop still an open slot (the agent's hours, notice, buffer, bookings, calendar busy time), read
    // under the lock so a booking committed a moment ago counts.
    const busy = await busyIntervals(tx, agent.id, new Date(from - DAY_MS), new Date(from + 2 * DAY_MS));
    stops.forEach((stop, k) => {
      const startsAt = Date.parse(stop.starts_at);
      const wall = wallClockInZone(new Date(startsAt), agent.timeZone);
      if (!findOpenSlot(rules, busy, now, wall.date, wall.time, startsAt)) {
        const message = ROUTE_MESSAGES.tourStopTaken(
          stop.property.address,
          formatClock(startsAt, agent.timeZone).toLowerCase(),
        );
        throw new AppError(409, 'TOUR_STOP_TAKEN', message, { [`stops.${k}`]: message });
      }
    });
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
        throw new AppError(409, 'TOUR_STOP_UNREACHABLE', message, { [`stops.${k}`]: message });
      }
    }
    // Issue 44: no stop on a time another buyer holds; every stop counts toward the agent's daily cap.
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
