// Buyer tours (issue 16, Professional): the agent picks several of their properties for one buyer and a day;
// the server proposes the order and consecutive 30-minute slots with the drives between them (the optimiser
// over the day's open slots — the agent's hours, notice, buffer, bookings and calendar busy time), and
// re-validates every adjustment the agent makes. Rules in packages/domain routes/tour.ts.
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { APPOINTMENT_MINUTES } from '@keyturn/domain/constants';
import { ROUTE_MESSAGES } from '@keyturn/domain/routes/messages';
import { checkTour, proposeTour, type TourStopProblem } from '@keyturn/domain/routes/tour';
import { isLatLng, type LatLng } from '@keyturn/domain/routes/travel';
import type { Tour, tourCheckSchema, tourProposeSchema, tourSaveSchema } from '@keyturn/domain/schemas/tours';
import { bookingWindow, daySlots } from '@keyturn/domain/slots/engine';
import { wallClockInZone } from '@keyturn/domain/time';
import { startOfDayInZone } from '@keyturn/domain/zoneDays';
import type { z } from 'zod';
import { bookings, properties, tours } from '../../db/schema';
import { newPublicToken } from '../bookings/service';
import { AppError, notFound } from '../../http/errors';
import { isUuid } from '../../http/ids';
import { travelMatrix } from '../../adapters/router';
import type { AgentRow } from '../core/agents';
import { busyIntervals, slotRulesFor } from '../availability/service';
import { ownLead } from '../leads/service';
import { tourShowings } from './cluster';
import { officePlace, readOffice } from './office';
import type { MapsDeps } from './office';
import type { JobQueue } from '../../jobs/queue';
import { queueTourInvitation, tourInviteUrl } from './tour-invitation-mail';

const MINUTE = 60_000;
const DAY_MS = 86_400_000;

/** Everything a proposal or a check needs: the properties in the order given, drives, open slots, buyer. */
async function tourContext(
  deps: MapsDeps,
  agent: AgentRow,
  date: string,
  propertyIds: readonly number[],
  leadId: string | null,
  now: Date,
) {
  const window = bookingWindow(now, agent.timeZone);
  if (date < window.from || date > window.to)
    throw new AppError(400, 'VALIDATION_ERROR', ROUTE_MESSAGES.notInWindow, {
      date: ROUTE_MESSAGES.notInWindow,
    });
  const found = await deps.db
    .select()
    .from(properties)
    .where(
      and(
        eq(properties.agentId, agent.id),
        inArray(properties.id, [...propertyIds]),
        isNull(properties.deletedAt),
      ),
    );
  // Another agent's (or a deleted) property is not found, like any other id.
  if (found.length !== propertyIds.length) throw notFound('Property not found.');
  const rows = propertyIds.map((id) => found.find((p) => p.id === id)!);
  const unplaced = rows.find((p) => !isLatLng(p));
  if (unplaced) {
    const message = ROUTE_MESSAGES.tourNeedsPlace(unplaced.address);
    throw new AppError(400, 'VALIDATION_ERROR', message, { property_ids: message });
  }
  const places = rows.map((p) => ({ lat: p.lat!, lng: p.lng! }));
  const buyer = leadId ? await buyerOf(deps, agent, leadId) : null;

  const rules = await slotRulesFor(deps.db, agent);
  const from = startOfDayInZone(date, agent.timeZone).getTime();
  const busy = await busyIntervals(deps.db, agent.id, new Date(from - DAY_MS), new Date(from + 2 * DAY_MS));
  const open = daySlots(rules, busy, now, date).map((slot) => Math.round(slot.startsAt / MINUTE));
  const office: LatLng | null = officePlace(await readOffice(deps.db, agent.id));
  // The booking's reachability rule (bookTour re-checks each stop with it): booked showings and the office.
  const showings = await tourShowings(deps.db, { agentId: agent.id, office, rules }, date, from);
  const hour =
    open[0] === undefined
      ? 9
      : Number(wallClockInZone(new Date(open[0] * MINUTE), agent.timeZone).time.slice(0, 2));
  const matrix = await travelMatrix(
    deps.db,
    deps.maps,
    deps.outbound,
    office ? [...places, office] : places,
    hour,
  );
  const travel = rows.map((_, i) => rows.map((_, j) => matrix[i]![j]!.minutes));
  return {
    rows,
    buyer,
    open,
    travel,
    duration: APPOINTMENT_MINUTES + rules.bufferMinutes,
    fromStart: office ? rows.map((_, j) => matrix[rows.length]![j]!.minutes) : undefined,
    reach: { places, showings },
    source: matrix.some((row) => row.some((t) => t.source === 'routed'))
      ? ('routed' as const)
      : ('estimated' as const),
  };
}

