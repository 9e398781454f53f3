// Travel between two places without a routing service (issue 16): the great-circle distance times a detour
// factor, at a city speed. Always labelled "estimated" where it is shown.

export type LatLng = { lat: number; lng: number };

/** Streets are not straight: a typical urban network is about 1.3–1.4× the straight line. */
export const DETOUR_FACTOR = 1.35;
/** Average door-to-door driving speed in a city, km/h. */
export const CITY_SPEED_KMH = 30;
const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle (haversine) distance in km. */
export function greatCircleKm(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The estimated drive: whole minutes (rounded up) and metres. */
export function estimateTravel(a: LatLng, b: LatLng): { minutes: number; meters: number } {
  const km = greatCircleKm(a, b) * DETOUR_FACTOR;
  return { minutes: Math.ceil((km / CITY_SPEED_KMH) * 60), meters: Math.round(km * 1000) };
}

/** Where a drive time came from: a routing service, or the offline estimate. */
export type TravelSource = 'routed' | 'estimated';

/** A valid coordinate pair (latitude −90…90, longitude −180…180). */
export function isLatLng(value: { lat: number | null; lng: number | null }): value is LatLng {
  return (
    value.lat !== null &&
    value.lng !== null &&
    Number.isFinite(value.lat) &&
    Number.isFinite(value.lng) &&
    Math.abs(value.lat) <= 90 &&
    Math.abs(value.lng) <= 180
  );
}
