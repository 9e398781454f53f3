// Issue 45 "Cross-agent tours": the plan of a buyer's agent's day of homes listed by other agents on this server.
// Each home's open times are its booking page's own answer (its agent's hours, notice, blocks, daily cap, holds
// and the property's showing rules — what the request will be checked against), the drives are the route
// optimiser's travel matrix (the routing server when one is set, else the straight-line estimate), and the order
// is planNetworkTour's (packages/domain routes/networkTour.ts).
import { and, eq, inArray } from 'drizzle-orm';
import { APPOINTMENT_MINUTES } from '@keyturn/domain/constants';
import {
  NETWORK_TOUR_TEXTS,
  planNetworkTour,
  type NetworkTourPlan,
  type NetworkTourStop,
} from '@keyturn/domain/routes/networkTour';
import { isLatLng } from '@keyturn/domain/routes/travel';
import type { NetworkTourPlanAnswer } from '@keyturn/domain/schemas/networkTours';
import { wallClockInZone } from '@keyturn/domain/time';
import { travelMatrix } from '../../adapters/router';
import type { MapsConfig } from '../../config';
import { agents, properties } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import type { OutboundPolicy } from '../../http/outbound-url';
import type { AgentRow } from '../core/agents';
import type { PublicContext } from '../booking-public/context';
import { availabilityForDate, propertySubject } from '../booking-public/slot-pipeline';
import { inNetwork, ownListing } from '../network/service';

export type TourDeps = {
  ctx: PublicContext;
  maps: () => Promise<MapsConfig>;
  outbound: OutboundPolicy;
};

const MINUTE = 60_000;

export type TourHome = {
  id: number;
  address: string;
  city: string;
  lat: number;
  lng: number;
  agentId: string;
  agentName: string;
  timeZone: string;
};

/** The homes, in the order given: listed for other agents, public, not deleted, not the caller's (else 404/400). */
export async function tourHomes(
  deps: TourDeps,
  caller: AgentRow,
  ids: readonly number[],
): Promise<TourHome[]> {
  const found = await deps.ctx.db
    .select({
      id: properties.id,
      address: properties.address,
      city: properties.city,
      lat: properties.lat,
      lng: properties.lng,
      agentId: properties.agentId,
      firstName: agents.firstName,
      lastName: agents.lastName,
      companyName: agents.companyName,
      timeZone: agents.timeZone,
    })
    .from(properties)
    .innerJoin(agents, eq(agents.id, properties.agentId))
    .where(and(inArray(properties.id, [...ids]), inNetwork));
  const homes = ids.map((id) => found.find((p) => p.id === id));
  if (homes.some((h) => h === undefined)) throw notFound('Property not found.');
  return homes.map((h) => {
    if (h!.agentId === caller.id) throw ownListing();
    const place = { lat: h!.lat, lng: h!.lng };
    if (!isLatLng(place)) {
      const message = NETWORK_TOUR_TEXTS.noPlace(h!.address);
      throw new AppError(400, 'VALIDATION_ERROR', message, { property_ids: message });
    }
    const agentName = `${h!.firstName} ${h!.lastName}`.trim();
    return {
      id: h!.id,
      address: h!.address,
      city: h!.city,
      lat: place.lat,
      lng: place.lng,
      agentId: h!.agentId,
      agentName: h!.companyName ? `${agentName}, ${h!.companyName}` : agentName,
      timeZone: h!.timeZone,
    };
  });
}

/** A home's open starts on `date` (minutes since the epoch), as its booking page offers them now. */
export async function openMinutes(deps: TourDeps, home: TourHome, date: string): Promise<number[]> {
  try {
    const answer = await availabilityForDate(deps.ctx, propertySubject(String(home.id)), date);
    return answer.slots.map((s) => Math.round(new Date(s.starts_at).getTime() / MINUTE));
  } catch (err) {
    // A date outside this listing's booking window: no open time that day.
    if (err instanceof AppError && err.statusCode === 400) return [];
    throw err;
  }
}

/** Drive minutes between the homes, and whether any leg came from the routing server. */
export async function driveMatrix(deps: TourDeps, homes: readonly TourHome[], firstOpen: number | undefined) {
  const hour =
    firstOpen === undefined
      ? 9
      : Number(wallClockInZone(new Date(firstOpen * MINUTE), homes[0]!.timeZone).time.slice(0, 2));
  const matrix = await travelMatrix(deps.ctx.db, await deps.maps(), deps.outbound, homes, hour);
  return {
    travel: matrix.map((row) => row.map((t) => t.minutes)),
    source: matrix.some((row) => row.some((t) => t.source === 'routed'))
      ? ('routed' as const)
      : ('estimated' as const),
  };
}

/** The plan as the buyer's agent reads it: the homes in visiting order with their times and drives. */
export function planAnswer(
  date: string,
  homes: readonly TourHome[],
  travel: readonly (readonly number[])[],
  source: 'routed' | 'estimated',
  plan: NetworkTourPlan,
  note: string | null,
): NetworkTourPlanAnswer {
  const order = plan.feasible ? plan.order : homes.map((_, i) => i);
  const stops = order.map((i, k) => {
    const start = plan.feasible ? plan.starts[i] : null;
    return {
      property_id: homes[i]!.id,
      address: homes[i]!.address,
      city: homes[i]!.city,
      listing_agent: homes[i]!.agentName,
      time_zone: homes[i]!.timeZone,
      starts_at: start == null ? null : new Date(start * MINUTE).toISOString(),
      ends_at: start == null ? null : new Date((start + APPOINTMENT_MINUTES) * MINUTE).toISOString(),
      drive_minutes: k === 0 || !plan.feasible ? null : travel[order[k - 1]!]![i]!,
    };
  });
  return {
    date,
    feasible: plan.feasible,
    stops,
    total_drive_minutes: stops.reduce((sum, s) => sum + (s.drive_minutes ?? 0), 0),
    drive_source: source,
    note,
  };
}

/** POST /api/network/tours/plan: the order and times that drive least, or why none fits the day. */
export async function planTour(
  deps: TourDeps,
  caller: AgentRow,
  input: { date: string; property_ids: number[] },
): Promise<NetworkTourPlanAnswer> {
  const homes = await tourHomes(deps, caller, input.property_ids);
  const open = await Promise.all(homes.map((h) => openMinutes(deps, h, input.date)));
  const { travel, source } = await driveMatrix(deps, homes, open.flat().sort((a, b) => a - b)[0]);
  const closed = homes.find((_, i) => open[i]!.length === 0);
  if (closed) {
    return planAnswer(
      input.date,
      homes,
      travel,
      source,
      { feasible: false },
      NETWORK_TOUR_TEXTS.noTimes(closed.address),
    );
  }
  const stops: NetworkTourStop[] = open.map((o) => ({ kind: 'open', open: o }));
  const plan = planNetworkTour({ stops, travel });
  return planAnswer(
    input.date,
    homes,
    travel,
    source,
    plan,
    plan.feasible ? null : NETWORK_TOUR_TEXTS.infeasible,
  );
}
