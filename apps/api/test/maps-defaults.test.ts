// Issue 30, maps that work out of the box: OpenStreetMap's geocoder and tiles are the defaults, used within
// their usage policies — the User-Agent names the server and its contact, at most one geocoding request a
// second from all processes on the database, every answer cached per normalised address. "Find the address
// on the map" (POST /api/routes/find-address) places a pin by address. Against a 127.0.0.1 Nominatim.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_MESSAGES } from '@keyturn/domain/routes/messages';
import { takeGeocoderTurn } from '../src/adapters/geocoder-turns';
import { normaliseAddress } from '../src/adapters/geocoder';
import { loadConfig, OSM_NOMINATIM_URL, OSM_TILE_URL } from '../src/config';
import { connect } from '../src/db/client';
import { createTestApp, type TestApp } from './app';
import { makeAgent, type TestAgent } from './fixtures';
import { startMapsServer, type MapsServer } from './support/maps-server';

const CONTACT = 'maps-contact@keyturn.example';
const PUBLIC_URL = 'https://showings.example.com';
const USER_AGENT = `Keyturn showing scheduler (+${PUBLIC_URL}; ${CONTACT})`;

/** A call carrying an Austin address (finding it, or saving the office at it). */
const withAddress = (
  app: TestApp,
  token: string,
  method: 'POST' | 'PUT',
  url: string,
  address: string,
  rest: Record<string, string> = {},
) =>
  app.request({
    method,
    url,
    token,
    payload: { address, city: 'Austin', state: 'TX', zip_code: '78701', ...rest },
  });

describe('the maps configuration (issue 30)', () => {
  it("defaults to OpenStreetMap's geocoder and standard tiles, attributed and linked; off switches either off", () => {
    const maps = loadConfig({ PUBLIC_URL, KEYTURN_CONTACT_EMAIL: CONTACT }).maps;
    expect(maps).toMatchObject({
      geocoderUrl: OSM_NOMINATIM_URL,
      geocoderEmail: CONTACT,
      userAgent: USER_AGENT,
      geocoderIntervalMs: 1000,
      routingUrl: null,
      tileUrl: OSM_TILE_URL,
      tileAttribution: '© OpenStreetMap contributors',
      tileAttributionUrl: 'https://www.openstreetmap.org/copyright',
    });
    expect(OSM_NOMINATIM_URL).toBe('https://nominatim.openstreetmap.org');
    expect(OSM_TILE_URL).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    // Without a contact the User-Agent still names the server's address.
    expect(loadConfig({}).maps.userAgent).toBe('Keyturn showing scheduler (+http://localhost:5001)');
    const off = loadConfig({ GEOCODER_URL: 'off', MAP_TILE_URL: 'off' }).maps;
    expect(off).toMatchObject({ geocoderUrl: null, tileUrl: null });
    expect(loadConfig({ GEOCODER_USER_AGENT: 'Acme Realty maps' }).maps.userAgent).toBe('Acme Realty maps');
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example.com/no-template.png' })).toThrow(/\{z\}/);
  });

  it('the cache key ignores case, spacing and punctuation, not the parts', () => {
    const a = { address: '100 Congress Ave.', city: 'Austin', state: 'TX', zipCode: '78701' };
    expect(normaliseAddress(a)).toBe('100 congress ave|austin|tx|78701');
    expect(normaliseAddress({ ...a, address: ' 100  CONGRESS, Ave ' })).toBe(normaliseAddress(a));
    expect(normaliseAddress({ ...a, city: 'Dallas' })).not.toBe(normaliseAddress(a));
  });
});

