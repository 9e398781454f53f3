// The routing adapter (issue 16): the OSRM HTTP API (https://project-osrm.org/docs/v5.24.0/api/) at
// ROUTING_URL — `/table/v1/driving/{lon,lat;…}?annotations=duration,distance` for the drive times between
// every pair, `/route/v1/driving/{…}?overview=full&geometries=geojson` for the line drawn on the map. Routed
// times are cached per ordered pair and hour of the day; without a router, or when it fails, the offline
// estimate (great-circle × detour factor at a city speed) stands in, labelled "estimated".
import { inArray } from 'drizzle-orm';
import { estimateTravel, type LatLng, type TravelSource } from '@keyturn/domain/routes/travel';
import type { MapsConfig } from '../config';
import type { Db } from '../db/client';
import { travelCache } from '../db/schema';
import { outboundFetch, type OutboundPolicy } from '../http/outbound-url';
import { MapsServiceUnavailable } from './geocoder';

export type Travel = { minutes: number; meters: number; source: TravelSource };

const coordinates = (points: readonly LatLng[]) =>
  points.map((p) => `${p.lng.toFixed(6)},${p.lat.toFixed(6)}`).join(';');

async function osrm(
  maps: MapsConfig,
  outbound: OutboundPolicy,
  path: string,
): Promise<Record<string, unknown>> {
  let body: Record<string, unknown>;
  try {
    const res = await outboundFetch(
      `${maps.routingUrl}${path}`,
      {
        headers: { 'user-agent': maps.userAgent, accept: 'application/json' },
        signal: AbortSignal.timeout(maps.timeoutMs),
      },
      { ...outbound, maxRedirects: 0 },
    );
    if (!res.ok) throw new MapsServiceUnavailable(`router answered ${res.status}`);
    body = (await res.json()) as Record<string, unknown>;
  } catch (err) {
    if (err instanceof MapsServiceUnavailable) throw err;
    throw new MapsServiceUnavailable(`router unreachable: ${(err as Error).message}`);
  }
  if (body?.code !== 'Ok') throw new MapsServiceUnavailable(`router said ${String(body?.code)}`);
  return body;
}

/** OSRM's table: seconds and metres between every ordered pair (null where it found no route). */
export async function osrmTable(
  maps: MapsConfig,
  outbound: OutboundPolicy,
  points: readonly LatLng[],
): Promise<{ seconds: (number | null)[][]; meters: (number | null)[][] }> {
  const body = await osrm(
    maps,
    outbound,
    `/table/v1/driving/${coordinates(points)}?annotations=duration,distance`,
  );
  const seconds = body.durations as (number | null)[][] | undefined;
  const meters = body.distances as (number | null)[][] | undefined;
  if (!Array.isArray(seconds) || seconds.length !== points.length || !Array.isArray(meters))
    throw new MapsServiceUnavailable('router table has the wrong shape');
  return { seconds, meters };
}

/** OSRM's route through the points in order: the line as [lat, lng] pairs. */
export async function osrmRoute(
  maps: MapsConfig,
  outbound: OutboundPolicy,
  points: readonly LatLng[],
): Promise<[number, number][]> {
  const body = await osrm(
    maps,
    outbound,
    `/route/v1/driving/${coordinates(points)}?overview=full&geometries=geojson&steps=false`,
  );
  const route = (body.routes as { geometry?: { coordinates?: unknown } }[] | undefined)?.[0];
  const line = route?.geometry?.coordinates;
  if (!Array.isArray(line)) throw new MapsServiceUnavailable('router route has no geometry');
  return line.map((c) => {
    const [lng, lat] = c as [number, number];
    return [lat, lng];
  });
}

export function pairKey(a: LatLng, b: LatLng, hour: number): string {
  return `${a.lat.toFixed(5)},${a.lng.toFixed(5)}>${b.lat.toFixed(5)},${b.lng.toFixed(5)}@${hour}`;
}

/**
 * Drive times between every ordered pair of `points` at `hour` (0–23, the agent's clock): cached routed
 * times, the router for the missing ones (one table call), the estimate where neither answers.
 */
export async function travelMatrix(
  db: Db,
  maps: MapsConfig,
  outbound: OutboundPolicy,
  points: readonly LatLng[],
  hour: number,
): Promise<Travel[][]> {
  const n = points.length;
  const estimate = (i: number, j: number): Travel =>
    i === j
      ? { minutes: 0, meters: 0, source: 'estimated' }
      : { ...estimateTravel(points[i]!, points[j]!), source: 'estimated' };
  const matrix: Travel[][] = points.map((_, i) => points.map((_, j) => estimate(i, j)));
  if (!maps.routingUrl || n < 2) return matrix;
  const keys = points.map((a) => points.map((b) => pairKey(a, b, hour)));
  const wanted = [...new Set(keys.flat())];
  const cached = new Map(
    (await db.select().from(travelCache).where(inArray(travelCache.pairKey, wanted))).map((r) => [
      r.pairKey,
      r,
    ]),
  );
  let missing = false;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (i === j) continue;
      const hit = cached.get(keys[i]![j]!);
      if (hit) matrix[i]![j] = { minutes: Math.ceil(hit.seconds / 60), meters: hit.meters, source: 'routed' };
      else missing = true;
    }
  }
  if (!missing) return matrix;
  let table: Awaited<ReturnType<typeof osrmTable>>;
  try {
    table = await osrmTable(maps, outbound, points);
  } catch (err) {
    if (err instanceof MapsServiceUnavailable) return matrix;
    throw err;
  }
  const rows: { pairKey: string; seconds: number; meters: number }[] = [];
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const seconds = table.seconds[i]?.[j];
      const meters = table.meters[i]?.[j];
      if (i === j || typeof seconds !== 'number' || typeof meters !== 'number') continue;
      matrix[i]![j] = { minutes: Math.ceil(seconds / 60), meters: Math.round(meters), source: 'routed' };
      if (!cached.has(keys[i]![j]!))
        rows.push({ pairKey: keys[i]![j]!, seconds: Math.round(seconds), meters: Math.round(meters) });
    }
  }
  const unique = [...new Map(rows.map((r) => [r.pairKey, r])).values()];
  if (unique.length > 0) await db.insert(travelCache).values(unique).onConflictDoNothing();
  return matrix;
}

/** The line through the points for the map: the router's road geometry, else straight segments. */
export async function routeLine(
  maps: MapsConfig,
  outbound: OutboundPolicy,
  points: readonly LatLng[],
): Promise<{ line: [number, number][]; source: TravelSource }> {
  const straight = points.map((p) => [p.lat, p.lng] as [number, number]);
  if (!maps.routingUrl || points.length < 2) return { line: straight, source: 'estimated' };
  try {
    return { line: await osrmRoute(maps, outbound, points), source: 'routed' };
  } catch (err) {
    if (err instanceof MapsServiceUnavailable) return { line: straight, source: 'estimated' };
    throw err;
  }
}
