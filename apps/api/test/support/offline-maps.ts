// Issue 30: the geocoder and the map's tiles default to OpenStreetMap's public services. Every test server is
// started with them switched off (or pointed at a 127.0.0.1 test server), so no test calls a public host.
import type { Config } from '../../src/config';

/** The maps switched off: no geocoder, no tiles, the straight-line estimate (no router). */
export const OFFLINE_MAPS_ENV = { GEOCODER_URL: 'off', MAP_TILE_URL: 'off', ROUTING_URL: '' } as const;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Throws when a maps URL of the configuration points anywhere but this machine. */
export function assertLoopbackMaps(config: Config): void {
  const { geocoderUrl, routingUrl, tileUrl } = config.maps;
  for (const url of [geocoderUrl, routingUrl, tileUrl]) {
    if (url !== null && !LOOPBACK.has(new URL(url.replace(/\{[a-z]\}/g, '0')).hostname))
      throw new Error(`a test's maps URL must point at 127.0.0.1, not ${url}`);
  }
}
