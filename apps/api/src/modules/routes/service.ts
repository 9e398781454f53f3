// The agent's day on the road (issue 16): the day's showings in time order with drive times, the warnings,
// the optimiser's proposal and applying it. Drive times come from the routing adapter (adapters/router.ts) or
// the estimate; the optimiser is the domain's (routes/optimiser.ts).
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { canReschedule } from '@keyturn/domain/bookingStatus';
import { ROUTE_MESSAGES } from '@keyturn/domain/messages';
import { routeSaving, travelWarnings, type Leg } from '@keyturn/domain/routes/day';
import { optimiseRoute, type RouteStop } from '@keyturn/domain/routes/optimiser';
import { isLatLng, type LatLng } from '@keyturn/domain/routes/travel';
import type { AgentDay, RouteProposal } from '@keyturn/domain/schemas/routes';
import {
  agentToday,
  daySlots,
  bookingWindow,
  findOpenSlot,
  type BusyInterval,
} from '@keyturn/domain/slots/engine';
import { wallClockInZone } from '@keyturn/domain/time';
import { startOfDayInZone } from '@keyturn/domain/zoneDays';
import type { Db } from '../../db/client';
import { bookings, properties } from '../../db/schema';
import { lockAgentRow, writeTransaction } from '../../db/transaction';
import { AppError, notFound } from '../../http/errors';
import { routeLine, travelMatrix, type Travel } from '../../adapters/router';
import type { BookingNotifier } from '../notifications/scheduler';
import type { AgentRow } from '../agents/service';
import { busyIntervals, slotRulesFor } from '../availability/service';
import { insertMoved, markRescheduled } from '../bookings/agent-service';
import { mapSlotConflict, type BookingRow } from '../bookings/service';
import { mapTilesView, officePlace, readOffice, type MapsDeps } from './office';

type DayRow = {
  booking: BookingRow;
  property: { id: number; address: string; city: string; lat: number | null; lng: number | null } | null;
};

const MINUTE = 60_000;

function nextDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 24 * 3_600_000).toISOString().slice(0, 10);
}

/** The agent's showings of an agent-zone date (pending, confirmed, and the ones already completed that day), in time order. */
async function dayRows(db: Db, agent: AgentRow, date: string): Promise<DayRow[]> {
  return db
    .select({
      booking: bookings,
      property: {
        id: properties.id,
        address: properties.address,
        city: properties.city,
        lat: properties.lat,
        lng: properties.lng,
      },
    })
    .from(bookings)
    .leftJoin(properties, eq(properties.id, bookings.propertyId))
    .where(
      and(
        eq(bookings.agentId, agent.id),
        inArray(bookings.status, ['pending', 'confirmed', 'completed']),
        gte(bookings.startsAt, startOfDayInZone(date, agent.timeZone)),
        lt(bookings.startsAt, startOfDayInZone(nextDate(date), agent.timeZone)),
      ),
    )
    .orderBy(bookings.startsAt, sql`${bookings.id}`)
    .then((rows) =>
      rows.map((r) => ({ booking: r.booking, property: r.property?.id == null ? null : r.property })),
    );
}

const placeOf = (row: DayRow): LatLng | null =>
  row.property && isLatLng(row.property) ? { lat: row.property.lat, lng: row.property.lng } : null;

const addressOf = (row: DayRow) => row.property?.address ?? row.booking.clientName;

/**
 * Drive times between every pair of the rows that have a position (null for the others), and from the
 * agent's office (`start`, when set) to each of them.
 */
