// The agent's office (issue 16): where each working day starts. Geocoded from its address through the
// geocoder adapter, or placed by hand (always possible; required without a geocoder). Read by My day (the
// first leg), Optimise (the start point) and the travel-aware slots (the first slot's reachability).
import { eq } from 'drizzle-orm';
import { ROUTE_MESSAGES } from '@keyturn/domain/routes/messages';
import { isLatLng, type LatLng } from '@keyturn/domain/routes/travel';
import type { MapTiles, officeInputSchema, Office, RouteSettingsView } from '@keyturn/domain/schemas/routes';
import type { z } from 'zod';
import type { MapsConfig } from '../../config';
import type { Db } from '../../db/client';
import type { OutboundPolicy } from '../../http/outbound-url';
import { availabilitySettings } from '../../db/schema';
import { AppError } from '../../http/errors';
import { lookUpAddress } from '../../adapters/geocoder';
import type { AgentRow } from '../core/agents';

/** What placing things on the map needs: the database (its caches), the geocoder and router, the outbound policy. */
export type MapsDeps = { db: Db; maps: MapsConfig; outbound: OutboundPolicy };

/** The stored office, or null. */
export async function readOffice(db: Db, agentId: string): Promise<Office | null> {
  const [row] = await db
    .select({
      address: availabilitySettings.officeAddress,
      lat: availabilitySettings.officeLat,
      lng: availabilitySettings.officeLng,
    })
    .from(availabilitySettings)
    .where(eq(availabilitySettings.agentId, agentId));
  if (!row?.address || !isLatLng(row)) return null;
  return { address: row.address, lat: row.lat, lng: row.lng };
}

/** The map's tiles and attribution as every map-showing answer carries them. */
export const mapTilesView = (maps: MapsConfig): MapTiles => ({
  tile_url: maps.tileUrl,
  attribution: maps.tileAttribution,
  attribution_url: maps.tileAttributionUrl,
});

export const officePlace = (office: Office | null): LatLng | null =>
  office ? { lat: office.lat, lng: office.lng } : null;

export async function routeSettingsView(
  deps: MapsDeps,
  agentId: string,
  clusterByArea: boolean,
): Promise<RouteSettingsView> {
  return {
    cluster_by_area: clusterByArea,
    office: await readOffice(deps.db, agentId),
    geocoder_configured: deps.maps.geocoderUrl !== null,
    map: mapTilesView(deps.maps),
  };
}

/** Saves the office: the pin given, else the geocoder's; 400 when neither places it (nothing changes). */
export async function saveOffice(
  deps: MapsDeps,
  agent: AgentRow,
  input: z.output<typeof officeInputSchema>,
): Promise<void> {
  const { lat, lng, ...address } = input;
  let place: LatLng | null = lat !== null && lng !== null ? { lat, lng } : null;
  if (!place) {
    if (!deps.maps.geocoderUrl) {
      throw new AppError(400, 'VALIDATION_ERROR', ROUTE_MESSAGES.officePinRequired, {
        lat: ROUTE_MESSAGES.officePinRequired,
      });
    }
    const answer = await lookUpAddress(deps.db, deps.maps, deps.outbound, {
      address: address.address,
      city: address.city,
      state: address.state,
      zipCode: address.zip_code,
    });
    // A geocoder that failed or is busy is not "not found": the agent is told to try again or use the pin.
    if (answer.status === 'unavailable')
      throw new AppError(503, 'MAPS_UNAVAILABLE', ROUTE_MESSAGES.mapsUnavailable);
    if (answer.status !== 'found') {
      throw new AppError(400, 'OFFICE_NOT_FOUND', ROUTE_MESSAGES.officeNotFound, {
        address: ROUTE_MESSAGES.officeNotFound,
      });
    }
    place = answer.place;
  }
  const set = { officeAddress: address, officeLat: place.lat, officeLng: place.lng };
  await deps.db
    .insert(availabilitySettings)
    .values({ agentId: agent.id, ...set })
    .onConflictDoUpdate({ target: availabilitySettings.agentId, set });
}

export async function clearOffice(db: Db, agentId: string): Promise<void> {
  await db
    .update(availabilitySettings)
    .set({ officeAddress: null, officeLat: null, officeLng: null })
    .where(eq(availabilitySettings.agentId, agentId));
}
