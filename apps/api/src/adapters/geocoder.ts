// The geocoder adapter (issues 16, 30): the Nominatim search API
// (https://nominatim.org/release-docs/latest/api/Search/) at GEOCODER_URL — OpenStreetMap's public Nominatim
// unless configured otherwise — with the structured query (street, city, state, postalcode) limited to the
// US. Its usage policy (https://operations.osmfoundation.org/policies/nominatim/) is kept: an identifying
// User-Agent naming the server and its contact, the contact as `email`, at most one request a second from
// all of the server's processes (geocoder-turns.ts), and every answer cached in the database per normalised
// address, so an address is asked once (concurrent asks for one address in a process share one request).
import { eq } from 'drizzle-orm';
import type { LatLng } from '@keyturn/domain/routes/travel';
import { isLatLng } from '@keyturn/domain/routes/travel';
import type { MapsConfig } from '../config';
import type { Db } from '../db/client';
import { geocodeCache } from '../db/schema';
import { outboundFetch, type OutboundPolicy } from '../http/outbound-url';
import { takeGeocoderTurn } from './geocoder-turns';

export type PostalAddress = { address: string; city: string; state: string; zipCode: string };

const normalisePart = (text: string) =>
  text
    .toLowerCase()
    .replace(/[.,;#"']/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The cache key: each part lower case, without punctuation, single spaces; the parts joined by "|". */
export function normaliseAddress(a: PostalAddress): string {
  return [a.address, a.city, a.state, a.zipCode].map(normalisePart).join('|');
}

/** How long a request may wait for its turn before the geocoder counts as busy (a queue of ten). */
const MAX_TURN_WAIT_MS = 10_000;

/** The service failed (network, timeout, non-2xx, unreadable answer): the caller carries on without it. */
export class MapsServiceUnavailable extends Error {}

/** One Nominatim search; null when it found nothing. */
export async function nominatimSearch(
  maps: MapsConfig,
  outbound: OutboundPolicy,
  address: PostalAddress,
): Promise<LatLng | null> {
  if (!maps.geocoderUrl) return null;
  const params = new URLSearchParams({
    street: address.address,
    city: address.city,
    state: address.state,
    postalcode: address.zipCode,
    countrycodes: 'us',
    format: 'jsonv2',
    limit: '1',
  });
  if (maps.geocoderEmail) params.set('email', maps.geocoderEmail);
  let body: unknown;
  try {
    const res = await outboundFetch(
      `${maps.geocoderUrl}/search?${params}`,
      {
        headers: { 'user-agent': maps.userAgent, accept: 'application/json', 'accept-language': 'en' },
        signal: AbortSignal.timeout(maps.timeoutMs),
      },
      { ...outbound, maxRedirects: 0 },
    );
    if (!res.ok) throw new MapsServiceUnavailable(`geocoder answered ${res.status}`);
    body = await res.json();
  } catch (err) {
    if (err instanceof MapsServiceUnavailable) throw err;
    throw new MapsServiceUnavailable(`geocoder unreachable: ${(err as Error).message}`);
  }
  if (!Array.isArray(body)) throw new MapsServiceUnavailable('geocoder answer is not a list');
  const first = body[0] as { lat?: unknown; lon?: unknown } | undefined;
  if (!first) return null;
  const place = { lat: Number(first.lat), lng: Number(first.lon) };
  if (!isLatLng(place)) throw new MapsServiceUnavailable('geocoder answer has no coordinates');
  return place;
}

export type GeocodeResult =
  | { status: 'found'; place: LatLng }
  | { status: 'not_found' }
  /** The geocoder failed or is busy (nothing cached: a later ask tries again). */
  | { status: 'unavailable' }
  /** No geocoder is configured. */
  | { status: 'off' };

const fromRow = (row: { lat: number | null; lng: number | null }): GeocodeResult =>
  row.lat !== null && row.lng !== null
    ? { status: 'found', place: { lat: row.lat, lng: row.lng } }
    : { status: 'not_found' };

async function cachedAnswer(db: Db, key: string): Promise<GeocodeResult | null> {
  const [cached] = await db.select().from(geocodeCache).where(eq(geocodeCache.addressKey, key));
  return cached ? fromRow(cached) : null;
}

/** Asks for one address in this process at a time (a second ask for it shares the first's answer). */
const inFlight = new Map<string, Promise<GeocodeResult>>();

async function askGeocoder(
  db: Db,
  maps: MapsConfig & { geocoderUrl: string },
  outbound: OutboundPolicy,
  address: PostalAddress,
  key: string,
): Promise<GeocodeResult> {
  if (!(await takeGeocoderTurn(db, maps.geocoderUrl, maps.geocoderIntervalMs, MAX_TURN_WAIT_MS)))
    return { status: 'unavailable' };
  // Another process may have asked while this one waited for its turn: its answer is in the cache.
  const meanwhile = await cachedAnswer(db, key);
  if (meanwhile) return meanwhile;
  let found: LatLng | null;
  try {
    found = await nominatimSearch(maps, outbound, address);
  } catch (err) {
    if (err instanceof MapsServiceUnavailable) return { status: 'unavailable' };
    throw err;
  }
  await db
    .insert(geocodeCache)
    .values({ addressKey: key, lat: found?.lat ?? null, lng: found?.lng ?? null })
    .onConflictDoNothing();
  return found ? { status: 'found', place: found } : { status: 'not_found' };
}

/**
 * The address looked up: from the cache, else the geocoder in its turn (and cached, a "not found" too; a
 * failure is not, so a later ask retries).
 */
export async function lookUpAddress(
  db: Db,
  maps: MapsConfig,
  outbound: OutboundPolicy,
  address: PostalAddress,
): Promise<GeocodeResult> {
  const geocoderUrl = maps.geocoderUrl;
  if (!geocoderUrl) return { status: 'off' };
  const key = normaliseAddress(address);
  const cached = await cachedAnswer(db, key);
  if (cached) return cached;
  const flightKey = `${geocoderUrl} ${key}`;
  let asking = inFlight.get(flightKey);
  if (!asking) {
    asking = askGeocoder(db, { ...maps, geocoderUrl }, outbound, address, key).finally(() =>
      inFlight.delete(flightKey),
    );
    inFlight.set(flightKey, asking);
  }
  return asking;
}

/** The address's coordinates, or null (no geocoder, not found, or the geocoder failed or was busy). */
export async function geocode(
  db: Db,
  maps: MapsConfig,
  outbound: OutboundPolicy,
  address: PostalAddress,
): Promise<LatLng | null> {
  const answer = await lookUpAddress(db, maps, outbound, address);
  return answer.status === 'found' ? answer.place : null;
}