async function matrixFor(deps: MapsDeps, agent: AgentRow, rows: DayRow[], start: LatLng | null = null) {
  const located = rows.flatMap((row, i) => (placeOf(row) ? [i] : []));
  const hour = rows[0]
    ? Number(wallClockInZone(rows[0].booking.startsAt, agent.timeZone).time.slice(0, 2))
    : 0;
  const matrix = await travelMatrix(
    deps.db,
    deps.maps,
    deps.outbound,
    [...located.map((i) => placeOf(rows[i]!)!), ...(start ? [start] : [])],
    hour,
  );
  const position = new Map(located.map((rowIndex, k) => [rowIndex, k]));
  const travel = (i: number, j: number): Travel | null => {
    const a = position.get(i);
    const b = position.get(j);
    return a === undefined || b === undefined ? null : matrix[a]![b]!;
  };
  const fromStart = (j: number): Travel | null => {
    const b = position.get(j);
    return !start || b === undefined ? null : matrix[located.length]![b]!;
  };
  return Object.assign(travel, { fromStart });
}

export async function agentDay(
  deps: MapsDeps,
  agent: AgentRow,
  date: string | undefined,
  now: Date,
): Promise<AgentDay> {
  const day = date ?? agentToday(now, agent.timeZone);
  const rows = await dayRows(deps.db, agent, day);
  const office = await readOffice(deps.db, agent.id);
  const travel = await matrixFor(deps, agent, rows, officePlace(office));
  const legs: Leg[] = rows.slice(1).map((_, k) => travel(k, k + 1));
  // The day starts at the office (when set): its leg goes to the first showing with a position.
  const firstLocated = rows.findIndex((row) => placeOf(row) !== null);
  const startLeg = firstLocated >= 0 ? travel.fromStart(firstLocated) : null;
  const places = rows.flatMap((row) => {
    const p = placeOf(row);
    return p ? [p] : [];
  });
  const line = await routeLine(
    deps.maps,
    deps.outbound,
    startLeg && office ? [officePlace(office)!, ...places] : places,
  );
  return {
    date: day,
    time_zone: agent.timeZone,
    showings: rows.map((row) => ({
      booking_id: row.booking.id,
      status: row.booking.status,
      starts_at: row.booking.startsAt.toISOString(),
      ends_at: row.booking.endsAt.toISOString(),
      client_name: row.booking.clientName,
      property: row.property,
      movable: isMovable(row, now),
    })),
    legs: rows.slice(1).map((row, k) => ({
      from_booking_id: rows[k]!.booking.id,
      to_booking_id: row.booking.id,
      minutes: legs[k]?.minutes ?? null,
      meters: legs[k]?.meters ?? null,
      source: legs[k]?.source ?? null,
    })),
    office,
    start_leg:
      startLeg && firstLocated >= 0
        ? {
            to_booking_id: rows[firstLocated]!.booking.id,
            minutes: startLeg.minutes,
            meters: startLeg.meters,
            source: startLeg.source,
          }
        : null,
    total_drive_minutes: legs.reduce((sum, leg) => sum + (leg?.minutes ?? 0), startLeg?.minutes ?? 0),
    warnings: travelWarnings(
      rows.map((row) => ({
        id: row.booking.id,
        address: addressOf(row),
        startsAt: row.booking.startsAt.getTime(),
        endsAt: row.booking.endsAt.getTime(),
      })),
      legs,
      agent.timeZone,
    ),
    line: line.line,
    line_source: line.source,
    routing_configured: deps.maps.routingUrl !== null,
    map: mapTilesView(deps.maps),
    optimisable: inWindow(day, agent, now),
  };
}

function inWindow(date: string, agent: AgentRow, now: Date): boolean {
  const window = bookingWindow(now, agent.timeZone);
  return date >= window.from && date <= window.to;
}

/** Optimise moves pending showings that have not started and have a map position; the rest stay put. */
function isMovable(row: DayRow, now: Date): boolean {
  return (
    row.booking.status === 'pending' &&
    canReschedule(row.booking.status, row.booking.startsAt, now) &&
    placeOf(row) !== null
  );
}

/** Busy time without the given bookings (the ones Optimise is free to move). */
function withoutBookings(busy: BusyInterval[], moved: readonly BookingRow[]): BusyInterval[] {
  const left = [...busy];
  for (const b of moved) {
    const k = left.findIndex((i) => i.start === b.startsAt.getTime() && i.end === b.endsAt.getTime());
    if (k >= 0) left.splice(k, 1);
  }
  return left;
}

