// The one step the public availability takes for issue 16: with the agent's "cluster showings by area" on
// (Professional and above), slots the agent cannot reach in time are dropped and slots next to a nearby
// showing are marked recommended (packages/domain routes/clusterSlots.ts decides, with ONE rule for the slots
// of a date, the month's bookable days and the re-check when a slot is booked). The agent's office, when set,
// starts each working day: the day's first showing must be reachable from it at the opening.
import { and, eq, gt, inArray, lt, ne } from 'drizzle-orm';
import { planAllows } from '@keyturn/domain/planGates';
import { planFor } from '@keyturn/domain/plans';
import {
  clusterSlots,
  hasReachableSlot,
  officeStops,
  unreachableFrom,
  type PlacedShowing,
} from '@keyturn/domain/routes/clusterSlots';
import { isLatLng, type LatLng } from '@keyturn/domain/routes/travel';
import { APPOINTMENT_MINUTES } from '@keyturn/domain/constants';
import { ACTIVE_BOOKING_STATUSES } from '@keyturn/domain/enums';
import { dayOpenings, type Slot } from '@keyturn/domain/slots/engine';
import type { Db, DbTransaction } from '../../db/client';
import { availabilitySettings, bookings, properties } from '../../db/schema';
import type { SlotInputs } from '../availability/slot-inputs';

const DAY_MS = 86_400_000;
const DURATION_MS = APPOINTMENT_MINUTES * 60_000;

/** What the travel filter needs of the slot inputs (one statement, issue 18): no query unless it is on. */
export type TravelInputs = Pick<SlotInputs, 'agentId' | 'plan' | 'clusterByArea' | 'office' | 'rules'>;

export async function clusterByAreaOn(db: Db, agent: { id: string; plan: string }): Promise<boolean> {
  if (!planAllows(planFor(agent.plan), 'routeOptimisation')) return false;
  const [row] = await db
    .select({ on: availabilitySettings.clusterByArea })
    .from(availabilitySettings)
    .where(eq(availabilitySettings.agentId, agent.id));
  return row?.on ?? false;
}

function placeOf(property: { lat: number | null; lng: number | null } | null): LatLng | null {
  return property && isLatLng(property) ? { lat: property.lat, lng: property.lng } : null;
}

/** The filter applies: the switch is on, the plan has route optimisation, and the showing has a place. */
function filterOn(inputs: TravelInputs, place: LatLng | null): place is LatLng {
  return place !== null && inputs.clusterByArea && planAllows(planFor(inputs.plan), 'routeOptimisation');
}

/** The agent's active showings overlapping [from, to) with their places, and the office at each opening. */
async function placedShowings(
  db: Db | DbTransaction,
  inputs: Pick<TravelInputs, 'agentId' | 'office' | 'rules'>,
  from: number,
  to: number,
  dates: readonly string[],
  ignoreBookingId?: string,
): Promise<PlacedShowing[]> {
  const rows = await db
    .select({ start: bookings.startsAt, end: bookings.endsAt, lat: properties.lat, lng: properties.lng })
    .from(bookings)
    .leftJoin(properties, eq(properties.id, bookings.propertyId))
    .where(
      and(
        eq(bookings.agentId, inputs.agentId),
        inArray(bookings.status, [...ACTIVE_BOOKING_STATUSES]),
        lt(bookings.startsAt, new Date(to)),
        gt(bookings.endsAt, new Date(from)),
        ignoreBookingId ? ne(bookings.id, ignoreBookingId) : undefined,
      ),
    );
  const showings: PlacedShowing[] = rows.map((r) => ({
    start: r.start.getTime(),
    end: r.end.getTime(),
    place: placeOf(r),
  }));
  const office = inputs.office && isLatLng(inputs.office) ? inputs.office : null;
  return [...showings, ...officeStops(office, dayOpenings(inputs.rules, dates))];
}

/** What the travel filter of a date weighs: where the showing is, and the agent's placed showings around it. */
export type TravelFilter = { place: LatLng; showings: PlacedShowing[] };

