// Where a property is on the map (issue 16): geocoded when saved without a position, or placed by hand.
import { and, eq, isNull } from 'drizzle-orm';
import { isLatLng } from '@keyturn/domain/routes/travel';
import type { PropertyPosition } from '@keyturn/domain/schemas/routes';
import type { MapsConfig } from '../../config';
import type { Db } from '../../db/client';
import { properties } from '../../db/schema';
import type { OutboundPolicy } from '../../http/outbound-url';
import { geocode, lookUpAddress } from '../../adapters/geocoder';
import { ROUTE_MESSAGES } from '@keyturn/domain/routes/messages';
import type { LatLng } from '@keyturn/domain/routes/travel';
import { AppError } from '../../http/errors';
import { mapTilesView } from './office';
import type { AgentRow } from '../core/agents';
import { propertyEditableBy, propertyVisibleTo } from '../properties/service';

type Deps = { db: Db; maps: MapsConfig; outbound: OutboundPolicy };

/** Geocodes the property when it has no position yet; a failing or absent geocoder leaves it without one. */
export async function locateProperty(deps: Deps, agent: AgentRow, propertyId: number): Promise<void> {
  if (!deps.maps.geocoderUrl) return;
  // The property was just saved by this caller (their own, or a team property they may edit).
  const row = await propertyEditableBy(deps.db, agent, propertyId);
  if (isLatLng(row)) return;
  const place = await geocode(deps.db, deps.maps, deps.outbound, row);
  if (!place) return;
  // Only while still unplaced: a pin the agent set meanwhile wins.
  await deps.db
    .update(properties)
    .set({ lat: place.lat, lng: place.lng })
    .where(and(eq(properties.id, row.id), isNull(properties.lat)));
}

export async function propertyPosition(
  deps: Deps,
  agent: AgentRow,
  rawId: string,
): Promise<PropertyPosition> {
  // Scoped as the property itself (issue 29): the caller's own and their team's, another team's 404.
  const row = await propertyVisibleTo(deps.db, agent, rawId);
  return {
    property_id: row.id,
    lat: row.lat,
    lng: row.lng,
    geocoder_configured: deps.maps.geocoderUrl !== null,
    map: mapTilesView(deps.maps),
  };
}

/** The pin set by hand (dragged on the map or typed), by whoever may edit the property. */
export async function placeProperty(
  deps: Deps,
  agent: AgentRow,
  rawId: string,
  place: { lat: number; lng: number },
): Promise<PropertyPosition> {
  const row = await propertyEditableBy(deps.db, agent, rawId);
  await deps.db.update(properties).set({ lat: place.lat, lng: place.lng }).where(eq(properties.id, row.id));
  return propertyPosition(deps, agent, rawId);
}

/**
 * Where the geocoder places an address (issue 30: "Find the address on the map" moves the form's pin there;
 * the form saves it). 400 ADDRESS_NOT_FOUND, 409 GEOCODER_OFF when finding addresses is switched off, 503
 * MAPS_UNAVAILABLE when the geocoder failed or is busy (nothing cached: asking again retries).
 */
export async function findAddress(
  deps: Deps,
  address: { address: string; city: string; state: string; zip_code: string },
): Promise<LatLng> {
  const answer = await lookUpAddress(deps.db, deps.maps, deps.outbound, {
    address: address.address,
    city: address.city,
    state: address.state,
    zipCode: address.zip_code,
  });
  switch (answer.status) {
    case 'found':
      return answer.place;
    case 'not_found':
      throw new AppError(400, 'ADDRESS_NOT_FOUND', ROUTE_MESSAGES.addressNotFound, {
        address: ROUTE_MESSAGES.addressNotFound,
      });
    case 'off':
      throw new AppError(409, 'GEOCODER_OFF', ROUTE_MESSAGES.geocoderOff);
    case 'unavailable':
      throw new AppError(503, 'MAPS_UNAVAILABLE', ROUTE_MESSAGES.mapsUnavailable);
  }
}
