// Server settings' maps overrides applied without a restart (issue 30, decisions 048 and 049): an
// administrator saves another address search and tile server; the next "find the address" asks the new
// 127.0.0.1 Nominatim, My day's map carries the new tiles and the Content-Security-Policy admits their origin.
// An environment variable still wins; a bad template is refused with its field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { mapsConfigOf, type ResolvedSetting } from '../src/modules/core/settings-store';
import { createTestApp, type TestApp } from './app';
import { makeAgent, type TestAgent } from './fixtures';
import { startMapsServer, type MapsServer } from './support/maps-server';

const MAP_KEYS = ['GEOCODER_URL', 'MAP_TILE_URL', 'ROUTING_URL', 'GEOCODER_EMAIL'];
const CONTACT = 'office@agency.example';
const PUBLIC_URL = 'https://showings.example.com';
const DATE = '2026-12-01';

let first: MapsServer;
let second: MapsServer;
let t: TestApp;
let admin: TestAgent;

const tilesOf = (maps: MapsServer) => `${maps.url}/tiles/{z}/{x}/{y}.png`;
const save = (values: Record<string, string | null>, app = t) =>
  app.request({ method: 'PUT', url: '/api/server-settings', token: admin.token, payload: { values } });
const find = (address: string, app = t) =>
  app.request({
    method: 'POST',
    url: '/api/routes/find-address',
    token: admin.token,
    payload: { address, city: 'Austin', state: 'TX', zip_code: '78701' },
  });
const myDay = (app = t) =>
  app.request({ method: 'GET', url: `/api/routes/day?date=${DATE}`, token: admin.token });
const imgSrc = (res: { headers: Record<string, unknown> }) =>
  String(res.headers['content-security-policy'])
    .split(';')
    .find((d) => d.trim().startsWith('img-src'))!
    .trim()
    .split(/\s+/);

beforeAll(async () => {
  [first, second] = await Promise.all([startMapsServer(), startMapsServer()]);
  for (const maps of [first, second]) maps.places.set('100 congress ave', { lat: 30.2672, lon: -97.7431 });
  t = await createTestApp({
    env: { ALLOW_PRIVATE_OUTBOUND_HOSTS: 'true', PUBLIC_URL },
    defaultSettings: MAP_KEYS,
  });
  // The first account administers the server; a Professional agent too, so My day answers.
  admin = await makeAgent(t, { plan: 'pro', timeZone: 'America/Chicago' });
});

afterAll(async () => {
  await t?.close();
  await Promise.all([first?.close(), second?.close()]);
});