/** The lead's details from their latest booking with the agent (404 for another agent's lead). */
async function buyerOf(deps: MapsDeps, agent: AgentRow, leadId: string) {
  const lead = await ownLead(deps.db, agent, leadId);
  const [latest] = await deps.db
    .select({ name: bookings.clientName, email: bookings.clientEmail, phone: bookings.clientPhone })
    .from(bookings)
    .where(and(eq(bookings.agentId, agent.id), eq(bookings.clientEmail, lead.email)))
    .orderBy(desc(bookings.createdAt))
    .limit(1);
  return latest ?? { name: '', email: lead.email, phone: '' };
}

type Context = Awaited<ReturnType<typeof tourContext>>;

function answer(
  ctx: Context,
  agent: AgentRow,
  date: string,
  order: readonly number[],
  starts: readonly number[],
  problems: ReadonlyMap<number, string> = new Map(),
): Tour {
  const stops = order.map((i, k) => ({
    property_id: ctx.rows[i]!.id,
    address: ctx.rows[i]!.address,
    starts_at: new Date(starts[k]! * MINUTE).toISOString(),
    ends_at: new Date((starts[k]! + APPOINTMENT_MINUTES) * MINUTE).toISOString(),
    drive_minutes: k === 0 ? null : ctx.travel[order[k - 1]!]![i]!,
    problem: problems.get(k) ?? null,
  }));
  return {
    date,
    time_zone: agent.timeZone,
    buyer: ctx.buyer,
    feasible: problems.size === 0,
    stops,
    open_times: ctx.open.map((m) => new Date(m * MINUTE).toISOString()),
    total_drive_minutes: stops.reduce((sum, s) => sum + (s.drive_minutes ?? 0), 0),
    drive_source: ctx.source,
    note: null,
  };
}

/** The server's proposal: the order that drives least, each stop at the first open slot the drive allows. */
export async function proposeTourFor(
  deps: MapsDeps,
  agent: AgentRow,
  input: z.output<typeof tourProposeSchema>,
  now: Date,
): Promise<Tour> {
  const ctx = await tourContext(deps, agent, input.date, input.property_ids, input.lead_id, now);
  const plan = proposeTour(ctx);
  if (!plan.feasible) {
    return { ...answer(ctx, agent, input.date, [], []), feasible: false, note: ROUTE_MESSAGES.tourNoFit };
  }
  return answer(ctx, agent, input.date, plan.order, plan.starts);
}

function tourProblemMessage(p: TourStopProblem): string {
  if (p.kind === 'not_open') return ROUTE_MESSAGES.tourNotOpen;
  if (p.kind === 'office') return ROUTE_MESSAGES.tourFromOffice(p.driveMinutes);
  if (p.kind === 'showing') return ROUTE_MESSAGES.tourFromShowing(p.driveMinutes);
  return ROUTE_MESSAGES.tourTooClose(p.driveMinutes, p.gapMinutes);
}