async function dayBusy(db: Db, agent: AgentRow, date: string): Promise<BusyInterval[]> {
  const from = startOfDayInZone(date, agent.timeZone);
  return busyIntervals(
    db,
    agent.id,
    new Date(from.getTime() - 86_400_000),
    new Date(from.getTime() + 2 * 86_400_000),
  );
}

/**
 * The order and times that drive least: the located showings of the day are the stops; confirmed (and
 * started) ones keep their time, pending ones may move to any open slot of the day (the agent's hours,
 * notice, buffer, other bookings and calendar busy time all count). The saving is against the booked order.
 */
export async function proposeRoute(
  deps: MapsDeps,
  agent: AgentRow,
  date: string,
  now: Date,
): Promise<RouteProposal> {
  const window = bookingWindow(now, agent.timeZone);
  if (date < window.from || date > window.to)
    throw new AppError(400, 'VALIDATION_ERROR', ROUTE_MESSAGES.notInWindow, {
      date: ROUTE_MESSAGES.notInWindow,
    });
  const all = await dayRows(deps.db, agent, date);
  const rows = all.filter((row) => placeOf(row) !== null);
  const office = officePlace(await readOffice(deps.db, agent.id));
  const travel = await matrixFor(deps, agent, rows, office);
  const movable = rows.filter((row) => isMovable(row, now));
  const rules = await slotRulesFor(deps.db, agent);
  const busy = withoutBookings(
    await dayBusy(deps.db, agent, date),
    movable.map((r) => r.booking),
  );
  const open = daySlots(rules, busy, now, date).map((slot) => Math.round(slot.startsAt / MINUTE));
  const stops: RouteStop[] = rows.map((row) => {
    const own = Math.round(row.booking.startsAt.getTime() / MINUTE);
    const duration =
      Math.round((row.booking.endsAt.getTime() - row.booking.startsAt.getTime()) / MINUTE) +
      rules.bufferMinutes;
    if (!isMovable(row, now)) return { windows: [{ from: own, to: own }], duration };
    const starts = [...new Set([...open, own])].sort((a, b) => a - b);
    return { windows: starts.map((s) => ({ from: s, to: s })), duration };
  });
  const matrix = rows.map((_, i) => rows.map((_, j) => travel(i, j)?.minutes ?? 0));
  // From the office (when set) to each stop: the optimiser counts the first leg, and so does the booked day.
  const fromStart = office ? rows.map((_, j) => travel.fromStart(j)?.minutes ?? 0) : undefined;
  const booked = rows
    .slice(1)
    .reduce((sum, _, k) => sum + matrix[k]![k + 1]!, fromStart && rows.length > 0 ? fromStart[0]! : 0);
  const base = { date, booked_minutes: booked };
  if (movable.length === 0) {
    return {
      ...base,
      feasible: true,
      method: 'exact',
      order: rows.map((r) => r.booking.id),
      moves: [],
      optimised_minutes: booked,
      saving_minutes: 0,
      saving_percent: 0,
      note: ROUTE_MESSAGES.nothingToOptimise,
    };
  }
  const result = optimiseRoute({ stops, travel: matrix, fromStart, grid: 1 });
  if (!result.feasible) {
    return {
      ...base,
      feasible: false,
      method: result.method,
      order: [],
      moves: [],
      optimised_minutes: booked,
      saving_minutes: 0,
      saving_percent: 0,
      note: ROUTE_MESSAGES.infeasible,
    };
  }
  // Keep the booked day when the optimiser finds no shorter drive (never move buyers for nothing).
  if (result.travelMinutes >= booked) {
    return {
      ...base,
      feasible: true,
      method: result.method,
      order: rows.map((r) => r.booking.id),
      moves: [],
      optimised_minutes: booked,
      saving_minutes: 0,
      saving_percent: 0,
      note: ROUTE_MESSAGES.alreadyOptimal,
    };
  }
  const saving = routeSaving(booked, result.travelMinutes);
  return {
    ...base,
    feasible: true,
    method: result.method,
    order: result.order.map((i) => rows[i]!.booking.id),
    moves: rows.flatMap((row, i) => {
      const start = result.starts[i]! * MINUTE;
      if (start === row.booking.startsAt.getTime()) return [];
      return [
        {
          booking_id: row.booking.id,
          starts_at: new Date(start).toISOString(),
          from_starts_at: row.booking.startsAt.toISOString(),
          address: addressOf(row),
        },
      ];
    }),
    optimised_minutes: result.travelMinutes,
    saving_minutes: saving.minutes,
    saving_percent: saving.percent,
    note: null,
  };
}

