// The one step the public availability takes for issue 16: with the agent's "cluster showings by area" on
// (Professional and above), slots the agent cannot reach in time are dropped and slots next to a nearby
// showing are marked recommended (packages/domain routes/clusterSlots.ts decides).
import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import { planAllows } from '@keyturn/domain/planGates';
import { planFor } from '@keyturn/domain/plans';
import { clusterSlots } from '@keyturn/domain/routes/clusterSlots';
import { isLatLng } from '@keyturn/domain/routes/travel';
import { APPOINTMENT_MINUTES } from '@keyturn/domain/constants';
import type { Db } from '../../db/client';
import { availabilitySettings, bookings, properties } from '../../db/schema';

const DAY_MS = 86_400_000;

export async function clusterByAreaOn(db: Db, agent: { id: string; plan: string }): Promise<boolean> {
  if (!planAllows(planFor(agent.plan), 'routeOptimisation')) return false;
  const [row] = await db
    .select({ on: availabilitySettings.clusterByArea })
    .from(availabilitySettings)
    .where(eq(availabilitySettings.agentId, agent.id));
  return row?.on ?? false;
}

/**
 * The slots to offer for a showing at `property` (null: a consultation), each with `recommended`. The
 * agent's plan and switch come with the slot inputs (one statement, issue 18): no query unless it is on.
 */
export async function travelAwareSlots<S extends { startsAt: number }>(
  db: Db,
  agent: { id: string; plan: string; clusterByArea: boolean },
  slots: readonly S[],
  property: { lat: number | null; lng: number | null } | null,
): Promise<{ slot: S; recommended: boolean }[]> {
  const place = property && isLatLng(property) ? { lat: property.lat, lng: property.lng } : null;
  const on = agent.clusterByArea && planAllows(planFor(agent.plan), 'routeOptimisation');
  if (!place || slots.length === 0 || !on) {
    return slots.map((slot) => ({ slot, recommended: false }));
  }
  const from = new Date(slots[0]!.startsAt - DAY_MS);
  const to = new Date(slots.at(-1)!.startsAt + DAY_MS);
  const rows = await db
    .select({ start: bookings.startsAt, end: bookings.endsAt, lat: properties.lat, lng: properties.lng })
    .from(bookings)
    .leftJoin(properties, eq(properties.id, bookings.propertyId))
    .where(
      and(
        eq(bookings.agentId, agent.id),
        inArray(bookings.status, ['pending', 'confirmed']),
        lt(bookings.startsAt, to),
        gt(bookings.endsAt, from),
      ),
    );
  const showings = rows.map((r) => ({
    start: r.start.getTime(),
    end: r.end.getTime(),
    place: isLatLng(r) ? { lat: r.lat, lng: r.lng } : null,
  }));
  return clusterSlots(slots, showings, place, APPOINTMENT_MINUTES * 60_000);
}