/** An adjusted tour (order and times) re-validated: each stop's problem named, feasible when there is none. */
export async function checkTourFor(
  deps: MapsDeps,
  agent: AgentRow,
  input: z.output<typeof tourCheckSchema>,
  now: Date,
): Promise<Tour> {
  const ids = input.stops.map((s) => s.property_id);
  const ctx = await tourContext(deps, agent, input.date, ids, input.lead_id, now);
  const order = ids.map((_, i) => i);
  const starts = input.stops.map((s) => Math.round(Date.parse(s.starts_at) / MINUTE));
  const problems = new Map(checkTour(ctx, order, starts).map((p) => [p.index, tourProblemMessage(p)]));
  return answer(ctx, agent, input.date, order, starts, problems);
}

/**
 * Saves the tour the agent settled on (re-checked first: 409 TOUR_NOT_VALID naming each stop that does not
 * hold) and answers its ONE invitation link; the buyer books it whole from there.
 */
export async function saveTourFor(
  deps: MapsDeps,
  agent: AgentRow,
  input: z.output<typeof tourSaveSchema>,
  now: Date,
  publicUrl: string,
  queue: JobQueue,
): Promise<{ id: string; invite_url: string; invitation_sent_to: string | null; tour: Tour }> {
  const tour = await checkTourFor(deps, agent, input, now);
  if (!tour.feasible) {
    const fields = Object.fromEntries(
      tour.stops.flatMap((s, k) => (s.problem ? [[`stops.${k}`, s.problem]] : [])),
    );
    throw new AppError(409, 'TOUR_NOT_VALID', ROUTE_MESSAGES.tourNotValid, fields);
  }
  const token = newPublicToken();
  // The typed address, else the lead's: the invitation e-mail commits with the tour or not at all.
  const email = input.invite_email ?? (tour.buyer?.email || null);
  const buyer = tour.buyer ?? (email ? { name: '', email, phone: '' } : null);
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(tours)
      .values({
        agentId: agent.id,
        token,
        date: input.date,
        stops: tour.stops.map((s) => ({ property_id: s.property_id, starts_at: s.starts_at })),
        buyer,
      })
      .returning({ id: tours.id });
    if (email) await queueTourInvitation(tx, queue, row!.id, email, now);
    return row!.id;
  });
  return { id, invite_url: tourInviteUrl(publicUrl, token), invitation_sent_to: email, tour };
}

/**
 * "E-mail the invitation" on a saved tour: to the address given (remembered as the tour's buyer's when it
 * had none), else the tour's buyer; 400 when neither is known, 409 once the tour is booked, 404 for another
 * agent's tour.
 */
export async function inviteTourFor(
  deps: MapsDeps,
  agent: AgentRow,
  tourId: string,
  email: string | null,
  now: Date,
  queue: JobQueue,
): Promise<{ invitation_sent_to: string }> {
  return deps.db.transaction(async (tx) => {
    const [tour] = isUuid(tourId)
      ? await tx
          .select()
          .from(tours)
          .where(and(eq(tours.id, tourId), eq(tours.agentId, agent.id)))
          .for('update')
      : [];
    if (!tour) throw notFound('Tour not found.');
    if (tour.bookedAt) throw new AppError(409, 'TOUR_ALREADY_BOOKED', ROUTE_MESSAGES.tourAlreadyBooked);
    const to = email ?? (tour.buyer?.email || null);
    if (!to) {
      throw new AppError(400, 'VALIDATION_ERROR', ROUTE_MESSAGES.tourInviteNoEmail, {
        email: ROUTE_MESSAGES.tourInviteNoEmail,
      });
    }
    if (!tour.buyer?.email) {
      await tx
        .update(tours)
        .set({ buyer: { name: tour.buyer?.name ?? '', email: to, phone: tour.buyer?.phone ?? '' } })
        .where(eq(tours.id, tour.id));
    }
    await queueTourInvitation(tx, queue, tour.id, to, now);
    return { invitation_sent_to: to };
  });
}