describe("Server settings' maps apply without a restart", () => {
  it('a saved address search is asked at the next "find the address", with the saved contact', async () => {
    expect((await find('100 Congress Ave')).statusCode).toBe(409);
    expect((await save({ GEOCODER_URL: `${first.url}/`, GEOCODER_EMAIL: CONTACT })).statusCode).toBe(200);
    const found = await find('100 Congress Ave');
    expect(found.json()).toEqual({ success: true, data: { lat: 30.2672, lng: -97.7431 } });
    expect(first.requests.map((r) => r.path)).toEqual(['/search']);
    expect(first.requests[0]!.query.get('email')).toBe(CONTACT);
    expect(first.requests[0]!.headers['user-agent']).toBe(
      `Keyturn showing scheduler (+${PUBLIC_URL}; ${CONTACT})`,
    );

    // Another server saved: the next search (an address not cached yet) goes there, none to the first.
    expect((await save({ GEOCODER_URL: second.url })).statusCode).toBe(200);
    second.places.set('200 congress ave', { lat: 30.268, lon: -97.742 });
    const moved = await find('200 Congress Ave');
    expect(moved.json().data).toEqual({ lat: 30.268, lng: -97.742 });
    expect(second.requests.map((r) => r.path)).toEqual(['/search']);
    expect(first.requests).toHaveLength(1);

    // `off` switches it off, as in the environment; emptied, the start-up value (here: off) is back.
    expect((await save({ GEOCODER_URL: 'off' })).statusCode).toBe(200);
    expect((await find('300 Congress Ave')).statusCode).toBe(409);
    expect((await save({ GEOCODER_URL: '' })).statusCode).toBe(200);
    expect((await find('300 Congress Ave')).statusCode).toBe(409);
    expect(second.requests).toHaveLength(1);
  });

  it("a saved tile server is My day's map and the page's CSP admits its origin", async () => {
    const before = await myDay();
    expect(before.json().data.map.tile_url).toBeNull();
    expect(imgSrc(before)).not.toContain(second.url);

    expect((await save({ MAP_TILE_URL: tilesOf(second) })).statusCode).toBe(200);
    const after = await myDay();
    expect(after.json().data.map.tile_url).toBe(tilesOf(second));
    expect(imgSrc(after)).toContain(second.url);
    // Every answer carries the same policy (the web app's pages included), and no other origin was added.
    const page = await t.request({ method: 'GET', url: '/' });
    expect(imgSrc(page)).toEqual(imgSrc(after));
    expect(imgSrc(page)).not.toContain(first.url);

    expect((await save({ MAP_TILE_URL: 'off' })).statusCode).toBe(200);
    const off = await myDay();
    expect(off.json().data.map.tile_url).toBeNull();
    expect(imgSrc(off)).not.toContain(second.url);
  });

  it('a tile address without {z}, {x} and {y} is refused with its field, and nothing changes', async () => {
    const res = await save({ MAP_TILE_URL: `${second.url}/tile.png`, GEOCODER_URL: 'not an address' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(['GEOCODER_URL', 'MAP_TILE_URL']);
    expect((await myDay()).json().data.map.tile_url).toBeNull();
  });

  it('an environment variable still wins over the saved value (another server on the same database)', async () => {
    expect((await save({ GEOCODER_URL: second.url, MAP_TILE_URL: tilesOf(second) })).statusCode).toBe(200);
    const envServer = await createTestApp({
      database: t.database,
      env: {
        ALLOW_PRIVATE_OUTBOUND_HOSTS: 'true',
        PUBLIC_URL,
        GEOCODER_URL: first.url,
        MAP_TILE_URL: tilesOf(first),
      },
    });
    try {
      first.places.set('400 congress ave', { lat: 30.27, lon: -97.74 });
      const askedBefore = second.requests.length;
      const found = await find('400 Congress Ave', envServer);
      expect(found.json().data).toEqual({ lat: 30.27, lng: -97.74 });
      expect(first.requests.at(-1)!.query.get('street')).toMatch(/400 Congress Ave/i);
      expect(second.requests).toHaveLength(askedBefore);
      const day = await myDay(envServer);
      expect(day.json().data.map.tile_url).toBe(tilesOf(first));
      expect(imgSrc(day)).toContain(first.url);
      expect(imgSrc(day)).not.toContain(second.url);
      // And the environment's value cannot be saved over there.
      expect((await save({ GEOCODER_URL: second.url }, envServer)).statusCode).toBe(400);
    } finally {
      await envServer.close();
    }
  });
});

describe("mapsConfigOf reads stored values with config.ts's rules", () => {
  /** The maps configuration in force for an environment and the values stored in Server settings. */
  const inForce = (env: Record<string, string>, stored: Record<string, string>) => {
    const config = loadConfig({ PUBLIC_URL, ...env });
    const settings = new Map<string, ResolvedSetting>(
      MAP_KEYS.map((key) => [
        key,
        config.settingsEnvironment[key] !== undefined
          ? { value: config.settingsEnvironment[key], source: 'environment' }
          : stored[key] !== undefined
            ? { value: stored[key], source: 'stored' }
            : { value: null, source: 'unset' },
      ]),
    );
    const resolver = { all: async () => settings, get: async () => null, smtpUrlFromEnvironment: null };
    return mapsConfigOf(resolver, config.maps, config.publicUrl)();
  };

  it('off switches off, a trailing slash goes, unset keeps the default', async () => {
    const maps = await inForce({}, { MAP_TILE_URL: 'off', ROUTING_URL: 'http://127.0.0.1:9/osrm/' });
    expect(maps).toMatchObject({
      tileUrl: null,
      routingUrl: 'http://127.0.0.1:9/osrm',
      geocoderUrl: 'https://nominatim.openstreetmap.org',
    });
    expect((await inForce({}, { GEOCODER_URL: 'off' })).geocoderUrl).toBeNull();
  });

  it('KEYTURN_CONTACT_EMAIL from the environment wins over a stored contact; the User-Agent follows the contact in force unless GEOCODER_USER_AGENT is set', async () => {
    const stored = { GEOCODER_EMAIL: CONTACT };
    expect(await inForce({}, stored)).toMatchObject({
      geocoderEmail: CONTACT,
      userAgent: `Keyturn showing scheduler (+${PUBLIC_URL}; ${CONTACT})`,
    });
    expect(await inForce({ KEYTURN_CONTACT_EMAIL: 'owner@server.example' }, stored)).toMatchObject({
      geocoderEmail: 'owner@server.example',
      userAgent: `Keyturn showing scheduler (+${PUBLIC_URL}; owner@server.example)`,
    });
    expect(await inForce({ GEOCODER_USER_AGENT: 'Acme Realty maps' }, stored)).toMatchObject({
      geocoderEmail: CONTACT,
      userAgent: 'Acme Realty maps',
    });
  });
});
