// The agent's day on the road (issue 16): the day's showings in time order with drive times, the warnings,
// the optimiser's proposal and applying it. Drive times come from the routing adapter (adapters/router.ts) or
// the estimate; the optimiser is the domain's (routes/optimiser.ts).
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { canReschedule } from '@keyturn/domain/bookingStatus';
import { ROUTE_MESSAGES } from '@keyturn/domain/routes/messages';
import { routeSaving, travelWarnings, type Leg } from '@keyturn/domain/routes/day';
import { optimiseRoute, type RouteStop } from '@keyturn/domain/routes/optimiser';
import { isLatLng, type LatLng } from '@keyturn/domain/routes/travel';
import type { AgentDay, RouteProposal } from '@keyturn/domain/schemas/routes';
import { agentToday, daySlots, bookingWindow, type BusyInterval } from '@keyturn/domain/slots/engine';
import { wallClockInZone } from '@keyturn/domain/time';
import { startOfDayInZone } from '@keyturn/domain/zoneDays';
import type { Db } from '../../db/client';
import { bookings, properties } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import { routeLine, travelMatrix, type Travel } from '../../adapters/router';
import type { AgentRow } from '../core/agents';
import { busyIntervals, slotRulesFor } from '../availability/service';
import type { BookingRow } from '../bookings/service';
import type { BookingNotifier } from '../core/notifications/scheduler';
import { mapTilesView, officePlace, readOffice, type MapsDeps } from './office';
import { dayProposals, proposeTimes } from './proposals';

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

/** A stop of a proposal: who, where, the time now and the time proposed (`moves` when they differ). */
function stopOf(row: DayRow, startsAt: number): RouteProposal['stops'][number] {
  return {
    booking_id: row.booking.id,
    client_name: row.booking.clientName,
    address: addressOf(row),
    status: row.booking.status,
    from_starts_at: row.booking.startsAt.toISOString(),
    starts_at: new Date(startsAt).toISOString(),
    moves: startsAt !== row.booking.startsAt.getTime(),
  };
}

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
    proposals: await dayProposals(deps.db, agent.id, day),
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
  const busy = await dayBusy(deps.db, agent, date);
  const stops: RouteStop[] = rows.map((row) => {
    const own = Math.round(row.booking.startsAt.getTime() / MINUTE);
    const duration =
      Math.round((row.booking.endsAt.getTime() - row.booking.startsAt.getTime()) / MINUTE) +
      rules.bufferMinutes;
    if (!isMovable(row, now)) return { windows: [{ from: own, to: own }], duration };
    // Each buyer answers on their own (decision 042): a proposed time must be free while every other showing
    // is still where it is, so only the showing's own time is given up — any set of acceptances fits.
    const open = daySlots(rules, withoutBookings(busy, [row.booking]), now, date).map((slot) =>
      Math.round(slot.startsAt / MINUTE),
    );
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
  const stayingStops = rows.map((row) => stopOf(row, row.booking.startsAt.getTime()));
  if (movable.length === 0) {
    return {
      ...base,
      feasible: true,
      method: 'exact',
      order: rows.map((r) => r.booking.id),
      moves: [],
      stops: stayingStops,
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
      stops: [],
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
      stops: stayingStops,
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
      const stop = stopOf(row, result.starts[i]! * MINUTE);
      if (!stop.moves) return [];
      const { booking_id, starts_at, from_starts_at, address, client_name } = stop;
      return [{ booking_id, starts_at, from_starts_at, address, client_name }];
    }),
    stops: result.order.map((i) => stopOf(rows[i]!, result.starts[i]! * MINUTE)),
    optimised_minutes: result.travelMinutes,
    saving_minutes: saving.minutes,
    saving_percent: saving.percent,
    note: null,
  };
}

/**
 * Apply (issue 29, decision 042): nothing moves — each pending showing's buyer is proposed the new time
 * (modules/routes/proposals.ts) and the day comes back with the proposals and their state.
 */
export async function applyRoute(
  deps: MapsDeps,
  queue: JobQueue,
  agent: AgentRow,
  input: { date: string; moves: { booking_id: string; starts_at: string }[] },
  now: Date,
  notify?: BookingNotifier,
): Promise<AgentDay> {
  await proposeTimes(deps.db, queue, agent, input, now, notify);
  return agentDay(deps, agent, input.date, now);
}