describe('geocoding against a 127.0.0.1 Nominatim (issue 30)', () => {
  let maps: MapsServer;
  let t: TestApp;
  let second: TestApp;
  let agent: TestAgent;
  beforeAll(async () => {
    maps = await startMapsServer();
    const env = {
      GEOCODER_URL: maps.url,
      KEYTURN_CONTACT_EMAIL: CONTACT,
      PUBLIC_URL,
      ALLOW_PRIVATE_OUTBOUND_HOSTS: 'true',
      ROUTING_TIMEOUT_SECONDS: '2',
    };
    t = await createTestApp({ env });
    // A second server on the same database: the one-a-second limit holds across both.
    second = await createTestApp({ env, database: t.database });
    agent = await makeAgent(t, { plan: 'pro', timeZone: 'America/Chicago' });
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
    await maps?.close();
  });

  const find = (app: TestApp, address: string, rest: Record<string, string> = {}) =>
    withAddress(app, agent.token, 'POST', '/api/routes/find-address', address, rest);

  it('finds an address with an identifying User-Agent and the contact e-mail; the same address again is a cache hit', async () => {
    maps.places.set('100 congress ave', { lat: 30.2672, lon: -97.7431 });
    maps.requests.length = 0;
    const first = await find(t, '100 Congress Ave');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, data: { lat: 30.2672, lng: -97.7431 } });
    expect(maps.requests).toHaveLength(1);
    expect(maps.requests[0]!.headers['user-agent']).toBe(USER_AGENT);
    expect(maps.requests[0]!.query.get('email')).toBe(CONTACT);
    // Differently typed, and from the other server: answered from the database, no request.
    const again = await find(second, '100 CONGRESS  Ave.');
    expect(again.json().data).toEqual({ lat: 30.2672, lng: -97.7431 });
    expect(maps.requests).toHaveLength(1);
  });

  it('at most one request a second, from both servers together; one address asked twice at once is one request', async () => {
    for (const street of ['1 first st', '2 second st', '3 third st', '4 fourth st'])
      maps.places.set(street, { lat: 30.3, lon: -97.7 });
    maps.requests.length = 0;
    const answers = await Promise.all([
      find(t, '1 First St'),
      find(second, '2 Second St'),
      find(t, '3 Third St'),
      find(second, '4 Fourth St'),
      find(t, '4 Fourth St'),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    // '4 Fourth St' from both servers: the second waits its own turn, then finds it cached.
    const searched = maps.requests.map((r) => r.query.get('street'));
    expect(searched.filter((s) => s === '4 Fourth St')).toHaveLength(1);
    expect(searched).toHaveLength(4);
    const times = maps.requests.map((r) => r.at).sort((a, b) => a - b);
    const gaps = times.slice(1).map((at, k) => at - times[k]!);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(1000);
  });

  it('a queue longer than the wait allowed takes no turn (the caller hears "busy" at once)', async () => {
    const pool = connect(t.database.url, 2);
    try {
      const started = performance.now();
      const turns = await Promise.all([
        takeGeocoderTurn(t.database.db, 'test-geocoder', 1000, 1500),
        takeGeocoderTurn(pool.db, 'test-geocoder', 1000, 1500),
        takeGeocoderTurn(t.database.db, 'test-geocoder', 1000, 1500),
      ]);
      // Two turns, a second apart (on two connections, as two processes would); the third would wait 2 s.
      expect(turns.filter(Boolean)).toHaveLength(2);
      expect(performance.now() - started).toBeGreaterThanOrEqual(1000);
    } finally {
      await pool.close();
    }
  });

  it('not found is a 400 with the field (and remembered); a failing geocoder is a 503 and not remembered', async () => {
    maps.requests.length = 0;
    const missing = await find(t, '9 Nowhere Way');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      error: ROUTE_MESSAGES.addressNotFound,
      code: 'ADDRESS_NOT_FOUND',
      fields: { address: ROUTE_MESSAGES.addressNotFound },
    });
    expect((await find(t, '9 nowhere way')).statusCode).toBe(400);
    expect(maps.requests).toHaveLength(1);

    maps.mode = 'error';
    const failed = await find(t, '5 Fifth St');
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toMatchObject({ code: 'MAPS_UNAVAILABLE', error: ROUTE_MESSAGES.mapsUnavailable });
    // Saving the office without a pin while the geocoder fails: 503 (not "not found"), nothing saved.
    const office = await withAddress(t, agent.token, 'PUT', '/api/routes/office', '6 Sixth St');
    expect(office.statusCode).toBe(503);
    expect(office.json()).toMatchObject({ code: 'MAPS_UNAVAILABLE' });
    maps.mode = 'ok';
    maps.places.set('5 fifth st', { lat: 30.31, lon: -97.71 });
    const retried = await find(t, '5 Fifth St');
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data).toEqual({ lat: 30.31, lng: -97.71 });
  });

  it('bad input is a 400 with the fields; a caller without an account is a 401', async () => {
    const bad = await find(t, '', { zip_code: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(expect.arrayContaining(['address', 'zip_code']));
    const anonymous = await t.request({
      method: 'POST',
      url: '/api/routes/find-address',
      payload: { address: '1 A St', city: 'Austin', state: 'TX', zip_code: '78701' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('finding addresses switched off (issue 30)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('answers 409 GEOCODER_OFF in plain words, and the maps answers say the street map is off', async () => {
    const agent = await makeAgent(t, { plan: 'pro', timeZone: 'America/Chicago' });
    const res = await withAddress(t, agent.token, 'POST', '/api/routes/find-address', '1 A St');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'GEOCODER_OFF', error: ROUTE_MESSAGES.geocoderOff });
    expect(ROUTE_MESSAGES.geocoderOff).not.toMatch(/[A-Z]{3,}_[A-Z]/);
    const settings = await t.request({ method: 'GET', url: '/api/routes/settings', token: agent.token });
    expect(settings.json().data).toMatchObject({
      geocoder_configured: false,
      map: {
        tile_url: null,
        attribution: '© OpenStreetMap contributors',
        attribution_url: 'https://www.openstreetmap.org/copyright',
      },
    });
  });
});
