// A 127.0.0.1 server speaking the Nominatim search API and the OSRM HTTP API (table, route) as documented,
// and serving map tiles (generated PNGs, like OpenStreetMap's standard tile URLs), recording every request so
// tests can assert what Keyturn and the browser send. `mode` makes it fail: 500, or never answer. For the
// browser tests (another process) POST /__places adds a place and GET /__requests lists what was asked.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PNG } from 'pngjs';

/** A 256 × 256 tile: light grey with a darker top and left edge, so the map is visibly tiled on screen. */
function tilePng(): Buffer {
  const png = new PNG({ width: 256, height: 256 });
  for (let y = 0; y < 256; y++) {
    for (let x = 0; x < 256; x++) {
      const edge = x === 0 || y === 0;
      const i = (y * 256 + x) * 4;
      png.data[i] = edge ? 180 : 232;
      png.data[i + 1] = edge ? 190 : 238;
      png.data[i + 2] = edge ? 200 : 228;
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

export type Recorded = {
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** When it arrived (ms, this process's clock). */
  at: number;
};

export type MapsServer = {
  url: string;
  requests: Recorded[];
  mode: 'ok' | 'error' | 'hang';
  /** Answers of /search by street (lower case); a street not listed is not found ([]). */
  places: Map<string, { lat: number; lon: number }>;
  /** Seconds per km of straight line the router answers (OSRM's durations are seconds, distances metres). */
  secondsPerKm: number;
  close: () => Promise<void>;
};

function km(a: [number, number], b: [number, number]): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b[1] - a[1]) * rad) / 2) ** 2 +
    Math.cos(a[1] * rad) * Math.cos(b[1] * rad) * Math.sin(((b[0] - a[0]) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

export async function startMapsServer(port = 0): Promise<MapsServer> {
  const tile = tilePng();
  const state: MapsServer = {
    url: '',
    requests: [],
    mode: 'ok',
    places: new Map(),
    secondsPerKm: 60,
    close: async () => {},
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    state.requests.push({
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      at: performance.now(),
    });
    if (state.mode === 'hang') return; // never answers: the caller's timeout decides
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (state.mode === 'error') return json(500, { message: 'internal error' });
    if (/^\/tiles\/\d+\/\d+\/\d+\.png$/.test(url.pathname)) {
      res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=3600' });
      return res.end(tile);
    }
    if (url.pathname === '/__requests') {
      return json(
        200,
        state.requests.map((r) => ({
          path: r.path,
          query: Object.fromEntries(r.query),
          userAgent: r.headers['user-agent'] ?? null,
          referer: r.headers.referer ?? null,
          at: r.at,
        })),
      );
    }
    if (url.pathname === '/__places' && req.method === 'POST') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const place = JSON.parse(body) as { street: string; lat: number; lon: number };
        state.places.set(place.street.toLowerCase(), { lat: place.lat, lon: place.lon });
        json(201, { ok: true });
      });
      return;
    }
    if (url.pathname === '/search') {
      const hit = state.places.get((url.searchParams.get('street') ?? '').toLowerCase());
      return json(
        200,
        hit ? [{ place_id: 1, lat: String(hit.lat), lon: String(hit.lon), display_name: 'x' }] : [],
      );
    }
    const osrm = /^\/(table|route)\/v1\/driving\/(.+)$/.exec(url.pathname);
    if (osrm) {
      const coords = osrm[2]!.split(';').map((c) => c.split(',').map(Number) as [number, number]);
      if (osrm[1] === 'table') {
        return json(200, {
          code: 'Ok',
          durations: coords.map((a) => coords.map((b) => km(a, b) * state.secondsPerKm)),
          distances: coords.map((a) => coords.map((b) => km(a, b) * 1000)),
        });
      }
      return json(200, {
        code: 'Ok',
        routes: [
          {
            duration: 1,
            distance: 1,
            geometry: { type: 'LineString', coordinates: coords.flatMap((c) => [c, [c[0] + 0.001, c[1]]]) },
            legs: [],
          },
        ],
        waypoints: [],
      });
    }
    json(400, { code: 'InvalidUrl', message: 'unknown path' });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
