// The geocoder adapter (issue 16): the Nominatim search API (https://nominatim.org/release-docs/latest/api/Search/)
// at GEOCODER_URL, with the structured query (street, city, state, postalcode) limited to the US. Nominatim's
// usage policy asks for an identifying User-Agent and, where known, a contact e-mail (`email`), at most one
// request a second: properties are geocoded once when saved and the answer is cached per normalised address.
import { eq } from 'drizzle-orm';
import type { LatLng } from '@keyturn/domain/routes/travel';
import { isLatLng } from '@keyturn/domain/routes/travel';
import type { MapsConfig } from '../config';
import type { Db } from '../db/client';
import { geocodeCache } from '../db/schema';
import { outboundFetch, type OutboundPolicy } from '../http/outbound-url';

export type PostalAddress = { address: string; city: string; state: string; zipCode: string };

/** The cache key: one line, lower case, single spaces. */
export function normaliseAddress(a: PostalAddress): string {
  return `${a.address}, ${a.city}, ${a.state} ${a.zipCode}`.toLowerCase().replace(/\s+/g, ' ').trim();
}

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

/**
 * The address's coordinates: from the cache, else the geocoder (and cached, a "not found" too). null when
 * no geocoder is configured, it found nothing, or it failed (then nothing is cached: a later save retries).
 */
export async function geocode(
  db: Db,
  maps: MapsConfig,
  outbound: OutboundPolicy,
  address: PostalAddress,
): Promise<LatLng | null> {
  if (!maps.geocoderUrl) return null;
  const key = normaliseAddress(address);
  const [cached] = await db.select().from(geocodeCache).where(eq(geocodeCache.addressKey, key));
  if (cached) return cached.lat !== null && cached.lng !== null ? { lat: cached.lat, lng: cached.lng } : null;
  let found: LatLng | null;
  try {
    found = await nominatimSearch(maps, outbound, address);
  } catch (err) {
    if (err instanceof MapsServiceUnavailable) return null;
    throw err;
  }
  await db
    .insert(geocodeCache)
    .values({ addressKey: key, lat: found?.lat ?? null, lng: found?.lng ?? null })
    .onConflictDoNothing();
  return found;
}