/**
 * Applies a proposal's moves in one transaction: every booking must be the caller's (else 404), still
 * pending and not started (else 409), and every new time an open slot once the moved showings give up their
 * old times and take their new ones (else 409, nothing changes). Buyers get the normal reschedule messages.
 */
export async function applyRoute(
  deps: MapsDeps,
  agent: AgentRow,
  input: { date: string; moves: { booking_id: string; starts_at: string }[] },
  now: Date,
  notify: BookingNotifier,
): Promise<AgentDay> {
  const ids = input.moves.map((m) => m.booking_id);
  if (new Set(ids).size !== ids.length)
    throw new AppError(400, 'VALIDATION_ERROR', 'Each showing may move once.', {
      moves: 'Each showing may move once.',
    });
  const rules = await slotRulesFor(deps.db, agent);
  try {
    await writeTransaction(deps.db, async (tx) => {
      await lockAgentRow(tx, agent.id);
      const rows = await tx
        .select()
        .from(bookings)
        .where(and(eq(bookings.agentId, agent.id), inArray(bookings.id, ids)));
      if (rows.length !== ids.length) throw notFound('Booking not found.');
      const byId = new Map(rows.map((b) => [b.id, b]));
      const planned = input.moves.map((m) => {
        const booking = byId.get(m.booking_id)!;
        const startsAt = Date.parse(m.starts_at);
        return {
          booking,
          startsAt,
          endsAt: startsAt + (booking.endsAt.getTime() - booking.startsAt.getTime()),
        };
      });
      for (const { booking } of planned) {
        if (booking.status !== 'pending' || !canReschedule(booking.status, booking.startsAt, now))
          throw new AppError(
            409,
            'ILLEGAL_TRANSITION',
            'A showing of this plan was just changed. Reload and optimise again.',
          );
      }
      const from = startOfDayInZone(input.date, agent.timeZone);
      const busy = withoutBookings(
        await busyIntervals(
          tx as unknown as Db,
          agent.id,
          new Date(from.getTime() - 86_400_000),
          new Date(from.getTime() + 2 * 86_400_000),
        ),
        rows,
      );
      for (const move of planned) {
        const others = planned.filter((p) => p !== move).map((p) => ({ start: p.startsAt, end: p.endsAt }));
        const wall = wallClockInZone(new Date(move.startsAt), agent.timeZone);
        if (
          wall.date !== input.date ||
          !findOpenSlot(rules, [...busy, ...others], now, wall.date, wall.time, move.startsAt)
        )
          throw new AppError(
            409,
            'SLOT_UNAVAILABLE',
            'A time of this plan is no longer free. Optimise again.',
          );
      }
      for (const { booking } of planned) await markRescheduled(tx, booking);
      for (const move of planned) {
        await insertMoved(
          tx,
          move.booking,
          { startsAt: new Date(move.startsAt), endsAt: new Date(move.endsAt) },
          ROUTE_MESSAGES.optimisedReason,
          now,
          notify,
        );
      }
    });
  } catch (err) {
    throw mapSlotConflict(err);
  }
  return agentDay(deps, agent, input.date, now);
}