/**
 * The read step of the travel filter for `date`'s slots of a showing at `property` (null: a consultation):
 * null, without a query, when the filter is off or there is nothing to filter.
 */
export async function travelFilterOfDate(
  db: Db,
  inputs: TravelInputs,
  date: string,
  slots: readonly Slot[],
  property: { lat: number | null; lng: number | null } | null,
): Promise<TravelFilter | null> {
  const place = placeOf(property);
  if (!filterOn(inputs, place) || slots.length === 0) return null;
  const showings = await placedShowings(
    db,
    inputs,
    slots[0]!.startsAt - DAY_MS,
    slots.at(-1)!.startsAt + DAY_MS,
    [date],
  );
  return { place, showings };
}

/** The travel filter (pure): the slots to offer, each with `recommended`; every slot as it is without a filter. */
export function travelAwareSlots<S extends Slot>(
  slots: readonly S[],
  filter: TravelFilter | null,
): { slot: S; recommended: boolean }[] {
  if (!filter) return slots.map((slot) => ({ slot, recommended: false }));
  return clusterSlots(slots, filter.showings, filter.place, DURATION_MS);
}

/**
 * The month's bookable days with the travel filter: a date stays when one of its open slots is reachable.
 * One query for the whole month (only when the filter is on); the slots are the ones already computed.
 */
export async function travelAwareDates(
  db: Db,
  inputs: TravelInputs,
  slotsByDate: ReadonlyMap<string, readonly Slot[]>,
  property: { lat: number | null; lng: number | null } | null,
): Promise<string[]> {
  const open = [...slotsByDate].filter(([, slots]) => slots.length > 0);
  const place = placeOf(property);
  if (!filterOn(inputs, place) || open.length === 0) return open.map(([date]) => date);
  const starts = open.flatMap(([, slots]) => [slots[0]!.startsAt, slots.at(-1)!.startsAt]);
  const showings = await placedShowings(
    db,
    inputs,
    Math.min(...starts) - DAY_MS,
    Math.max(...starts) + DAY_MS,
    open.map(([date]) => date),
  );
  return open.filter(([, slots]) => hasReachableSlot(slots, showings, place, DURATION_MS)).map(([d]) => d);
}

/**
 * The placed showings a buyer tour of `date` is held to (issue 29): the agent's booked showings around the day
 * and the office at its opening — what bookTour's re-check (slotReachability) reads, so the builder and the
 * booking weigh one rule.
 */
export function tourShowings(
  db: Db,
  inputs: Pick<TravelInputs, 'agentId' | 'office' | 'rules'>,
  date: string,
  dayStart: number,
): Promise<PlacedShowing[]> {
  return placedShowings(db, inputs, dayStart - DAY_MS, dayStart + 2 * DAY_MS, [date]);
}

/**
 * The re-check when a slot is booked (public booking, reschedule, a tour), inside the booking's transaction
 * under the agent-row lock: whether the agent can still reach the showing at `property` from `startsAt` —
 * someone may have booked a far-away showing next to it since the buyer loaded the page. null when reachable
 * (or the filter is off), else why not: from the office at the opening, or from a showing (the true reason).
 */
export async function slotReachability(
  tx: DbTransaction,
  inputs: TravelInputs,
  date: string,
  startsAt: number,
  property: { lat: number | null; lng: number | null } | null,
  ignoreBookingId?: string,
): Promise<'office' | 'showing' | null> {
  const place = placeOf(property);
  if (!filterOn(inputs, place)) return null;
  const showings = await placedShowings(
    tx,
    inputs,
    startsAt - DAY_MS,
    startsAt + DAY_MS,
    [date],
    ignoreBookingId,
  );
  return unreachableFrom(startsAt, DURATION_MS, place, showings)?.from ?? null;
}

/** slotReachability as a yes/no (the public booking and reschedule re-check). */
export async function slotStillReachable(...args: Parameters<typeof slotReachability>): Promise<boolean> {
  return (await slotReachability(...args)) === null;
}
