// Issue 45 "Cross-agent tours": sending a planned day and reading it back. Sending re-checks the plan against
// every home's open times now and the drives between them (a plan is a proposal, not a hold), keeps the tour and
// its homes in order, then asks for each showing through the network's own request (modules/network: the booking
// page's write with its rules, approvals and messages; the buyer's agent on the row) — one booking per home, each
// in its own listing agent's transaction. A home whose time was taken meanwhile is kept with a note, not lost.
import { and, asc, desc, eq } from 'drizzle-orm';
import {
  NETWORK_TOUR_TEXTS,
  planNetworkTour,
  type NetworkTourStop,
} from '@keyturn/domain/routes/networkTour';
import type { NetworkTour } from '@keyturn/domain/schemas/networkTours';
import type { networkTourCreateSchema } from '@keyturn/domain/schemas/networkTours';
import { wallClockInZone } from '@keyturn/domain/time';
import type { z } from 'zod';
import { agents, networkTours, networkTourStops, properties } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import { AppError, notFound } from '../../http/errors';
import { isUuid } from '../../http/ids';
import type { AgentRow } from '../core/agents';
import { requestShowing, requestViews } from '../network/service';
import type { ConsentEvidence } from '../texts/consent';
import { driveMatrix, openMinutes, tourHomes, type TourDeps } from './plan';

const MINUTE = 60_000;
type CreateInput = z.output<typeof networkTourCreateSchema>;

export const tourNotFound = () => notFound('Tour not found.');

/** POST /api/network/tours: the plan re-checked, the tour kept, one request per home. */
export async function sendTour(
  deps: TourDeps,
  caller: AgentRow,
  input: CreateInput,
  evidence: ConsentEvidence,
): Promise<NetworkTour> {
  const ids = input.stops.map((s) => s.property_id);
  const homes = await tourHomes(deps, caller, ids);
  const starts = input.stops.map((s) => Math.round(new Date(s.starts_at).getTime() / MINUTE));
  const open = await Promise.all(homes.map((h) => openMinutes(deps, h, input.date)));
  const { travel } = await driveMatrix(deps, homes, Math.min(...starts));
  const fixed: NetworkTourStop[] = starts.map((start, i) =>
    open[i]!.includes(start) ? { kind: 'fixed', start } : { kind: 'open', open: [] },
  );
  if (!planNetworkTour({ stops: fixed, travel }).feasible) {
    throw new AppError(409, 'TOUR_CHANGED', NETWORK_TOUR_TEXTS.stale, { stops: NETWORK_TOUR_TEXTS.stale });
  }
  const tourId = await writeTransaction(deps.ctx.db, async (tx) => {
    const [tour] = await tx
      .insert(networkTours)
      .values({ buyerAgentId: caller.id, date: input.date, clientName: input.client.name })
      .returning({ id: networkTours.id });
    await tx
      .insert(networkTourStops)
      .values(homes.map((h, position) => ({ tourId: tour!.id, propertyId: h.id, position })));
    return tour!.id;
  });
  for (const [i, home] of homes.entries()) {
    const at = new Date(starts[i]! * MINUTE);
    const wall = wallClockInZone(at, home.timeZone);
    try {
      await requestShowing(
        deps.ctx,
        caller,
        {
          property_id: home.id,
          booking_date: wall.date,
          booking_time: wall.time,
          starts_at: at.toISOString(),
          client: input.client,
          brokerage: input.brokerage,
          licence_number: input.licence_number,
          sms_consent: input.sms_consent,
          message: null,
        },
        evidence,
        { networkTourId: tourId },
      );
    } catch (err) {
      // Taken or refused meanwhile (the listing's own answer): the home stays in the tour, with why.
      if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
      await deps.ctx.db
        .update(networkTourStops)
        .set({ note: err.statusCode === 409 ? NETWORK_TOUR_TEXTS.notSent : err.message })
        .where(and(eq(networkTourStops.tourId, tourId), eq(networkTourStops.propertyId, home.id)));
    }
  }
  return tourView(deps, caller, tourId);
}

/** One of the caller's tours, each home with its request's answer (404 for anyone else's). */
export async function tourView(deps: TourDeps, caller: AgentRow, id: string): Promise<NetworkTour> {
  if (!isUuid(id)) throw tourNotFound();
  const { db } = deps.ctx;
  const [tour] = await db
    .select()
    .from(networkTours)
    .where(and(eq(networkTours.id, id), eq(networkTours.buyerAgentId, caller.id)));
  if (!tour) throw tourNotFound();
  const stops = await db
    .select({ stop: networkTourStops, property: properties, agent: agents })
    .from(networkTourStops)
    .innerJoin(properties, eq(properties.id, networkTourStops.propertyId))
    .innerJoin(agents, eq(agents.id, properties.agentId))
    .where(eq(networkTourStops.tourId, id))
    .orderBy(asc(networkTourStops.position));
  const requests = await requestViews(deps.ctx, caller.id, { networkTourId: id });
  const views = stops.map(({ stop, property, agent }) => {
    const request = requests.find((r) => r.listing.id === property.id) ?? null;
    const name = `${agent.firstName} ${agent.lastName}`.trim();
    return {
      property_id: property.id,
      address: property.address,
      city: property.city,
      listing_agent: agent.companyName ? `${name}, ${agent.companyName}` : name,
      time_zone: agent.timeZone,
      starts_at: request?.starts_at ?? null,
      ends_at: request?.ends_at ?? null,
      // The plan showed the drives; the tour page shows each home's answer.
      drive_minutes: null as number | null,
      booking_id: request?.id ?? null,
      state: request?.state ?? 'not_sent',
      proposed_starts_at: request?.proposed_starts_at ?? null,
      note: request ? null : (stop.note ?? NETWORK_TOUR_TEXTS.notSent),
    };
  });
  // In the day's order (a move or a re-plan may have changed it); declined and unsent homes last.
  // (A proposed stop sits at its proposed time, as the re-plan placed it.)
  const placed = (v: { starts_at: string | null; proposed_starts_at: string | null }) =>
    v.proposed_starts_at ?? v.starts_at ?? '~';
  views.sort((a, b) => placed(a).localeCompare(placed(b)));
  return {
    id: tour.id,
    date: tour.date,
    client_name: tour.clientName,
    stops: views,
    note: tour.note,
    created_at: tour.createdAt.toISOString(),
  };
}

/** The caller's tours, newest first (their homes and answers through tourView). */
export async function listTours(deps: TourDeps, caller: AgentRow): Promise<NetworkTour[]> {
  const rows = await deps.ctx.db
    .select({ id: networkTours.id })
    .from(networkTours)
    .where(eq(networkTours.buyerAgentId, caller.id))
    .orderBy(desc(networkTours.createdAt))
    .limit(50);
  return Promise.all(rows.map((r) => tourView(deps, caller, r.id)));
}
