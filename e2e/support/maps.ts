// The 127.0.0.1 maps provider of the browser tests (apps/api/test/support/maps-server.ts, started by
// playwright.config.ts): tiles and a Nominatim search, so no browser test calls a public service (issue 30).
const port = Number(process.env.E2E_PORT ?? 5123);
export const MAPS_PORT = Number(process.env.E2E_TILE_PORT ?? port + 1100);
export const MAPS_BASE = `http://127.0.0.1:${MAPS_PORT}`;
/** Named in the User-Agent of the server's geocoding requests (tests/my-day.spec.ts asserts it). */
export const MAPS_CONTACT = 'maps@keyturn.example';
